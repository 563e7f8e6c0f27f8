"""How the trace names cards and counts in the rulebook's words: 「A2〈織田信長〉」, 「Bの山札: 10 → 7」.

A face-down card on the field carries no card information (3.1.2), so it is named by its slot only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator import vocabulary
from adjudicator.vocabulary import CountedZone, PlayerId

if TYPE_CHECKING:
    from adjudicator.engine.board import Board, Card

ZONE_NAMES = vocabulary.ZONES
COUNTED_ZONES = vocabulary.COUNTED_ZONES


def slot_ref(board: "Board", card: "Card") -> str | None:
    """``A2`` for a card on the field or under it, else None."""
    player, zone, slot = board.locate(card)
    return f"{player}{slot}" if zone in ("field", "under") and slot is not None else None


def card_label(board: "Board", card: "Card") -> str:
    """「A2〈織田信長〉」 on the field, 「A1（ウラのカード）」 face-down, 「〈影法師〉」 elsewhere."""
    player, zone, slot = board.locate(card)
    if zone in ("field", "under") and slot is not None:
        ref = f"{player}{slot}"
        if board.players[player].field[slot].face_down:
            return f"{ref}（ウラのカード）"
        prefix = f"{ref}の場の下の" if zone == "under" else ref
        return f"{prefix}{card.label()}"
    return card.label()


def counts(board: "Board") -> dict[tuple[PlayerId, CountedZone], int]:
    """Every player's deck, graveyard and hand count, to report what an operation changed."""
    return {
        (pid, zone): len(getattr(player, zone))
        for pid, player in board.players.items()
        for zone in COUNTED_ZONES
    }


def count_changes(before: dict[tuple[PlayerId, CountedZone], int], board: "Board") -> list[str]:
    """「Bの山札: 10 → 7」 for every count that differs from ``before``."""
    after = counts(board)
    return [
        count_words(board, pid, zone, before[(pid, zone)], after[(pid, zone)])
        for pid, zone in before
        if before[(pid, zone)] != after[(pid, zone)]
    ]


def count_words(board: "Board", pid: PlayerId, zone: CountedZone, before: int, after: int) -> str:
    """「Bの山札: 10 → 7」; a count the scenario left unknown is said as such, with what changed (4.1.1)."""
    if zone in board.players[pid].unknown_zones:
        return f"{pid}の{ZONE_NAMES[zone]}: 不明（{after - before:+d}枚）".replace("-", "−")
    return f"{pid}の{ZONE_NAMES[zone]}: {before} → {after}"


def state_name(rested: bool) -> str:
    return "レスト" if rested else "アクティブ"


def face_name(face_down: bool) -> str:
    return "ウラ" if face_down else "オモテ"
