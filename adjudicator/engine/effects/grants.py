"""What an effect gives players and cards for a time (durations, 5.6): ``restrict``, ``grant``, ``protect``,
``rank``.

The same duration twice does not add up (5.7.1); restrictions are judged at each attempt (8.2.4, 8.2.5) and
carried by their card (3.4.1); a granted role is kept while face-down but not had then (3.1.4, 3.6.1);
protections cover the cards on the field at activation (8.2.6); rank changes add up (2.2.3, 10.4.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from adjudicator.engine import durations, restrictions
from adjudicator.engine.board import Card, RankMod, Timed
from adjudicator.engine.facts import describe_where
from adjudicator.engine.effects.immunity import IMMUNE, PROHIBITION_FIRST, immune
from adjudicator.engine.effects.run import DONE, handles, StepResult
from adjudicator.engine.effects.selectors import select, selection_rules
from adjudicator.engine.words import card_words, cards_words
from adjudicator.engine.rules import FACE_DOWN_NO_INFO, Rule, rule
from adjudicator.engine.stats import rank_of
from adjudicator.engine.trace import Considered
from adjudicator.format.effects import CardRef, GrantSpec, ProtectSpec, RankSpec, RestrictSpec, Step

if TYPE_CHECKING:
    from adjudicator.engine.effects.run import EffectRun

GRANT = rule("grant", ("3.1.4", "3.6.1"), "アタッカー/ブロッカーの付与: ウラである間は得ないが、場外へ移動しない限り期間は失われない")
PROTECT_FIXED = rule(
    "protect_fixed", ("8.2.6", "8.2.1"), "カード主語の期間付きの保護は、発動した瞬間の場のカードだけに及ぶ（後から場に出たカードは含まない）"
)
RANK_CHANGE = rule("rank_change", ("2.2.3", "10.4.2"), "実効ランクを変更する効果は、事変の発動条件などで変更後の値を用いる（増減は合算）")
FACE_DOWN_NO_RANK = rule("face_down_no_rank", ("3.1.2", "3.1.7"), "ウラのカードはランクを持たないため、ランクの増減は適用されない")


@handles("restrict")
def restrict_step(run: "EffectRun", step: Step) -> StepResult:
    """「相手は〜できない」 and its card-subject and counted forms (8.2.4, 8.2.5, 10.3)."""
    spec: RestrictSpec = step.argument
    if spec.target is not None:
        return _restrict_cards(run, spec)
    board = run.board
    changes, merged = [], False
    for pid in run.players(spec.player):
        expiry = durations.expiry_of(board, spec, affected=pid, controller=run.controller)
        held = Timed(spec.cannot, expiry, run.effect.name, where=spec.where, limit=spec.limit)
        merged = durations.add_timed(board, board.players[pid].restrictions, held) or merged
        changes.append(f"{pid}: {_restriction_words(spec)}（{durations.describe(expiry)}）")
    rules: list[Rule] = [restrictions.PLAYER_RESTRICTION if spec.where is None else restrictions.CARD_RESTRICTION]
    text = f"{run.label}: {'、'.join(run.players(spec.player))}は{_restriction_words(spec)}。行為を宣言するたびにその時点の場で判定する。"
    if spec.limit is not None:
        rules.append(restrictions.LIMIT_COUNTS_THIS_TURN)
        text += "このターン既に行った回数も通算する。"
        if len(restrictions.limits(board.players[run.players(spec.player)[0]], spec.cannot)) > 1:
            rules.append(restrictions.LIMITS_OVERLAP)
    if merged:
        rules.append(durations.DURATIONS_DO_NOT_ADD)
        text += "同じ内容の制限が既にあり、期間は加算されず長く残る方が適用される。"
    run.game.trace.step(text, *rules, durations.duration_rule(spec), changes=changes)
    return DONE


def _restriction_words(spec: RestrictSpec) -> str:
    act = restrictions.act_name(spec.cannot)
    if spec.limit is not None:
        return f"合わせて{spec.limit}枚までしか{act}できない"
    if spec.where is not None:
        return f"場の{describe_where(spec.where)}カードで{act}できない"
    return f"{act}できない"


def _restrict_cards(run: "EffectRun", spec: RestrictSpec) -> StepResult:
    """「それは〜できない」: carried by the card (3.4.1), not stopped by immunity (8.2.5)."""
    board = run.board
    selection = select(run, spec.target)
    changes, merged = [], False
    for card in selection.cards:
        expiry = durations.expiry_of(board, spec, affected=card.owner, controller=run.controller)
        merged = durations.add_timed(board, card.restrictions, Timed(spec.cannot, expiry, run.effect.name)) or merged
        changes.append(f"{card_words(board, card)}: {restrictions.act_name(spec.cannot)}できない（{durations.describe(expiry)}）")
    rules = [restrictions.CARD_RESTRICTION] + ([restrictions.RESTRICTION_BEATS_IMMUNITY] if any(c.immune for c in selection.cards) else [])
    if merged:
        rules.append(durations.DURATIONS_DO_NOT_ADD)
    run.refer_to(selection.cards)
    run.game.trace.step(
        f"{run.label}: {cards_words(board, selection.cards)}は{restrictions.act_name(spec.cannot)}できない。",
        *rules, durations.duration_rule(spec), *selection_rules(selection), changes=changes, considered=selection.considered,
    )
    return StepResult(complete=selection.complete, happened=bool(selection.cards))


@handles("grant")
def grant_step(run: "EffectRun", step: Step) -> StepResult:
    """アタッカー/ブロッカーを得る: kept while face-down, but not had then (3.1.4, 3.6.1)."""
    spec: GrantSpec = step.argument
    role = "アタッカー" if spec.role == "attacker" else "ブロッカー"

    def give(card: Card) -> str:
        expiry = durations.expiry_of(run.board, spec, affected=card.owner, controller=run.controller)
        merged = durations.add_timed(run.board, card.grants, Timed(spec.role, expiry, run.effect.name))
        hidden = "（ウラである間はそれを得ない）" if _face_down(run, card) else ""
        return f"{card_words(run.board, card)}: {role}を得る（{durations.describe(expiry)}）{hidden}" + ("、期間は加算されない" if merged else "")

    return _each_card(run, spec.target, f"{role}を得る", give, (GRANT, durations.duration_rule(spec)))


@handles("protect")
def protect_step(run: "EffectRun", step: Step) -> StepResult:
    """場を離れない等: only the cards on the field now are protected (8.2.6); it beats actions (10.2.1)."""
    spec: ProtectSpec = step.argument
    words = {"leave_field": "場を離れない", "battle": "バトルによって墓地へ送られない", "effects": "効果を受けない"}[spec.from_]

    def shield(card: Card) -> str:
        expiry = durations.expiry_of(run.board, spec, affected=card.owner, controller=run.controller)
        merged = durations.add_timed(run.board, card.protections, Timed(spec.from_, expiry, run.effect.name))
        return f"{card_words(run.board, card)}: {words}（{durations.describe(expiry)}）" + ("、期間は加算されない" if merged else "")

    return _each_card(
        run, spec.target, words, shield, (PROTECT_FIXED, PROHIBITION_FIRST, durations.duration_rule(spec)), immunity_blocks=False
    )


@handles("rank")
def rank_step(run: "EffectRun", step: Step) -> StepResult:
    """ランク増減: the effective rank events' levels are judged with (2.2.3); amounts add up (10.4.2)."""
    spec: RankSpec = step.argument

    def change(card: Card) -> str | None:
        before = rank_of(run.board, card)
        if before is None:
            return None
        expiry = durations.expiry_of(run.board, spec, affected=card.owner, controller=run.controller)
        card.rank_mods.append(RankMod(spec.add, expiry, source=run.effect.name))
        return f"{card_words(run.board, card)}のランク {before}→{rank_of(run.board, card)}"

    return _each_card(run, spec.target, f"ランクを{spec.add:+d}する", change, (RANK_CHANGE, durations.duration_rule(spec)))


