"""Shared effects: 「この効果は他の｛〇〇｝と合わせて1つの効果となる」 (6.12.1–6.12.5).

The activating card and one card of each name in the condition are used, and all of them count as having
activated the effect once, together (6.12.1): each follows its mark as usual (6.12.3). The activating card
counts for its own name; a card without the effect may be used; among several of one name the player
chooses (6.12.2). A card that could not count as activating it (its 「召」/「1」 already used this turn, a named
ban) cannot be used, and without every card the effect cannot be activated (6.12.4). A copy does not count
the copying card itself (6.12.5). The cards used are the player's own face-up field cards: the rulebook
does not say where they are, and 「合わせて」 effects name the player's own cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.format.effects import Effect
from adjudicator.engine.facts import contains
from adjudicator.engine.effects.selectors import CHOOSE
from adjudicator.engine.words import card_words
from adjudicator.engine.marks import mark_problem
from adjudicator.engine.outcomes import Illegal
from adjudicator.engine.restrictions import forbidding
from adjudicator.engine.rules import rule
from adjudicator.engine.trace import Considered
from adjudicator.vocabulary import opponent_of

if TYPE_CHECKING:
    from adjudicator.engine.board import Card
    from adjudicator.engine.game import Game

SHARED_ONE_EFFECT = rule(
    "shared_one_effect", ("6.12.1", "6.12.3"), "共有効果は使ったカード全員がまとめて1回発動したものとして扱い、それぞれのマークの通常の扱いに従う"
)
SHARED_WHICH_CARDS = rule(
    "shared_which_cards", "6.12.2", "使うのは発動したカード自身と名前ごとに1枚ずつ。発動したカードは自分の名前の1枚に数え、同名が複数なら発動するプレイヤーが選ぶ"
)
SHARED_UNUSABLE = rule("shared_unusable", "6.12.4", "共有効果を発動したものとして扱えないカードは使えず、揃わなければ発動できない")
SHARED_COPY = rule("shared_copy", ("6.12.5", "6.11.7"), "共有効果をコピーで発動する時、コピーしたカードは「発動したカード自身」に数えない")


def shared_cards(game: "Game", card: "Card", effect: Effect, chosen: list[str] | None, *, copy: bool = False) -> list["Card"]:
    """The other cards the shared effect uses (6.12.2); raises Illegal when they cannot all be found (6.12.4).

    With ``copy`` the copying card is not one of them (6.12.5): every name needs a card of its own.
    """
    used, considered, missing = _partners(game, card, effect, chosen, copy)
    if missing is not None:
        raise Illegal(f"共有効果｛{effect.name}｝に使う〈{missing}〉のカードが場にない（または使えない）ので、発動できない", SHARED_UNUSABLE, SHARED_WHICH_CARDS)
    _record(game, effect, used, considered, copy)
    return used


def shared_trigger_cards(game: "Game", card: "Card", effect: Effect) -> list["Card"] | None:
    """For a shared effect whose trigger is met: its other cards, or None (with the reason in the trace) when
    they are not all there, so that it is not activated (6.12.4)."""
    used, considered, missing = _partners(game, card, effect, None, False)
    if missing is not None:
        game.trace.step(
            f"{card_words(game.board, card)}の共有効果｛{effect.name}｝は条件を満たしたが、使う〈{missing}〉のカードが揃わないので発動できない。",
            SHARED_UNUSABLE, SHARED_WHICH_CARDS, considered=considered,
        )
        return None
    _record(game, effect, used, considered, False)
    return used


def _partners(game: "Game", card: "Card", effect: Effect, chosen: list[str] | None, copy: bool):
    """(cards used, notes on cards that could not be, the first name with no card or None)."""
    board = game.board
    used: list["Card"] = []
    considered: list[Considered] = []
    for name in effect.shared_with:
        if not copy and contains(card.short_name, name):
            continue  # 6.12.2: the activating card is the one card of its own name
        candidates = []
        for _, stack in board.players[card.owner].field_tops():
            other = stack.top
            if other is card or stack.face_down or not other.known or any(other is u for u in used):
                continue
            if not contains(other.short_name, name):
                continue
            problem = mark_problem(game, other, effect)
            forbidden = forbidding(game, other.owner, "activate", other)
            if problem is not None or forbidden is not None:
                why = problem[0] if problem is not None else forbidden[0]
                considered.append(Considered.of(f"{card_words(board, other)}は{why}ので使えない", SHARED_UNUSABLE))
                continue
            candidates.append(other)
        if not candidates:
            _opponent_only(game, card, name)
            return used, considered, name
        used.append(_one_of(game, card, name, candidates, chosen))
    return used, considered, None


def _record(game: "Game", effect: Effect, used: list["Card"], considered: list[Considered], copy: bool) -> None:
    rules = (SHARED_COPY, SHARED_ONE_EFFECT, SHARED_WHICH_CARDS) if copy else (SHARED_ONE_EFFECT, SHARED_WHICH_CARDS)
    game.trace.step(
        f"共有効果｛{effect.name}｝: {'、'.join(card_words(game.board, u) for u in used)}と合わせて1つの効果として発動する。"
        "使ったカードは全員がこの効果を発動したものとして扱う。",
        *rules, *((SHARED_UNUSABLE,) if considered else ()), considered=considered,
    )


def _opponent_only(game: "Game", card: "Card", name: str) -> None:
    """The named card is on the opponent's field only: whether it may be used, the rulebook does not say."""
    other = game.board.players[opponent_of(card.owner)]
    if any(not stack.face_down and stack.top.known and contains(stack.top.short_name, name) for _, stack in other.field_tops()):
        game.rulebook_gap(
            f"共有効果に使う〈{name}〉が相手の場にしかない。相手のカードを使えるかどうかは本書に定めがない", SHARED_WHICH_CARDS, SHARED_UNUSABLE
        )


def _one_of(game: "Game", card: "Card", name: str, candidates: list["Card"], chosen: list[str] | None) -> "Card":
    board = game.board
    if chosen is not None:
        named = [c for c in candidates if any(board.find(ref) is c for ref in chosen)]
        if len(named) == 1:
            return named[0]
    if len(candidates) == 1:
        return candidates[0]
    options = [f"{card.owner}{board.locate(c)[2]}" for c in candidates]
    game.need_decision(card.owner, f"共有効果に使う〈{name}〉をどれにするか（withで指定する）", options, SHARED_WHICH_CARDS, CHOOSE)
