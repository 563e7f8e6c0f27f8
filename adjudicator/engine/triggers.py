"""Triggered effects: 「〜する時」 interrupts (10.1.7) and 「〜た時」 triggers (10.1.9).

Owned by the effects layer; this first version knows the bound on trigger chains and no card reacts yet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.engine.events import Event
from adjudicator.engine.rules import rule

if TYPE_CHECKING:
    from adjudicator.engine.game import Game

TRIGGER_LOOP = rule(
    "trigger_loop", ("10.1.9", "10.1.2"), "「〜た時」の連鎖が終わらない: 処理回数の上限でループと判定して停止する"
)


def interrupt(game: "Game", event: Event) -> None:
    """Run the 「〜する時」 effects waiting for ``event`` before it happens."""


def queue(game: "Game", event: Event) -> None:
    """Remember ``event`` until the current step ends."""


def drain(game: "Game") -> None:
    """Run the 「〜た時」 effects the finished step caused."""
