"""``repeat``: 「…操作をn回行う」, each time looking at the board anew (2.3.5, 10.1.4), unlike one batch
selection (2.3.4)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.engine.effects.run import handles, StepResult
from adjudicator.engine.rules import rule
from adjudicator.format.effects import Step

if TYPE_CHECKING:
    from adjudicator.engine.effects.run import EffectRun

REPEAT_LOOKS_ANEW = rule(
    "repeat_looks_anew", ("2.3.5", "10.1.4"), "同じ操作をn回行う効果は、各回の操作ごとにその時点の場（一番上）を参照する"
)


@handles("repeat")
def repeat_step(run: "EffectRun", step: Step) -> StepResult:
    """「…操作をn回行う」: each time the steps look at the board as it is then (2.3.5, 10.1.4)."""
    times = step.repeat or 0
    earlier = set(run.did)
    run.did.clear()  # to see what the repeated steps themselves did
    complete = True
    for number in range(1, times + 1):
        run.game.trace.step(f"{run.label}: {times}回のうち{number}回目の操作。その時点の場（一番上）を改めて参照する。", REPEAT_LOOKS_ANEW)
        for index, inner in enumerate(step.do or []):
            complete = run.run_nested(inner, index > 0) and complete
    happened = bool(run.did)
    run.did |= earlier
    return StepResult(complete=complete, happened=happened)
