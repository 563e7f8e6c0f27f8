"""The actions a scenario takes on its board, one kind key each, and the picks a player made for the
choices of the effects they resolve (chapter 10, 8.4, 6.5.4)."""

from __future__ import annotations

from typing import Any, ClassVar, Literal, Union

from pydantic import Field, field_validator, model_validator

from adjudicator.format.base import MAX_EFFECTS, MAX_PICKS, Strict


# --- actions ---------------------------------------------------------------------------------------


class Defence(Strict):
    block: str | None = None
    substitute: str | None = None
    event: str | None = None

    @model_validator(mode="after")
    def _one(self) -> "Defence":
        if sum(x is not None for x in (self.block, self.substitute, self.event)) != 1:
            raise ValueError("a defence is one of `block`, `substitute` or `event` (11.2.1)")
        return self

    @property
    def kind(self) -> str:
        return "block" if self.block else "substitute" if self.substitute else "event"

    @property
    def ref(self) -> str:
        return self.block or self.substitute or self.event or ""


# A pick a player made for an effect, in the order its text asks (docs/format-additions.md): the card(s) of
# 「選ぶ」 (a card reference, or a list of them), the count of 「n枚まで」, the option numbers of a choice between
# effects (6.5.7), or null for "not given here".
Pick = Union[None, int, str, list[str], list[int]]
Picks = Union[list[Pick], dict[str, list[Pick]]]


class Picked(Strict):
    """The picks for the choices of the effects an action resolves (8.4.1, 6.5.4): a list for the effect(s)
    the action itself runs, or a map from effect name to a list, for any effect (triggered ones too)."""

    picks: Picks | None = None
    # activate/event run an effect of their own, which a plain list of picks is for; other actions take a map.
    runs_own_effect: ClassVar[bool] = False

    @field_validator("picks")
    @classmethod
    def _bounded_picks(cls, value: Any) -> Any:
        if isinstance(value, list) and not cls.runs_own_effect:
            raise ValueError("this action runs no effect of its own: give picks by effect name ({効果名: [...]})")
        lists = list(value.values()) if isinstance(value, dict) else [value] if value is not None else []
        if len(lists) > MAX_EFFECTS * 2 or any(len(picks) > MAX_PICKS for picks in lists):
            raise ValueError(f"at most {MAX_PICKS} picks per effect")
        for picks in lists:
            for pick in picks:
                if isinstance(pick, list) and len(pick) > 10 or isinstance(pick, int) and not 0 <= pick <= 60:
                    raise ValueError("a pick is at most 10 cards, or a count 0..60")
        return value


class Choices(Picked):
    """Choices a player makes for an action's optional and simultaneous effects (6.4.7, 10.1.2)."""

    runs_own_effect: ClassVar[bool] = True  # what the engine holds for any action; AttackSpec says otherwise

    decline: list[str] = Field(default_factory=list, max_length=20)
    order: list[str] = Field(default_factory=list, max_length=20)


class AttackSpec(Choices):
    runs_own_effect: ClassVar[bool] = False
    attacker: str
    target: str
    # "open" (the default, also written out): the scenario leaves the defender's choice open (11.2.1, 11.2.8);
    # "none" / false: the defender chose not to. An explicit value, so the canonical form keeps the meaning.
    response: Union[Literal["none", "open"], Defence, list[Defence]] = "open"
    damage_zero: Union[bool, Literal["open"]] = "open"

    @field_validator("response", mode="before")
    @classmethod
    def _response_list(cls, value: Any) -> Any:
        if isinstance(value, list) and len(value) > 5:
            raise ValueError("at most 5 defences are attempted for one attack")
        return value

    @property
    def defences(self) -> list[Defence]:
        if self.response in ("none", "open"):
            return []
        return list(self.response) if isinstance(self.response, list) else [self.response]  # type: ignore[list-item]


class DrawPhaseSpec(Picked):
    draw: int = Field(ge=0, le=60)


class SummonEntry(Strict):
    card: str
    slot: int | None = Field(default=None, ge=1, le=5)


class SummonPhaseSpec(Picked):
    summon: list[Union[str, SummonEntry]] = Field(default_factory=list, max_length=10)
    # Which face-down cards to turn face-up when a summon limit allows fewer than all (6.10.1, 6.10.2).
    flip: list[str] | None = Field(default=None, max_length=5)


class SetSpec(Picked):
    card: str
    onto: str


class ActivateSpec(Choices):
    card: str
    effect: str
    # A shared effect (6.12.2): which card of each other name is used, when there are several.
    with_: list[str] | None = Field(default=None, alias="with", max_length=5)


class EventSpec(Choices):
    card: str


class Empty(Picked):
    """``next_phase: {}``, ``end_turn: {}``: nothing to give but the picks of the effects they trigger."""


class Action(Strict):
    attack: AttackSpec | None = None
    draw_phase: DrawPhaseSpec | None = None
    summon_phase: SummonPhaseSpec | None = None
    set: SetSpec | None = None
    activate: ActivateSpec | None = None
    event: EventSpec | None = None
    next_phase: Empty | None = None
    end_turn: Empty | None = None

    @model_validator(mode="before")
    @classmethod
    def _one_kind(cls, data: Any) -> Any:
        if isinstance(data, dict):
            keys = [k for k in data if not str(k).startswith("x-")]
            if len(keys) != 1 or keys[0] not in ACTION_KINDS:
                raise ValueError(f"an action has exactly one key, one of: {', '.join(ACTION_KINDS)}")
            if data[keys[0]] is None:
                data = {**data, keys[0]: {}}
        return data

    @property
    def kind(self) -> str:
        return next(k for k in ACTION_KINDS if getattr(self, k) is not None)

    @property
    def argument(self) -> Any:
        return getattr(self, self.kind)


# Every field is a kind of action: a new action is one new field (and its entry in engine.resolution.ACTIONS).
ACTION_KINDS: tuple[str, ...] = tuple(Action.model_fields)
