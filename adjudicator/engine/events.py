"""Game events: what happened (or is about to), for 「〜た時」 triggers and 「〜する時」 interrupts.

Like XMage's paired events, each kind exists as a "would" (``timing="before"``, 10.1.7) and a "did"
(``timing="after"``, 10.1.9) occurrence. Events carry a snapshot of the card's last face-up information
so that 「それが〇〇なら」 can be judged after the card has gone (10.1.10-3).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from adjudicator.vocabulary import Cause, EventKind, PlayerId, Timing

if TYPE_CHECKING:
    from adjudicator.engine.board import Card


@dataclass(frozen=True)
class Event:
    kind: EventKind               # attacks, sent_to_graveyard, leaves_field, … (a trigger's ``event``)
    card: "Card | None"           # the card it happened to (None for player-level events)
    player: PlayerId              # the player whose card or zone it is
    timing: Timing = "after"      # "before" (「〜する時」) or "after" (「〜た時」)
    cause: Cause = "rule"         # "rule", "battle", "effect", "attack"
    was_face_up: bool = True      # the card was face-up on the field just before (10.1.11)
    detail: dict = field(default_factory=dict, compare=False, hash=False)
