"""Effect names used this turn: 「この効果は他のカードも含めて1ターンに1度しか発動できない」 (6.11.6) and
「このターン、自分が｛〇〇｝を発動していたなら」 (6.11.8). Both ask about the name, which a copy carries
(6.11.1), so an activation through a copy counts as one of that name."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.format.effects import Effect
from adjudicator.engine.rules import rule
from adjudicator.vocabulary import PlayerId

if TYPE_CHECKING:
    from adjudicator.engine.game import Game

COPY_RESTRICTED = rule("copy_restricted", "6.11.5", "効果制限はコピーにも及び、その条件を満たさなければコピーして発動できない")
EFFECT_RESTRICTION = rule(
    "effect_restriction", ("13.3", "6.2.1"), "効果制限カードの指定による発動の制限は発動条件であり、その条件を満たさなければ発動できない"
)
COPY_NAME_LIMIT = rule("copy_name_limit", "6.11.6", "効果名に紐づく発動制限はコピーにも及ぶ")
COPY_NAME_COUNTS = rule("copy_name_counts", "6.11.8", "効果名を参照して発動した事実を問う条件は、コピー経由の発動でも満たされる")


def record_activation(game: "Game", player: PlayerId, effect: Effect) -> None:
    """An effect name was activated by ``player`` this turn (a copy too, 6.11.8)."""
    board = game.board
    board.activated = board.activated + ((player, effect.name, board.turn_index),)


def activated_this_turn(game: "Game", player: PlayerId, name: str) -> bool:
    return (player, name, game.board.turn_index) in game.board.activated


def name_limit_problem(game: "Game", player: PlayerId, effect: Effect) -> str | None:
    """「この効果は他のカードも含めて1ターンに1度しか発動できない」 already used this turn (6.11.6)."""
    if effect.once_per_turn_by_name and activated_this_turn(game, player, effect.name):
        return f"｛{effect.name}｝はこのターン既に発動している（他のカードも含めて1ターンに1度）"
    return None
