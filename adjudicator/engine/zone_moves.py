"""Moving cards between zones, and resting or turning a stack: the primitives every mechanism uses (attack,
effects, turns).

Each primitive does one game action and reports the events it causes: 「〜する時」 interrupts first, then
the move, then 「〜た時」 triggers queued until the caller's step ends (10.1.7, 10.1.9). Several cards
moved by one action move together and fire their after-triggers once, after all have moved (10.1.3,
10.1.8). Leaving the field resets what the card carried (3.5.1, 3.5.4); the cards under it stay, with the
state the stack had (11.1.5, 3.2.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from adjudicator.engine.board import Card, Stack
from adjudicator.engine.durations import APPLIES_AGAIN, applies_again_note, in_force
from adjudicator.engine.events import Event
from adjudicator.engine.guard import guard_keeps
from adjudicator.engine.rules import rule
from adjudicator.engine.zone_order import check_known_top
from adjudicator.engine import continuous
from adjudicator.vocabulary import Cause, PlayerId

if TYPE_CHECKING:
    from adjudicator.engine.game import Game

LEAVE_FIELD = rule("leave_field", ("3.5.1", "3.5.4"), "場を離れたカードは制限と効果の使用履歴がリセットされる")
UNDER_STAYS = rule(
    "under_stays", ("11.1.5", "2.3.3"), "場のカードだけが移動し、その下のカードは移動せず状態を維持する"
)
SIMULTANEOUS_MOVE = rule(
    "simultaneous_move", ("10.1.3", "10.1.8"), "同時に移動するカードの「〜た時」は全ての移動を終えてから判定する"
)
PROTECTION_BEATS_ACTION = rule("protection_beats_action", "10.2.1", "実行効果よりも禁止・保護の効果を優先する")
BATTLE_PROOF = rule("battle_proof", "11.7.2", "「バトルによって墓地へ送られない」はバトルで敗れた移動にのみ適用される")
DRAW_IS_FROM_TOP = rule("draw_from_top", ("2.5.1", "6.5.10"), "山札の一番上から引く")


def draw(game: "Game", player_id: PlayerId, count: int) -> list[Card]:
    """Move ``count`` cards from the top of the deck to the hand (the caller checked the count)."""
    check_known_top(game, player_id, "deck", count)  # a shuffled deck's top is chance (4.4.1)
    player = game.board.players[player_id]
    drawn = player.deck[:count]
    del player.deck[:count]
    player.hand.extend(drawn)
    for card in drawn:
        game.happened(Event("drawn", card, player_id))
    return drawn


def deck_to_graveyard(game: "Game", player_id: PlayerId, count: int, cause: Cause) -> list[Card]:
    """Cards from the top of the deck to the graveyard: damage (cause ``attack``) or an effect (11.3.1)."""
    check_known_top(game, player_id, "deck", count)  # a shuffled deck's top is chance (4.4.1)
    player = game.board.players[player_id]
    moved = player.deck[:count]
    del player.deck[:count]
    player.graveyard.extend(moved)
    return moved


def may_leave(game: "Game", card: Card, cause: Cause) -> tuple[bool, str]:
    """Whether a protection keeps ``card`` on the field (10.2.1, 11.7.2); the reason if it does."""
    if guard_keeps(game, card, cause):  # 〈守護〉 first, face-down too (3.1.8, 3.1.9)
        return False, "〈守護〉（プロテクト）によって場を離れない"
    held = _protections_held(game, card)
    if "leave_field" in held:
        return False, "場を離れない効果が適用されている"
    if "battle" in held and cause == "battle":
        return False, "バトルによって墓地へ送られない効果が適用されている"
    if card.battle_proof and cause == "battle":
        return False, "バトルによって墓地へ送られない"
    return True, ""


def battle_only_protection(game: "Game", card: Card) -> bool:
    """Whether ``card`` is kept only from a battle's move to the graveyard: that does not stop an effect (11.7.2)."""
    return card.battle_proof or "battle" in _protections_held(game, card)


def _protections_held(game: "Game", card: Card) -> set[str]:
    """What protects ``card`` now: its own timed protections and those a 「常」 effect gives it (6.4.5)."""
    return {protection.what for protection in in_force(card.protections)} | continuous.protections_for(game.board, card)


def carries_history(card: Card) -> bool:
    """Whether leaving the field resets anything ``card`` carries (3.5.4): a used 「召」「1」, a restriction, a
    protection, a change of power or rank, a role given."""
    return bool(card.once_used or card.mark_used_turn is not None or card.restrictions or card.protections
                or card.power_mods or card.rank_mods or card.grants)


