"""The trace as a page: the verdict first, then the steps with their clause chips, and the board drawn.

Everything here turns a ruling's :class:`Trace` (fresh, or a stored link's read back with ``Trace.from_json``)
into plain values the templates only render; it never re-resolves, so a stored link shows exactly the trace
that was stored.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator import vocabulary
from adjudicator.engine.board_record import SLOTS, UNKNOWN, BoardRecord, Count, PlayerRecord, SlotRecord
from adjudicator.engine.render import verdict_words
from adjudicator.engine.trace import Trace
from adjudicator.rulebook import Rulebook
from adjudicator.web.rulings.happenings import what_happened
from adjudicator.vocabulary import PLAYER_IDS

ZONE_WORDS = tuple((zone, vocabulary.ZONES[zone]) for zone in vocabulary.COUNTED_ZONES)
PHASE_WORDS = vocabulary.PHASES
CHIP_TEXT_CHARS = 240
MAIN_CLAUSES = 8


@dataclass(frozen=True)
class Chip:
    """A cited clause: its id, its page, and its text for hover and tap."""

    id: str
    href: str | None
    text: str


@dataclass(frozen=True)
class Verdict:
    legal: bool
    headline: str
    winner: str | None
    numbers: tuple[str, ...]       # the key numbers: what changed in each player's zones
    main_clauses: tuple[str, ...]  # for the preview and the summary line
    happened: tuple[str, ...] = ()  # 「石田三成はバトルに敗れ墓地へ」: what the actions did, read off the boards
    stopped: bool = False           # resolution stopped before judging every action (a count, a choice, a gap)

    @property
    def summary(self) -> str:
        """The headline a judge reads out: what happened, else the verdict itself."""
        return "。".join(self.happened) if self.happened else self.headline

    @property
    def description(self) -> str:
        """One line for link previews: the verdict, the numbers, the main clauses."""
        parts = [*self.happened[:2], self.headline, *self.numbers[:4]]
        if self.main_clauses:
            parts.append("根拠: " + ", ".join(self.main_clauses))
        return "。".join(parts)


class ChipMaker:
    """Chips for one rulebook; clause ids the book does not have still show, without a link."""

    def __init__(self, book: Rulebook | None, href):
        self.book = book
        self.href = href

    def __call__(self, clause_ids) -> list[Chip]:
        return [self.chip(clause_id) for clause_id in clause_ids]

    def chip(self, clause_id: str) -> Chip:
        node = self.book.get(clause_id) if self.book else None
        if node is None:
            return Chip(clause_id, None, "")
        text = " ".join(node.text.split())
        if len(text) > CHIP_TEXT_CHARS:
            text = text[: CHIP_TEXT_CHARS - 1] + "…"
        return Chip(clause_id, self.href(node.id), text)


def verdict(trace: Trace) -> Verdict:
    headline = verdict_words(trace)
    happened = what_happened(trace) if not trace.errors else ()
    stopped = trace.progress.stopped_in is not None if trace.progress else bool(trace.decision or trace.gaps or trace.limit)
    return Verdict(trace.legal, headline, trace.winner, tuple(key_numbers(trace)), tuple(main_clauses(trace)), happened,
                   stopped)


def key_numbers(trace: Trace) -> list[str]:
    """「Bの山札 9 → 6枚」: each zone count that changed."""
    out = []
    for pid in PLAYER_IDS:
        before, after = trace.initial.player(pid), trace.final.player(pid)
        if before is None or after is None:
            continue
        for zone, word in ZONE_WORDS:
            old, new = before.count(zone), after.count(zone)
            if old != new:
                out.append(f"{pid}の{word} {_count_words(old)} → {_count_words(new)}枚")
    return out


def main_clauses(trace: Trace) -> list[str]:
    """The clauses that decide the ruling: those of rejected actions first, then the steps' clauses in order.

    Items of a procedure (``10.6.2-6``: 「攻撃の処理の⑥」) frame every step of an attack; the clauses the
    steps apply beside them say why this case comes out as it does, so items are left out here.
    """
    seen: dict[str, None] = {}
    for violation in trace.violations:
        for clause in violation.cites:
            seen.setdefault(clause, None)
    for step in trace.steps:
        for clause in step.cites:
            if "-" not in clause:
                seen.setdefault(clause, None)
    return list(seen)[:MAIN_CLAUSES]


# --- the board -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardView:
    name: str
    face_down: bool


@dataclass(frozen=True)
class SlotView:
    number: str
    cards: tuple[CardView, ...]  # bottom → top
    face_down: bool
    rested: bool
    power: int | None
    rank: int | None

    @property
    def empty(self) -> bool:
        return not self.cards

    @property
    def top(self) -> CardView | None:
        return self.cards[-1] if self.cards else None

    @property
    def under(self) -> tuple[CardView, ...]:
        return self.cards[:-1]

    @property
    def label(self) -> str:
        """What a screen reader says for the slot."""
        if self.empty:
            return f"{self.number}: {vocabulary.EMPTY_SLOT}"
        face = vocabulary.FACES["down" if self.face_down else "up"]
        state = vocabulary.STATES["rest" if self.rested else "active"]
        name = "" if self.face_down else f"〈{self.top.name}〉"
        power = f"、パワー{self.power}" if self.power is not None and not self.face_down else ""
        under = f"、場の下{len(self.under)}枚" if self.under else ""
        return f"{self.number}: {name}{face}・{state}{power}{under}"


@dataclass(frozen=True)
class PlayerView:
    id: str
    zones: tuple[tuple[str, str], ...]
    slots: tuple[SlotView, ...]
    hand_cards: tuple[str, ...]


@dataclass(frozen=True)
class BoardView:
    players: tuple[PlayerView, ...]
    turn: str


def board_view(board: BoardRecord) -> BoardView | None:
    if board.empty:
        return None
    turn = ""
    if board.game is not None:
        game = board.game
        turn = f"{game.turn_player}のターン（{game.round}ターン目）・{PHASE_WORDS.get(game.phase, game.phase)}"
    return BoardView(tuple(_player_view(player) for player in board.players), turn)


def _player_view(player: PlayerRecord) -> PlayerView:
    slots = tuple(_slot_view(f"{player.id}{number}", player.slot(number)) for number in SLOTS)
    zones = tuple((word, _count_words(player.count(zone))) for zone, word in ZONE_WORDS)
    return PlayerView(player.id, zones, slots, tuple(card.name for card in player.hand_cards if card.name))


def _slot_view(number: str, stack: SlotRecord | None) -> SlotView:
    if stack is None:
        return SlotView(number, (), False, False, None, None)
    cards = tuple(CardView(name, stack.face_down) for name in stack.names)
    return SlotView(number, cards, stack.face_down, stack.rested, stack.power, stack.rank)


def _count_words(count: Count) -> str:
    """A zone count as shown: a number, or 「不明」 for one the scenario left unknown (never shown as 0)."""
    return "不明" if count == UNKNOWN else str(count)
