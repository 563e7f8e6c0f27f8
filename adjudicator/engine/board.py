"""The board: players, their zones, field slots holding stacks, and the cards with what they carry.

Vocabulary follows the rulebook: ``field`` (場), ``under`` (場の下), ``deck`` (山札), ``graveyard`` (墓地),
``hand`` (手札), ``face_down`` (ウラ), ``rested`` (レスト). A slot holds a stack, bottom → top; only the top
card is 「場」 (2.3.2), the rest are 「場の下」 (2.4.1). Face (オモテ/ウラ) and state (アクティブ/レスト)
belong to the stack (3.2.3). The board is mutable while one scenario resolves; the engine snapshots it
before each action so that an illegal action changes nothing.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from operator import is_
from typing import Callable, Iterator, Literal, TypeVar, cast

from adjudicator.format.base import Timed as TimedSpec
from adjudicator.format.board import CardSpec, GameSpec, PlayerSpec, Zone
from adjudicator.format.effects import Where
from adjudicator.format.scenario import Scenario
from adjudicator.vocabulary import PLAYER_IDS, CountedZone, Phase, PlayerId, ZoneName, opponent_of

SLOTS = (1, 2, 3, 4, 5)
_OFF_FIELD_ZONES: tuple[CountedZone, ...] = ("hand", "graveyard", "deck")  # in the order a card is looked for


@dataclass
class Expiry:
    """When a duration ends: at the end of ``turns`` more turns of ``player`` (5.6.1), or of the attack.

    ``at == "attack"`` ends with the current attack (「その攻撃中」, 10.6.4); ``at == "never"`` lasts while the
    card stays (no duration given).
    """

    player: PlayerId
    turns: int
    at: Literal["turn", "attack", "never"] = "turn"
    # 「次のターン、…」 (``next_turn``) has not begun yet: it comes into force when the next turn of this
    # player begins (5.6.2) and does not tick before then. None: in force now.
    waits_for: PlayerId | None = None
    # How the period was written (``until`` name or ``turns``), so a ruling can cite how it is read (5.6).
    period: str = ""
    across_extra_turn: bool = False  # an extra turn passed while it ran (5.8.2, 5.8.5)
    reapplied: bool = False          # the same content was applied again and did not add up (5.7.1)

    @property
    def in_force(self) -> bool:
        return self.waits_for is None

    def longer_than(self, other: "Expiry") -> bool:
        order = {"attack": 0, "turn": 1, "never": 2}
        if self.at != other.at:
            return order[self.at] > order[other.at]
        return self.turns > other.turns


@dataclass
class PowerMod:
    """A power change in the order applied (10.4.3): ``add`` or ``set``; continuous ones survive a set."""

    add: int | None
    set: int | None
    expiry: Expiry
    continuous: bool = False
    source: str = ""


@dataclass
class RankMod:
    """A rank change (the effective rank, 2.2.3): ``add`` until ``expiry``; continuous ones come from 「常」."""

    add: int
    expiry: Expiry
    continuous: bool = False
    source: str = ""


@dataclass
class Timed:
    """Something a card or player carries for a while: a granted role, restriction or protection."""

    what: str
    expiry: Expiry
    source: str = ""
    where: "Where | None" = None   # card-subject restriction held by a player, judged at each attempt (8.2.5)
    limit: int | None = None           # 「合わせてN枚までしか〜できない」: a count per turn (10.3.1, 10.3.2)


@dataclass
class Card:
    """A card in play. ``info`` is the printed card; the rest is what it carries now.

    ``incarnation`` changes each time the card leaves the field: 「これ」「それ」 never follow a card that
    has left (3.5.3).
    """

    uid: int
    owner: PlayerId
    info: CardSpec | None  # None: a card whose contents the scenario does not say (a counted zone)
    incarnation: int = 0
    summoned_turn: int | None = None           # board.turn_index of the turn it was summoned in
    summoned_without_set_turn: int | None = None
    mark_used_turn: int | None = None          # a 「召」/「1」 effect used in that turn (6.4.3)
    once_used: set[str] = field(default_factory=set)
    power_mods: list[PowerMod] = field(default_factory=list)
    rank_mods: list[RankMod] = field(default_factory=list)
    grants: list[Timed] = field(default_factory=list)        # what = "attacker" | "blocker"
    restrictions: list[Timed] = field(default_factory=list)  # what = an act it cannot do
    protections: list[Timed] = field(default_factory=list)   # what = "leave_field" | "battle" | "effects"
    immune: bool = False
    unselectable: bool = False
    battle_proof: bool = False
    no_refresh: bool = False
    guard: str | None = None      # 〈守護〉（プロテクト）: what it keeps the card from (3.1.8)

    def __getattr__(self, name: str):
        # Called only for an attribute the card does not hold: a card of a counted zone, or the snapshot of a
        # card that carried nothing, is made without its six containers (nine in ten of a board's cards never
        # use them), and gets an empty one here, the first time it is used.
        make = _CONTAINERS.get(name)
        if make is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        made = self.__dict__[name] = make()
        return made

    @property
    def known(self) -> bool:
        return self.info is not None

    @property
    def name(self) -> str:
        return self.info.name if self.info else "（内容不明のカード）"

    @property
    def short_name(self) -> str:
        """The person/event name without the epithet (異名), for 〈〉 matching (2.2.4, 7.1.4)."""
        return self.name.split("\u3000")[-1]

    @property
    def is_event(self) -> bool:
        return bool(self.info and self.info.type == "event")

    def reset_history(self) -> None:
        """Leaving the field resets restrictions and effect-use history (3.5.4, 6.4.4)."""
        self.incarnation += 1
        self.summoned_turn = None
        self.summoned_without_set_turn = None
        self.mark_used_turn = None
        self.once_used = set()
        self.power_mods = []
        self.rank_mods = []
        self.grants = []
        self.restrictions = []
        self.protections = []

    def label(self) -> str:
        return f"〈{self.short_name}〉" if self.known else "（内容不明のカード）"


@dataclass
class Stack:
    """One field slot: ``cards`` bottom → top, with the face and state the whole stack shares."""

    cards: list[Card]
    face_down: bool = False
    rested: bool = False

    @property
    def top(self) -> Card:
        return self.cards[-1]

    @property
    def under(self) -> list[Card]:
        return self.cards[:-1]

    @property
    def face_up(self) -> bool:
        return not self.face_down


@dataclass
class Player:
    id: PlayerId
    deck: list[Card]         # top first
    graveyard: list[Card]
    hand: list[Card]
    field: dict[int, Stack]  # occupied slots only
    damage_zero: int = 0
    events_this_turn: int = 0
    hand_draw_limit: int | None = None
    summon_limit: int | None = None
    summons_this_turn: int = 0
    restrictions: list[Timed] = field(default_factory=list)
    extra_turn: bool = False
    turns_taken: int = 0     # own turns since the scenario started, for 「nターン」 counts
    # Tuples, replaced rather than changed, so a snapshot (Board.copy) shares nothing mutable.
    order_unknown: tuple[tuple[str, str], ...] = ()  # (zone, rule name): order known to no one since (4.4.1)
    zone_protections: tuple[str, ...] = ()           # 「墓地へ送られない」「入れ替えられない」 on zones (11.4.2)
    unknown_zones: tuple[str, ...] = ()  # zones given as `unknown`: their count is asked when it matters

    def stack_of(self, card: Card) -> tuple[int, Stack] | None:
        for slot, stack in self.field.items():
            if card in stack.cards:
                return slot, stack
        return None

    def empty_slots(self) -> list[int]:
        return [slot for slot in SLOTS if slot not in self.field]

    def field_tops(self) -> list[tuple[int, Stack]]:
        return sorted(self.field.items())  # slots are distinct: two stacks are never compared


@dataclass
class Board:
    players: dict[PlayerId, Player]
    first_player: PlayerId
    turn_player: PlayerId
    round: int           # the turn player's own turn count (5.5.1: 1 is that player's first turn)
    phase: Phase
    turn_index: int = 0  # turns since the scenario started; 「このターン」 facts compare against it
    winner: PlayerId | None = None
    attacking: Card | None = None
    attack_target: Card | None = None
    extra_turn_granted_in: int | None = None  # turn_index in which an extra turn was granted (5.8.3)
    done_in_turn: dict[str, int] = field(default_factory=dict)  # phase action (or "defence:B", 11.2.5) → turn_index it was done in
    turn_counts: dict[str, int] = field(default_factory=dict)  # own turns each player has begun (5.5.1, 5.8.5)
    revealed: tuple[int, ...] = ()  # face-down cards an effect 「見て」 may read while it runs (3.1.6)
    activated: tuple[tuple[str, str, int], ...] = ()  # (player, effect name, turn_index), copies too (6.11.8)

    def player(self, player_id: PlayerId) -> Player:
        return self.players[player_id]

    @property
    def non_turn_player(self) -> PlayerId:
        return opponent_of(self.turn_player)

    def is_first_turn(self, player_id: PlayerId | None = None) -> bool:
        """Whether it is the turn player's first turn (5.5.1); ``round`` counts the turn player's own turns."""
        return self.round == 1 and (player_id is None or player_id == self.turn_player)

    def all_cards(self) -> Iterator[Card]:
        for player in self.players.values():
            yield from player.deck
            yield from player.graveyard
            yield from player.hand
            for stack in player.field.values():
                yield from stack.cards

    def card_count(self) -> int:
        return sum(1 for _ in self.all_cards())

    def locate(self, card: Card) -> tuple[PlayerId, ZoneName | Literal["nowhere"], int | None]:
        """(player, zone, slot) of a card; zone is field, under, hand, deck or graveyard."""
        # A card is in one place only, so the order of the search does not change the answer: the field first
        # (most cards asked about are there; a deck may hold sixty), each zone scanned by identity in C.
        for player in self.players.values():
            for slot, stack in player.field.items():
                if stack.cards[-1] is card:
                    return player.id, "field", slot
                if _holds(stack.cards, card):
                    return player.id, "under", slot
        for player in self.players.values():
            for zone in _OFF_FIELD_ZONES:
                if _holds(getattr(player, zone), card):
                    return player.id, zone, None
        return card.owner, "nowhere", None

    def on_field(self, card: Card) -> bool:
        return self.locate(card)[1] == "field"

    def stack_at(self, ref: str) -> Stack | None:
        """The stack at a slot reference like ``A2``."""
        if len(ref) == 2 and ref[0] in PLAYER_IDS and ref[1] in "12345":
            return self.players[cast(PlayerId, ref[0])].field.get(int(ref[1]))
        return None

    def copy(self) -> "Board":
        """A full copy: everything an action can change is copied (players, zones, stacks, cards, what the
        cards carry). The printed card (``Card.info``) and a restriction's ``where`` are frozen pydantic models
        and are shared. A card stays one object wherever the board refers to it (its zone, ``attacking``,
        ``attack_target``), as with ``copy.deepcopy``, which this replaces because it also walked every
        printed card and cost more than the action itself."""
        return self._copied(_copied_zone, _copied_card)

    def snapshot(self) -> "Snapshot":
        """The board before an action, to roll an illegal one back to (:func:`adjudicator.engine.resolution.resolve`).

        As :meth:`copy`, except for the cards that carry nothing (nine in ten: every card of a counted
        zone): the snapshot holds the card itself with its plain values, and :meth:`Snapshot.restore` puts
        those back without containers (made empty again when used), so the rolled-back board is the board as
        it was."""
        kept: list[tuple[Card, dict]] = []

        def kept_or_copied(card: Card) -> Card:
            state = card.__dict__
            if _carries_nothing(state):
                kept.append((card, _plain(state)))
                return card
            return _copied_card(card)

        def zone_snapshot(zone: list[Card]) -> list[Card]:
            states = [card.__dict__ for card in zone]
            if set(map(len, states)) <= {_PLAIN_SIZE}:  # no card of it has made a container: all are kept
                kept.extend(zip(zone, map(dict.copy, states)))
                return zone.copy()
            return [kept_or_copied(card) for card in zone]

        return Snapshot(self._copied(zone_snapshot, kept_or_copied), tuple(kept))

    def _copied(self, zone_copy: Callable[[list[Card]], list[Card]], card_copy: Callable[[Card], Card]) -> "Board":
        zones: list[tuple[list[Card], list[Card]]] = []  # (original, copy) of every zone and stack

        def copied(zone: list[Card]) -> list[Card]:
            copy = zone_copy(zone)
            zones.append((zone, copy))
            return copy

        def stack_copy(stack: Stack) -> Stack:
            return _clone(stack, cards=copied(stack.cards))

        def referred(card: Card | None) -> Card | None:
            """The copy of a card the board refers to (the attack's cards): the one in its zone's copy, so a
            card stays one object; a card no zone holds (it left mid-attack) is copied on its own."""
            if card is None:
                return None
            for zone, copy in zones:
                for held, its_copy in zip(zone, copy):
                    if held is card:
                        return its_copy
            return card_copy(card)

        players = {
            player_id: _clone(
                player,
                deck=copied(player.deck),
                graveyard=copied(player.graveyard),
                hand=copied(player.hand),
                field={slot: stack_copy(stack) for slot, stack in player.field.items()},
                restrictions=[_copied_timed(timed) for timed in player.restrictions],
            )
            for player_id, player in self.players.items()
        }
        return _clone(
            self,
            players=players,
            attacking=referred(self.attacking),
            attack_target=referred(self.attack_target),
            done_in_turn=dict(self.done_in_turn),
            turn_counts=dict(self.turn_counts),
        )

    def find(self, ref: str) -> Card | None:
        """A card by slot reference (``A2``: the top card) or by scenario id, wherever it is."""
        stack = self.stack_at(ref)
        if stack is not None:
            return stack.top
        for card in self.all_cards():
            if card.info is not None and card.info.id == ref:
                return card
        return None


def _holds(cards: list[Card], card: Card) -> bool:
    """Whether ``card`` itself is in ``cards`` (identity; ``in`` would compare cards field by field)."""
    return any(map(is_, cards, itertools.repeat(card)))


# --- copying (Board.copy) ---------------------------------------------------------------------------


def _clone(obj, **changes):
    """A shallow copy of a board dataclass with ``changes`` applied, without running ``__init__``."""
    copied = object.__new__(type(obj))
    copied.__dict__ = {**obj.__dict__, **changes}
    return copied


Mod = TypeVar("Mod", PowerMod, RankMod)


def _copied_mod(mod: Mod) -> Mod:
    """A power change copies to a power change, a rank change to a rank change: ``power_mods`` and
    ``rank_mods`` keep their own types."""
    return _clone(mod, expiry=_clone(mod.expiry))


def _copied_timed(timed: Timed) -> Timed:
    return _clone(timed, expiry=_clone(timed.expiry))


# What a card carries, each made empty when first used (Card.__getattr__).
_CONTAINERS = {"once_used": set, "power_mods": list, "rank_mods": list, "grants": list, "restrictions": list,
               "protections": list}


def _carries_nothing(state: dict) -> bool:
    """Whether a card (its ``__dict__``) has no effect-use history, modifiers, grants, restrictions or protections."""
    if len(state) == _PLAIN_SIZE:  # none of its containers made yet
        return True
    get = state.get
    return not (get("once_used") or get("power_mods") or get("rank_mods") or get("grants")
                or get("restrictions") or get("protections"))


def _plain(state: dict) -> dict:
    """The plain values of a card that carries nothing, without its (empty) containers, which are made again
    when used: a copy that shares no container with the card, so nothing done to the card reaches it."""
    if len(state) == _PLAIN_SIZE:
        return state.copy()
    return {key: value for key, value in state.items() if key not in _CONTAINERS}


def _copied_zone(zone: list[Card]) -> list[Card]:
    return [_copied_card(card) for card in zone]


def _copied_card(card: Card) -> Card:
    state = card.__dict__
    copied = object.__new__(Card)
    if _carries_nothing(state):  # most cards: no containers and none of the per-item copies below
        copied.__dict__ = _plain(state)
        return copied
    copied.__dict__ = {
        **state,
        "once_used": set(card.once_used),
        "power_mods": [_copied_mod(mod) for mod in card.power_mods],
        "rank_mods": [_copied_mod(mod) for mod in card.rank_mods],
        "grants": [_copied_timed(timed) for timed in card.grants],
        "restrictions": [_copied_timed(timed) for timed in card.restrictions],
        "protections": [_copied_timed(timed) for timed in card.protections],
    }
    return copied


@dataclass(frozen=True)
class Snapshot:
    """A board as it was before an action (:meth:`Board.snapshot`): ``board`` copies everything but the cards
    in ``kept``, which it shares with the live board, each with its plain values as they were."""

    board: Board
    kept: tuple[tuple[Card, dict], ...]

    def restore(self) -> Board:
        """The board as it was, once the live board is given up: what the action did to a kept card is undone
        (its containers were empty, so they are empty again). Call it once, instead of going on with the
        live board."""
        for card, state in self.kept:
            card.__dict__ = state.copy()  # its containers were empty: they are made again when used
        return self.board


# --- building a board from a scenario --------------------------------------------------------------


def build_board(spec: Scenario) -> Board:
    """A fresh board from a validated scenario; ids are dealt in a stable order."""
    uids = itertools.count(1)
    players = {pid: _player(pid, spec.players[pid], uids, spec.game) for pid in PLAYER_IDS}
    board = Board(
        players=players,
        first_player=spec.game.first_player,
        turn_player=spec.game.turn_player,
        round=spec.game.round,
        phase=spec.game.phase,
        turn_counts=_turn_counts(spec.game),
    )
    return board


def _turn_counts(game: GameSpec) -> dict[str, int]:
    """Own turns each player has begun: ``round`` is the turn player's; the other player has had as many
    if the turn player moves second, one fewer if it moves first (5.2.1)."""
    other = opponent_of(game.turn_player)
    return {game.turn_player: game.round, other: game.round - 1 if game.turn_player == game.first_player else game.round}


UNKNOWN_ZONE_CARDS = 60  # placeholder cards of a zone whose count is unknown: "enough" for what is taken


class CountUnknown(Exception):
    """A ruling needs the number of cards in a zone the scenario left ``unknown``: it stops and asks for it
    (4.1.1, 4.1.3: counts are public, a player can always be asked)."""

    def __init__(self, player: PlayerId, zone: CountedZone, why: str, *rules):
        super().__init__(why)
        self.player, self.zone, self.why, self.rules = player, zone, why, rules


def zone_count(player: "Player", zone: CountedZone, why: str, *rules) -> int:
    """The number of cards in ``zone``; a count the scenario did not give stops the ruling (CountUnknown)."""
    if zone in player.unknown_zones:
        raise CountUnknown(player.id, zone, why, *rules)
    return len(getattr(player, zone))


def count_reduced(player: "Player", zone: CountedZone) -> bool:
    """Whether cards have left an unknown zone: it may have reached 0, which only its count can tell."""
    return zone in player.unknown_zones and len(getattr(player, zone)) < UNKNOWN_ZONE_CARDS


def _zone(owner: PlayerId, zone: Zone, uids: Iterator[int]) -> list[Card]:
    if zone == "unknown":
        return _unknown_cards(owner, UNKNOWN_ZONE_CARDS, uids)
    if isinstance(zone, int):
        return _unknown_cards(owner, zone, uids)
    return [_card(owner, info, uids, None) for info in zone]


# What every card of a counted zone starts as: its plain values, its containers made when used.
_UNKNOWN_CARD = {key: value for key, value in Card(uid=0, owner="A", info=None).__dict__.items()
                 if key not in _CONTAINERS}
_PLAIN_SIZE = len(_UNKNOWN_CARD)


def _unknown_cards(owner: PlayerId, count: int, uids: Iterator[int]) -> list[Card]:
    """``count`` cards whose contents the scenario does not say: each ``Card(uid, owner, info=None)``, made from
    one template without the six empty containers (a counted zone holds nine in ten of a board's cards; the
    dataclass's own ``__init__`` cost three times as much, the containers alone half)."""
    return [_plain_card(next(uids), owner, None) for _ in range(count)]


def _plain_card(uid: int, owner: PlayerId, info: CardSpec | None) -> Card:
    """``Card(uid, owner, info)`` with its defaults, made from :data:`_UNKNOWN_CARD`; its containers are made when
    first used (``Card.__getattr__``)."""
    card = object.__new__(Card)
    state = card.__dict__ = _UNKNOWN_CARD.copy()
    state["uid"], state["owner"], state["info"] = uid, owner, info
    return card


def _player(pid: PlayerId, spec: PlayerSpec, uids: Iterator[int], game: GameSpec) -> Player:
    field_stacks = {
        slot: Stack(
            cards=[_card(pid, info, uids, game) for info in stack.all_cards],
            face_down=stack.face == "down",
            rested=stack.state == "rest",
        )
        for slot, stack in sorted(spec.field.items())
    }
    player = Player(
        id=pid,
        deck=_zone(pid, spec.deck, uids),
        graveyard=_zone(pid, spec.graveyard, uids),
        hand=_zone(pid, spec.hand, uids),
        field=field_stacks,
        damage_zero=spec.rights.damage_zero,
        events_this_turn=spec.events_this_turn,
        hand_draw_limit=spec.hand_draw_limit,
        summon_limit=spec.summon_limit,
        extra_turn=spec.extra_turn,
        zone_protections=tuple(spec.zone_protections),
        unknown_zones=tuple(zone for zone in ("deck", "graveyard", "hand") if getattr(spec, zone) == "unknown"),
    )
    player.restrictions = [
        Timed(r.cannot, _initial_expiry(r, affected=pid, controller=opponent_of(pid), turn_player=game.turn_player))
        for r in spec.restrictions
    ]
    return player


def _card(owner: PlayerId, info: CardSpec, uids: Iterator[int], game: GameSpec | None) -> Card:
    card = _plain_card(next(uids), owner, info)  # what it carries is set below only when it carries something
    card.immune = info.immune
    card.unselectable = info.unselectable
    card.battle_proof = info.battle_proof
    card.no_refresh = info.no_refresh
    card.guard = info.guard.from_ if info.guard else None
    if game is None:  # cards off the field carry no field state
        return card
    turn_player = game.turn_player
    if info.summoned_this_turn or info.summoned_without_set_this_turn:
        card.summoned_turn = 0
    if info.summoned_without_set_this_turn:
        card.summoned_without_set_turn = 0
    if info.mark_used_this_turn:
        card.mark_used_turn = 0
    if info.once_used:
        card.once_used = set(info.once_used)
    if info.power_mods:
        card.power_mods = [
            PowerMod(m.add, m.set, _initial_expiry(m, owner, owner, turn_player), continuous=m.continuous)
            for m in info.power_mods
        ]
    if info.rank_mods:
        card.rank_mods = [RankMod(m.add, _initial_expiry(m, owner, owner, turn_player)) for m in info.rank_mods]
    if info.granted_role:
        card.grants = [Timed(info.granted_role, Expiry(owner, 0, "never"))]
    if info.restrictions:
        card.restrictions = [
            Timed(r.cannot, _initial_expiry(r, owner, opponent_of(owner), turn_player)) for r in info.restrictions
        ]
    if info.protected:
        card.protections = [Timed(p.from_, _initial_expiry(p, owner, owner, turn_player)) for p in info.protected]
    return card


def _initial_expiry(timed: TimedSpec, affected: PlayerId, controller: PlayerId, turn_player: PlayerId) -> Expiry:
    """A duration written into the starting board is read from the board's moment.

    The board does not say whose effect set it, so 「次のターン」 (``next_turn``, ``end_of_next_turn``) there means the
    turn after the current one: the non-turn player's next turn (5.6.2 read from the turn player's side).
    """
    if timed.until in ("end_of_next_turn", "next_turn"):
        controller = turn_player
    return expiry_from(timed, affected, controller, turn_player)


def expiry_from(timed: TimedSpec, affected: PlayerId, controller: PlayerId, turn_player: PlayerId) -> Expiry:
    """The end of a duration (5.6): counted in the turns of the player it is about.

    ``controller`` is the player whose effect set the duration: 「次のターン」 is the controller's
    opponent's next turn (5.6.2), 「次の自分のターン」 the controller's own next one (5.6.4).
    """
    if timed.turns is not None:
        # 「nターンの間」 counts the affected player's turns (5.6.1); the current one counts if it is theirs.
        return Expiry(affected, timed.turns, "turn", period="turns")
    if timed.until == "end_of_attack":
        return Expiry(turn_player, 0, "attack", period="end_of_attack")
    if timed.until == "end_of_turn":
        return Expiry(turn_player, 1, "turn", period="end_of_turn")
    if timed.until == "end_of_next_turn":
        other = opponent_of(controller)
        return Expiry(other, 2 if turn_player == other else 1, "turn", period="end_of_next_turn")
    if timed.until == "next_turn":
        # Only during that next turn (5.6.2): waiting until it begins, then one turn of that player.
        other = opponent_of(controller)
        return Expiry(other, 1, "turn", waits_for=other, period="next_turn")
    if timed.until == "end_of_own_next_turn":
        return Expiry(controller, 2 if turn_player == controller else 1, "turn", period="end_of_own_next_turn")
    return Expiry(affected, 0, "never")
