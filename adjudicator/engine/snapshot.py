"""The board as plain JSON: the ``final`` (and ``initial``) part of the trace output."""

from __future__ import annotations

from typing import Any

from adjudicator.engine.board import Board, Card, CountUnknown
from adjudicator.engine.stats import power_of, rank_of


def board_json(board: Board) -> dict[str, Any]:
    """Counts per zone and the occupied field slots, as the spec's "Trace output" describes."""
    out: dict[str, Any] = {}
    for pid, player in board.players.items():
        out[pid] = {
            "deck": _count(player, "deck"),
            "graveyard": _count(player, "graveyard"),
            "hand": _count(player, "hand"),
            "field": {
                str(slot): {
                    "face": "down" if stack.face_down else "up",
                    "state": "rest" if stack.rested else "active",
                    "power": _unless_unknown(power_of, board, stack.top),
                    "rank": _unless_unknown(rank_of, board, stack.top),
                    "cards": len(stack.cards),
                    "top": stack.top.name,
                    "stack": [_card_json(card) for card in stack.cards],
                }
                for slot, stack in player.field_tops()
            },
            "hand_cards": [_card_json(card) for card in player.hand if card.known],
            "damage_zero": player.damage_zero,
            "events_this_turn": player.events_this_turn,
        }
    out["game"] = {
        "turn_player": board.turn_player,
        "round": board.round,
        "phase": board.phase,
        "winner": board.winner,
    }
    return out


def _count(player, zone: str) -> int | str:
    """A zone's count; ``"unknown"`` for one the scenario left unknown (never read as a number)."""
    return "unknown" if zone in player.unknown_zones else len(getattr(player, zone))


def _unless_unknown(read, board: Board, card: Card):
    """A value a continuous count condition decides: None while that count is unknown."""
    try:
        return read(board, card)
    except CountUnknown:
        return None


def _card_json(card: Card) -> dict[str, Any]:
    info = card.info
    if info is None:
        return {"name": card.name, "known": False}
    return {"name": info.name, "id": info.id, "type": info.type, "rank": info.rank, "level": info.level, "power": info.power}
