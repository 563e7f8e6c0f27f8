"""Which cards a step works on: 「全て」 (8.3), 「選ぶ」 (8.4), 「これ」/「それ」 (7.2.3), or a named card.

A selection says how many cards the text asks for (``wanted``) next to the cards found, so the step can
tell whether it was done completely (6.1.3, 6.7.1): 「全て」 over zero cards is complete (8.3.2); 「1枚選ぶ」
with no candidate is not. A player's pick (``chosen``) is checked against the candidates (8.4.1); where a
real choice exists and none was given, resolution stops for a decision — the engine never picks.
Hidden zones (hand, deck, graveyard) need not be searched fully unless the text asks for any card at all
(6.6.1, 6.6.2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable

from adjudicator import vocabulary
from adjudicator.format.effects import CardRef, Selector
from adjudicator.format.matching import uses
from adjudicator.engine.board import Card
from adjudicator.engine.facts import (
    BARE_FIELD_CARD,
    FACE_DOWN_NOT_COUNTED,
    asks_information,
    describe_where,
    facts_of,
    matches,
    matching_note,
    matching_rules,
)
from adjudicator.engine.effects.immunity import IMMUNE_ONLY_IN_PLAY, IMMUNE_STILL_READ, immune
from adjudicator.engine.effects.slots import MAXIMUM_ASSIGNMENT, assign_slots
from adjudicator.engine.rules import Rule, rule
from adjudicator.engine.stats import EFFECTIVE_RANK
from adjudicator.engine.trace import Considered

if TYPE_CHECKING:
    from adjudicator.engine.effects.run import EffectRun

ALL_ZERO_COMPLETE = rule("all_zero_complete", ("8.3.1", "8.3.2"), "「全て」は解決時点で一致するカードを全て含み、0枚でも完全に解決する")
CHOOSE = rule("choose", "8.4.1", "「選ぶ」は条件を満たす候補から指定枚数をプレイヤーが能動的に指定する")
MAXIMUM = rule("maximum", "6.5.1", "任意性の文言がない限り、処理可能な最大数まで必ず処理する")
UP_TO = rule("up_to", "6.5.4", "「まで」は下限の指定がなければ0を選べる")
UP_TO_IS_FULL = rule(
    "up_to_is_full", ("6.5.4", "6.4.5", "6.1.3", "6.7.1"),
    "「n枚まで選び」で0〜n枚のどれを選んでも完全な選択: その処理は完全に解決し、続く「その後」は行われる",
)
THIS_AND_IT = rule("this_and_it", ("7.2.3", "3.5.3"), "「これ」「それ」は特定の1枚を指し、場を離れたカードはもう指さない")
UNSELECTABLE = rule("unselectable", "9.2.1", "「選ばれない」カードは選択の対象にできない")
HIDDEN_ZONE = rule(
    "hidden_zone", ("6.6.1", "6.6.3"), "非公開領域の対象は、相手に見せていなければ「ない」ものとして処理できる"
)
HIDDEN_ZONE_ANY_CARD = rule("hidden_zone_any_card", "6.6.2", "条件のない対象は非公開領域でも処理が強制される")
FIELD_TOP_ONLY = rule("field_top_only", ("2.3.2", "2.3.4"), "まとめて選ぶ効果は、処理を開始した時点で場（一番上）にあったカードから選ぶ")
SIMULTANEOUS = rule("simultaneous", "10.1.1", "「互いに」「全て」等の処理は同時に行う")
STATE_WITHOUT_FACE = rule("state_without_face", "8.2.7", "レスト/アクティブはオモテ/ウラと独立した軸で、ウラのカードでも判定できる")


@dataclass
class Selection:
    cards: list[Card]
    wanted: int
    mode: str                                  # all | choose | this | it | named
    considered: list[Considered] = field(default_factory=list)
    applied: tuple = ()                        # rules the selection itself applied (10.1.1, 2.2.3)

    up_to: bool = False                        # 「まで」: any count from 0 to ``wanted`` is the whole choice (6.5.4)

    @property
    def complete(self) -> bool:
        return self.mode == "all" or self.up_to or len(self.cards) >= self.wanted


def selection_rules(selection: Selection) -> tuple[Rule, ...]:
    """What a step cites for how it selected: 「全て」 (8.3), 「選ぶ」 (8.4), and what the selection itself applied."""
    return {"all": (ALL_ZERO_COMPLETE,), "choose": (CHOOSE,)}.get(selection.mode, ()) + selection.applied


Exclusion = Callable[[Card], "tuple[str, object] | None"]


def select(run: "EffectRun", ref: CardRef, exclude: Exclusion | None = None) -> Selection:
    """The cards ``ref`` names now (8.2.1: the board at the moment this step is processed).

    ``exclude`` gives, for a field card the step cannot work on, why and the rule (e.g. a card summoned
    without set this turn is no 「好きなカードの上に」 target, 6.9.4): such a card is no candidate to choose.
    """
    if isinstance(ref, str):
        return _named(run, ref)
    if ref.this:
        return _this(run, ref)
    if ref.it:
        return _it(run, ref)
    if ref.trigger:
        return _trigger(run, ref)
    if ref.slots is not None:
        return _slots(run, ref)
    if ref.zone != "field":
        return _hidden(run, ref)
    candidates, considered = field_candidates(run, ref)
    if exclude is not None:
        candidates = _without_excluded(candidates, considered, exclude)
    if ref.most is not None:
        candidates = _most(run, ref, candidates, considered)
    selection = Selection(candidates, len(candidates), "all", considered) if ref.all else _choose(run, ref, candidates, considered)
    selection.applied = _applied_rules(run, ref, selection)
    return selection


def _applied_rules(run: "EffectRun", ref: Selector, selection: Selection) -> tuple:
    """「全て」「互いに」 work on their cards at once (10.1.1); a rank condition reads the effective rank (2.2.3)."""
    rules = []
    if ref.all and (ref.player == "each" or len(selection.cards) > 1):
        rules.append(SIMULTANEOUS)
    if uses(ref.where, "rank", "rank_at_least", "rank_at_most") or (ref.most and ref.most.rank):
        rules.append(EFFECTIVE_RANK)
    if ref.most is not None:
        rules.append(SUPERLATIVE)
    if selection.up_to and len(selection.cards) < selection.wanted:
        rules.append(UP_TO_IS_FULL)
    return tuple(rules)


SUPERLATIVE = rule("superlative", "7.3.11", "「最もパワーが高いカード」等の最上級に該当するカードが複数あれば、その全てが該当し、1枚に絞り込まない")


def _most(run: "EffectRun", ref: Selector, candidates: list[Card], considered: list[Considered]) -> list[Card]:
    """The candidates with the extreme power or rank now (8.2.1), every tied one (7.3.11). A face-down card has
    no power or rank to compare (3.1.3), so it is never the highest nor the lowest."""
    stat = "power" if ref.most.power else "rank"
    extreme = max if (ref.most.power or ref.most.rank) == "highest" else min
    values = {card.uid: getattr(facts_of(run.board, card), stat) for card in candidates}
    unknown = [card for card in candidates if values[card.uid] is None]
    if unknown:
        considered.append(Considered.of(f"ウラのカード{len(unknown)}枚はカード情報を持たず、比べる値がない", FACE_DOWN_NOT_COUNTED, outcome="refuses"))
    known = [card for card in candidates if values[card.uid] is not None]
    if not known:
        return []
    best = extreme(values[card.uid] for card in known)
    kept = [card for card in known if values[card.uid] == best]
    words = vocabulary.SUPERLATIVES[(stat, ref.most.power or ref.most.rank)]
    tied = f"{len(kept)}枚が並ぶので、全てが該当する（1枚に絞らない）" if len(kept) > 1 else "1枚だけが該当する"
    considered.append(Considered.of(f"{words}カードは{vocabulary.STAT_WORDS[stat]}{best}の"
                                    f"{'・'.join(card.label() for card in kept)}: {tied}", SUPERLATIVE))
    return kept


def field_candidates(run: "EffectRun", ref: Selector) -> tuple[list[Card], list[Considered]]:
    """Top cards (2.3.2) of the named players' fields that meet ``where``, in slot order."""
    board = run.board
    found: list[Card] = []
    face_down_left_out = 0
    for player in run.players(ref.player):
        for _, stack in board.players[player].field_tops():
            facts = facts_of(board, stack.top)
            if matches(ref.where, facts, run.source.uid):
                found.append(stack.top)
            elif not facts.face_up and asks_information(ref.where):
                face_down_left_out += 1
    considered = []
    note = matching_note(ref.where)
    if note:
        considered.append(Considered.of(note, *matching_rules(ref.where)))
    if face_down_left_out:
        considered.append(Considered.of(f"ウラのカード{face_down_left_out}枚はカード情報を持たず、条件「{describe_where(ref.where)}」を満たさない", FACE_DOWN_NOT_COUNTED, outcome="refuses"))
    elif not asks_information(ref.where) and ref.most is None and any(not facts_of(board, c).face_up for c in found):
        considered.append(Considered.of("カード情報を条件にしないので、ウラのカードも対象に含まれる", BARE_FIELD_CARD))
        if ref.where.state is not None:
            considered.append(Considered.of("レスト/アクティブはウラのカードでも判定できる", STATE_WITHOUT_FACE))
    if any(immune(board, card) for card in found):
        considered.append(Considered.of("「効果を受けない」カードも選ぶこと・数えることはできる（状態変化だけを受けない）", IMMUNE_STILL_READ))
    return found, considered


