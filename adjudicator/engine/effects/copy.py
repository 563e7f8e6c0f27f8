"""効果コピー (6.11.1–6.11.8): a 「召」/「1」 effect of a field card, activated as an effect of the host.

Only three things are copied: the full text (with its self-described conditions), the effect name and the
effect's restrictions (6.11.1). Inside the copy 「これ」 is the host (6.11.2, 7.2.3); 〈names〉 are not reread.
The marks and the conditions that come from them are not copied, so the copied card's own limits (summoned
this turn, once since summoned, a ban naming its 「召」「1」) do not stop the copy (6.11.3), while a condition
the text writes about its own card is copied and judged on the host (6.11.4). 効果制限 (13.3) and limits tied
to the effect name apply to the copy too (6.11.5, 6.11.6). What the copy consumes is the copying effect's own
activation, judged on the card activating the copy (6.11.7); the copied 「召」「1」 content consumes nothing.
A copy counts as activating its effect name (6.11.8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.format.effects import CardRef, CopyEffectSpec, Effect, Step
from adjudicator.engine.facts import facts_of
from adjudicator.engine.effects.names import COPY_NAME_COUNTS, COPY_NAME_LIMIT, COPY_RESTRICTED, EFFECT_RESTRICTION, name_limit_problem
from adjudicator.engine.effects.run import NOT_DONE, handles, StepResult
from adjudicator.engine.effects.selectors import select
from adjudicator.engine.effects.shared import shared_cards
from adjudicator.engine.words import card_words
from adjudicator.engine.marks import mark_problem, use_mark
from adjudicator.engine.restrictions import forbidding
from adjudicator.engine.rules import CARD_TEXT_FIRST, FACE_DOWN_NO_INFO, rule
from adjudicator.engine.trace import Considered

if TYPE_CHECKING:
    from adjudicator.engine.board import Card
    from adjudicator.engine.effects.run import EffectRun
    from adjudicator.engine.game import Game

COPY_WHAT = rule(
    "copy_what", "6.11.1", "効果コピーは「召」「1」の効果の、テキスト全文・効果名・効果制限の3要素だけを宿主の効果として発動する"
)
COPY_THIS_IS_HOST = rule("copy_this_is_host", ("6.11.2", "7.2.3"), "コピーの実行時、「これ」は宿主を指す。〈固有名詞〉は読み替えない")
COPY_NO_MARK_LIMITS = rule(
    "copy_no_mark_limits", "6.11.3", "マークに由来する発動条件はコピーされないので、コピー元がそれを満たさなくてもコピーできる"
)
COPY_OWN_CONDITIONS = rule("copy_own_conditions", "6.11.4", "テキストに自己記述された条件はそのままコピーされ、宿主を基準に判定する")
COPY_CONSUMES = rule(
    "copy_consumes", "6.11.7", "コピーで消費される発動回数・発動枠は発動主が本来持つ種別で判定し、コピーした「召」「1」の内容は消費しない"
)
COPY_DEPTH = rule("copy_depth", ("6.11.1", "10.1.9"), "コピーの中のコピーが限度を超えて続く: ループとして停止する")
MAX_COPY_DEPTH = 3


@handles("copy_effect")
def copy_effect_step(run: "EffectRun", step: Step) -> StepResult:
    spec: CopyEffectSpec = step.argument
    game, board = run.game, run.board
    source = _one(run, spec.source)
    host = run.source if spec.host is None else _one(run, spec.host)
    copied = _copied(run, source, spec.effect)
    if copied is None or host is None or not _host_fits(run, host):
        return NOT_DONE
    depth = game.copy_depth
    if depth >= MAX_COPY_DEPTH:
        game.rulebook_gap(f"{run.label}: コピーの中のコピーが{MAX_COPY_DEPTH}段を超えた。終わらないので、ここで停止する", COPY_DEPTH)
    considered = _mark_limits_ignored(game, source, copied)
    rules = [COPY_WHAT, COPY_THIS_IS_HOST, COPY_CONSUMES, COPY_NAME_COUNTS]
    if any(sentence.if_ is not None for sentence in copied.sentences):
        rules.append(COPY_OWN_CONDITIONS)
    if considered:
        rules.append(COPY_NO_MARK_LIMITS)
    if run.source.is_event:
        considered.append(Considered.of("発動主は事変でランクを持たないので、ランクを積算する制限は適用されない", COPY_CONSUMES))
    game.trace.step(
        f"{run.label}: {card_words(board, source)}の｛{copied.name}｝（テキスト全文・効果名・効果制限）をコピーし、"
        f"{card_words(board, host)}の効果として発動する。その中の「これ」は{card_words(board, host)}を指す。"
        "コピーした「召」「1」の内容はそれ自体の発動回数・発動枠を消費しない。",
        *rules, considered=considered,
    )
    if copied.shared_with:
        for partner in shared_cards(game, host, copied, spec.with_, copy=True):
            use_mark(game, partner, copied)
    as_host = copied.model_copy(update={"mark": "none"})  # the mark is not copied (6.11.1)
    game.copy_depth = depth + 1
    try:
        complete = run.run_other_effect(host, as_host)
    finally:
        game.copy_depth = depth
    return StepResult(complete=complete, happened=True)


def _host_fits(run: "EffectRun", host: "Card") -> bool:
    """The host is a card of the copying player's own field (6.11.1). A ban on activating the host's own
    effects: 6.11.3 says a ban naming the copied card does not reach the host, and says nothing of a ban
    on the host itself, so the trace stops there."""
    game = run.game
    if host.owner != run.controller or not game.board.on_field(host):
        game.reject_choice(f"{run.label}: 宿主は自分の場のカードでなければならない", COPY_WHAT)
        return False
    forbidden = forbidding(game, host.owner, "activate", host)
    if forbidden is not None:
        game.rulebook_gap(
            f"{run.label}: 宿主{card_words(game.board, host)}には発動の禁止（{forbidden[0]}）がある。コピー元への禁止が宿主に及ばないことは"
            "定められているが、宿主自身への禁止がコピーの実行を妨げるかは本書に定めがない",
            COPY_NO_MARK_LIMITS,
        )
    return True


def _one(run: "EffectRun", ref: CardRef) -> "Card | None":
    selection = select(run, ref)
    return selection.cards[0] if selection.cards else None


def _copied(run: "EffectRun", source: "Card | None", name: str) -> Effect | None:
    """The copied effect, if it is a 「召」/「1」 effect the copy may take (6.11.1, 6.11.5, 6.11.6)."""
    game = run.game
    if source is None or source.info is None or not game.board.on_field(source):
        game.trace.step(f"{run.label}: コピーする場のカードがないので、コピーは行われない。", COPY_WHAT)
        return None
    words = f"{card_words(game.board, source)}の｛{name}｝"
    if not facts_of(game.board, source).face_up:
        game.reject_choice(f"{words}: ウラのカードは効果を持たないので、コピーできない", FACE_DOWN_NO_INFO, COPY_WHAT)
        return None
    effect = next((e for e in source.info.effects if e.name == name), None)
    if effect is None or effect.mark not in ("summon", "once"):
        game.reject_choice(f"{words}は「召」「1」の効果ではないので、コピーできない", COPY_WHAT)
        return None
    if effect.restricted:
        game.reject_choice(f"{words}は効果制限の条件を満たしていないので、コピーして発動することもできない", COPY_RESTRICTED, EFFECT_RESTRICTION)
        return None
    problem = name_limit_problem(game, run.controller, effect)
    if problem is not None:
        game.reject_choice(f"{words}: {problem}（コピーでも同じ）", COPY_NAME_LIMIT, CARD_TEXT_FIRST)
        return None
    return effect


def _mark_limits_ignored(game: "Game", source: "Card", effect: Effect) -> list[Considered]:
    notes = []
    problem = mark_problem(game, source, effect)
    if problem is not None:
        notes.append(Considered.of(f"コピー元は{problem[0]}が、マークに由来する条件はコピーされないのでコピーできる", COPY_NO_MARK_LIMITS))
    forbidden = forbidding(game, source.owner, "activate", source)
    if forbidden is not None:
        notes.append(Considered.of(f"コピー元への発動の禁止（{forbidden[0]}）は、宿主という別のカードでの実行には及ばない", COPY_NO_MARK_LIMITS))
    return notes
