"""「Aを1枚とBを1枚」: independent slots, each with its own condition (6.5.9).

A candidate may meet the conditions of several slots. The assignment must give the largest total the
board allows (6.5.9, from 6.5.1): a pick that spends a candidate on a slot another candidate could fill, and
so ends with fewer cards, is not allowed. When several largest picks exist the player chooses (8.4.1); the
scenario's ``chosen`` lists the pick slot by slot (「なし」 for a slot left empty).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from adjudicator.format.effects import Selector
from adjudicator.engine.facts import describe_where, facts_of, matches
from adjudicator.engine.rules import Rule, rule
from adjudicator.engine.trace import Considered

if TYPE_CHECKING:
    from adjudicator.engine.board import Card
    from adjudicator.engine.effects.run import EffectRun

MAXIMUM_ASSIGNMENT = rule(
    "maximum_assignment", ("6.5.9", "6.5.1"), "独立した複数の枠には、全体として選べる総数が最大になるように候補を割り当てる"
)
NONE = "なし"


def assign_slots(
    run: "EffectRun", ref: Selector, pool: list["Card"], choose: Rule, name_of: Callable[["Card"], str]
) -> tuple[list["Card"], Considered]:
    """The cards for ``ref.slots`` among ``pool`` (the field candidates), and the note on how they were
    assigned. A pick that is not the largest is rejected; several largest picks without one: a decision."""
    board = run.board
    pool = [card for card in pool if not card.unselectable]
    fits = [[card for card in pool if matches(where, facts_of(board, card), run.source.uid)] for where in ref.slots]
    best = _largest(fits)
    most = max((sum(c is not None for c in pick) for pick in best), default=0)
    slots = "と".join(f"{describe_where(where)}カード1枚" for where in ref.slots)
    note = Considered.of(f"「{slots}」の枠に、総数が最大（{most}枚）になるように割り当てる", MAXIMUM_ASSIGNMENT)
    if ref.chosen is not None:
        picked = _checked(run, ref, fits, most, choose)
        if picked is not None:
            return picked, note
    card_sets = {frozenset(c.uid for c in pick if c is not None) for pick in best}
    if len(card_sets) == 1:
        return [c for c in best[0] if c is not None], note
    options = [" / ".join(name_of(c) if c is not None else NONE for c in pick) for pick in best]
    run.game.need_decision(run.controller, f"{run.label}: 「{slots}」をどのカードで満たすか（総数{most}枚）", options, MAXIMUM_ASSIGNMENT, choose, chooser_named=False)  # 6.5.9 names no player


def _largest(fits: list[list["Card"]]) -> list[tuple["Card | None", ...]]:
    """Every assignment (one card or None per slot, no card twice) with the largest number of cards."""
    picks: list[tuple] = []

    def extend(index: int, chosen: tuple) -> None:
        if index == len(fits):
            picks.append(chosen)
            return
        for card in fits[index]:
            if all(card is not c for c in chosen):
                extend(index + 1, chosen + (card,))
        extend(index + 1, chosen + (None,))

    extend(0, ())
    most = max(sum(c is not None for c in pick) for pick in picks)
    return [pick for pick in picks if sum(c is not None for c in pick) == most]


def _checked(run: "EffectRun", ref: Selector, fits: list[list["Card"]], most: int, choose: Rule) -> list["Card"] | None:
    """The pick slot by slot, if each card meets its slot, none twice, and the total is the largest."""
    board = run.board
    if len(ref.chosen) != len(ref.slots):
        run.game.reject_choice(f"{run.label}: 枠は{len(ref.slots)}つなので、{len(ref.slots)}つ（空きは「{NONE}」）を指定する", MAXIMUM_ASSIGNMENT)
        return None
    picked: list = []
    for name, fit in zip(ref.chosen, fits):
        if name == NONE:
            continue
        card = board.find(name)
        if card is None or all(card is not c for c in fit) or any(card is p for p in picked):
            run.game.reject_choice(f"{run.label}: {name}はその枠の条件を満たすカードとして選べない", MAXIMUM_ASSIGNMENT, choose)
            return None
        picked.append(card)
    if len(picked) < most:
        run.game.reject_choice(
            f"{run.label}: この割り当てでは{len(picked)}枚しか選べないが、別の割り当てなら{most}枚選べる（総数を減らす選び方はできない）",
            MAXIMUM_ASSIGNMENT,
        )
        return None
    return picked
