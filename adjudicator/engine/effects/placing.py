"""Putting a card onto the field or onto another card: what a summon, a set and a move by an effect share.

Nothing goes onto a face-down card (3.1.5); 「〇〇の上に」 ignores the rank order (6.9.2, 7.4.1); a card
put on a rested stack is rested too (3.2.4); a card covered is not leaving the field (3.5.2) but stops
applying its 「常」 effects while under (3.6.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.engine.board import Card
from adjudicator.engine.continuous import NOT_WHILE_FACE_DOWN_OR_UNDER, pause_note
from adjudicator.engine.effects.selectors import CHOOSE, select
from adjudicator.engine.rules import rule
from adjudicator.engine.trace import Considered
from adjudicator.format.effects import CardRef

if TYPE_CHECKING:
    from adjudicator.engine.effects.run import EffectRun

ONTO_IGNORES_RANK = rule(
    "onto_ignores_rank", ("6.9.2", "7.4.1"), "「〇〇の上に」は通常のランク順を無視して、指定された自分の場のオモテのカードの上に置ける"
)
NOT_ON_FACE_DOWN = rule("not_on_face_down", "3.1.5", "場のウラのカードの上にはセット・セットせずに召喚・移動のいずれでも置けない")
ON_REST_STAYS_REST = rule("on_rest_stays_rest", "3.2.4", "レスト状態のカードの上にセット・召喚したカードもレスト状態になる")
NOT_LEAVING = rule("not_leaving", "3.5.2", "上に別のカードが置かれる、レストされる、向きが変わるのは「場を離れる」ではない")


def single_target(run: "EffectRun", ref: CardRef, exclude=None) -> Card | None:
    """The one card ``ref`` names; a 「選ぶ」 among field cards leaves out those ``exclude`` rules out."""
    left_out: list[tuple[Card, tuple]] = []

    def excluded(card: Card):
        reason = exclude(card)
        if reason is not None:
            left_out.append((card, reason))
        return reason

    selection = select(run, ref, excluded if exclude is not None else None)
    if left_out and not isinstance(ref, str) and ref.choose is not None:
        run.game.trace.step(
            f"{run.label}: " + "。".join(text for _, (text, _) in left_out) + "。選べる候補に含めない。",
            *dict.fromkeys(rule for _, (_, rule) in left_out), CHOOSE,
        )
    return selection.cards[0] if selection.cards else None


def stack_words(run: "EffectRun", slot: int) -> str:
    """How the controller's stack at ``slot`` lies now: its cards, face and state, for a step's changes."""
    stack = run.board.players[run.controller].field[slot]
    face = "ウラ" if stack.face_down else "オモテ"
    state = "レスト" if stack.rested else "アクティブ"
    return f"{run.controller}{slot}: {len(stack.cards)}枚（{face}・{state}）"


def covered_note(card: Card) -> list[Considered]:
    """A card that goes under another stops applying its 「常」 effects while there (3.6.2)."""
    return paused_note(card, "場の下にある")


def paused_note(card: Card, why: str) -> list[Considered]:
    """A card that goes under another or turns face-down stops applying its 「常」 effects meanwhile (6.4.5, 3.6.2)."""
    note = pause_note(card, why)
    return [Considered.of(note, NOT_WHILE_FACE_DOWN_OR_UNDER, outcome="refuses")] if note else []
