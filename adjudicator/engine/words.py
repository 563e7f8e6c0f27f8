"""How effect steps name things in the trace, in the same words as the rest of the engine (naming.py):
a card by slot and 〈name〉 (「A2〈武将〉」, a face-down card by its slot only, 3.1.2), a count before → after.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.engine.naming import card_label, count_words
from adjudicator.vocabulary import CountedZone, PlayerId

if TYPE_CHECKING:
    from adjudicator.engine.board import Board, Card


def card_words(board: "Board", card: "Card") -> str:
    """「A2〈武将〉」 on the field, 「A1（ウラのカード）」 face-down, 「〈武将〉」 elsewhere."""
    return card_label(board, card)


def cards_words(board: "Board", cards: "list[Card]") -> str:
    return "、".join(card_words(board, card) for card in cards) if cards else "なし"


def count_change(board: "Board", player: PlayerId, zone: CountedZone, before: int, after: int) -> str:
    """「Bの山札: 11 → 10」: what changed, for the step's ``changes`` (「不明（−1枚）」 for an unknown count)."""
    return count_words(board, player, zone, before, after)
