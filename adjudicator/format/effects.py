"""The effect language of the format: selectors and their ``where``, steps and their specs, conditions,
sentences, what triggers an effect (``when``) and the effect itself (chapters 6–8 of the rulebook)."""

from __future__ import annotations

from typing import Any, Literal, Union

from pydantic import Field, field_validator, model_validator

from adjudicator.format.base import (
    MAX_CONDITION_UNITS, MAX_NAME, MAX_POWER, MAX_REPEAT, MAX_SENTENCES, MAX_STEPS, MAX_TEXT, MAX_ZONE_COUNT,
    Act, Face, StackState, Strict, Timed, Whose,
)
from adjudicator.format.errors import problem
from adjudicator.format.wording import read_where_wording
from adjudicator.vocabulary import EventKind, Phase, Timing


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
            raise problem("words_count", rule="7.3.2", min=1, max=MAX_CONDITION_UNITS)
        for item in items:
            if not 0 < len(item.strip("〈〉【】｛｝ 　")) <= MAX_NAME:
                raise problem("word_length", min=1, max=MAX_NAME)
        return value


class Superlative(Strict):
    """「最もパワーが高い」「最もランクが低い」: of the cards that meet the rest, those with the highest (or lowest)
    value — every tied card, never narrowed to one (7.3.11). Exactly one of ``power`` and ``rank``."""

    power: Literal["highest", "lowest"] | None = None
    rank: Literal["highest", "lowest"] | None = None

    @model_validator(mode="after")
    def _one_value(self) -> "Superlative":
        if (self.power is None) == (self.rank is None):
            raise problem("superlative_one_value", rule="7.3.11")
        return self


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
    # 「最もパワーが高いカード」: only the field cards with the extreme value, all of them when tied (7.3.11).
    most: Superlative | None = None

    @model_validator(mode="after")
    def _one_mode(self) -> "Selector":
        modes = [self.all, self.choose is not None, self.this, self.it, self.slots is not None, self.trigger]
        if sum(bool(m) for m in modes) > 1:
            raise problem("selector_one_mode")
        if self.most is not None and (self.zone != "field" or self.this or self.it or self.slots or self.trigger):
            raise problem("superlative_on_field", rule="7.3.11")
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
            raise problem("draw_one_kind")
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
            raise problem("add_or_set")
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
            raise problem("onto_or_empty_slot")
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
            raise problem("restrict_one_subject")
        if self.limit is not None and self.cannot not in ("summon", "event"):
            raise problem("limit_counts_summons_or_events", rule="10.3.2")
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
            raise problem("count_over_options", count=self.count, options=len(self.options))
        if self.or_ and self.count != 1:
            raise problem("or_chooses_one", rule="10.1.6")
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
            raise problem("top_one_deck")
        if len(set(self.zones)) != len(self.zones):
            raise problem("zone_twice")
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
                raise problem("unknown_step", step=str(unknown[0]), choices=list(STEP_KINDS))
            if len(kinds) != 1:
                raise problem("step_one_kind")
            if ("do" in data) != (kinds[0] == "repeat"):
                raise problem("do_with_repeat")
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
            raise problem("draw_count_range", min=0, max=60)
        return value

    @field_validator("discard")
    @classmethod
    def _discard_count(cls, value: Any) -> Any:
        if isinstance(value, int) and not 0 <= value <= 60:
            raise problem("discard_count_range", min=0, max=60)
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
            raise problem("condition_one_kind", choices=[k.rstrip("_") for k in CONDITION_KINDS])
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


class When(Strict):
    """What triggers an effect: a game event (「〜た時」/「〜する時」) or a phase boundary (6.4.6)."""

    event: EventKind | None = None
    card: Literal["self", "own", "opponent", "any"] = "self"
    timing: Timing = "after"
    phase_start: Phase | None = None
    phase_end: Phase | None = None
    turn: Literal["own", "any", "opponent"] = "own"

    @model_validator(mode="after")
    def _one_kind(self) -> "When":
        if sum(x is not None for x in (self.event, self.phase_start, self.phase_end)) != 1:
            raise problem("when_one_kind")
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


EffectOption.model_rebuild()
Step.model_rebuild()
