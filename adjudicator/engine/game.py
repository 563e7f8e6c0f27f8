"""The game hub every mechanism works through: the board, the trace recorder, the current action's choices.

:class:`Game` holds the state of one resolution and says how it ends early (a rejected choice, a decision
to make, a gap, the game's end). It is handed its trigger layer (:class:`TriggerLayer`) instead of
importing it, so the mechanisms below the triggers can raise events without knowing what waits for them.
The action loop that builds a ``Game`` per action is :mod:`adjudicator.engine.resolution`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, NoReturn, Protocol

from adjudicator.format.actions import Choices
from adjudicator.engine.board import Board, CountUnknown, count_reduced
from adjudicator.engine.events import Event
from adjudicator.engine.outcomes import Illegal, Stop
from adjudicator.engine.rules import CHECK_AT_EACH_BATCH, DECK_OUT, SEQUENTIAL_MILL_EACH, Rule
from adjudicator.engine.trace import Recorder
from adjudicator.vocabulary import PLAYER_IDS, Phase, PhaseMoment, PlayerId, opponent_of

# Engine limits, not rules: a resolution that reaches one stops with the limit named (the trace's ``limit``),
# never with a gap of the rulebook.
MAX_TRIGGER_DEPTH = 20        # nested 「〜た時」 chains deeper than this are a loop (issue: bounded chains)
MAX_EFFECT_OPERATIONS = 500   # operations in one action, triggers included

__all__ = ["Game", "Illegal", "Stop", "TriggerLayer", "MAX_EFFECT_OPERATIONS", "MAX_TRIGGER_DEPTH"]


class TriggerLayer(Protocol):
    """What waits for events: 「〜する時」 interrupts, 「〜た時」 after-triggers and phase moments (10.1, 6.4.6).

    :data:`adjudicator.engine.triggers.TRIGGERS` is the engine's; a test may hand a ``Game`` its own.
    """

    def interrupt(self, game: "Game", event: "Event | list[Event]") -> None: ...

    def queue(self, game: "Game", event: Event) -> None: ...

    def drain(self, game: "Game") -> None: ...

    def phase_boundary(self, game: "Game", phase: Phase, edge: PhaseMoment) -> None: ...


@dataclass
class Game:
    """The state of one resolution: board, trace, and the current action's choices."""

    board: Board
    trace: Recorder
    triggers: TriggerLayer
    choices: Choices = field(default_factory=Choices)
    operations: int = 0
    trigger_depth: int = 0
    pending: list[Any] = field(default_factory=list)  # after-triggers waiting for their step to end (10.1.9)
    pick_queues: dict[str | None, list[Any]] = field(default_factory=dict)  # the action's picks left (picks.py)
    copy_depth: int = 0           # copies running inside copies (6.11), bounded
    resolving: list[tuple[int, str]] = field(default_factory=list)  # (card uid, effect name) of triggers running
    effect_depth: int = 0         # effects being processed: what their steps trigger is ordered under 10.1.9
    in_attack: bool = False       # between ① and ⑩ of an attack (10.6.2): what is ready together is ordered by 10.6.3

    # -- choices and outcomes ----------------------------------------------------------------------

    def reject_choice(self, text: str, *rules: Rule) -> None:
        """A choice inside a legal action breaks a rule: it alone is dropped and the action goes on."""
        self.trace.violation(text, *rules, kind="choice")

    def need_decision(
        self, player: PlayerId, question: str, options: list[str], *rules: Rule, chooser_named: bool = True
    ) -> NoReturn:
        """Stop: the rules give ``player`` a choice the scenario did not make (never guess).

        ``rules`` are the clauses that give the choice. When they do not say who makes it
        (``chooser_named=False``: 「選ぶ」 8.4.1, 「まで」 6.5.4, 「できる」 6.5.3 name no player), the ruling says
        so with a gap beside the decision instead of presenting ``player`` as settled by the rulebook.
        """
        if not chooser_named:
            self.trace.gap(
                f"この選択を誰が行うかは本書に明示されていない。この処理を行う{player}の選択として問う（{question}）", *rules
            )
        self.trace.decide(player, question, options, *rules)
        raise Stop()

    def rulebook_gap(self, text: str, *rules: Rule) -> NoReturn:
        """Stop: the rulebook does not decide what happens next; say so and go no further."""
        self.trace.gap(text, *rules)
        raise Stop()

    def engine_limit(self, name: str, bound: int | None, text: str) -> NoReturn:
        """Stop: one of the engine's own bounds is reached (a loop, an unmodelled step). That is the engine's
        limit, not a gap of the rulebook, and it is named as such (no clause is cited for it)."""
        self.trace.engine_limit(name, bound, text)
        raise Stop()

    def declined(self, effect_name: str) -> bool:
        return effect_name in self.choices.decline

    def count_operation(self) -> None:
        """Every effect operation counts; a scenario whose triggers never end stops at the bound."""
        self.operations += 1
        if self.operations > MAX_EFFECT_OPERATIONS:
            self.engine_limit(
                "MAX_EFFECT_OPERATIONS", MAX_EFFECT_OPERATIONS,
                f"処理が{MAX_EFFECT_OPERATIONS}回を超えたため、このシナリオはループしていると判断して停止した（エンジンの上限）",
            )

    # -- game end (12.1) ---------------------------------------------------------------------------

    def check_deck_out(self, why_now: Callable[[], tuple[Rule, ...]] | None = None) -> None:
        """After each batch of simultaneous processing, a deck at 0 ends the game at once (12.1.1, 12.1.2).

        ``why_now``: the clauses that put this check before the rest of the processing (asked only when a
        deck is at 0), e.g. an effect on both decks checked after its first part (12.1.3)."""
        if self.board.winner is not None:
            raise Stop()
        for pid in PLAYER_IDS:
            if count_reduced(self.board.players[pid], "deck"):
                # Cards left a deck whose count nobody gave: whether it reached 0 is not known (never 0 by default).
                raise CountUnknown(pid, "deck", "山札が0枚になったかどうか（12.1.1）", DECK_OUT, CHECK_AT_EACH_BATCH)
        empty = [p for p in PLAYER_IDS if not self.board.players[p].deck]
        if not empty:
            return
        if len(empty) == 2:
            self.rulebook_gap("両プレイヤーの山札が同時に0枚になった。どちらが勝つかは本書に定めがない", SEQUENTIAL_MILL_EACH, DECK_OUT)
        loser = empty[0]
        winner = opponent_of(loser)
        self.board.winner = winner
        self.trace.step(
            f"{loser}の山札が0枚になった。その瞬間に{winner}の勝利で試合が終了し、残りの処理は行わない。",
            DECK_OUT,
            CHECK_AT_EACH_BATCH,
            *(why_now() if why_now else ()),
        )
        raise Stop()

    def win(self, player: PlayerId, *rules: Rule) -> None:
        self.board.winner = player
        self.trace.step(f"{player}がこのゲームに勝利する。", *rules)
        raise Stop()

    # -- events (handed to the trigger layer this game was given) -----------------------------------

    def interrupt(self, event: "Event | list[Event]") -> None:
        """「〜する時」: effects waiting for this event (or these simultaneous events) resolve before it
        happens (10.1.7, 10.1.3)."""
        self.triggers.interrupt(self, event)

    def happened(self, event: Event) -> None:
        """「〜た時」: effects waiting for this event wait until the current step ends (10.1.9)."""
        self.triggers.queue(self, event)

    def settle(self) -> None:
        """End of a step: run the after-triggers it caused, then the original processing resumes (10.1.9)."""
        self.triggers.drain(self)

    def phase_boundary(self, edge: PhaseMoment) -> None:
        """「〇〇フェーズの初めに／終わりに」: effects waiting for this moment of the current phase (6.4.6)."""
        self.triggers.phase_boundary(self, self.board.phase, edge)
