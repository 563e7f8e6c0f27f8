"""``summon_without_set`` (6.9): a card from the hand, deck or graveyard onto the field by an effect.

Into empty slots (6.9.3) or onto a named own face-up card whatever the ranks (6.9.2, 7.4.1); never onto a
face-down card (3.1.5) nor onto a card summoned without set this turn (6.9.4); several cards at once are one
simultaneous move whose 「〜た時」 wait until all are placed (10.1.8). 「召喚できない」 and summon limits
cover it too (6.10.3, 6.10.2). 14.2 lets 〈徳川家康〉's ｛三河武士団の結束｝ alone put the cards that find no
empty slot onto own face-up cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.engine import restrictions, zone_moves
from adjudicator.engine.board import Card
from adjudicator.engine.effects.immunity import IMMUNE_CAN_BE_COVERED, PROHIBITION_FIRST
from adjudicator.engine.effects.placing import (
    NOT_LEAVING,
    NOT_ON_FACE_DOWN,
    ON_REST_STAYS_REST,
    ONTO_IGNORES_RANK,
    covered_note,
    single_target,
    stack_words,
)
from adjudicator.engine.effects.run import NOT_DONE, handles, StepResult
from adjudicator.engine.effects.selectors import CHOOSE, ref_of, select
from adjudicator.engine.words import card_words, count_change
from adjudicator.engine.events import Event
from adjudicator.engine.rules import Rule, rule
from adjudicator.engine.trace import Considered
from adjudicator.format.effects import CardRef, Step, SummonWithoutSetSpec
from adjudicator.vocabulary import CountedZone, PlayerId

if TYPE_CHECKING:
    from adjudicator.engine.effects.run import EffectRun

SUMMON_WITHOUT_SET = rule(
    "summon_without_set", ("6.9.1", "6.9.6"), "「セットせずに召喚」は手札等のカードを、効果を発動したタイミングで場にオモテで出す"
)
EMPTY_SLOTS_ONLY = rule(
    "empty_slots_only", "6.9.3", "「下に置いてあるカードなしで」は空いている置き場所にのみ出せ、既存のカードの上には重ねられない"
)
ONE_TURN_LOCK = rule(
    "one_turn_lock", ("6.9.4", "3.4.1", "3.6.3"),
    "セットせずに召喚されたカードの上には、そのターン中さらにセットせずに召喚できない（そのカードに付随し、ウラになっても消えない）",
)
SUMMONED_FOR_MARKS = rule(
    "summoned_for_marks", "6.9.7", "セットせずに召喚されたカードも召喚されたものとして扱い、「召」効果も発動できる"
)
SIMULTANEOUS_SUMMON = rule(
    "simultaneous_summon", "10.1.8", "1つの動作で複数枚を召喚する処理は同時に行い、「〜た時」は全ての召喚を終えてから処理する"
)
IEYASU = rule(
    "ieyasu_overflow", "14.2",
    "〈徳川家康〉の｛三河武士団の結束｝に限り、空いている置き場所から溢れた分は自分の場のオモテのカードの上にセットせずに召喚できる",
)
AS_MANY_AS_POSSIBLE = rule(
    "summon_as_many_as_possible", "6.5.1", "効果は、任意性を示す文言がない限り、処理可能な最大数まで必ず処理する（一部だけを処理する選択はできない）"
)
PERSONS_ONLY = rule("persons_only", ("2.2.1", "6.8.3"), "場に出せるのは人物カードのみ（事変は使い終わったら墓地へ）")
IEYASU_NAME = "三河の天下人\u3000徳川家康"
IEYASU_EFFECT = "三河武士団の結束"


@handles("summon_without_set")
def summon_without_set_step(run: "EffectRun", step: Step) -> StepResult:
    """「セットせずに召喚」: the cards found, within the summon limits, onto empty slots or the named card (6.9)."""
    spec: SummonWithoutSetSpec = step.argument
    cards, found_all = cards_to_place(run, spec.card, spec.count, "召喚")
    if not cards:
        return NOT_DONE
    forbidden = restrictions.forbidding(run.game, run.controller, "summon", by_effect=True)
    if forbidden is not None:
        run.game.trace.step(
            f"{run.label}: {forbidden[0]}ため、セットせずに召喚しない（禁止の効果が優先する）。",
            *forbidden[1], PROHIBITION_FIRST, restrictions.SUMMON_LIMIT,
        )
        return NOT_DONE
    cards, capped = _within_summon_limit(run, cards)
    placements, left_over, considered = (
        _onto_placements(run, spec, cards) if spec.onto is not None else _empty_slot_placements(run, spec, cards)
    )
    if not placements:
        reasons = "、".join(c.text for c in considered) or "置ける場所がない"
        cited = [r for r in (NOT_ON_FACE_DOWN, ONE_TURN_LOCK, EMPTY_SLOTS_ONLY) if any(r.name in c.rules for c in considered)]
        run.game.trace.step(f"{run.label}: {reasons}。セットせずに召喚しない。", *_placement_rules(spec), *cited)
        return NOT_DONE
    _place_summons(run, placements, spec, considered)
    return StepResult(complete=found_all and not left_over and not capped, happened=True)


def _placement_rules(spec: SummonWithoutSetSpec) -> tuple[Rule, ...]:
    return (SUMMON_WITHOUT_SET, ONTO_IGNORES_RANK) if spec.onto is not None else (SUMMON_WITHOUT_SET, EMPTY_SLOTS_ONLY)


def cards_to_place(run: "EffectRun", ref: CardRef, count: int, verb: str) -> tuple[list[Card], bool]:
    """The hand/deck/graveyard cards a summon or set names (an id, or a hidden-zone selector, 6.6), and
    whether all the text asks for were found."""
    board = run.board
    if isinstance(ref, str):
        card = board.find(ref)
        zone = board.locate(card)[1] if card is not None else "nowhere"
        if card is None or zone not in ("hand", "deck", "graveyard") or card.owner != run.controller:
            run.game.trace.step(f"{run.label}: {ref}は{run.controller}の手札・山札・墓地にないので{verb}できない。", SUMMON_WITHOUT_SET)
            return [], False
        cards, complete = [card], True
    else:
        selector = ref if ref.choose is not None or ref.all or ref.zone == "field" else ref.model_copy(update={"choose": count})
        selection = select(run, selector)
        cards, complete = selection.cards, selection.complete
    persons = [card for card in cards if not card.is_event]
    if len(persons) < len(cards):
        run.game.trace.step(f"{run.label}: 事変は場に出せない。", PERSONS_ONLY)
    return persons, complete and len(persons) == len(cards)


def _within_summon_limit(run: "EffectRun", cards: list[Card]) -> tuple[list[Card], bool]:
    """Summon limits are shared with flips and rank-0 summons and count this turn's summons (6.10.2, 10.3.2)."""
    room = restrictions.summons_left(run.game, run.controller)
    if room is None or room >= len(cards):
        return cards, False
    if not _interchangeable(cards) and room > 0:
        run.game.need_decision(
            run.controller,
            f"{run.label}: 召喚数の制限であと{room}枚しか召喚できない。どのカードを召喚するか",
            [_ref(run, c) for c in cards],
            restrictions.SUMMON_LIMIT, restrictions.LIMITS_OVERLAP,
        )
    run.game.trace.step(
        f"{run.label}: 召喚数の制限により、このターンはあと{room}枚しか召喚できない。{len(cards)}枚のうち{room}枚だけを召喚する。",
        restrictions.SUMMON_LIMIT, restrictions.LIMITS_OVERLAP, restrictions.LIMIT_COUNTS_THIS_TURN, restrictions.MUST_DOES_WHAT_IT_CAN,
    )
    return cards[:room], True