def _without_excluded(candidates: list[Card], considered: list[Considered], exclude: Exclusion) -> list[Card]:
    kept = []
    for card in candidates:
        reason = exclude(card)
        if reason is None:
            kept.append(card)
        else:
            considered.append(Considered.of(f"{reason[0]}ので、候補に含めない", reason[1], outcome="refuses"))
    return kept


def _choose(run: "EffectRun", ref: Selector, candidates: list[Card], considered: list[Considered]) -> Selection:
    wanted = ref.choose or 1
    selectable = [card for card in candidates if not card.unselectable]
    if len(selectable) < len(candidates):
        considered.append(Considered.of("「選ばれない」カードは選べない", UNSELECTABLE, outcome="refuses"))
    needed = 0 if ref.up_to else min(wanted, len(selectable))
    if ref.chosen is not None:
        picked = _valid_pick(run, ref.chosen, selectable, needed, wanted)
        if picked is not None:
            return Selection(picked, wanted, "choose", considered, up_to=ref.up_to)
    if not ref.up_to and len(selectable) <= wanted:
        # No real choice: every candidate must be taken (6.5.1).
        if len(selectable) < wanted:
            considered.append(Considered.of(f"候補は{len(selectable)}枚なので、{wanted}枚には足りないが、できる限り選ぶ", MAXIMUM))
        return Selection(selectable, wanted, "choose", considered)
    options = [ref_of(run, card) for card in selectable]
    question = f"{run.label}: {describe_where(ref.where)}カードを{wanted}枚{'まで' if ref.up_to else ''}選ぶ"
    run.game.need_decision(run.controller, question, options, CHOOSE, UP_TO if ref.up_to else MAXIMUM, *matching_rules(ref.where),
                           *((SUPERLATIVE,) if ref.most is not None else ()), chooser_named=False)  # a tie to choose from (7.3.11)


