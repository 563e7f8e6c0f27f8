"""``return_to_hand``, ``to_deck``: field cards off the field into the hand or the deck; ``hand_to_deck``.

Leaving the field resets what the card carried and leaves the cards under it (3.5.1, 3.5.4, 2.3.3); the
cards are those on the field when the step starts (2.3.4); the event being resolved is in no zone (2.8.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.engine import zone_moves
from adjudicator.engine.board import Card
from adjudicator.engine.facts import facts_of
from adjudicator.engine.effects.immunity import IMMUNE, PROHIBITION_FIRST, kept_on_field
from adjudicator.engine.effects.run import handles, StepResult
from adjudicator.engine.effects.selectors import CHOOSE, select, selection_rules
from adjudicator.engine.words import cards_words, count_change
from adjudicator.engine.rules import rule
from adjudicator.engine.trace import Considered
from adjudicator.format.effects import CardRef, HandToDeckSpec, Step, ToDeckSpec

if TYPE_CHECKING:
    from adjudicator.engine.effects.run import EffectRun

TO_HAND_OR_DECK = rule("to_hand_or_deck", ("3.5.1", "3.5.4", "2.3.3"), "手札・山札へ移動するのは「場を離れる」: 制限と履歴はリセットされ、下のカードは残る")
EVENT_NOT_IN_HAND = rule("event_not_in_hand", ("2.8.1", "2.8.2"), "処理中の事変はどのゾーンにも属さず、手札の枚数や移動の対象にならない")
HAND_TO_DECK = rule("hand_to_deck", "2.7.1", "手札のカードを山札に置く")
BATCH_FIXED = rule("batch_fixed", "2.3.4", "複数枚をまとめて選ぶ効果は、処理を開始した時点で場にあったカードから選ぶ")


@handles("return_to_hand")
def return_to_hand_step(run: "EffectRun", step: Step) -> StepResult:
    """「手札に戻す」: field cards to their owners' hands, leaving the field (3.5.1)."""
    return _leave(run, step.argument, "hand", "手札に戻す")


def covering_cards(board, movers: list) -> set[int]:
    """The uids of the cards about to leave that have cards under them (taken before they move)."""
    return {card.uid for card in movers if (found := board.players[card.owner].stack_of(card)) and found[1].under}


def uncovered_notes(board, moved: list, covering: set[int]) -> list[Considered]:
    """The cards that became the top meanwhile were not on the field when the step started: they are not
    added to it (2.3.4)."""
    uncovered = [card for card in moved if card.uid in covering]
    if not uncovered:
        return []
    return [Considered.of(f"{cards_words(board, uncovered)}の下にあったカードが新たに一番上になったが、この処理の対象には加わらない", BATCH_FIXED)]


@handles("to_deck")
def to_deck_step(run: "EffectRun", step: Step) -> StepResult:
    """「山札の上/下に置く」: field cards onto the top or the bottom of their owners' decks, leaving the field (3.5.1)."""
    spec: ToDeckSpec = step.argument
    return _leave(run, spec.target, f"deck_{spec.position}", "山札の上に置く" if spec.position == "top" else "山札の下に置く")


def _leave(run: "EffectRun", ref: CardRef, destination: str, verb: str) -> StepResult:
    """Field cards off the field together; protections and immunity keep theirs there (10.2.1, 9.1.1)."""
    board, game = run.board, run.game
    selection = select(run, ref)
    kept = {card.uid: why for card in selection.cards if (why := kept_on_field(game, card))}
    movers = [card for card in selection.cards if card.uid not in kept]
    before_facts = [(card, facts_of(board, card)) for card in movers]
    words = cards_words(board, selection.cards)
    counts = {pid: (len(p.hand), len(p.deck)) for pid, p in board.players.items()}
    covering = covering_cards(board, movers)
    moved = zone_moves.leave_field(game, movers, destination, cause="effect")
    considered = list(selection.considered) + [
        Considered.of(f"{card.label()}は{kept[card.uid]}ため場に残る", IMMUNE, PROHIBITION_FIRST, outcome="refuses") for card in selection.cards if card.uid in kept
    ]
    considered += uncovered_notes(board, moved, covering)
    changes = []
    for pid, (hand, deck) in counts.items():
        player = board.players[pid]
        if len(player.hand) != hand:
            changes.append(count_change(run.board, pid, "hand", hand, len(player.hand)))
        if len(player.deck) != deck:
            changes.append(count_change(run.board, pid, "deck", deck, len(player.deck)))
    text = f"{words}を{verb}。" if selection.cards else f"{verb}カードはない（対象のカードは0枚）。"
    game.trace.step(
        f"{run.label}: {text}" + ("場の下のカードは移動せず残る。" if covering else ""),
        TO_HAND_OR_DECK, *((zone_moves.SIMULTANEOUS_MOVE,) if len(movers) > 1 else ()), *selection_rules(selection),
        changes=changes, considered=considered,
    )
    moved_ids = {card.uid for card in moved}
    run.refer_to_moved([(c, f) for c, f in before_facts if c.uid in moved_ids])
    return StepResult(complete=selection.complete and len(moved) == len(selection.cards), happened=bool(moved))


@handles("hand_to_deck")
def hand_to_deck_step(run: "EffectRun", step: Step) -> StepResult:
    """手札をn枚山札の上/下に置く; the event being resolved is not in the hand (2.8.2)."""
    spec: HandToDeckSpec = step.argument
    board, game = run.board, run.game
    player = board.players[run.controller]
    cards = _hand_pick(run, spec.count, spec.chosen)
    hand, deck = len(player.hand), len(player.deck)
    for card in cards:
        player.hand.remove(card)
        if spec.position == "top":
            player.deck.insert(0, card)
        else:
            player.deck.append(card)
    rules = [HAND_TO_DECK] + ([EVENT_NOT_IN_HAND] if run.source.is_event else [])
    where = "上" if spec.position == "top" else "下"
    game.trace.step(
        f"{run.label}: {run.controller}は手札を{len(cards)}枚、山札の{where}に置く。",
        *rules,
        changes=[count_change(run.board, run.controller, "hand", hand, len(player.hand)), count_change(run.board, run.controller, "deck", deck, len(player.deck))],
    )
    return StepResult.counted(len(cards), spec.count)


def _hand_pick(run: "EffectRun", count: int, chosen: list[str] | None) -> list[Card]:
    hand = run.board.players[run.controller].hand
    if chosen is not None:
        picked = [next((c for c in hand if c.info and c.info.id == name), None) for name in chosen]
        if None not in picked and len({id(c) for c in picked}) == len(picked) == min(count, len(hand)):
            return picked  # type: ignore[return-value]
        run.game.reject_choice(f"手札から選んだカード {chosen} はこの処理で選べない", CHOOSE, HAND_TO_DECK)
    if len(hand) <= count or all(not c.known for c in hand):
        return hand[len(hand) - min(count, len(hand)):]  # nothing to choose between
    run.game.need_decision(
        run.controller, f"{run.label}: 手札のどのカードを{count}枚山札に置くか",
        [c.info.id or c.label() if c.info else c.label() for c in hand], CHOOSE, HAND_TO_DECK, chooser_named=False,
    )
    return []
