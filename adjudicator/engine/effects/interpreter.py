"""Running an effect: its sentences in order, and the steps of each sentence in order.

- Steps joined by 「し、」 and sentences ended by 「。」 are processed one after another (10.1.5). After each
  step the decks are checked (12.1.2) and the 「〜た時」 effects it caused run before the next step
  (10.1.9); the original effect then resumes.
- A sentence starting 「その後」 goes on only if the sentence just before it was completely resolved
  (6.7.1, 6.7.4), judged on what that sentence's own steps did, not on the triggers in between
  (10.1.10-1). If it does not go on, nothing after it is processed (6.5.11).
- A plain sentence goes on whatever happened before (6.7.2).
- 「…なら」 is judged when its sentence starts, after the 「その後」 check (6.7.5, 6.7.6).
- 「できる」「てもよい」 sentences are done unless the action declines the effect (6.5.3); everything else
  is done as far as possible (6.5.1, 6.7.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.format.effects import Effect, Sentence, Step
from adjudicator.engine.board import Card
from adjudicator.engine.effects.conditions import RESOLUTION_CONDITION, judge
from adjudicator.engine.effects.hidden_zones import shuffle_looked_into
from adjudicator.engine.effects.names import record_activation
from adjudicator.engine.effects.run import STEP_HANDLERS, EffectRun, StepResult

# Every mechanism's module, imported for its steps: each registers them with @handles(kind) when imported.
from adjudicator.engine.effects import (  # noqa: F401
    choice,
    copy,
    extra_turn,
    grants,
    hidden_zones,
    move_on_field,
    refresh_lock,
    repeat,
    set_from_hand,
    steps,
    summon,
    to_hand_or_deck,
    zone_swap,
)
from adjudicator.engine.picks import with_picks
from adjudicator.engine.rules import SEQUENTIAL_MILL_EACH, rule
from adjudicator.vocabulary import PlayerId

if TYPE_CHECKING:
    from adjudicator.engine.game import Game

SEQUENTIAL = rule("sequential", "10.1.5", "「し、」「。」でつながる動作は、文中に現れる順に1つずつ処理する")
THEN_NEEDS_COMPLETE = rule("then_needs_complete", "6.7.1", "「その後」は直前の文の動作が完全に解決している場合にのみ進む")
THEN_ONE_SENTENCE = rule("then_one_sentence", "6.7.4", "「その後」は直前の1文のみを参照する")
THEN_STOPS_ALL = rule("then_stops_all", "6.5.11", "「その後」に進めなければ、それ以降の処理には進まない")
PLAIN_SENTENCES = rule("plain_sentences", "6.7.2", "「その後」のない文は、前段が処理できなくても処理可能なら処理する")
CONDITION_AT_START = rule("condition_at_start", "6.7.5", "文中の「その後」は文頭にあるものとして扱い、前段を終えてから条件を判定する")
EXAMPLE_6_7_6 = rule("example_6_7_6", "6.7.6", "「Cなら、その後、Dする」は直前の文の完全解決を確かめてからCを判定する")
THEN_IGNORES_TRIGGERS = rule(
    "then_ignores_triggers", "10.1.10-1", "「その後」の判定は直前の文の動作で決まり、途中の「〜た時」の効果の結果に左右されない"
)
OPTIONAL = rule("optional", "6.5.3", "「できる」「てもよい」の処理は行わないことを選べる")
AS_FAR_AS_POSSIBLE = rule("as_far_as_possible", ("6.5.1", "6.5.2", "6.7.3"), "任意性の明示がなければ可能な限り最後まで処理する")
ACTIVATOR_GONE = rule(
    "activator_gone", "6.1.4", "発動主が処理の途中で場を離れても、効果は処理可能な範囲で最後まで解決される"
)


def run_effect(game: "Game", source: Card, effect: Effect, controller: PlayerId, own: bool = False,
               cause: Card | None = None) -> bool:
    """Resolve ``effect`` of ``source`` for ``controller``; True when its last sentence fully resolved.

    ``own``: the effect the action itself runs (activated, or the event's), which takes a list of picks;
    ``cause``: the card that fired a triggered effect (「そのカード」)."""
    effect = with_picks(game, effect, own)
    run = EffectRun.start(game, source, effect, controller, step_runner=run_step, effect_runner=run_effect, cause=cause)
    record_activation(game, controller, effect)  # for 「｛〇〇｝を発動していたなら」 and name limits (6.11.6, 6.11.8)
    revealed = game.board.revealed
    game.effect_depth += 1
    try:
        return _run_sentences(run, effect)
    finally:
        game.effect_depth -= 1
        game.board.revealed = revealed  # what 「見て」 revealed is readable only while the effect runs (3.1.6, 4.2.1)


def _run_sentences(run: EffectRun, effect: Effect) -> bool:
    game = run.game
    previous: bool | None = None  # the last sentence's completeness; None before the first
    for number, sentence in enumerate(effect.sentences, start=1):
        if sentence.then and previous is not None and not _may_go_on(run, number, previous):
            return False
        if sentence.then is False and previous is False:
            game.trace.step(f"{run.label}: 第{number}文には「その後」がないので、前の文が完全に解決していなくても処理する。", PLAIN_SENTENCES)
        previous = _run_sentence(run, number, sentence)
    return bool(previous) if previous is not None else True


def _may_go_on(run: EffectRun, number: int, previous: bool | None) -> bool:
    """6.7.1/6.7.4: only the sentence just before counts, and only by what its own steps did (10.1.10-1)."""
    rules = [THEN_NEEDS_COMPLETE, THEN_ONE_SENTENCE]
    if run.triggers_ran:
        rules.append(THEN_IGNORES_TRIGGERS)
    if previous is False:
        run.game.trace.step(
            f"{run.label}: 第{number}文は「その後」で始まるが、直前の第{number - 1}文の動作が完全に解決していないので、"
            "「その後」以降の処理には進まない。",
            *rules, THEN_STOPS_ALL,
        )
        return False
    run.game.trace.step(
        f"{run.label}: 直前の第{number - 1}文の動作は完全に解決したので、「その後」に進み、以降も可能な限り処理する。",
        *rules, AS_FAR_AS_POSSIBLE,
    )
    return True


def _run_sentence(run: EffectRun, number: int, sentence: Sentence) -> bool:
    game = run.game
    if sentence.if_ is not None:
        met, words, rules = judge(run, sentence.if_)
        start = [CONDITION_AT_START, EXAMPLE_6_7_6] if sentence.then else [CONDITION_AT_START]
        verdict = "満たす" if met else "満たさないので、この文の処理は行わない（空撃ち）"
        game.trace.step(f"{run.label}: 第{number}文の条件「{words}」を文頭で判定する: {verdict}。", *start, *rules, *([] if met else [RESOLUTION_CONDITION]))
        if not met:
            return False
    if sentence.optional:
        if game.declined(run.effect.name):
            game.trace.step(f"{run.label}: 第{number}文は任意なので、行わないことを選ぶ。", OPTIONAL)
            return False
        game.trace.step(f"{run.label}: 第{number}文は任意の処理で、行うことを選ぶ。", OPTIONAL)
    run.triggers_ran = 0
    complete = True
    for index, step in enumerate(sentence.do):
        complete = run_step(run, step, joined=index > 0) and complete
    return complete


def run_step(run: EffectRun, step: Step, joined: bool = False) -> bool:
    """One step: the handler, then the deck check (12.1.2), then the 「〜た時」 effects it caused (10.1.9).

    Steps that run other steps (``repeat``) call this for each of them.
    """
    game = run.game
    game.count_operation()
    if run.started_on_field and not (run.source_is_this(run.source) and game.board.on_field(run.source)):
        _note_activator_gone(run)
    handler = STEP_HANDLERS.get(step.kind)
    if handler is None:
        game.engine_limit("STEP_HANDLERS", None, f"{run.label}: 「{step.kind}」の処理はまだエンジンに実装されていないため、ここで止める（エンジンの上限）")
    if joined:
        game.trace.step(f"{run.label}: 「し、」で続く次の動作に進む。", SEQUENTIAL)
    outcome: StepResult = handler(run, step)
    if outcome.happened:
        run.did.add(step.kind)
    run.refresh_last_seen()
    game.check_deck_out(lambda: _deck_out_order(run.effect))
    ran_before = game.operations
    game.settle()
    if game.operations != ran_before:
        run.triggers_ran += 1
    if run.looked_into:
        shuffle_looked_into(run)  # after the step's 「〜た時」 effects, before the next step (4.4.1, 10.1.9)
    return outcome.complete


def _deck_out_order(effect: Effect) -> tuple:
    """A deck at 0 in the middle of an effect that draws or mills both players' decks: its parts run in order
    (10.1.5), so one deck reaches 0 and the game ends before the other part is processed (12.1.3)."""
    whose: set[str] = set()
    for sentence in effect.sentences:
        for step in sentence.do:
            if step.kind in ("mill", "draw"):
                # 「互いに」 is one simultaneous step (10.1.1), not parts in order; a bare count is one's own deck.
                whose.add(getattr(step.argument, "player", "self"))
    return (SEQUENTIAL, SEQUENTIAL_MILL_EACH) if {"self", "opponent"} <= whose else ()


def _note_activator_gone(run: EffectRun) -> None:
    if run.activator_gone_noted:
        return
    run.activator_gone_noted = True
    run.game.trace.step(f"{run.label}: 発動主は場を離れた（または場の下に移動した）が、効果は処理可能な範囲で最後まで解決する。", ACTIVATOR_GONE)