def _valid_pick(run: "EffectRun", chosen: list[str], candidates: list[Card], needed: int, wanted: int) -> list[Card] | None:
    """The picked cards if the pick is one the rules allow; otherwise the pick is rejected (8.4.1)."""
    board = run.board
    picked: list[Card] = []
    for name in chosen:
        card = board.find(name)
        if card is None or not any(card is c for c in candidates) or any(card is p for p in picked):
            run.game.reject_choice(f"{name}はこの効果で選べるカードではない", CHOOSE)
            return None
        picked.append(card)
    if len(picked) > wanted:
        run.game.reject_choice(f"{wanted}枚までしか選べないのに{len(picked)}枚を選んだ", CHOOSE)
        return None
    if len(picked) < needed:
        run.game.reject_choice(f"選べるカードがあるのに{needed}枚より少なく選んだ（最大数まで処理する）", CHOOSE, MAXIMUM)
        return None
    return picked


def ref_of(run: "EffectRun", card: Card) -> str:
    """How a scenario names ``card`` in ``chosen``: its slot (``B2``) on the field, else its id."""
    player, zone, slot = run.board.locate(card)
    if zone == "field" and slot is not None:
        return f"{player}{slot}"
    return card.info.id if card.info and card.info.id else card.label()


def _named(run: "EffectRun", ref: str) -> Selection:
    card = run.board.find(ref)
    if card is None or not run.board.on_field(card):
        return Selection([], 1, "named")
    return Selection([card], 1, "named")


def _this(run: "EffectRun", ref: Selector) -> Selection:
    card = run.source
    alive = run.source_is_this(card) and run.board.on_field(card)
    ok = alive and matches(ref.where, facts_of(run.board, card), None)
    considered = [] if alive else [Considered.of("「これ」は一度場を離れたカードをもう指さない", THIS_AND_IT, outcome="refuses")]
    return Selection([card] if ok else [], 1, "this", considered)


def _it(run: "EffectRun", ref: Selector) -> Selection:
    board = run.board
    alive = [r.card for r in run.it if r.card.incarnation == r.incarnation and board.on_field(r.card)]
    cards = [c for c in alive if matches(ref.where, facts_of(board, c), run.source.uid)]
    considered = []
    if len(alive) < len(run.it):
        considered.append(Considered.of("「それ」が場を離れたので、そのカード自体はもう処理できない", THIS_AND_IT, outcome="refuses"))
    return Selection(cards, max(1, len(run.it)), "it", considered)