def _interchangeable(cards: list[Card]) -> bool:
    """Cards that differ only by their scenario id: which of them is taken is no real choice."""
    faces = {card.info.model_copy(update={"id": None}).model_dump_json() if card.info else "" for card in cards}
    return len(faces) <= 1


def _ref(run: "EffectRun", card: Card) -> str:
    return ref_of(run, card)


Placement = tuple[Card, int, "Card | None"]  # (card, slot, the card it goes onto or None)


def _onto_placements(run: "EffectRun", spec: SummonWithoutSetSpec, cards: list[Card]):
    """「〇〇の上にセットせずに召喚」: one own face-up card, rank order ignored (6.9.2, 7.4.1)."""
    considered: list[Considered] = []
    target = single_target(run, spec.onto, exclude=lambda card: _onto_problem(run, card))
    problem = _onto_problem(run, target) if target is not None else ("置く先のカードが場にない", ONTO_IGNORES_RANK)
    if problem is not None:
        considered.append(Considered.of(problem[0], problem[1], outcome="refuses"))
        return [], cards, considered
    slot = run.board.locate(target)[2]
    if len(cards) > 1:
        # The first card summoned there is itself locked for the rest of the turn (6.9.4).
        considered.append(Considered.of("同じカードの上には2枚目をセットせずに召喚できない", ONE_TURN_LOCK, outcome="refuses"))
    return [(cards[0], slot, target)], cards[1:], considered


