"""Resolving a scenario: the game hub every mechanism works through, and the action loop.

:class:`Game` holds the board, the trace recorder and the choices of the action being resolved. The loop
in :func:`resolve` snapshots the board before each action: an action found illegal is rolled back and
reported as a violation with its clauses (the board is unchanged), and resolution goes on with the next
action. Resolution stops for good when the game ends, when a player's choice is needed that the scenario
did not make (a decision), or when the rulebook does not decide (a gap).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, NoReturn

from adjudicator import ENGINE_VERSION
from adjudicator.format import scenario as fmt
from adjudicator.engine.board import Board, Card, build_board
from adjudicator.engine.events import Event
from adjudicator.engine.rules import CHECK_AT_EACH_BATCH, DECK_OUT, Rule
from adjudicator.engine.trace import MAX_STEPS, Recorder, Trace, TraceFull

RULEBOOK = {"id": "hi-story", "release": "v1.0.0"}
MAX_TRIGGER_DEPTH = 20        # nested 「〜た時」 chains deeper than this are a loop (issue: bounded chains)
MAX_EFFECT_OPERATIONS = 500   # operations in one action, triggers included


class Illegal(Exception):
    """The action breaks a rule: it is rolled back and reported with the rules that forbid it."""

    def __init__(self, text: str, *rules: Rule):
        super().__init__(text)
        self.text = text
        self.rules = rules


class Stop(Exception):
    """Resolution ends here (game over, a decision to make, a gap, a loop); already recorded."""


@dataclass
class Game:
    """The state of one resolution: board, trace, and the current action's choices."""

    board: Board
    trace: Recorder
    choices: fmt.Choices = field(default_factory=fmt.Choices)
    operations: int = 0
    trigger_depth: int = 0
    pending: list[Any] = field(default_factory=list)  # after-triggers waiting for their step to end (10.1.9)
    copy_depth: int = 0           # copies running inside copies (6.11), bounded

    # -- choices and outcomes ----------------------------------------------------------------------

    def reject_choice(self, text: str, *rules: Rule) -> None:
        """A choice inside a legal action breaks a rule: it alone is dropped and the action goes on."""
        self.trace.violation(text, *rules, kind="choice")

    def need_decision(self, player: str, question: str, options: list[str], *rules: Rule) -> NoReturn:
        """Stop: the rules give ``player`` a choice the scenario did not make (never guess)."""
        self.trace.decide(player, question, options, *rules)
        raise Stop()

    def rulebook_gap(self, text: str, *rules: Rule) -> NoReturn:
        """Stop: the rulebook does not decide what happens next; say so and go no further."""
        self.trace.gap(text, *rules)
        raise Stop()

    def declined(self, effect_name: str) -> bool:
        return effect_name in self.choices.decline

    def count_operation(self) -> None:
        """Every effect operation counts; a scenario whose triggers never end stops at the bound."""
        self.operations += 1
        if self.operations > MAX_EFFECT_OPERATIONS:
            from adjudicator.engine.triggers import TRIGGER_LOOP

            self.rulebook_gap(
                f"処理が{MAX_EFFECT_OPERATIONS}回を超えたため、このシナリオはループしていると判断して停止した", TRIGGER_LOOP
            )

    # -- game end (12.1) ---------------------------------------------------------------------------

    def check_deck_out(self) -> None:
        """After each batch of simultaneous processing, a deck at 0 ends the game at once (12.1.1, 12.1.2)."""
        if self.board.winner is not None:
            raise Stop()
        empty = [p for p in ("A", "B") if not self.board.players[p].deck]
        if not empty:
            return
        if len(empty) == 2:
            from adjudicator.engine.rules import SEQUENTIAL_MILL_EACH

            self.rulebook_gap("両プレイヤーの山札が同時に0枚になった。どちらが勝つかは本書に定めがない", SEQUENTIAL_MILL_EACH, DECK_OUT)
        loser = empty[0]
        winner = "B" if loser == "A" else "A"
        self.board.winner = winner
        self.trace.step(
            f"{loser}の山札が0枚になった。その瞬間に{winner}の勝利で試合が終了し、残りの処理は行わない。",
            DECK_OUT,
            CHECK_AT_EACH_BATCH,
        )
        raise Stop()

    def win(self, player: str, *rules: Rule) -> None:
        self.board.winner = player
        self.trace.step(f"{player}がこのゲームに勝利する。", *rules)
        raise Stop()

    # -- events (the trigger layer lives in adjudicator.engine.triggers) -----------------------------

    def interrupt(self, event: "Event | list[Event]") -> None:
        """「〜する時」: effects waiting for this event (or these simultaneous events) resolve before it
        happens (10.1.7, 10.1.3)."""
        from adjudicator.engine import triggers

        triggers.interrupt(self, event)

    def happened(self, event: Event) -> None:
        """「〜た時」: effects waiting for this event wait until the current step ends (10.1.9)."""
        from adjudicator.engine import triggers

        triggers.queue(self, event)

    def settle(self) -> None:
        """End of a step: run the after-triggers it caused, then the original processing resumes (10.1.9)."""
        from adjudicator.engine import triggers

        triggers.drain(self)