def _slots(run: "EffectRun", ref: Selector) -> Selection:
    """「Aを1枚とBを1枚」: one card per slot among the field candidates, the largest total (6.5.9)."""
    pool, considered = field_candidates(run, ref.model_copy(update={"slots": None}))
    cards, note = assign_slots(run, ref, pool, CHOOSE, lambda card: ref_of(run, card))
    return Selection(cards, len(ref.slots), "choose", [*considered, note], applied=(MAXIMUM_ASSIGNMENT,))


TRIGGER_CARD = rule("trigger_card", ("7.2.3", "3.5.3"), "「そのカード」は条件を満たしたきっかけのカードそのものを指し、場を離れたらもう指さない")


def _trigger(run: "EffectRun", ref: Selector) -> Selection:
    """「相手のカードが召喚された時、そのカードを…」: the card the event was about, while it is the same card."""
    card = run.cause
    alive = card is not None and card.incarnation == run.cause_incarnation and run.board.on_field(card)
    ok = alive and matches(ref.where, facts_of(run.board, card), run.source.uid)
    considered = [] if alive else [Considered.of("きっかけのカードは場を離れたので、「そのカード」はもう場のカードを指さない", TRIGGER_CARD, outcome="refuses")]
    return Selection([card] if ok else [], 1, "it", considered, applied=(TRIGGER_CARD,))


def _hidden(run: "EffectRun", ref: Selector) -> Selection:
    """A hand, deck or graveyard: unrevealed targets may be treated as absent (6.6.1, 6.6.3) unless the text
    asks for any card at all (6.6.2). The search is recorded as its own trace step."""
    board = run.board
    zone_cards = [card for p in run.players(ref.player) for card in getattr(board.players[p], ref.zone)]
    wanted = ref.choose or (len(zone_cards) if ref.all else 1)
    any_card = not asks_information(ref.where) and ref.where.other is None
    if any_card:
        candidates = zone_cards
    else:
        candidates = [c for c in zone_cards if c.known and matches(ref.where, facts_of(board, c), run.source.uid)]
    rule_used = HIDDEN_ZONE_ANY_CARD if any_card else HIDDEN_ZONE
    selection = _hidden_pick(run, ref, candidates, wanted, any_card, rule_used)
    if ref.zone in ("deck", "graveyard") and not ref.all:
        # Its contents were looked at to choose: the zone is shuffled once the step is over (4.4.1).
        run.looked_into += [(p, ref.zone) for p in run.players(ref.player) if (p, ref.zone) not in run.looked_into]
    zone_word = vocabulary.ZONES[ref.zone]
    found = "、".join(c.label() for c in selection.cards) or "なし"
    how = (
        "条件のない対象なので、非公開領域でも最大数まで処理する" if any_card
        else "非公開領域なので、相手に見せていない対象は「ない」ものとして処理できる。見せた範囲では最大数を選ぶ"
    )
    considered = [
        Considered.of(f"{card.label()}の「効果を受けない」は{zone_word}にある間は働かない", IMMUNE_ONLY_IN_PLAY)
        for card in selection.cards if card.info is not None and card.info.immune
    ]
    run.game.trace.step(
        f"{run.label}: {'・'.join(run.players(ref.player))}の{zone_word}から{describe_where(ref.where)}カードを{wanted}枚探す（{how}）: {found}。",
        rule_used, *(() if any_card else (CHOOSE, *matching_rules(ref.where))), *((UP_TO,) if ref.up_to else ()),
        considered=considered,
    )
    return selection


def _hidden_pick(run: "EffectRun", ref: Selector, candidates: list[Card], wanted: int, any_card: bool, rule_used) -> Selection:
    if ref.all:
        return Selection(candidates, len(candidates), "all")
    needed = min(wanted, len(candidates)) if any_card and not ref.up_to else 0
    if ref.chosen is not None:
        picked = _valid_pick(run, ref.chosen, candidates, needed, wanted)
        if picked is not None:
            return Selection(picked, wanted, "choose")
    distinct = {c.info.id if c.info else None for c in candidates}
    if any_card and not ref.up_to and (len(candidates) <= wanted or distinct == {None}):
        # Nothing to choose between: every candidate is taken, or they are all unknown alike.
        return Selection(candidates[:wanted], wanted, "choose")
    if not candidates:
        return Selection([], wanted, "choose")
    options = [ref_of(run, card) for card in candidates] + ([] if any_card else ["なし"])
    question = f"{run.label}: {describe_where(ref.where)}カードを{wanted}枚{'まで' if ref.up_to else ''}選ぶ"
    run.game.need_decision(run.controller, question, options, CHOOSE, rule_used, *matching_rules(ref.where), chooser_named=False)
