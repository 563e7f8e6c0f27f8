"""The scenario format ``hi-story-scenario/1`` as a schema, and its loader.

A scenario is one judge's question: a board, the actions taken on it, and what the answer must be
(``shared/spec/scenario-format.md``). Loading validates the whole structure with pydantic so that every
error names its path (``players.A.field.6``) and what was expected; loading never resolves anything.
The models are immutable; the engine builds its own mutable board from them.
"""

from __future__ import annotations

import json
import math
from typing import Any, ClassVar, Literal, Union, get_args, get_origin

import yaml
from adjudicator.format.wording import read_where_wording
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    ValidationInfo,
    field_validator,
    model_validator,
)

from adjudicator.rulebook.numbers import bounded_int

FORMAT = "hi-story-scenario/1"

# Bounds: a scenario is a judge's question, not a stress test. Past these the loader refuses it.
MAX_TEXT = 2_000
MAX_NAME = 100
MAX_ZONE_COUNT = 200          # cards counted in one deck, hand or graveyard
MAX_CARD_LIST = 60            # cards listed in one zone
MAX_STACK = 12                # cards in one field slot
MAX_ACTIONS = 100
MAX_EFFECTS = 10              # effects on one card
MAX_SENTENCES = 30            # sentences in one effect
MAX_STEPS = 12                # steps in one sentence
MAX_REPEAT = 20
MAX_POWER = 100_000
MAX_PICKS = 30                # picks given for one effect
MAX_CONDITION_UNITS = 10      # alternatives or parts in one any_of/all_of/list of words
MAX_SOURCE_BYTES = 512 * 1024

Player = Literal["A", "B"]
Phase = Literal["draw", "summon", "effect", "set", "attack"]
PHASES: tuple[str, ...] = get_args(Phase)  # in the order of a turn (5.2.1)
Face = Literal["up", "down"]
StackState = Literal["active", "rest"]
Role = Literal["attacker", "blocker", "none"]
Whose = Literal["self", "opponent", "each"]
Act = Literal["attack", "block", "summon", "set", "activate", "draw", "event"]
UntilName = Literal["end_of_attack", "end_of_turn", "next_turn", "end_of_next_turn", "end_of_own_next_turn"]
SLOT_REFS = tuple(f"{p}{n}" for p in "AB" for n in range(1, 6))


class ScenarioError(Exception):
    """The scenario cannot be loaded; ``errors`` lists (path, message) pairs, path like ``players.A.field.6``."""

    def __init__(self, errors: list[tuple[str, str]]):
        self.errors = errors
        super().__init__("; ".join(f"{path or '(top)'}: {message}" for path, message in errors))


