"""The board as a trace records it: the ``initial`` and ``final`` parts of ``hi-story-trace/1``, typed.

A record is what was seen, not a board to play on: counts per zone (or ``"unknown"`` where the scenario
left a count unknown, 4.1.1), the occupied field slots with the facts the trace shows, and the known hand
cards. The engine's snapshot (``snapshot.board_record``) builds them from the board; ``to_json`` writes the
JSON stored traces hold, and ``BoardRecord.from_json(r.to_json())`` equals ``r``. Reading refuses what
is not a board record (``ValueError``) instead of guessing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, cast

from adjudicator.vocabulary import COUNTED_ZONES, PLAYER_IDS, CountedZone, Phase, PlayerId

UNKNOWN = "unknown"  # a count the scenario left unknown: never read as a number
Count = int | Literal["unknown"]
SLOTS = ("1", "2", "3", "4", "5")  # the field's five slots (2.3.1), as the trace JSON names them
SLOT_FACTS = ("face", "state", "power", "rank", "cards", "top")  # what an expectation or a re-run compares


@dataclass(frozen=True)
class CardRecord:
    """A card in a stack or a hand: its printed information, or only its name when it is not known."""

    name: str
    known: bool = True
    id: str | None = None
    type: str | None = None
    rank: int | None = None
    level: int | None = None
    power: int | None = None

    def to_json(self) -> dict[str, Any]:
        if not self.known:
            return {"name": self.name, "known": False}
        return {"name": self.name, "id": self.id, "type": self.type, "rank": self.rank, "level": self.level,
                "power": self.power}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "CardRecord":
        if data.get("known", True) is False:
            return cls(_text(data.get("name", "")), known=False)
        return cls(_text(data.get("name", "")), True, data.get("id"), data.get("type"), _number(data.get("rank")),
                   _number(data.get("level")), _number(data.get("power")))


@dataclass(frozen=True)
class SlotRecord:
    """An occupied field slot: its stack (bottom → top) and the facts of its top card."""

    slot: str                        # "1".."5"
    face_down: bool
    rested: bool
    power: int | None                # the top card's current power; None when face-down or its count is unknown
    rank: int | None
    cards: int                       # the stack's height
    top: str                         # the top card's name
    stack: tuple[CardRecord, ...] = ()  # empty in traces older than the stack's cards

    def facts(self) -> dict[str, Any]:
        """The slot's facts as the trace JSON writes them (``face``, ``state``, ``power``, …)."""
        return {"face": "down" if self.face_down else "up", "state": "rest" if self.rested else "active",
                "power": self.power, "rank": self.rank, "cards": self.cards, "top": self.top}

    def to_json(self) -> dict[str, Any]:
        return {**self.facts(), "stack": [card.to_json() for card in self.stack]}

    @classmethod
    def from_json(cls, slot: str, data: dict[str, Any]) -> "SlotRecord":
        return cls(
            slot=_slot(slot),
            face_down=_choice(data["face"], {"down": True, "up": False}, "face"),
            rested=_choice(data["state"], {"rest": True, "active": False}, "state"),
            power=_number(data.get("power")),
            rank=_number(data.get("rank")),
            cards=_count_of(data.get("cards", 1), "cards"),
            top=_text(data.get("top", "")),
            stack=tuple(CardRecord.from_json(card) for card in data.get("stack") or ()),
        )

    @property
    def names(self) -> tuple[str, ...]:
        """The stack's names, bottom → top; a trace older than the stack's cards gives its height, with only
        the top's name."""
        return tuple(card.name for card in self.stack) or ("",) * (self.cards - 1) + (self.top,)


