"""Finding the card an action names, with the reason when it is not where the action needs it.

Shared by the attack (attacker, target, blocker) and the set phase (the card set upon): each needs the top
card (「場」, 2.3.2) of a given player's slot, and a card under it (「場の下」, 2.4.1) never qualifies.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.engine import naming
from adjudicator.engine.board import Card, Stack
from adjudicator.engine.rules import FIELD_TOP, Rule, rule
from adjudicator.engine.outcomes import Illegal
from adjudicator.vocabulary import PlayerId

UNDER_IS_NOT_FIELD = rule("under_is_not_field", ("2.4.1", "2.4.2"), "場の下のカードは「場」にあるカードとしては扱われない")

if TYPE_CHECKING:
    from adjudicator.engine.game import Game


def field_top(game: "Game", ref: str, owner: PlayerId, role: str, *rules: Rule) -> tuple[Card, Stack]:
    """The top card ``ref`` names on ``owner``'s field and its stack; ``Illegal`` saying why not.

    ``role`` names what the card would be in the action (「攻撃するカード」「攻撃対象」), for the ruling.
    """
    board = game.board
    card = board.find(ref)
    if card is None:
        raise Illegal(f"{ref} に{role}になるカードはない", *rules)
    player, zone, slot = board.locate(card)
    if zone == "under":
        raise Illegal(f"{naming.card_label(board, card)}は場の下のカードなので{role}にできない", FIELD_TOP, UNDER_IS_NOT_FIELD, *rules)
    if zone != "field" or slot is None:
        raise Illegal(f"{card.label()}は場にないので{role}にできない", *rules)
    if player != owner:
        raise Illegal(f"{naming.card_label(board, card)}は{player}のカード。{role}は{owner}の場のカードに限る", *rules)
    return card, board.players[player].field[slot]


def own_hand_card(game: "Game", ref: str, owner: PlayerId) -> Card | None:
    """The card ``ref`` names if it is in ``owner``'s hand."""
    card = game.board.find(ref)
    if card is None or card.owner != owner or game.board.locate(card)[1] != "hand":
        return None
    return card