class Strict(BaseModel):
    """Unknown keys are errors (typos are caught), except extension keys starting with ``x-``."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    @model_validator(mode="before")
    @classmethod
    def _drop_extensions(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return {k: v for k, v in data.items() if not (isinstance(k, str) and k.startswith("x-"))}
        return data

    @field_validator("*", mode="before")
    @classmethod
    def _no_flag_for_a_number(cls, value: Any, info: ValidationInfo) -> Any:
        # Lax validation reads true/false as 1/0 wherever a number goes: a count, a power or a round is written
        # as a number, so `draw: true` is refused like any other wrong type.
        if isinstance(value, bool) and _number_not_flag(cls.model_fields[info.field_name].annotation):
            raise ValueError("a number, not true/false")
        return value


def _number_not_flag(annotation: Any) -> bool:
    """Whether a field takes an int (or a float) and no bool, through Optional, Union and Annotated."""
    kinds: set[Any] = set()
    pending = [annotation]
    while pending:
        current = pending.pop()
        arguments = get_args(current)
        if arguments and get_origin(current) is not Literal:
            pending.extend(arguments)
        else:
            kinds.add(current)
    return bool(kinds & {int, float}) and bool not in kinds


# --- durations -------------------------------------------------------------------------------------


class Timed(Strict):
    """A duration: ``until`` one of the named ends, or ``turns: N`` of the affected player (5.6)."""

    until: UntilName | None = None
    turns: int | None = Field(default=None, ge=1, le=20)

    @model_validator(mode="after")
    def _one_duration(self) -> "Timed":
        if self.until is not None and self.turns is not None:
            raise ValueError("give either `until` or `turns`, not both")
        return self


# --- selectors and references ----------------------------------------------------------------------


Words = Union[str, list[str]]


class Where(Strict):
    """Conditions on a field card; face-down cards carry no card information (3.1.2, 3.1.3).

    The keys of one ``where`` must all hold (7.3.1), as must the items of ``all_of``; a list of words
    (``name: [信長, 秀吉]``, 7.3.2) and ``any_of`` need one; ``not`` negates (7.3.3). A ``where`` may also
    be written in the card's own words (``where: 〈信長〉でない【武将】``), and so may a name, attribute or
    effect-name value (``name: 〈信長〉〈秀吉〉``): that wording is read by ``adjudicator.format.wording``
    (see ``docs/format-additions.md``); wording it cannot read is an error, never a silent no-match.
    """

    face: Face | None = None
    state: StackState | None = None
    rank: int | None = Field(default=None, ge=0, le=9)
    rank_at_least: int | None = Field(default=None, ge=0, le=9)
    rank_at_most: int | None = Field(default=None, ge=0, le=9)
    level: int | None = Field(default=None, ge=0, le=9)
    level_at_least: int | None = Field(default=None, ge=0, le=9)
    level_at_most: int | None = Field(default=None, ge=0, le=9)
    power_at_most: int | None = Field(default=None, ge=0, le=MAX_POWER)
    power_at_least: int | None = Field(default=None, ge=0, le=MAX_POWER)
    name: Words | None = None
    attribute: Words | None = None
    effect_name: Words | None = None
    role: Literal["attacker", "blocker"] | None = None
    type: Literal["person", "event"] | None = None
    attacking: bool | None = None
    other: bool | None = None
    any_of: list["Where"] | None = Field(default=None, min_length=1, max_length=MAX_CONDITION_UNITS)
    all_of: list["Where"] | None = Field(default=None, min_length=1, max_length=MAX_CONDITION_UNITS)
    not_: "Where | None" = Field(default=None, alias="not")

    @model_validator(mode="before")
    @classmethod
    def _read_wording(cls, data: Any) -> Any:
        return read_where_wording(data)

    @field_validator("name", "attribute", "effect_name")
    @classmethod
    def _bounded_words(cls, value: Any) -> Any:
        items = value if isinstance(value, list) else [value] if value is not None else []
        if isinstance(value, list) and not 1 <= len(value) <= MAX_CONDITION_UNITS:
            raise ValueError(f"a list of words has 1..{MAX_CONDITION_UNITS} items (any one matches, 7.3.2)")
        for item in items:
            if not 0 < len(item.strip("〈〉【】｛｝ 　")) <= MAX_NAME:
                raise ValueError(f"a word is 1..{MAX_NAME} characters")
        return value


class Selector(Strict):
    """Field cards an effect works on: 「全て」 (8.3), 「選ぶ」 (8.4), これ/それ (7.2.3), or a slot."""

    player: Whose = "self"
    all: bool = False
    choose: int | None = Field(default=None, ge=1, le=10)
    up_to: bool = False
    where: Where = Where()
    chosen: list[str] | None = Field(default=None, max_length=10)
    this: bool = False
    it: bool = False
    zone: Literal["field", "hand", "deck", "graveyard"] = "field"
    # 「Aを1枚とBを1枚」: independent slots, each a condition; ``chosen`` lists the pick slot by slot (6.5.9).
    slots: list[Where] | None = Field(default=None, min_length=2, max_length=5)
    # 「そのカード」 in 「相手のカードが召喚された時、そのカードを…」: the card whose event fired this effect.
    trigger: bool = False

    @model_validator(mode="after")
    def _one_mode(self) -> "Selector":
        modes = [self.all, self.choose is not None, self.this, self.it, self.slots is not None, self.trigger]
        if sum(bool(m) for m in modes) > 1:
            raise ValueError("a selector is one of `all`, `choose`, `this`, `it`, `slots` or `trigger`")
        return self


CardRef = Union[str, Selector]


def _is_card_ref(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= MAX_NAME


# --- steps -----------------------------------------------------------------------------------------


class BoardCount(Strict):
    """「〇〇1枚につき」「〇〇と同じ枚数」: a count taken from the board when the step is processed (8.2.1)."""

    player: Whose = "self"
    zone: Literal["field", "hand", "deck", "graveyard"] = "field"
    where: Where = Where()


class DrawSpec(Strict):
    up_to: int | None = Field(default=None, ge=0, le=60)
    chosen: int | None = Field(default=None, ge=0, le=60)
    until_hand: int | None = Field(default=None, ge=0, le=60)
    count: int | None = Field(default=None, ge=0, le=60)
    count_of: BoardCount | None = None     # 「相手の場のカードと同じ枚数引く」: a fixed count read from the board
    player: Whose = "self"                 # 「相手は1枚引く」 (7.2.1: the opponent as subject is always written)

    @model_validator(mode="after")
    def _one_kind(self) -> "DrawSpec":
        if sum(x is not None for x in (self.up_to, self.until_hand, self.count, self.count_of)) != 1:
            raise ValueError("a draw is one of `count`, `up_to`, `until_hand` or `count_of`")
        return self


class MillSpec(Strict):
    player: Whose = "opponent"
    count: int = Field(ge=0, le=60)


class DiscardSpec(Strict):
    count: int = Field(ge=0, le=60)
    chosen: list[str] | None = Field(default=None, max_length=60)
    player: Whose = "self"                 # 「相手は手札を1枚墓地へ送る」 (7.2.1)


class PowerSpec(Timed):
    target: CardRef
    add: int | None = Field(default=None, ge=-MAX_POWER, le=MAX_POWER)
    set: int | None = Field(default=None, ge=0, le=MAX_POWER)
    per: BoardCount | None = None          # 「〇〇1枚につき+1000」: ``add`` times the count (7.3.2)

    @model_validator(mode="after")
    def _add_or_set(self) -> "PowerSpec":
        if (self.add is None) == (self.set is None):
            raise ValueError("a power step has exactly one of `add` or `set`")
        return self


class RankSpec(Timed):
    target: CardRef
    add: int = Field(ge=-9, le=9)


class SummonWithoutSetSpec(Strict):
    card: CardRef
    onto: CardRef | None = None
    empty_slot: bool = False
    count: int = Field(default=1, ge=1, le=5)
    slots: list[int] | None = None
    # 14.2 (三河の天下人　徳川家康 only): the own face-up cards the cards that find no empty slot go onto.
    overflow_onto: list[str] | None = Field(default=None, max_length=5)

    @model_validator(mode="after")
    def _where_to(self) -> "SummonWithoutSetSpec":
        if (self.onto is None) == (not self.empty_slot):
            raise ValueError("give either `onto` or `empty_slot: true`")
        return self


class SetFromHandSpec(Strict):
    card: CardRef
    onto: CardRef


class MoveSpec(Strict):
    card: CardRef
    onto: CardRef


class ToDeckSpec(Strict):
    target: CardRef
    position: Literal["top", "bottom"] = "bottom"


class HandToDeckSpec(Strict):
    count: int = Field(ge=0, le=60)
    position: Literal["top", "bottom"] = "bottom"
    chosen: list[str] | None = Field(default=None, max_length=60)


class RestrictSpec(Timed):
    """「相手は〜できない」 (8.2.4); with ``where``, 「相手の場の〇〇のカードは〜できない」 judged at each attempt
    (8.2.5); with ``target``, those cards only; with ``limit``, 「合わせてN枚までしか〜できない」 (10.3)."""

    player: Whose = "opponent"
    cannot: Act
    where: Where | None = None
    target: CardRef | None = None
    limit: int | None = Field(default=None, ge=0, le=10)

    @model_validator(mode="after")
    def _one_subject(self) -> "RestrictSpec":
        if sum(x is not None for x in (self.where, self.target, self.limit)) > 1:
            raise ValueError("a restriction takes at most one of `where`, `target` or `limit`")
        if self.limit is not None and self.cannot not in ("summon", "event"):
            raise ValueError("`limit` counts summons or events per turn (10.3.2)")
        return self


class GrantSpec(Timed):
    target: CardRef
    role: Literal["attacker", "blocker"]


class ProtectSpec(Timed):
    target: CardRef
    from_: Literal["leave_field", "battle", "effects"] = Field(alias="from")


# Issue 18 (mechanics): choices between effects, hidden zones, zone swaps, effect copy.


class EffectOption(Strict):
    """One of the candidates of 「次のn個から選ぶ」 or one side of 「Aする。またはBする。」 (6.5.7)."""

    text: str = Field(default="", max_length=MAX_TEXT)
    do: list["Step"] = Field(min_length=1, max_length=MAX_STEPS)


class ChooseEffectsSpec(Strict):
    """「次のn個から効果をk個選び発動する」 / 「Aする。またはBする。」: every pick made before any is done (6.5.7)."""

    count: int = Field(default=1, ge=1, le=5)
    options: list[EffectOption] = Field(min_length=2, max_length=6)
    or_: bool = Field(default=False, alias="or")      # written 「または」 (10.1.6, 7.3.10)
    chosen: list[int] | None = Field(default=None, max_length=5)   # 1-based option numbers

    @model_validator(mode="after")
    def _count_fits(self) -> "ChooseEffectsSpec":
        if self.count > len(self.options):
            raise ValueError("`count` is more than the options listed")
        if self.or_ and self.count != 1:
            raise ValueError("「または」 chooses one of the options (10.1.6)")
        return self


class LookSpec(Strict):
    """「〜を見て」「相手に見せてから」: the face-down field cards named may be read while this effect runs (3.1.6)."""

    target: "CardRef"
    show: bool = False                # 「相手に見せて」: the opponent sees it too (4.5.1)


HiddenZone = Literal["deck", "graveyard"]


class SearchSpec(Strict):
    """「山札（墓地）から〇〇を満たすカードをn枚まで手札に加える」 and 「山札の上からn枚を見て」 (6.5.6, 4.2.1).

    ``top`` limits the look to the top n of one deck; ``random`` is 「見ずに」 (4.3.1); ``chosen`` names the
    picked cards by id (for 「見ずに」, the cards the random pick gave). After the move the zones looked into
    are shuffled (4.4.1) unless ``top`` was looked at only; ``rest`` says where the looked-at cards not taken go.
    """

    player: Literal["self", "opponent"] = "self"      # whose deck/graveyard is searched
    zones: list[HiddenZone] = Field(default_factory=lambda: ["deck"], min_length=1, max_length=2)
    top: int | None = Field(default=None, ge=1, le=20)
    where: Where = Where()
    up_to: int = Field(default=1, ge=1, le=10)
    to: Literal["hand", "graveyard", "deck_top", "deck_bottom"] = "hand"
    random: bool = False
    chosen: list[str] | None = Field(default=None, max_length=10)
    rest: Literal["keep", "top", "bottom"] = "keep"
    shuffle: list[HiddenZone] | None = Field(default=None, max_length=2)   # zones the player shuffles (4.4.2)

    @model_validator(mode="after")
    def _shape(self) -> "SearchSpec":
        if self.top is not None and self.zones != ["deck"]:
            raise ValueError("`top` looks at the top cards of one deck")
        if len(set(self.zones)) != len(self.zones):
            raise ValueError("a zone is listed twice")
        return self


class ShuffleSpec(Strict):
    """「山札をシャッフルする」: the order of the zone is no longer known to anyone (4.4.1, 2.5.4)."""

    player: Whose = "self"
    zone: HiddenZone = "deck"


class SwapZonesSpec(Strict):
    """「山札と墓地を入れ替える」: the zones trade places whole (11.4.1)."""

    player: Whose = "self"


class CopyEffectSpec(Strict):
    """効果コピー: a 「召」/「1」 effect of a field card, resolved as an effect of the host (6.11.1).

    ``host`` is the own field card the copy runs as (default: 「これの効果として」, the copying card itself).
    ``with`` names the cards a copied shared effect uses (6.12.5).
    """

    source: "CardRef"
    effect: str = Field(min_length=1, max_length=MAX_NAME)
    host: "CardRef | None" = None
    with_: list[str] | None = Field(default=None, alias="with", max_length=5)


class Step(Strict):
    """One operation of a sentence; exactly one kind key is set (``repeat`` also takes ``do``)."""

    draw: Union[int, DrawSpec, None] = None
    mill: MillSpec | None = None
    discard: Union[int, DiscardSpec, None] = None
    send_to_graveyard: CardRef | None = None
    rest: CardRef | None = None
    activate_cards: CardRef | None = None
    flip_down: CardRef | None = None
    flip_up: CardRef | None = None
    power: PowerSpec | None = None
    win: bool | None = None
    summon_without_set: SummonWithoutSetSpec | None = None
    set_from_hand: SetFromHandSpec | None = None
    move: MoveSpec | None = None
    return_to_hand: CardRef | None = None
    to_deck: ToDeckSpec | None = None
    hand_to_deck: HandToDeckSpec | None = None
    repeat: int | None = Field(default=None, ge=1, le=MAX_REPEAT)
    do: list["Step"] | None = Field(default=None, max_length=MAX_STEPS)
    restrict: RestrictSpec | None = None
    grant: GrantSpec | None = None
    protect: ProtectSpec | None = None
    rank: RankSpec | None = None
    extra_turn: bool | None = None
    choose_effects: ChooseEffectsSpec | None = None
    look: LookSpec | None = None
    search: SearchSpec | None = None
    shuffle: ShuffleSpec | None = None
    swap_zones: SwapZonesSpec | None = None
    copy_effect: CopyEffectSpec | None = None
    no_refresh: CardRef | None = None      # 「次の自分のターンの初めにアクティブにできない」 (3.2.2)

    @model_validator(mode="before")
    @classmethod
    def _known_kind(cls, data: Any) -> Any:
        if isinstance(data, dict):
            kinds = [k for k in data if k in STEP_KINDS]
            unknown = [k for k in data if k not in STEP_KINDS and k != "do" and not str(k).startswith("x-")]
            if unknown:
                raise ValueError(f"unknown step {unknown[0]!r}; expected one of: {', '.join(STEP_KINDS)}")
            if len(kinds) != 1:
                raise ValueError("a step has exactly one kind key (e.g. `draw: 2`)")
            if ("do" in data) != (kinds[0] == "repeat"):
                raise ValueError("`do` goes with `repeat` only")
        return data

    @property
    def kind(self) -> str:
        return next(k for k in STEP_KINDS if getattr(self, k) is not None)

    @property
    def argument(self) -> Any:
        return getattr(self, self.kind)

    @field_validator("draw")
    @classmethod
    def _draw_count(cls, value: Any) -> Any:
        if isinstance(value, int) and not 0 <= value <= 60:
            raise ValueError("a draw count is 0..60")
        return value

    @field_validator("discard")
    @classmethod
    def _discard_count(cls, value: Any) -> Any:
        if isinstance(value, int) and not 0 <= value <= 60:
            raise ValueError("a discard count is 0..60")
        return value


# Every field is a kind of step, except ``do``, the steps ``repeat`` repeats: a new step is one new field.
STEP_KINDS: tuple[str, ...] = tuple(name for name in Step.model_fields if name != "do")


# --- conditions ------------------------------------------------------------------------------------


class PlayerCount(Strict):
    player: Whose = "self"
    count: int = Field(ge=0, le=MAX_ZONE_COUNT)
    where: Where = Where()


class ItCondition(Strict):
    where: Where


class Condition(Strict):
    """「…なら」: judged when its sentence starts (6.7.5); exactly one kind key."""

    hand_at_least: int | None = Field(default=None, ge=0, le=MAX_ZONE_COUNT)
    hand_at_most: int | None = Field(default=None, ge=0, le=MAX_ZONE_COUNT)
    deck_at_most: PlayerCount | None = None
    deck_at_least: PlayerCount | None = None
    graveyard_at_least: PlayerCount | None = None
    field_count_at_least: PlayerCount | None = None
    field_count_at_most: PlayerCount | None = None
    it: Where | ItCondition | None = None
    did: Literal[
        "summon_without_set", "summon", "set", "send_to_graveyard", "draw", "discard", "rest",
        "return_to_hand", "move", "mill",
    ] | None = None
    not_: "Condition | None" = Field(default=None, alias="not")
    # 「このターン、自分が｛〇〇｝を発動していたなら」: asks about the effect name, copies included (6.11.8).
    activated: str | None = Field(default=None, min_length=1, max_length=MAX_NAME)
    # 「これが〇〇なら」: a condition on the card whose effect it is (in a copy, the host: 6.11.4).
    this: Where | None = None

    @model_validator(mode="after")
    def _one_kind(self) -> "Condition":
        if sum(getattr(self, k) is not None for k in CONDITION_KINDS) != 1:
            raise ValueError(f"a condition has exactly one of: {', '.join(k.rstrip('_') for k in CONDITION_KINDS)}")
        return self

    @property
    def kind(self) -> str:
        return next(k for k in CONDITION_KINDS if getattr(self, k) is not None)


# Every field is a kind of condition (``not_`` is written ``not``).
CONDITION_KINDS: tuple[str, ...] = tuple(Condition.model_fields)


class Sentence(Strict):
    """A sentence (「。」) of steps joined by 「し、」 (10.1.5)."""

    do: list[Step] = Field(min_length=1, max_length=MAX_STEPS)
    then: bool = False
    if_: Condition | None = Field(default=None, alias="if")
    optional: bool = False


TriggerEvent = Literal[
    "attacks", "is_attacked", "blocks", "is_blocked", "after_attack", "after_block", "summoned",
    "summoned_without_set", "set", "sent_to_graveyard", "leaves_field", "rested", "flipped_down", "drawn",
]


class When(Strict):
    """What triggers an effect: a game event (「〜た時」/「〜する時」) or a phase boundary (6.4.6)."""

    event: TriggerEvent | None = None
    card: Literal["self", "own", "opponent", "any"] = "self"
    timing: Literal["after", "before"] = "after"
    phase_start: Phase | None = None
    phase_end: Phase | None = None
    turn: Literal["own", "any", "opponent"] = "own"

    @model_validator(mode="after")
    def _one_kind(self) -> "When":
        if sum(x is not None for x in (self.event, self.phase_start, self.phase_end)) != 1:
            raise ValueError("`when` has exactly one of `event`, `phase_start` or `phase_end`")
        return self


class Effect(Strict):
    name: str = Field(min_length=1, max_length=MAX_NAME)
    mark: Literal["summon", "once", "constant", "none"] = "none"
    text: str = Field(default="", max_length=MAX_TEXT)
    when: When | None = None
    optional: bool = False
    sentences: list[Sentence] = Field(default_factory=list, max_length=MAX_SENTENCES)
    # 「この効果は他の｛…｝と合わせて1つの効果となる」: the other card names it is used with (6.12.1).
    shared_with: list[str] = Field(default_factory=list, max_length=4)
    # 「この効果は他のカードも含めて1ターンに1度しか発動できない」: a limit tied to the effect name (6.11.6).
    once_per_turn_by_name: bool = False
    # 効果制限カード (13.3) whose condition is not met now: it cannot be activated, nor copied (6.11.5).
    restricted: bool = False


# --- cards, stacks, players ------------------------------------------------------------------------


class PowerMod(Timed):
    add: int | None = Field(default=None, ge=-MAX_POWER, le=MAX_POWER)
    set: int | None = Field(default=None, ge=0, le=MAX_POWER)
    continuous: bool = False

    @model_validator(mode="after")
    def _add_or_set(self) -> "PowerMod":
        if (self.add is None) == (self.set is None):
            raise ValueError("a power modifier has exactly one of `add` or `set`")
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


class Card(Strict):
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
    def _kind_fits(self) -> "Card":
        # 2.2.1–2.2.2: a person has a rank and power; an event has a level and neither.
        if self.type == "event":
            if self.power is not None:
                raise ValueError("an event (事変) has no power (2.2.1)")
            if self.rank is not None:
                raise ValueError("an event (事変) has a level, not a rank (2.2.2)")
            if self.role != "none":
                raise ValueError("an event (事変) has no attacker/blocker role (2.2.1)")
        else:
            if self.level is not None:
                raise ValueError("a person (人物) has a rank, not a level (2.2.2)")
            if self.counter:
                raise ValueError("`counter` is for events (11.2.4)")
        return self


class Stack(Strict):
    """One field slot: cards bottom → top; the top is 「場」, the rest 「場の下」 (2.3.2, 2.4.1)."""

    cards: list[Card] | None = Field(default=None, min_length=1, max_length=MAX_STACK)
    card: Card | None = None
    face: Face = "up"
    state: StackState = "active"

    @model_validator(mode="after")
    def _cards_or_card(self) -> "Stack":
        if (self.cards is None) == (self.card is None):
            raise ValueError("a slot has either `cards` (bottom → top) or `card`")
        for card in self.all_cards:
            if card.type == "event":
                raise ValueError("an event (事変) is never placed on the field (2.8, 6.8.3)")
        return self

    @property
    def all_cards(self) -> list[Card]:
        return list(self.cards) if self.cards is not None else [self.card]  # type: ignore[list-item]


# `unknown`: 「枚数不明（足りるものとする）」 — nobody gave the count. There are enough cards for what is taken,
# but a ruling that depends on the number (a deck reaching 0, a count condition, a draw limit) asks for it.
Zone = Union[int, Literal["unknown"], list[Card]]


class PlayerRestriction(Timed):
    cannot: Act


class Rights(Strict):
    damage_zero: int = Field(default=0, ge=0, le=20)


class PlayerSpec(Strict):
    deck: Zone = 0
    graveyard: Zone = 0
    hand: Zone = 0
    field: dict[int, Stack] = Field(default_factory=dict)
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
            raise ValueError(f"a count is 0..{MAX_ZONE_COUNT}")
        if isinstance(value, list) and len(value) > MAX_CARD_LIST:
            raise ValueError(f"at most {MAX_CARD_LIST} cards are listed in one zone")
        return value

    @field_validator("field", mode="before")
    @classmethod
    def _slots(cls, value: Any) -> Any:
        if isinstance(value, dict):
            for key in value:
                slot = _as_int(key)
                if slot is None or not 1 <= slot <= 5:
                    raise ValueError(f"@{key}: slots are 1..5 (2.3.1)")
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
    first_player: Player
    turn_player: Player
    phase: Phase


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


# --- expectations and the scenario -----------------------------------------------------------------


class Expect(Strict):
    legal: bool | None = None
    violation: list[str] = Field(default_factory=list)
    # `winner: null` / `decision: null` expect no winner / no decision; "unchecked" (the default) checks
    # nothing. An explicit value, so that the canonical form keeps the difference.
    winner: Union[Player, None, Literal["unchecked"]] = "unchecked"
    state: dict[str, Any] = Field(default_factory=dict)
    cites: list[str] = Field(default_factory=list)
    order: list[str] = Field(default_factory=list)
    decision: Union[Player, None, Literal["unchecked"]] = "unchecked"
    # The engine bound resolution must stop at (``MAX_TRIGGER_DEPTH`` …); a trace that stops at one fails
    # unless it is named here: an engine limit is never a ruling.
    limit: str | None = Field(default=None, max_length=60)
    gap: list[str] = Field(default_factory=list)

    @field_validator("violation", "cites", "order", "gap", mode="before")
    @classmethod
    def _clause_ids(cls, value: Any) -> Any:
        # YAML reads `[10.6]` as floats; clause ids are strings.
        if isinstance(value, list):
            return [str(v) for v in value]
        return value


class Scenario(Strict):
    format: Literal["hi-story-scenario/1"]
    title: str = Field(min_length=1, max_length=200)
    question: str | None = Field(default=None, max_length=MAX_TEXT)
    game: GameSpec
    players: dict[Player, PlayerSpec]
    actions: list[Action] = Field(default_factory=list, max_length=MAX_ACTIONS)
    expect: Expect | None = None

    @field_validator("players")
    @classmethod
    def _both_players(cls, value: dict[str, PlayerSpec]) -> dict[str, PlayerSpec]:
        missing = [p for p in ("A", "B") if p not in value]
        if missing:
            raise ValueError(f"both players A and B are needed; missing {', '.join(missing)}")
        return value

    @model_validator(mode="after")
    def _unique_ids(self) -> "Scenario":
        # The error names the second declaration's path ("@…" extends the path, see _errors).
        first_at: dict[str, str] = {}
        for path, card in iter_card_paths(self):
            if card.id is None:
                continue
            if card.id in SLOT_REFS:
                raise ValueError(f"@{path}.id: card id {card.id!r} looks like a slot reference")
            if card.id in first_at:
                raise ValueError(f"@{path}.id: card id {card.id!r} is used twice (first at {first_at[card.id]})")
            first_at[card.id] = f"{path}.id"
        return self

    def dump(self) -> dict[str, Any]:
        """The canonical plain form: load(dump(s)) == s."""
        return self.model_dump(mode="json", by_alias=True, exclude_defaults=True)


EffectOption.model_rebuild()
Step.model_rebuild()
Card.model_rebuild()


def iter_cards(scenario: Scenario):
    """Every card the scenario declares, in a stable order (players, zones, slots)."""
    return (card for _, card in iter_card_paths(scenario))


def iter_card_paths(scenario: Scenario):
    """(path, card) for every card the scenario declares, the path as errors name it (players.A.hand.0)."""
    for player_id in ("A", "B"):
        player = scenario.players[player_id]
        for zone in ("deck", "hand", "graveyard"):
            cards = getattr(player, zone)
            if isinstance(cards, list):
                yield from ((f"players.{player_id}.{zone}.{i}", card) for i, card in enumerate(cards))
        for slot in sorted(player.field):
            stack = player.field[slot]
            if stack.card is not None:
                yield f"players.{player_id}.field.{slot}.card", stack.card
            else:
                yield from ((f"players.{player_id}.field.{slot}.cards.{i}", card) for i, card in enumerate(stack.all_cards))


# --- loading ---------------------------------------------------------------------------------------


# libyaml's C parser when PyYAML was built with it (its wheels are); the pure-Python one otherwise.
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_OPENS = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_CLOSES = (yaml.MappingEndEvent, yaml.SequenceEndEvent)
_RESOLVER = yaml.resolver.Resolver()
_INT_TAG = "tag:yaml.org,2002:int"
# No number in a scenario needs more digits (counts, powers, rounds); a longer one is refused where it is read,
# before it is built: Python's int() refuses 4,301+ decimal digits (a ValueError inside the YAML loader) and a
# 5,000-digit hex integer loads but cannot be turned back into text.
MAX_NUMBER_DIGITS = 18
_MAX_NUMBER = 10**MAX_NUMBER_DIGITS


def _refuse_aliases_and_depth(text: str) -> None:
    """Check the event stream before anything is built from it.

    Aliases are refused (a scenario never needs them, and they enable 'billion laughs'), and nesting is
    bounded here rather than after loading: composing ``[[[[…`` a hundred thousand deep recurses and
    would exhaust the stack before :func:`_check_data` could see the data. The event stream is flat.
    """
    depth = -1  # the top collection is level 0, as in _check_data
    for event in yaml.parse(text, Loader=_SAFE_LOADER):
        if isinstance(event, yaml.AliasEvent):
            raise yaml.composer.ComposerError(None, None, "YAML aliases (*name) are not allowed", event.start_mark)
        if isinstance(event, _OPENS):
            depth += 1
            if depth > MAX_DEPTH:
                raise yaml.composer.ComposerError(None, None, f"nested deeper than {MAX_DEPTH} levels", event.start_mark)
        elif isinstance(event, _CLOSES):
            depth -= 1
        elif isinstance(event, yaml.ScalarEvent) and _is_long_integer(event):
            raise yaml.composer.ComposerError(
                None, None, f"a number has at most {MAX_NUMBER_DIGITS} digits", event.start_mark)


def _is_long_integer(event: yaml.ScalarEvent) -> bool:
    # Only plain scalars resolve to int; a quoted "123…" is a string and stays one.
    return (len(event.value) > MAX_NUMBER_DIGITS and event.implicit[0]
            and _RESOLVER.resolve(yaml.ScalarNode, event.value, (True, False)) == _INT_TAG)


def parse_text(text: str) -> Any:
    """YAML (a superset of JSON) text → plain data, bounded in size and nesting."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_SOURCE_BYTES:
        raise ScenarioError([("", f"the scenario is larger than {MAX_SOURCE_BYTES // 1024} KiB")])
    try:
        _refuse_aliases_and_depth(text)
        data = yaml.load(text, Loader=_SAFE_LOADER)  # noqa: S506 - a safe loader
    except ValueError as error:
        # A value the loader's constructors refuse (int(), a date); the event check catches the known ones.
        raise ScenarioError([("", f"not valid YAML/JSON: {error}")]) from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        problem = getattr(error, "problem", None) or str(error)
        if "nesting depth" in problem:
            # Newer libyaml stops very deep input itself, before our event check sees it: same refusal.
            problem = f"nested deeper than {MAX_DEPTH} levels"
        raise ScenarioError([("", f"not valid YAML/JSON{where}: {problem}")]) from None
    _check_data(data)
    return data


MAX_DEPTH = 30


def _check_data(data: Any) -> None:
    """What every input must be before the schema sees it, wherever it came from (YAML, JSON, a link, a store):
    nested at most MAX_DEPTH levels, its text valid Unicode (JSON's ``"\\ud800"`` gives a lone surrogate,
    which no UTF-8 encoder accepts), its integers at most MAX_NUMBER_DIGITS long."""
    stack: list[tuple[Any, tuple[str, ...]]] = [(data, ())]
    while stack:
        node, path = stack.pop()
        if len(path) > MAX_DEPTH:
            raise ScenarioError([("", f"the scenario is nested deeper than {MAX_DEPTH} levels")])
        if isinstance(node, dict):
            for key, value in node.items():
                _check_text(key, path)
                stack.append((value, (*path, str(key))))
        elif isinstance(node, list):
            stack.extend((value, (*path, str(i))) for i, value in enumerate(node))
        else:
            _check_text(node, path)
            if _is_out_of_bounds(node):
                raise ScenarioError([(".".join(path), f"a number has at most {MAX_NUMBER_DIGITS} digits")])


def _is_out_of_bounds(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return abs(value) >= _MAX_NUMBER
    # YAML's .inf and .nan, and floats no count or power comes near (1e300).
    return isinstance(value, float) and not (math.isfinite(value) and abs(value) < _MAX_NUMBER)


def _check_text(value: Any, path: tuple[str, ...]) -> None:
    if isinstance(value, str) and not _is_valid_unicode(value):
        raise ScenarioError([(".".join(path), "the text is not valid Unicode (a lone surrogate such as \\ud800)")])


def _is_valid_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def load_scenario(source: str | bytes | dict[str, Any]) -> Scenario:
    """A scenario from YAML/JSON text or plain data; raises ScenarioError naming each bad field."""
    if isinstance(source, bytes):
        source = source.decode("utf-8", errors="replace")
    data = parse_text(source) if isinstance(source, str) else source
    if not isinstance(data, dict):
        raise ScenarioError([("", "a scenario is a mapping with format, title, game, players, actions")])
    _check_data(data)
    try:
        return Scenario.model_validate(data)
    except ValidationError as error:
        raise ScenarioError(_errors(error)) from None


def dumps(scenario: Scenario) -> str:
    """The scenario as YAML text (Japanese kept readable)."""
    return yaml.safe_dump(scenario.dump(), allow_unicode=True, sort_keys=False)


def canonical_json(scenario: Scenario) -> str:
    """Canonical JSON: sorted keys, no whitespace; the same scenario always gives the same bytes."""
    return json.dumps(scenario.dump(), ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _errors(error: ValidationError) -> list[tuple[str, str]]:
    by_path: dict[str, list[str]] = {}
    for item in error.errors(include_url=False):
        # Union branches produce one error per alternative; the path segment naming the branch
        # (a class name or "str") is noise for a person, so drop it.
        path = ".".join(str(p) for p in item["loc"] if not _is_branch_label(p))
        message = item["msg"].removeprefix("Value error, ")
        message = _CARD_BOUNDS.get((_card_field(item["loc"]), item["type"]), message)
        if item["type"] == "extra_forbidden":
            message = "unknown field (a typo? extension fields start with `x-`)"
        if message.startswith("@") and ": " in message:
            # A validator that names a key inside its field ("@6: …") extends the path with it.
            key, message = message[1:].split(": ", 1)
            path = f"{path}.{key}" if path else key
        messages = by_path.setdefault(path, [])
        if message not in messages:
            messages.append(message)
    # A union whose one branch failed deeper down also reports "wrong type" for the other branches at
    # the parent path: the deeper error is the one that helps.
    paths = list(by_path)
    kept = [p for p in paths if not any(q.startswith(p + ".") or (p == "" and q) for q in paths if q != p)]
    return [(path, " or ".join(by_path[path])) for path in kept][:50]


# A card's printed numbers out of range make an impossible board: say which rule they break, by name.
_CARD_BOUNDS = {
    ("rank", "greater_than_equal"): "a person's rank is 0..4 (2.2.1)",
    ("rank", "less_than_equal"): "a person's rank is 0..4 (2.2.1)",
    ("level", "greater_than_equal"): "an event's level is 0..4 (2.2.2)",
    ("level", "less_than_equal"): "an event's level is 0..4 (2.2.2)",
    ("power", "greater_than_equal"): "a power is never negative (11.6.2)",
}


def _card_field(loc: tuple[Any, ...]) -> str | None:
    """``rank``/``level``/``power`` when the error is on a card's own field (not a selector's ``where``)."""
    if not loc or "where" in loc or loc[0] != "players":
        return None
    return loc[-1] if loc[-1] in ("rank", "level", "power") else None


def _is_branch_label(part: Any) -> bool:
    if not isinstance(part, str):
        return False
    return part in _MODEL_NAMES or "[" in part or part in ("str", "int", "bool", "function-after", "function-before")


_MODEL_NAMES = frozenset(
    name for name, value in dict(globals()).items() if isinstance(value, type) and issubclass(value, BaseModel)
)
