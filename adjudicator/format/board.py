"""The board a scenario describes: its cards (printed values and the timed changes on them), the field's
stacks, the players' zones and rights, and the game's round, turn and phase (chapters 2–5)."""

from __future__ import annotations

from typing import Any, Literal, Union

from pydantic import Field, field_validator, model_validator

from adjudicator.format.base import (
    MAX_CARD_LIST, MAX_EFFECTS, MAX_NAME, MAX_POWER, MAX_STACK, MAX_ZONE_COUNT,
    Act, Face, Role, StackState, Strict, Timed,
)
from adjudicator.format.effects import Effect
from adjudicator.format.errors import problem
from adjudicator.rulebook.numbers import bounded_int
from adjudicator.vocabulary import Phase, PlayerId


# --- cards, stacks, players ------------------------------------------------------------------------


class PowerMod(Timed):
    add: int | None = Field(default=None, ge=-MAX_POWER, le=MAX_POWER)
    set: int | None = Field(default=None, ge=0, le=MAX_POWER)
    continuous: bool = False

    @model_validator(mode="after")
    def _add_or_set(self) -> "PowerMod":
        if (self.add is None) == (self.set is None):
            raise problem("add_or_set")
        return self


class RankMod(Timed):
    add: int = Field(ge=-9, le=9)


class CardRestriction(Timed):
    cannot: Act


class Protection(Timed):
    from_: Literal["leave_field", "battle", "effects"] = Field(alias="from")


class Guard(Strict):
    """〈守護〉（プロテクト）: what the card's 守護 keeps it from (its text says; the rulebook gives 3.1.8, 3.1.9)."""

    from_: Literal["leave_field", "battle"] = Field(default="leave_field", alias="from")


class CardSpec(Strict):
    id: str | None = Field(default=None, min_length=1, max_length=MAX_NAME, pattern=r"^[^\s]+$")
    name: str = Field(min_length=1, max_length=MAX_NAME)
    type: Literal["person", "event"] = "person"
    rank: int | None = Field(default=None, ge=0, le=4)
    level: int | None = Field(default=None, ge=0, le=4)
    power: int | None = Field(default=None, ge=0, le=MAX_POWER)
    role: Role = "none"
    attributes: list[str] = Field(default_factory=list, max_length=20)
    substitute: bool = False
    counter: bool = False
    effects: list[Effect] = Field(default_factory=list, max_length=MAX_EFFECTS)
    summoned_this_turn: bool = False
    summoned_without_set_this_turn: bool = False
    mark_used_this_turn: bool = False
    once_used: list[str] = Field(default_factory=list, max_length=MAX_EFFECTS)
    immune: bool = False
    unselectable: bool = False
    battle_proof: bool = False
    power_mods: list[PowerMod] = Field(default_factory=list, max_length=20)
    rank_mods: list[RankMod] = Field(default_factory=list, max_length=20)
    granted_role: Literal["attacker", "blocker"] | None = None
    no_refresh: bool = False
    restrictions: list[CardRestriction] = Field(default_factory=list, max_length=20)
    protected: list[Protection] = Field(default_factory=list, max_length=20)
    guard: "Guard | None" = None      # 〈守護〉（プロテクト）: works while on the field, face-down too (3.1.8)

    @model_validator(mode="after")
    def _kind_fits(self) -> "CardSpec":
        # 2.2.1–2.2.2: a person has a rank and power; an event has a level and neither.
        if self.type == "event":
            if self.power is not None:
                raise problem("event_has_no_power", rule="2.2.1")
            if self.rank is not None:
                raise problem("event_has_no_rank", rule="2.2.2")
            if self.role != "none":
                raise problem("event_has_no_role", rule="2.2.1")
        else:
            if self.level is not None:
                raise problem("person_has_no_level", rule="2.2.2")
            if self.counter:
                raise problem("counter_is_for_events", rule="11.2.4")
        return self


class StackSpec(Strict):
    """One field slot: cards bottom → top; the top is 「場」, the rest 「場の下」 (2.3.2, 2.4.1)."""

    cards: list[CardSpec] | None = Field(default=None, min_length=1, max_length=MAX_STACK)
    card: CardSpec | None = None
    face: Face = "up"
    state: StackState = "active"

    @model_validator(mode="after")
    def _cards_or_card(self) -> "StackSpec":
        if (self.cards is None) == (self.card is None):
            raise problem("slot_cards_or_card")
        for card in self.all_cards:
            if card.type == "event":
                raise problem("event_not_on_field", rule="2.8, 6.8.3")
        return self

    @property
    def all_cards(self) -> list[CardSpec]:
        return list(self.cards) if self.cards is not None else [self.card]  # type: ignore[list-item]


# `unknown`: 「枚数不明（足りるものとする）」 — nobody gave the count. There are enough cards for what is taken,
# but a ruling that depends on the number (a deck reaching 0, a count condition, a draw limit) asks for it.
Zone = Union[int, Literal["unknown"], list[CardSpec]]


class PlayerRestriction(Timed):
    cannot: Act


class Rights(Strict):
    damage_zero: int = Field(default=0, ge=0, le=20)


class PlayerSpec(Strict):
    deck: Zone = 0
    graveyard: Zone = 0
    hand: Zone = 0
    field: dict[int, StackSpec] = Field(default_factory=dict)
    rights: Rights = Rights()
    events_this_turn: int = Field(default=0, ge=0, le=10)
    hand_draw_limit: int | None = Field(default=None, ge=0, le=MAX_ZONE_COUNT)
    summon_limit: int | None = Field(default=None, ge=0, le=10)
    restrictions: list[PlayerRestriction] = Field(default_factory=list, max_length=20)
    extra_turn: bool = False
    # 「山札のカードは効果で墓地へ送られない」 (deck_to_graveyard) / 「山札と墓地を入れ替えられない」 (swap) (11.4.2)
    zone_protections: list[Literal["deck_to_graveyard", "swap"]] = Field(default_factory=list, max_length=2)

    @field_validator("deck", "graveyard", "hand")
    @classmethod
    def _zone_size(cls, value: Zone) -> Zone:
        if isinstance(value, int) and not 0 <= value <= MAX_ZONE_COUNT:
            raise problem("zone_count_range", min=0, max=MAX_ZONE_COUNT)
        if isinstance(value, list) and len(value) > MAX_CARD_LIST:
            raise problem("zone_list_too_long", max=MAX_CARD_LIST)
        return value

    @field_validator("field", mode="before")
    @classmethod
    def _slots(cls, value: Any) -> Any:
        if isinstance(value, dict):
            for key in value:
                slot = _as_int(key)
                if slot is None or not 1 <= slot <= 5:
                    raise problem("slot_range", rule="2.3.1", at=str(key), min=1, max=5)
        return value


def _as_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        return bounded_int(value)
    return None


class GameSpec(Strict):
    round: int = Field(ge=1, le=99)
    first_player: PlayerId
    turn_player: PlayerId
    phase: Phase


CardSpec.model_rebuild()