@dataclass(frozen=True)
class PlayerRecord:
    id: str
    deck: Count
    graveyard: Count
    hand: Count
    field: tuple[SlotRecord, ...]    # occupied slots, in slot order
    hand_cards: tuple[CardRecord, ...] = ()  # the known cards in hand
    damage_zero: int | None = None   # None in traces older than the field
    events_this_turn: int | None = None

    def count(self, zone: CountedZone) -> Count:
        """A counted zone's count (``deck``, ``graveyard``, ``hand``), or ``"unknown"``."""
        if zone not in COUNTED_ZONES:
            raise KeyError(zone)
        return getattr(self, zone)

    def known_count(self, zone: CountedZone) -> int | None:
        """A counted zone's count, None when the scenario left it unknown."""
        count = self.count(zone)
        return None if count == UNKNOWN else count

    def slot(self, number: str) -> SlotRecord | None:
        return next((stack for stack in self.field if stack.slot == number), None)

    def fact(self, name: str) -> Any:
        """A fact of the player as the trace JSON writes it (``deck``, ``damage_zero``, …); None if none."""
        if name in COUNTED_ZONES:
            return self.count(name)
        return {"damage_zero": self.damage_zero, "events_this_turn": self.events_this_turn}.get(name)

    def to_json(self) -> dict[str, Any]:
        return {
            "deck": self.deck,
            "graveyard": self.graveyard,
            "hand": self.hand,
            "field": {stack.slot: stack.to_json() for stack in self.field},
            "hand_cards": [card.to_json() for card in self.hand_cards],
            "damage_zero": self.damage_zero,
            "events_this_turn": self.events_this_turn,
        }

    @classmethod
    def from_json(cls, pid: PlayerId, data: dict[str, Any]) -> "PlayerRecord":
        field = data.get("field") or {}
        return cls(
            id=pid,
            deck=_zone_count(data["deck"], "deck"),
            graveyard=_zone_count(data["graveyard"], "graveyard"),
            hand=_zone_count(data["hand"], "hand"),
            field=tuple(SlotRecord.from_json(slot, field[slot]) for slot in sorted(field, key=_slot)),
            hand_cards=tuple(CardRecord.from_json(card) for card in data.get("hand_cards") or ()),
            damage_zero=_number(data.get("damage_zero")),
            events_this_turn=_number(data.get("events_this_turn")),
        )


@dataclass(frozen=True)
class GameRecord:
    turn_player: PlayerId
    round: int
    phase: Phase
    winner: PlayerId | None

    def to_json(self) -> dict[str, Any]:
        return {"turn_player": self.turn_player, "round": self.round, "phase": self.phase, "winner": self.winner}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "GameRecord":
        # A record read back is one the engine wrote (``to_json``): its words are checked as texts, not again.
        return cls(cast(PlayerId, _text(data["turn_player"])), _count_of(data["round"], "round"),
                   cast(Phase, _text(data["phase"])), data.get("winner"))


@dataclass(frozen=True)
class BoardRecord:
    """Both players' zones and slots and the game's turn, as the trace recorded them; empty when the trace
    has no board (an older document)."""

    players: tuple[PlayerRecord, ...] = ()
    game: GameRecord | None = None

    @property
    def empty(self) -> bool:
        return not self.players

    def player(self, pid: PlayerId) -> PlayerRecord | None:
        return next((player for player in self.players if player.id == pid), None)

    def slot(self, pid: PlayerId, number: str) -> SlotRecord | None:
        player = self.player(pid)
        return player.slot(number) if player else None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {player.id: player.to_json() for player in self.players}
        if self.game is not None:
            out["game"] = self.game.to_json()
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> "BoardRecord":
        data = data or {}
        if not isinstance(data, dict):
            raise ValueError(f"a board is an object, not {type(data).__name__}")
        unknown = set(data) - {*PLAYER_IDS, "game"}
        if unknown:
            raise ValueError(f"a board has players A and B and a game, not {sorted(unknown)}")
        players = tuple(PlayerRecord.from_json(pid, data[pid]) for pid in PLAYER_IDS if pid in data)
        return cls(players, GameRecord.from_json(data["game"]) if data.get("game") else None)


def _zone_count(value: Any, name: str) -> Count:
    return UNKNOWN if value == UNKNOWN else _count_of(value, name)


def _count_of(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{name} is a count, not {value!r}")
    return value


def _number(value: Any) -> int | None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
        raise ValueError(f"expected a number or null, not {value!r}")
    return value


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected a text, not {value!r}")
    return value


def _choice(value: Any, choices: dict[str, bool], name: str) -> bool:
    if value not in choices:
        raise ValueError(f"{name} is one of {sorted(choices)}, not {value!r}")
    return choices[value]


def _slot(number: Any) -> str:
    if number not in SLOTS:
        raise ValueError(f"field slots are 1..5, not {number!r}")
    return number