def _onto_problem(run: "EffectRun", target: Card) -> tuple[str, Rule] | None:
    """Why nothing can be summoned without set onto ``target`` now, and the rule, or None."""
    board = run.board
    player, zone, slot = board.locate(target)
    if zone != "field" or player != run.controller:
        return f"{card_words(board, target)}は自分の場のカードではない", ONTO_IGNORES_RANK
    if board.players[player].field[slot].face_down:
        return f"{card_words(board, target)}はウラのカードなので、その上には置けない", NOT_ON_FACE_DOWN
    if target.summoned_without_set_turn == board.turn_index:
        return f"{card_words(board, target)}はこのターンにセットせずに召喚されたので、その上にはセットせずに召喚できない", ONE_TURN_LOCK
    return None


def _empty_slot_placements(run: "EffectRun", spec: SummonWithoutSetSpec, cards: list[Card]):
    """「下に置いてあるカードなしで」: empty slots only (6.9.3); 〈徳川家康〉's overflow excepted (14.2)."""
    player = run.board.players[run.controller]
    considered: list[Considered] = []
    slots = spec.slots or player.empty_slots()
    taken = [slot for slot in slots if slot not in player.field][: len(cards)]
    if spec.slots and len(taken) < min(len(spec.slots), len(cards)):
        run.game.reject_choice(f"指定した置き場所 {spec.slots} の一部は空いていない", EMPTY_SLOTS_ONLY)
    placements: list[Placement] = [(card, slot, None) for card, slot in zip(cards, taken)]
    overflow = cards[len(taken):]
    if not overflow:
        return placements, [], considered
    if not _is_ieyasu(run):
        considered.append(Considered.of(
            f"空いている置き場所が足りず、{len(overflow)}枚は出せない（既存のカードの上には重ねられない）。出せる{len(taken)}枚は選んだ順に出す",
            EMPTY_SLOTS_ONLY, AS_MANY_AS_POSSIBLE, outcome="refuses",
        ))
        considered.append(Considered.of("空き枠の溢れを他のカードの上に出せる特例は〈徳川家康〉の｛三河武士団の結束｝だけ", IEYASU, outcome="does not apply"))
        return placements, overflow, considered
    return placements + _ieyasu_overflow(run, spec, overflow), [], considered


def _is_ieyasu(run: "EffectRun") -> bool:
    return run.source.name == IEYASU_NAME and IEYASU_EFFECT in run.effect.name


