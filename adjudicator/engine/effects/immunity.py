"""「効果を受けない」 (9.1) and the protections that beat an action (10.2.1).

Immunity stops changes to the card itself — rest/active, face, zone, power (9.1.1) — and nothing else: the
card can still be looked at, counted and chosen (9.1.2, 9.2.1), effects on players reach it (9.1.3), it does
nothing in a deck or graveyard (9.1.4), and another card may still move on top of it (9.1.5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.engine.durations import in_force
from adjudicator.engine.zone_moves import may_leave
from adjudicator.engine.rules import rule
from adjudicator.engine import continuous

if TYPE_CHECKING:
    from adjudicator.engine.board import Board, Card
    from adjudicator.engine.game import Game

IMMUNE = rule("immune", "9.1.1", "「効果を受けない」カードは、自身の状態変化（位置・向き・数値等）を効果で受けない")
IMMUNE_STILL_READ = rule("immune_still_read", ("9.1.2", "9.2.1"), "「効果を受けない」は参照や選択を防がない")
IMMUNE_NOT_PLAYERS = rule("immune_not_players", ("9.1.3", "8.1.2"), "プレイヤーを対象にする効果は「効果を受けない」で防がれない")
IMMUNE_ONLY_IN_PLAY = rule("immune_only_in_play", "9.1.4", "山札・墓地にある間は「効果を受けない」は働かない")
IMMUNE_CAN_BE_COVERED = rule("immune_can_be_covered", "9.1.5", "他のカードがその上に移動してくることは防がない")
PROHIBITION_FIRST = rule("prohibition_first", "10.2.1", "「Aする」効果よりも「Aできない」「Aされない」効果を優先する")


def immune(board: "Board", card: "Card") -> bool:
    """Whether ``card`` is unaffected by effects now: only on the field (9.1.4)."""
    if board.locate(card)[1] not in ("field", "under"):
        return False
    return card.immune or any(p.what == "effects" for p in in_force(card.protections)) or "effects" in continuous.protections_for(board, card)


def kept_on_field(game: "Game", card: "Card") -> str | None:
    """Why an effect cannot make ``card`` leave the field, or None (9.1.1, 10.2.1)."""
    if immune(game.board, card):
        return "効果を受けない"
    allowed, reason = may_leave(game, card, "effect")
    return None if allowed else reason