def leave_field(game: "Game", cards: Iterable[Card], destination: str, cause: Cause) -> list[Card]:
    """Move field cards (each the top of its slot) to ``destination`` (graveyard, hand, deck_top,
    deck_bottom) together; returns the cards that actually moved.

    Interrupts (「場を離れる時」「墓地へ送られる時」) for all of them resolve first; only cards still on the
    field afterwards move (10.1.7). After-triggers are queued once all have moved (10.1.3, 10.1.8).
    """
    board = game.board
    targets = [card for card in cards if board.on_field(card)]
    moving_kind = "sent_to_graveyard" if destination == "graveyard" else "leaves_field"
    incarnations = {card.uid: card.incarnation for card in targets}
    # The interrupts of all the cards are judged together on the board before the move, declared together
    # and ordered by the turn player (10.1.3, 10.1.2, 10.1.7).
    befores: list[Event] = []
    for card in targets:
        face_up = not _stack(game, card).face_down
        befores.append(Event("leaves_field", card, card.owner, "before", cause, face_up))
        if destination == "graveyard":
            befores.append(Event("sent_to_graveyard", card, card.owner, "before", cause, face_up))
    if befores:
        game.interrupt(befores)
    still = [c for c in targets if board.on_field(c) and c.incarnation == incarnations[c.uid]]
    moved: list[tuple[Card, bool, int]] = []
    uncovered: list[Card] = []
    for card in still:
        slot, stack = _slot_and_stack(game, card)
        was_face_up = not stack.face_down
        stack.cards.pop()
        if not stack.cards:
            del board.players[card.owner].field[slot]
        else:
            # The card left behind was オモテ when covered (3.1.5) and field effects touched only the top (2.3.3).
            stack.face_down = False
            uncovered.append(stack.top)
        put_in_zone(game, card, destination)
        card.reset_history()
        moved.append((card, was_face_up, slot))
    _note_applies_again(game, uncovered)
    for card, was_face_up, slot in moved:
        # The slot it left: a card under it was not face-up on top before the move (10.1.11).
        game.happened(Event("leaves_field", card, card.owner, "after", cause, was_face_up, {"slot": slot}))
        if moving_kind == "sent_to_graveyard":
            game.happened(Event("sent_to_graveyard", card, card.owner, "after", cause, was_face_up, {"slot": slot}))
    return [card for card, _, _ in moved]


def _note_applies_again(game: "Game", cards: list[Card]) -> None:
    """A card back on top of its slot: what it carries applies again (3.6.2)."""
    notes = [note for note in (applies_again_note(card, "場の一番上に戻った") for card in cards) if note is not None]
    if notes:
        game.trace.step("場の下にあったカードが一番上に戻る。", APPLIES_AGAIN, considered=notes)


def put_in_zone(game: "Game", card: Card, destination: str) -> None:
    """Place ``card`` in its owner's graveyard, hand, or deck (top or bottom)."""
    owner = game.board.players[card.owner]
    if destination == "graveyard":
        owner.graveyard.append(card)
    elif destination == "hand":
        owner.hand.append(card)
    elif destination == "deck_top":
        owner.deck.insert(0, card)
    elif destination == "deck_bottom":
        owner.deck.append(card)
    else:
        raise ValueError(f"unknown destination {destination!r}")


def _slot_and_stack(game: "Game", card: Card):
    player = game.board.players[card.owner]
    found = player.stack_of(card)
    if found is None:
        raise ValueError(f"{card.name} is not on the field")
    return found


def _stack(game: "Game", card: Card):
    return _slot_and_stack(game, card)[1]


def set_rested(game: "Game", card: Card, rested: bool) -> bool:
    """Rest or activate the stack whose top is ``card`` (3.2.3: the whole stack follows). True if it changed."""
    stack = _stack(game, card)
    if stack.rested == rested:
        return False
    stack.rested = rested
    if rested:
        game.happened(Event("rested", card, card.owner, "after", "rule", not stack.face_down))
    return True


def set_face_down(game: "Game", card: Card, face_down: bool) -> bool:
    """Turn the stack's top card face-down or face-up; 「召」「1」 history resets when it turns face-down (6.4.4)."""
    stack = _stack(game, card)
    if stack.face_down == face_down:
        return False
    stack.face_down = face_down
    if face_down:
        card.mark_used_turn = None
        card.once_used = set()
        game.happened(Event("flipped_down", card, card.owner, "after", "rule", True))
    return True


def place_on_field(game: "Game", card: Card, player_id: PlayerId, slot: int, *, face_down: bool) -> None:
    """Put a card (already taken out of its zone) on top of a slot, or into an empty slot active.

    On an occupied slot the stack keeps its state, so a card set on a rested card is rested too (3.2.4).
    """
    player = game.board.players[player_id]
    stack = player.field.get(slot)
    if stack is None:
        player.field[slot] = Stack(cards=[card], face_down=face_down, rested=False)
    else:
        stack.cards.append(card)
        stack.face_down = face_down


def take_from_zone(game: "Game", card: Card) -> str:
    """Remove a card from hand, deck or graveyard (where it is); returns the zone name."""
    owner = game.board.players[card.owner]
    for zone in ("hand", "deck", "graveyard"):
        cards = getattr(owner, zone)
        for i, candidate in enumerate(cards):
            if candidate is card:
                del cards[i]
                return zone
    raise ValueError(f"{card.name} is in no zone it can be taken from")
