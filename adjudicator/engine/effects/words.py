"""How the trace names things: a card by slot and 〈name〉, a zone count before → after.

A face-down card is named by its slot only: it carries no card information (3.1.2), and the trace does not
reveal what the rules keep hidden.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from adjudicator.engine.board import Board, Card

ZONE_WORDS = {"deck": "山札", "graveyard": "墓地", "hand": "手札", "field": "場", "under": "場の下"}


def card_words(board: "Board", card: "Card") -> str:
    """「A2〈武将〉」 on the field, 「A2のウラのカード」 face-down, 「Aの墓地の〈武将〉」 elsewhere."""
    player, zone, slot = board.locate(card)
    if zone in ("field", "under") and slot is not None:
        stack = board.players[player].field[slot]
        place = f"{player}{slot}" if zone == "field" else f"{player}{slot}の場の下の"
        if stack.face_down and zone == "field":
            return f"{place}のウラのカード"
        return f"{place}{card.label()}"
    if zone == "nowhere":
        return card.label()
    return f"{player}の{ZONE_WORDS[zone]}の{card.label()}"


def cards_words(board: "Board", cards: "list[Card]") -> str:
    return "、".join(card_words(board, card) for card in cards) if cards else "なし"


def count_change(player: str, zone: str, before: int, after: int) -> str:
    """「B.山札 11→10」: what changed, for the step's ``changes``."""
    return f"{player}の{ZONE_WORDS[zone]} {before}→{after}"
