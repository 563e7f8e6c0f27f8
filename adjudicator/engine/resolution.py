"""Resolving a scenario: the action table and the action loop, at the top of the engine.

The loop in :func:`resolve` snapshots the board before each action (``Board.snapshot``): an action found illegal is rolled back
and reported as a violation with its clauses (the board is unchanged), and resolution goes on with the
next action. Resolution stops for good when the game ends, when a player's choice is needed that the
scenario did not make (a decision, also a count or an event's level the scenario left blank), when the rulebook does not
decide (a gap), or at one of the engine's own limits (named in the trace's ``limit``).

Every mechanism is imported here directly, so once ``adjudicator.engine`` is imported every rule is
registered (:func:`adjudicator.engine.rules.registered_rules`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from adjudicator import ENGINE_VERSION
from adjudicator.format.actions import Action, Choices, Picked
from adjudicator.format.scenario import Scenario
from adjudicator.engine import activation, attack, impossible, phases, snapshot, turns
from adjudicator.engine.board import Board, CountUnknown, build_board
from adjudicator.engine.board_record import BoardRecord
from adjudicator.engine.continuation import scenario_form
from adjudicator.engine.game import Game
from adjudicator.engine.naming import ZONE_NAMES
from adjudicator.engine.outcomes import Illegal, Stop, Unknown
from adjudicator.engine.rules import COUNTS_PUBLIC
from adjudicator.engine.trace import MAX_STEPS, Progress, Recorder, Trace, TraceFull
from adjudicator.engine.triggers import TRIGGERS
from adjudicator.vocabulary import Phase

RULEBOOK = {"id": "hi-story", "release": "v1.0.0"}


@dataclass(frozen=True)
class ActionRule:
    """How one action kind of the format resolves: the phase it belongs to, if the turn first moves there
    (5.2.1: an action of a later phase passes through the phases between; an earlier one is illegal), and
    the mechanism that performs it."""

    phase: Phase | None
    perform: Callable[[Game, int, Any], None]


# One entry per kind of ``format.actions.ACTION_KINDS``; tests/layers/test_layer_contracts.py checks that the two agree.
ACTIONS: dict[str, ActionRule] = {
    "attack": ActionRule(None, attack.perform_attack),
    "draw_phase": ActionRule("draw", phases.perform_draw_phase),
    "summon_phase": ActionRule("summon", phases.perform_summon_phase),
    "set": ActionRule("set", phases.perform_set),
    "activate": ActionRule(None, activation.perform_activate),
    "event": ActionRule(None, activation.perform_event),
    "next_phase": ActionRule(None, turns.perform_next_phase),
    "end_turn": ActionRule(None, turns.perform_end_turn),
}


def new_game(board: Board, recorder: Recorder, choices: Choices | None = None) -> Game:
    """A ``Game`` wired to the engine's trigger layer."""
    return Game(board=board, trace=recorder, triggers=TRIGGERS, choices=choices or Choices())


def perform(game: Game, index: int, action: Action) -> None:
    """Perform one action: move the turn to its phase if it has one, then let its mechanism resolve it."""
    rule = ACTIONS[action.kind]
    if rule.phase is not None:
        turns.advance_to(game, rule.phase)
    rule.perform(game, index, action.argument)


def board_errors(scenario: Scenario) -> list[tuple[str, str]]:
    """Why the starting board is impossible, as (path, Japanese reason) pairs, without resolving anything:
    what the builder checks before it sends the judge to the ruling (the same check ``resolve`` starts with)."""
    return impossible.board_problems(scenario, build_board(scenario))


