"""Choices between effects: 「次のn個から選ぶ」 and 「Aする。またはBする。」 (6.5.7, 10.1.6, 7.3.10).

Every pick is made before any of the chosen processing starts (6.5.7): the scenario's ``chosen`` is that
pick, checked whole against the options first; with no pick the engine stops with a decision citing 6.5.7.
A 「または」 option is done as a whole, to every card it can handle, never mixed per card (7.3.10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.format.effects import ChooseEffectsSpec, EffectOption, Step
from adjudicator.engine.effects.run import NOT_DONE, handles, StepResult
from adjudicator.engine.rules import rule

if TYPE_CHECKING:
    from adjudicator.engine.effects.run import EffectRun

CHOOSE_FIRST = rule(
    "choose_effects_first", "6.5.7", "複数の候補から行うものを選ぶ処理は、処理を始める前に選択を全て決め終えてから、その内容に入る"
)
OR_IS_ONE_SIDE = rule("or_is_one_side", "10.1.6", "「または」は同時に提示される選択肢のいずれか一方のみを行う指定である")
OR_WHOLE_OPTION = rule(
    "or_whole_option", "7.3.10", "「Aする。またはBする。」は一方の処理をまとめて選び、扱える対象全てにその処理を適用する"
)
RESOLVED_WHOLE = rule("resolved_whole", ("6.1.2", "6.1.3"), "選んだ効果を解決し、書かれた全ての処理を終えれば完全に解決したことになる")


@handles("choose_effects")
def choose_effects_step(run: "EffectRun", step: Step) -> StepResult:
    spec: ChooseEffectsSpec = step.argument
    rules = (CHOOSE_FIRST, OR_IS_ONE_SIDE, OR_WHOLE_OPTION) if spec.or_ else (CHOOSE_FIRST,)
    picks = _valid_picks(run, spec, rules)
    listing = "、".join(f"{n}「{_words(spec.options[n - 1])}」" for n in picks)
    kind = "「または」の一方" if spec.or_ else f"{len(spec.options)}個から{spec.count}個"
    run.game.trace.step(
        f"{run.label}: {run.controller}は{kind}を処理の前に全て選ぶ: {listing}。選んだ後で変えることはできない。", *rules
    )
    complete = True
    for number in picks:
        for index, inner in enumerate(spec.options[number - 1].do):
            complete = run.run_nested(inner, index > 0) and complete
    if complete:
        run.game.trace.step(f"{run.label}: 選んだ処理を全て終えた。", RESOLVED_WHOLE)
        return StepResult(True, True)
    return StepResult(False, True) if picks else NOT_DONE


def _valid_picks(run: "EffectRun", spec: ChooseEffectsSpec, rules) -> list[int]:
    """The player's pick, whole and checked before anything is done; otherwise a decision (6.5.7)."""
    options = [f"{n}: {_words(option)}" for n, option in enumerate(spec.options, start=1)]
    chosen = spec.chosen
    if chosen is not None:
        problem = None
        if len(chosen) != spec.count:
            problem = f"{spec.count}個を選ぶところ{len(chosen)}個を選んだ"
        elif len(set(chosen)) != len(chosen):
            problem = "同じ候補を2度選んだ"
        elif any(not 1 <= n <= len(spec.options) for n in chosen):
            problem = f"候補は1〜{len(spec.options)}番である"
        if problem is None:
            return list(chosen)
        run.game.reject_choice(f"{run.label}: 選択 {chosen} は選べない（{problem}）", *rules)
    question = f"{run.label}: 次の{len(spec.options)}個から{spec.count}個を選ぶ（処理を始める前に全て決める）"
    run.game.need_decision(run.controller, question, options, *rules, chooser_named=False)  # 6.5.7 names no player


def _words(option: EffectOption) -> str:
    return option.text or "、".join(step.kind for step in option.do)