ActionHandler = Callable[[Game, int, Any], None]

# Action kind → (module, function). Modules are imported when an action of theirs first resolves, so a
# mechanism still being written never breaks the others.
_HANDLERS: dict[str, tuple[str, str]] = {
    "attack": ("attack", "perform_attack"),
    "draw_phase": ("phases", "perform_draw_phase"),
    "summon_phase": ("phases", "perform_summon_phase"),
    "set": ("phases", "perform_set"),
    "activate": ("activation", "perform_activate"),
    "event": ("activation", "perform_event"),
    "next_phase": ("turns", "perform_next_phase"),
    "end_turn": ("turns", "perform_end_turn"),
}


def _handler(kind: str) -> ActionHandler:
    import importlib

    module, function = _HANDLERS[kind]
    return getattr(importlib.import_module(f"adjudicator.engine.{module}"), function)


def resolve(scenario: fmt.Scenario) -> Trace:
    """Resolve every action of the scenario in order and return the cited trace."""
    from adjudicator.engine import impossible, snapshot

    board = build_board(scenario)
    recorder = Recorder()
    initial = snapshot.board_json(board)
    problems = impossible.board_problems(scenario, board)
    if problems:
        return _finish(scenario, board, recorder, initial, errors=problems)
    for index, action in enumerate(scenario.actions):
        recorder.action = index
        game = Game(board=board, trace=recorder, choices=_choices_of(action))
        saved_board, saved_steps = board.copy(), len(recorder.steps)
        try:
            _handler(action.kind)(game, index, action.argument)
            game.settle()
            game.check_deck_out()
        except Illegal as illegal:
            board = saved_board
            del recorder.steps[saved_steps:]
            recorder.violation(illegal.text, *illegal.rules)
        except Stop:
            break
        except TraceFull:  # many long actions, each under the operation bound: stop, as for a loop
            recorder.gap(f"解決の記録が{MAX_STEPS}手順に達したため、ここで停止した（これ以上は裁定しない）")
            break
    recorder.action = None
    return _finish(scenario, board, recorder, initial)


def _choices_of(action: fmt.Action) -> fmt.Choices:
    argument = action.argument
    if isinstance(argument, fmt.Choices):
        return fmt.Choices(decline=argument.decline, order=argument.order)
    return fmt.Choices()


def _finish(
    scenario: fmt.Scenario,
    board: Board,
    recorder: Recorder,
    initial: dict[str, Any],
    errors: list[tuple[str, str]] | None = None,
) -> Trace:
    from adjudicator.engine import snapshot

    return Trace(
        rulebook=dict(RULEBOOK),
        engine=ENGINE_VERSION,
        title=scenario.title,
        question=scenario.question,
        steps=tuple(recorder.steps),
        violations=tuple(recorder.violations),
        decision=recorder.decision,
        gaps=tuple(recorder.gaps),
        winner=board.winner,
        final=snapshot.board_json(board),
        initial=initial,
        errors=tuple(errors or ()),
    )


def card_in_play(game: Game, ref: str) -> Card | None:
    """The card an action names: a slot reference's top card or a declared id."""
    return game.board.find(ref)
