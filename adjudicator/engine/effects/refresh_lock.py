"""「次の自分のターンの初めにアクティブにできない」 as a step: the named cards only stay rested at their
owner's next refresh; every other rested card is made active as usual (3.2.2, 10.2.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.format.effects import Step
from adjudicator.engine.effects.immunity import IMMUNE, immune
from adjudicator.engine.effects.run import handles, StepResult
from adjudicator.engine.effects.selectors import select
from adjudicator.engine.words import card_words, cards_words
from adjudicator.engine.rules import rule
from adjudicator.engine.trace import Considered

if TYPE_CHECKING:
    from adjudicator.engine.effects.run import EffectRun

NO_REFRESH = rule(
    "no_refresh_step", ("3.2.2", "10.2.2"), "「次の自分のターンの初めにアクティブにできない」は名指しのカードだけをアクティブ化から除き、他は通常通り行う"
)


@handles("no_refresh")
def no_refresh_step(run: "EffectRun", step: Step) -> StepResult:
    board = run.board
    selection = select(run, step.argument)
    locked, considered = [], list(selection.considered)
    for card in selection.cards:
        if immune(board, card):
            considered.append(Considered.of(f"{card_words(board, card)}は効果を受けない", IMMUNE))
            continue
        card.no_refresh = True
        locked.append(card)
    run.refer_to(selection.cards)
    words = f"{cards_words(board, locked)}は次の持ち主のターンの初めにアクティブにできない" if locked else "アクティブにできなくなるカードはない"
    run.game.trace.step(
        f"{run.label}: {words}。", NO_REFRESH,
        changes=[f"{card_words(board, card)}: 次のリフレッシュでアクティブにならない" for card in locked], considered=considered,
    )
    return StepResult(complete=selection.complete and len(locked) == len(selection.cards), happened=bool(locked))