def _ieyasu_overflow(run: "EffectRun", spec: SummonWithoutSetSpec, overflow: list[Card]) -> list[Placement]:
    """14.2: the cards that find no empty slot go onto own face-up cards the player names."""
    board = run.board
    eligible = [stack.top for _, stack in board.players[run.controller].field_tops() if _onto_problem(run, stack.top) is None]
    chosen = [board.find(ref) for ref in (spec.overflow_onto or [])]
    valid = (
        spec.overflow_onto is not None
        and len(chosen) == len(overflow)
        and all(c is not None and any(c is e for e in eligible) for c in chosen)
        and len({id(c) for c in chosen}) == len(chosen)
    )
    if spec.overflow_onto is not None and not valid:
        run.game.reject_choice(f"溢れた分を置く先 {spec.overflow_onto} は選べない（自分の場のオモテのカードを{len(overflow)}枚）", IEYASU, CHOOSE)
    if not valid:
        if len(eligible) <= len(overflow) and _interchangeable(overflow):
            chosen = eligible  # nothing to choose: every eligible card takes one
        else:
            run.game.need_decision(
                run.controller,
                f"{run.label}: 空いている置き場所から溢れた{len(overflow)}枚を、自分の場のどのオモテのカードの上に出すか（overflow_onto）",
                [_ref(run, c) for c in eligible], IEYASU, CHOOSE,
            )
    return [(card, board.locate(target)[2], target) for card, target in zip(overflow, chosen)]


def _place_summons(run: "EffectRun", placements: list[Placement], spec: SummonWithoutSetSpec, considered: list[Considered]) -> None:
    """Place every card first, then let the 「召喚された時」 triggers wait for the step's end (10.1.8)."""
    board = run.board
    game = run.game
    before = {pid: (len(p.hand), len(p.deck), len(p.graveyard)) for pid, p in board.players.items()}
    words, rules = [], list(_placement_rules(spec)) + [SUMMONED_FOR_MARKS]
    for card, slot, target in placements:
        zone_moves.take_from_zone(game, card)
        stack = board.players[run.controller].field.get(slot)
        rested = stack is not None and stack.rested
        zone_moves.place_on_field(game, card, run.controller, slot, face_down=False)
        card.summoned_turn = board.turn_index
        card.summoned_without_set_turn = board.turn_index
        words.append(_placement_words(run, card, slot, target, rested))
        if rested and ON_REST_STAYS_REST not in rules:
            rules.append(ON_REST_STAYS_REST)
        if target is not None:
            rules += [r for r in (NOT_LEAVING,) if r not in rules]
            if target.immune:
                considered.append(Considered.of(f"{target.label()}は効果を受けないが、上にカードが置かれることは防がない", IMMUNE_CAN_BE_COVERED))
            considered += covered_note(target)
            if spec.onto is None and IEYASU not in rules:
                rules.append(IEYASU)  # an empty-slot summon going onto a card: only 14.2 allows it
    if len(placements) > 1:
        rules.append(SIMULTANEOUS_SUMMON)
    restrictions.count_summons(game, run.controller, len(placements))
    game.trace.step(
        f"{run.label}: {'、'.join(words)}。" + ("全て同時に召喚し、「〜た時」は全ての召喚を終えてから処理する。" if len(placements) > 1 else ""),
        *rules,
        changes=_zone_changes(board, before) + [stack_words(run, slot) for _, slot, _ in placements],
        considered=considered,
    )
    run.refer_to([card for card, _, _ in placements])
    for card, _, _ in placements:
        game.happened(Event("summoned", card, card.owner, cause="effect"))
        game.happened(Event("summoned_without_set", card, card.owner, cause="effect"))


def _placement_words(run: "EffectRun", card: Card, slot: int, target: Card | None, rested: bool) -> str:
    where = f"{run.controller}{slot}の{target.label()}の上" if target is not None else f"空いている{run.controller}{slot}"
    state = "（レストのカードの上なのでレスト）" if rested else ""
    return f"{card.label()}を{where}にセットせずに召喚する{state}"


def _zone_changes(board, before: dict[PlayerId, tuple[int, int, int]]) -> list[str]:
    changes = []
    for pid, (hand, deck, graveyard) in before.items():
        player = board.players[pid]
        zone: CountedZone
        for zone, old in (("hand", hand), ("deck", deck), ("graveyard", graveyard)):
            new = len(getattr(player, zone))
            if new != old:
                changes.append(count_change(board, pid, zone, old, new))
    return changes
