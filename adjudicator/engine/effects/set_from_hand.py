"""``set_from_hand`` (4.5.2, 5.5.2, 7.4.1): an effect's set from the hand, taken as a summon takes its card.

Face-down, shown to the opponent, onto an own face-up card whatever the ranks, keeping the stack's rest
state (3.2.4); the first turn's set ban is not about it (5.5.2).
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
from adjudicator.engine.effects.run import DONE, NOT_DONE, handles, StepResult
from adjudicator.engine.effects.summon import cards_to_place
from adjudicator.engine.words import card_words, count_change
from adjudicator.engine.events import Event
from adjudicator.engine.rules import Rule, rule
from adjudicator.engine.trace import Considered
from adjudicator.format.effects import SetFromHandSpec, Step

if TYPE_CHECKING:
    from adjudicator.engine.effects.run import EffectRun

EFFECT_SET = rule(
    "effect_set", ("4.5.2", "5.2.5"), "効果発動フェーズ中に効果によって行うセットは、セットできるカードであることを相手に見せて行う"
)


@handles("set_from_hand")
def set_from_hand_step(run: "EffectRun", step: Step) -> StepResult:
    """「手札の〇〇を〇〇の上にセットする」: face-down on an own face-up card, ranks as the text says (7.4.1)."""
    spec: SetFromHandSpec = step.argument
    board, game = run.board, run.game
    cards = [c for c in cards_to_place(run, spec.card, 1, "セット")[0] if board.locate(c)[1] == "hand"]
    if not cards:
        return NOT_DONE
    card = cards[0]
    target = single_target(run, spec.onto, exclude=lambda c: _face_down_target(run, c))
    problem = _set_problem(run, target)
    if problem is not None:
        game.trace.step(f"{run.label}: {problem}ので、セットしない。", NOT_ON_FACE_DOWN, EFFECT_SET)
        return NOT_DONE
    forbidden = restrictions.forbidding(game, run.controller, "set", card, by_effect=True)
    if forbidden is not None:
        game.trace.step(f"{run.label}: {forbidden[0]}ため、セットしない（禁止の効果が優先する）。", *forbidden[1], PROHIBITION_FIRST)
        return NOT_DONE
    slot = board.locate(target)[2]
    stack = board.players[run.controller].field[slot]
    hand = len(board.players[run.controller].hand)
    zone_moves.take_from_zone(game, card)
    zone_moves.place_on_field(game, card, run.controller, slot, face_down=True)
    rules = [EFFECT_SET, ONTO_IGNORES_RANK, NOT_LEAVING]
    if board.is_first_turn(run.controller):
        rules.append(restrictions.EFFECT_SET_IN_FIRST_TURN)
    if stack.rested:
        rules.append(ON_REST_STAYS_REST)
    considered = covered_note(target)
    if target.immune:
        considered.append(Considered.of(f"{target.label()}は効果を受けないが、上にカードが置かれることは防がない", IMMUNE_CAN_BE_COVERED))
    game.trace.step(
        f"{run.label}: 手札の{card.label()}を相手に見せてから、{run.controller}{slot}の{target.label()}の上にウラ向きでセットする"
        f"（{'レスト' if stack.rested else 'アクティブ'}のまま）。",
        *rules,
        changes=[count_change(run.board, run.controller, "hand", hand, len(board.players[run.controller].hand)), stack_words(run, slot)],
        considered=considered,
    )
    run.refer_to([card])
    game.happened(Event("set", card, card.owner, cause="effect"))
    return DONE


def _face_down_target(run: "EffectRun", target: Card) -> tuple[str, Rule] | None:
    """A face-down card takes no card on top (3.1.5), so it is no candidate for 「〇〇の上に」."""
    player, _, slot = run.board.locate(target)
    if slot is not None and run.board.players[player].field[slot].face_down:
        return f"{card_words(run.board, target)}はウラのカードなので、その上には置けない", NOT_ON_FACE_DOWN
    return None


def _set_problem(run: "EffectRun", target: Card | None) -> str | None:
    board = run.board
    if target is None:
        return "セットする先のカードが場にない"
    player, zone, slot = board.locate(target)
    if zone != "field" or player != run.controller:
        return f"{card_words(board, target)}は自分の場のカードではない"
    if board.players[player].field[slot].face_down:
        return f"{card_words(board, target)}はウラのカードなので、その上にはセットできない"
    return None
