"""Continuous 「常」 effects, re-judged on every read of the board (6.4.5, 8.2.2).

Owned by the turns-and-continuous layer; this first version applies none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from adjudicator.engine.board import Board, Card, PowerMod


def power_mods_for(board: "Board", card: "Card") -> "list[PowerMod]":
    return []


def rank_mods_for(board: "Board", card: "Card") -> "list[PowerMod]":
    return []


def roles_for(board: "Board", card: "Card") -> set[str]:
    return set()
