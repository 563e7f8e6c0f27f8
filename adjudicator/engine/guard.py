"""〈守護〉（プロテクト）: a keyword that works while its card is on the field, face-down too (3.1.8).

It is the keyword's own exception to the rule that 「常」 effects work only face-up (6.4.5). When a card's
〈守護〉 and its own removal-resistance effect (「これが場を離れる時」, 6.4.8) overlap, 〈守護〉 comes first: the
card does not leave, so the removal-resistance effect's condition is never met and it does not fire (3.1.9).
What the 〈守護〉 keeps the card from is written on the card (the scenario's ``guard.from``); the rulebook
gives only the two points above.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.engine.words import card_words
from adjudicator.engine.rules import rule
from adjudicator.vocabulary import Cause

if TYPE_CHECKING:
    from adjudicator.engine.board import Card
    from adjudicator.engine.game import Game

GUARD_FACE_DOWN_TOO = rule(
    "guard_face_down_too", ("3.1.8", "6.4.5"), "〈守護〉（プロテクト）は場にある限り有効で、ウラになっても働き続ける（「常」の原則の例外）"
)
GUARD_BEFORE_RESISTANCE = rule(
    "guard_before_resistance", ("3.1.9", "6.4.8"), "〈守護〉と除去耐性効果が重なれば守護が優先し、場を離れないので除去耐性効果は発動しない"
)


def removal_resistance(card: "Card") -> list[str]:
    """The names of ``card``'s own 「これが場を離れる時」 effects without a mark (6.4.8)."""
    if card.info is None:
        return []
    return [
        effect.name for effect in card.info.effects
        if effect.mark == "none" and effect.when is not None and effect.when.card == "self"
        and effect.when.event in ("leaves_field", "sent_to_graveyard") and effect.when.timing == "before"
    ]


def guard_keeps(game: "Game", card: "Card", cause: Cause) -> bool:
    """Whether the card's 〈守護〉 keeps it on the field now; records why in the trace (3.1.8, 3.1.9)."""
    if card.guard is None or (card.guard == "battle" and cause != "battle"):
        return False
    board = game.board
    stack = board.players[card.owner].stack_of(card)
    face = "ウラだが、" if stack and stack[1].face_down else ""
    rules = [GUARD_FACE_DOWN_TOO]
    text = f"{card_words(board, card)}は{face}〈守護〉（プロテクト）を持ち、場にある限りそれが働くので、場を離れない。"
    resisting = removal_resistance(card)
    if resisting:
        rules.append(GUARD_BEFORE_RESISTANCE)
        text += f"守護が優先するので、除去耐性効果{'、'.join('｛' + n + '｝' for n in resisting)}は発動条件を満たさず発動しない。"
    game.trace.step(text, *rules)
    return True


RESISTANCE_SHOWN = rule(
    "resistance_shown", ("6.4.8", "3.1.6"), "除去耐性効果は、場にウラでも相手に見せることで発動でき、持ち主は発動しないことも選べる"
)


def is_removal_resistance(card: "Card", effect) -> bool:
    return effect.name in removal_resistance(card)


def shown_face_down(game: "Game", card: "Card", effect) -> bool:
    """A face-down card's removal-resistance effect fires by showing the card (6.4.8): while it runs its
    contents may be read (3.1.6). True when that is what is happening."""
    board = game.board
    found = board.players[card.owner].stack_of(card)
    if not (found and found[1].top is card and found[1].face_down and is_removal_resistance(card, effect)):
        return False
    board.revealed = board.revealed + (card.uid,)
    return True
