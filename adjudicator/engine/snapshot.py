"""The board as the trace records it: the ``final`` (and ``initial``) part of the trace output, as typed
records (``engine/board_record.py``) whose ``to_json`` is the spec's "Trace output"."""

from __future__ import annotations

from adjudicator.engine.board import Board, Card, CountUnknown, Player
from adjudicator.engine.board_record import UNKNOWN, BoardRecord, CardRecord, Count, GameRecord, PlayerRecord, SlotRecord
from adjudicator.engine.stats import power_of, rank_of
from adjudicator.vocabulary import CountedZone, PlayerId


def board_record(board: Board) -> BoardRecord:
    """Counts per zone and the occupied field slots of both players, and the game's turn."""
    players = tuple(_player_record(board, pid, player) for pid, player in board.players.items())
    return BoardRecord(players, GameRecord(board.turn_player, board.round, board.phase, board.winner))


def _player_record(board: Board, pid: PlayerId, player: Player) -> PlayerRecord:
    return PlayerRecord(
        id=pid,
        deck=_count(player, "deck"),
        graveyard=_count(player, "graveyard"),
        hand=_count(player, "hand"),
        field=tuple(
            SlotRecord(
                slot=str(slot),
                face_down=stack.face_down,
                rested=stack.rested,
                power=_unless_unknown(power_of, board, stack.top),
                rank=_unless_unknown(rank_of, board, stack.top),
                cards=len(stack.cards),
                top=stack.top.name,
                stack=tuple(_card_record(card) for card in stack.cards),
            )
            for slot, stack in player.field_tops()
        ),
        hand_cards=tuple(_card_record(card) for card in player.hand if card.known),
        damage_zero=player.damage_zero,
        events_this_turn=player.events_this_turn,
    )


def _count(player: Player, zone: CountedZone) -> Count:
    """A zone's count; ``"unknown"`` for one the scenario left unknown (never read as a number)."""
    return UNKNOWN if zone in player.unknown_zones else len(getattr(player, zone))


def _unless_unknown(read, board: Board, card: Card):
    """A value a continuous count condition decides: None while that count is unknown."""
    try:
        return read(board, card)
    except CountUnknown:
        return None


def _card_record(card: Card) -> CardRecord:
    info = card.info
    if info is None:
        return CardRecord(card.name, known=False)
    return CardRecord(info.name, True, info.id, info.type, info.rank, info.level, info.power)
