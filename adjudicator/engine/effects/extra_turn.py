"""``extra_turn``: 「再び自分のターンになる」, one more turn after this one (5.8.1), never two from one turn
(5.8.3), and a new one from an extra turn (5.8.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.engine.effects.run import DONE, handles, StepResult
from adjudicator.engine.rules import rule
from adjudicator.format.effects import Step

if TYPE_CHECKING:
    from adjudicator.engine.effects.run import EffectRun

EXTRA_TURN_GRANTED = rule("extra_turn_granted", "5.8.1", "「再び自分のターンになる」: このターンの後に追加のターンが続く")
EXTRA_TURN_NOT_STACKED = rule("extra_turn_not_stacked", "5.8.3", "同一ターン中に何度解決しても、追加のターンは累積せず1回だけ")
EXTRA_TURN_CHAINS = rule("extra_turn_chains", "5.8.4", "追加のターン中に解決すれば、そのターンの後にさらに新たな追加のターンが続く")
EXTRA_TURN_WHOSE = rule("extra_turn_whose", "5.8.1", "「再び自分のターンになる」は自分のターン中に解決される効果を前提とする")


@handles("extra_turn")
def extra_turn_step(run: "EffectRun", step: Step) -> StepResult:
    """「再び自分のターンになる」: one more turn after this one (5.8.1); never two from one turn (5.8.3)."""
    board, game = run.board, run.game
    if run.controller != board.turn_player:
        game.rulebook_gap(
            f"{run.label}: 相手のターン中に「再び自分のターンになる」が解決された場合の扱いは本書に定めがない", EXTRA_TURN_WHOSE
        )
    player = board.players[run.controller]
    in_extra_turn = board.done_in_turn.get("extra_turn") == board.turn_index
    if player.extra_turn:
        game.trace.step(
            f"{run.label}: このターン既に追加のターンを得ている。追加のターンは累積せず、このターンの後に1回だけ続く。",
            EXTRA_TURN_NOT_STACKED,
        )
        return DONE
    player.extra_turn = True
    board.extra_turn_granted_in = board.turn_index
    rules = [EXTRA_TURN_GRANTED] + ([EXTRA_TURN_CHAINS] if in_extra_turn else [])
    chained = "追加のターン中に解決したので、" if in_extra_turn else ""
    game.trace.step(f"{run.label}: {chained}このターンの後に{run.controller}の追加のターンが続く。", *rules, changes=[f"{run.controller}: 追加のターン 0 → 1"])
    return DONE
