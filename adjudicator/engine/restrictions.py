"""Restrictions 「〜できない」: judged at each attempt against the board of that moment (8.2.4, 8.2.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.engine.board import Card
from adjudicator.engine.rules import Rule, rule

if TYPE_CHECKING:
    from adjudicator.engine.game import Game

ACT_NAMES = {
    "attack": "攻撃", "block": "ブロック", "summon": "召喚", "set": "セット",
    "activate": "効果の発動", "draw": "ドロー", "event": "事変の発動",
}

PLAYER_RESTRICTION = rule(
    "player_restriction", ("8.2.4", "5.3.1"), "プレイヤーを主語とする継続的な制限は、行為を宣言するたびに判定する"
)
CARD_RESTRICTION = rule(
    "card_restriction", ("8.2.5", "5.3.1"), "カードを主語とする継続的な行動制限も、その都度の場の状態で判定する"
)


def forbidding(game: "Game", player_id: str, act: str, card: Card | None = None) -> tuple[str, Rule] | None:
    """The restriction that forbids ``player_id`` (or ``card``) doing ``act`` now, if any."""
    player = game.board.players[player_id]
    if any(r.what == act for r in player.restrictions):
        return f"{player_id}は{ACT_NAMES.get(act, act)}できない効果を受けている", PLAYER_RESTRICTION
    if card is not None and any(r.what == act for r in card.restrictions):
        return f"{card.label()}は{ACT_NAMES.get(act, act)}できない効果を受けている", CARD_RESTRICTION
    return None