def resolve(scenario: Scenario) -> Trace:
    """Resolve every action of the scenario in order and return the cited trace."""
    board = build_board(scenario)
    recorder = Recorder()
    initial = snapshot.board_record(board)
    problems = impossible.board_problems(scenario, board)
    if problems:
        return _finish(scenario, board, recorder, initial, Progress(len(scenario.actions), 0), errors=problems)
    progress = Progress(len(scenario.actions), len(scenario.actions))
    for index, action in enumerate(scenario.actions):
        recorder.action = index
        game = new_game(board, recorder, _choices_of(action))
        saved_board, saved_steps = board.snapshot(), len(recorder.steps)
        try:
            perform(game, index, action)
            game.settle()
            game.check_deck_out()
        except Illegal as illegal:
            board = saved_board.restore()
            del recorder.steps[saved_steps:]
            recorder.violation(illegal.text, *illegal.rules, site=_raised_at(illegal))
        except Stop:
            progress = _stopped(progress, index, recorder, board)
            break
        except (CountUnknown, Unknown) as blank:
            missing = _as_unknown(blank)
            recorder.decide(missing.player, missing.question, [], *missing.rules)
            progress = Progress(progress.actions, index, index, missing.needs)
            break
        except TraceFull:  # many long actions, each under the operation bound: stop, as for a loop
            recorder.engine_limit(
                "MAX_STEPS", MAX_STEPS, f"解決の記録が{MAX_STEPS}手順に達したため、ここで停止した（これ以上は裁定しない。エンジンの上限）"
            )
            progress = Progress(progress.actions, index, index)
            break
    recorder.action = None
    return _finish(scenario, board, recorder, initial, progress)


def _stopped(progress: Progress, index: int, recorder: Recorder, board: Board) -> Progress:
    """Where a :class:`Stop` in action ``index`` leaves the ruling: the game over (that action was judged to
    its end, the rest is never played), or stopped inside it for a choice, a gap or an engine limit."""
    if board.winner is not None:
        return Progress(progress.actions, index + 1, finished=True)
    needs = f"{recorder.decision.player}の選択" if recorder.decision is not None else None
    return Progress(progress.actions, index, index, needs)


def _raised_at(illegal: Illegal) -> str:
    """``module:line`` of the branch that raised ``illegal``: the refusal the rules audit counts."""
    tb = illegal.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return f"{tb.tb_frame.f_globals.get('__name__', '?')}:{tb.tb_lineno}" if tb is not None else "?"


def _as_unknown(blank: CountUnknown | Unknown) -> Unknown:
    """The value a stopped ruling asks for instead of assuming one; a count left unknown is asked of its
    owner, since counts are public (4.1.1, 4.1.3)."""
    if isinstance(blank, Unknown):
        return blank
    zone = ZONE_NAMES[blank.zone]
    needs = f"{blank.player}の{zone}の枚数"
    question = f"{needs}が入力されていない。{blank.why}はその枚数によるので、枚数を指定してください（{blank.player}の{zone}: 枚数）"
    return Unknown(blank.player, needs, question, *blank.rules, COUNTS_PUBLIC)


def _choices_of(action: Action) -> Choices:
    argument = action.argument
    if isinstance(argument, Choices):
        return Choices(decline=argument.decline, order=argument.order, picks=argument.picks)
    if isinstance(argument, Picked):  # the phase actions: picks for the effects they trigger
        return Choices(picks=argument.picks)
    return Choices()


def _finish(
    scenario: Scenario,
    board: Board,
    recorder: Recorder,
    initial: BoardRecord,
    progress: Progress,
    errors: list[tuple[str, str]] | None = None,
) -> Trace:
    finished = not errors and recorder.decision is None and recorder.limit is None and not recorder.gaps
    return Trace(
        rulebook=dict(RULEBOOK),
        engine=ENGINE_VERSION,
        title=scenario.title,
        question=scenario.question,
        steps=tuple(recorder.steps),
        violations=tuple(recorder.violations),
        decision=recorder.decision,
        gaps=tuple(recorder.gaps),
        limit=recorder.limit,
        winner=board.winner,
        final=snapshot.board_record(board),
        initial=initial,
        errors=tuple(errors or ()),
        final_scenario=scenario_form(board, scenario.title) if finished and board.winner is None else None,
        progress=progress,
    )