def _face_down(run: "EffectRun", card: Card) -> bool:
    player, _, slot = run.board.locate(card)
    return slot is not None and run.board.players[player].field[slot].face_down


def _each_card(
    run: "EffectRun",
    ref: CardRef,
    verb: str,
    apply: Callable[[Card], "str | None"],
    rules: tuple[Rule, ...],
    *,
    immunity_blocks: bool = True,
) -> StepResult:
    """Give something to each selected card; 「効果を受けない」 cards are unchanged (9.1.1)."""
    board = run.board
    selection = select(run, ref)
    changes, considered = [], list(selection.considered)
    applied = 0
    for card in selection.cards:
        if immunity_blocks and immune(board, card):
            considered.append(Considered.of(f"{card_words(board, card)}は効果を受けない", IMMUNE, outcome="refuses"))
            continue
        words = apply(card)
        if words is None:
            considered.append(Considered.of(f"{card_words(board, card)}はウラのカードでランクを持たない", FACE_DOWN_NO_RANK, FACE_DOWN_NO_INFO, outcome="refuses"))
            continue
        changes.append(words)
        applied += 1
    run.refer_to(selection.cards)
    subject = f"{cards_words(board, selection.cards)}は{verb}" if selection.cards else f"{verb}カードはない（対象のカードは0枚）"
    run.game.trace.step(
        f"{run.label}: {subject}。",
        *rules, *selection_rules(selection), changes=changes, considered=considered,
    )
    return StepResult(complete=selection.complete and applied == len(selection.cards), happened=applied > 0)
