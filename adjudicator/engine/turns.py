"""Turn flow: the phase order (5.2.1), moving to a later phase, and the end of a turn.

Owned by the turns layer; this first version moves through phases and turns without phase triggers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from adjudicator.engine.board import opponent_of
from adjudicator.engine.rules import rule
from adjudicator.engine.scenario import PHASES

if TYPE_CHECKING:
    from adjudicator.engine.game import Game

PHASE_ORDER = rule("phase_order", "5.2.1", "各ターンはドロー&リフレッシュ→召喚→効果発動→セット→攻撃の順で進行する")
PHASE_NAMES = {
    "draw": "ドロー&リフレッシュフェーズ", "summon": "召喚フェーズ", "effect": "効果発動フェーズ",
    "set": "セットフェーズ", "attack": "攻撃フェーズ",
}


def advance_to(game: "Game", phase: str) -> None:
    """Move forward to ``phase`` (an action of a later phase passes through the ones between, 5.2.1)."""
    from adjudicator.engine.game import Illegal

    board = game.board
    current, target = PHASES.index(board.phase), PHASES.index(phase)
    if target < current:
        raise Illegal(f"{PHASE_NAMES[board.phase]}から{PHASE_NAMES[phase]}には戻れない", PHASE_ORDER)
    while PHASES.index(board.phase) < target:
        board.phase = PHASES[PHASES.index(board.phase) + 1]
        game.trace.step(f"{PHASE_NAMES[board.phase]}に進む。", PHASE_ORDER)


def perform_next_phase(game: "Game", index: int, argument: Any) -> None:
    from adjudicator.engine.game import Illegal

    position = PHASES.index(game.board.phase)
    if position == len(PHASES) - 1:
        raise Illegal("攻撃フェーズの次のフェーズはない（ターンを終えるには end_turn）", PHASE_ORDER)
    advance_to(game, PHASES[position + 1])


def perform_end_turn(game: "Game", index: int, argument: Any) -> None:
    board = game.board
    ending = board.turn_player
    board.turn_player = opponent_of(ending)
    if ending != board.first_player:  # both players have had this round; the first player starts the next
        board.round += 1
    board.turn_index += 1
    board.phase = "draw"
    game.trace.step(f"{ending}のターンが終わり、{board.turn_player}のターンのドロー&リフレッシュフェーズになる。", PHASE_ORDER)
