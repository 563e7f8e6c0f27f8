"""Counts an effect takes from the board: 「〇〇1枚につき」 and 「〇〇と同じ枚数」.

The count is read when the step is processed (8.2.1). On the field it counts top cards only (2.3.2), and
face-down cards only when no card information is asked (3.1.10, 3.1.7); 「1枚につき」 counts card by card
(7.3.2). Hand, deck and graveyard counts are public (4.1.1); their contents are read only where the
scenario lists them: a condition on the cards of a zone that holds cards the scenario does not describe is
unknown, not zero, and the trace goes no further.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator import vocabulary
from adjudicator.format.effects import BoardCount
from adjudicator.engine.facts import BARE_FIELD_CARD, FACE_DOWN_NOT_COUNTED, asks_information, describe_where, facts_of, matches
from adjudicator.engine.rules import FIELD_TOP, Rule, rule

if TYPE_CHECKING:
    from adjudicator.engine.effects.run import EffectRun

PER_CARD = rule("per_card", ("7.3.2", "8.2.1"), "「1枚につき」は個別に数え、数はその処理の時点の場で決まる")
ZONE_COUNT_PUBLIC = rule("zone_count_public", "4.1.1", "山札・手札・墓地の枚数は常に公開情報")


def count_on_board(run: "EffectRun", spec: BoardCount) -> tuple[int, str, tuple[Rule, ...]]:
    """How many cards ``spec`` counts now, its words for the trace, and the rules it rests on."""
    board = run.board
    players = run.players(spec.player)
    words = f"{'・'.join(players)}の{vocabulary.ZONES[spec.zone]}の{describe_where(spec.where)}カード"
    if spec.zone == "field":
        tops = [stack.top for p in players for _, stack in board.players[p].field_tops()]
        counted = [card for card in tops if matches(spec.where, facts_of(board, card), run.source.uid)]
        extra = FACE_DOWN_NOT_COUNTED if asks_information(spec.where) else BARE_FIELD_CARD
        return len(counted), f"{words}（{len(counted)}枚）", (PER_CARD, FIELD_TOP, extra)
    cards = [card for p in players for card in getattr(board.players[p], spec.zone)]
    if not asks_information(spec.where):
        return len(cards), f"{words}（{len(cards)}枚）", (PER_CARD, ZONE_COUNT_PUBLIC)
    if any(not card.known for card in cards):
        run.game.rulebook_gap(
            f"{run.label}: {words}の枚数を数えるが、その{vocabulary.ZONES[spec.zone]}にはシナリオが内容を書いていないカードがあり、"
            "枚数は分からない（0枚ではない）。ここから先は裁定できない",
            PER_CARD, ZONE_COUNT_PUBLIC,
        )
    counted = [card for card in cards if matches(spec.where, facts_of(board, card), run.source.uid)]
    return len(counted), f"{words}（{len(counted)}枚）", (PER_CARD, ZONE_COUNT_PUBLIC)
