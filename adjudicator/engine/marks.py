"""The limits of an effect's mark: 「召」 and 「1」 (6.4.1–6.4.4).

「召」 only in the turn the card was summoned (6.4.1, 6.9.7); 「1」 once since it was summoned (6.4.2); one
「召」/「1」 per card per turn (6.4.3); the history resets when the card leaves the field or turns face-down
(6.4.4, 3.5.4). These are activation conditions (6.2.1): an effect that fails them cannot be started at all
(6.3.2), whether it is declared (activation) or triggered (triggers).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator import vocabulary
from adjudicator.format.effects import Effect
from adjudicator.engine.board import Card
from adjudicator.engine.rules import Rule, rule

if TYPE_CHECKING:
    from adjudicator.engine.game import Game

SUMMON_MARK = rule("summon_mark", ("6.4.1", "6.9.7"), "「召」はそのターンに召喚された（セットせずに召喚を含む）カードだけが発動できる")
ONCE_MARK = rule("once_mark", "6.4.2", "「1」は召喚されてから1度だけ発動できる")
ONE_MARK_PER_TURN = rule("one_mark_per_turn", "6.4.3", "「召」「1」は1枚のカードにつき1ターンに1つまで")
UNMARKED_UNLIMITED = rule("unmarked_unlimited", "6.4.3", "マークのない効果は「召」「1」の1ターンの回数制限に含まれない")
MARK_HISTORY_RESETS = rule("mark_history_resets", ("6.4.4", "3.5.4"), "場を離れるかウラになると「召」「1」の使用済み履歴はリセットされる")
ACTIVATION_CONDITION = rule(
    "activation_condition", ("6.2.1", "6.3.2"), "発動条件（回数制限等）を満たさなければ発動自体ができず、空撃ちもできない"
)
MARK_WORDS = {mark: vocabulary.mark_word(mark) for mark in (*vocabulary.MARKS, "none")}


def mark_rules(effect: Effect) -> tuple[Rule, ...]:
    """The rules an activation of ``effect`` rests on because of its mark."""
    return {"summon": (SUMMON_MARK, ONE_MARK_PER_TURN), "once": (ONCE_MARK, ONE_MARK_PER_TURN)}.get(effect.mark, (UNMARKED_UNLIMITED,))


def mark_problem(game: "Game", card: Card, effect: Effect) -> tuple[str, tuple[Rule, ...]] | None:
    """Why a 「召」/「1」 effect of ``card`` cannot be started now, or None (6.4.1–6.4.4)."""
    turn = game.board.turn_index
    if effect.mark == "summon" and card.summoned_turn != turn:
        return "このターンに召喚されていないので「召」は発動できない", (SUMMON_MARK,)
    if effect.mark == "once" and effect.name in card.once_used:
        return "召喚されてから既にこの「1」を発動している", (ONCE_MARK, MARK_HISTORY_RESETS)
    if effect.mark in ("summon", "once") and card.mark_used_turn == turn:
        return "このカードはこのターン既に「召」「1」の効果を発動している", (ONE_MARK_PER_TURN,)
    return None


def use_mark(game: "Game", card: Card, effect: Effect) -> None:
    """Record the use: the card's one 「召」/「1」 this turn (6.4.3), and a 「1」 for good (6.4.2)."""
    if effect.mark in ("summon", "once"):
        card.mark_used_turn = game.board.turn_index
    if effect.mark == "once":
        card.once_used.add(effect.name)
