"""Durations: how long a granted role, restriction, protection or power change lasts (5.6, 5.7, 10.4).

An :class:`~adjudicator.engine.board.Expiry` counts the turns of the player it is about (5.6.1): at the end
of each of that player's turns one is used up, and the thing ends when none is left. Extra turns count as
turns of the player who takes them (5.8.5), and the other player's count does not move meanwhile (5.8.2),
which this counting gives for free. 「その攻撃中」 things end with the attack (10.6.4).

The same duration applied twice does not add up (5.7.1, 10.4.1): two copies of a restriction are simply
both live, so the restriction lasts as long as the longer one, never the sum; amounts such as power
changes do add up (10.4.2), because each change is applied on its own.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Iterable, TypeVar

from adjudicator.engine.board import Board, Card, Expiry, Player, PowerMod, RankMod, Timed, expiry_from
from adjudicator.engine.rules import rule
from adjudicator.engine.trace import Considered
from adjudicator import vocabulary
from adjudicator.vocabulary import PlayerId

if TYPE_CHECKING:
    from adjudicator.format.base import Timed as TimedSpec

TURN_COUNT = rule("turn_count", ("5.6.1", "5.8.5"), "「nターン」は対象となるプレイヤーのターンのみを数える（追加のターンも含む）")
NEXT_TURN = rule("next_turn", "5.6.2", "「次のターン」は次の相手のターンとして扱う")
NEXT_TURN_BEGINS = rule(
    "next_turn_begins", "5.6.2", "「次のターン、…」はその次の相手のターンが始まった時から、そのターンの間だけ適用される"
)
THIS_TURN = rule("this_turn", "5.6.3", "「このターン」は進行中のターンが終わるまで")
OWN_NEXT_TURN = rule("own_next_turn", "5.6.4", "「次の自分のターン」等は明示された通りに読む")
DURATIONS_DO_NOT_ADD = rule(
    "durations_do_not_add", ("5.7.1", "10.4.1"), "同一内容の期間指定が重なっても加算されず、最も長く残るものが適用される"
)
AMOUNTS_ADD = rule("amounts_add", "10.4.2", "期間以外の効果量（パワー増減等）は合算する")
DURING_ATTACK = rule("during_attack", "10.6.4", "「その攻撃中」は10.6.2の①〜⑧の間")
EXTRA_TURN_COUNTED = rule(
    "extra_turn_counted", ("5.8.2", "5.8.5"), "追加のターンは得たプレイヤーのターンとしてだけ数え、相手について数える期間はその間進まない"
)
PERIOD_RULES = {
    "turns": TURN_COUNT, "end_of_attack": DURING_ATTACK, "end_of_turn": THIS_TURN, "next_turn": NEXT_TURN_BEGINS,
    "end_of_next_turn": NEXT_TURN, "end_of_own_next_turn": OWN_NEXT_TURN,
}


def in_force_rules(board: Board, timed: Timed, held) -> tuple:
    """The rules that keep ``timed`` in force at this moment: how its period is read (5.6, 10.6.4), an extra
    turn that passed while it ran (5.8.2, 5.8.5), the same content applied again (5.7.1)."""
    expiry = timed.expiry
    found = [PERIOD_RULES[expiry.period]] if expiry.period in PERIOD_RULES else []
    if expiry.across_extra_turn:
        found.append(EXTRA_TURN_COUNTED)
    if expiry.reapplied:
        found.append(DURATIONS_DO_NOT_ADD)
    return tuple(found)

APPLIES_AGAIN = rule(
    "applies_again", ("3.6.2", "3.6.1"),
    "ウラ・場の下にある間だけ適用されなかった付随する修正・制限は、期間が残っていれば、オモテかつ場の一番上に戻った時から再び適用される",
)

T = TypeVar("T")  # Timed or PowerMod: anything with an ``expiry``


def expiry_of(board: Board, timed: "TimedSpec", affected: PlayerId, controller: PlayerId) -> Expiry:
    """The end of a duration given in a scenario or a step, counted for the player it is about."""
    return expiry_from(timed, affected=affected, controller=controller, turn_player=board.turn_player)


def duration_rule(timed: "TimedSpec"):
    """The clause that says how this duration is read (for the trace)."""
    if timed.turns is not None:
        return TURN_COUNT
    return {
        "end_of_attack": DURING_ATTACK,
        "end_of_turn": THIS_TURN,
        "next_turn": NEXT_TURN,
        "end_of_next_turn": NEXT_TURN,
        "end_of_own_next_turn": OWN_NEXT_TURN,
    }.get(timed.until or "", THIS_TURN)


def describe(expiry: Expiry) -> str:
    """The duration in the rulebook's words, for the trace."""
    if expiry.at == "attack":
        return "その攻撃中"
    if expiry.at == "never":
        return "場にある間"
    if not expiry.in_force:
        return f"{expiry.player}の次のターンの間（まだ始まっていない）"
    return f"{expiry.player}のターンがあと{expiry.turns}回終わるまで"


def ends_later(first: Expiry, second: Expiry, turn_player: PlayerId) -> bool:
    """Whether ``first`` lasts strictly longer than ``second``, counting turns as they alternate from now."""
    return _turn_ends_left(first, turn_player) > _turn_ends_left(second, turn_player)


def _turn_ends_left(expiry: Expiry, turn_player: PlayerId) -> float:
    if expiry.at == "attack":
        return -1
    if expiry.at == "never":
        return float("inf")
    # The current turn is end number 0; the players alternate after it.
    first_end = 0 if expiry.player == turn_player else 1
    return first_end + 2 * (expiry.turns - 1)


def add_timed(board: Board, items: list[Timed], new: Timed) -> bool:
    """Add ``new`` unless the same content is already there for at least as long (5.7.1).

    Returns True when an existing copy was found (the caller cites 5.7.1): the longer of the two stays, the
    durations are never added together.
    """
    # A period that has not begun yet is another duration than one in force now: both stay (5.6.2).
    same = [
        old for old in items
        if (old.what, old.where, old.limit, old.expiry.waits_for) == (new.what, new.where, new.limit, new.expiry.waits_for)
    ]
    if not same:
        items.append(new)
        return False
    longest = max(same, key=lambda old: _turn_ends_left(old.expiry, board.turn_player))
    if ends_later(new.expiry, longest.expiry, board.turn_player):
        for old in same:
            items.remove(old)
        items.append(replace(new, expiry=replace(new.expiry, reapplied=True)))
    else:
        longest.expiry = replace(longest.expiry, reapplied=True)
    return True


def mark_extra_turn(board: Board) -> None:
    """An extra turn ends: every running turn-counted period went through it (5.8.2, 5.8.5)."""

    def split(items):
        for item in items:
            if item.expiry.at == "turn":
                item.expiry = replace(item.expiry, across_extra_turn=True)
        return list(items), []

    _expire(board, split)


# --- the passing of time ---------------------------------------------------------------------------


def _tick(expiry: Expiry, ending_player: PlayerId) -> Expiry | None:
    """The expiry after a turn of ``ending_player`` ends; None once it has run out."""
    if expiry.at != "turn" or expiry.player != ending_player or not expiry.in_force:
        return expiry
    left = expiry.turns - 1
    return None if left <= 0 else replace(expiry, turns=left)


def _tick_list(items: Iterable[T], ending_player: PlayerId) -> tuple[list[T], list[T]]:
    kept, ended = [], []
    for item in items:
        after = _tick(item.expiry, ending_player)
        if after is None:
            ended.append(item)
        else:
            kept.append(replace(item, expiry=after))
    return kept, ended


def _end_attack_list(items: Iterable[T]) -> tuple[list[T], list[T]]:
    kept = [item for item in items if item.expiry.at != "attack"]
    ended = [item for item in items if item.expiry.at == "attack"]
    return kept, ended


def end_of_turn(board: Board, ending_player: PlayerId) -> list[str]:
    """Use up one turn of ``ending_player`` on everything timed; returns what ended, in words."""
    return _expire(board, lambda items: _tick_list(items, ending_player))


def begin_turn(board: Board, starting_player: PlayerId) -> tuple[list[str], bool]:
    """「次のターン、…」 periods waiting for this player's turn come into force now (5.6.2); returns them in
    words, and whether an extra turn of the other player came between (5.8.2)."""
    across = []

    def split(items):
        begun = [item for item in items if item.expiry.waits_for == starting_player]
        for item in begun:
            across.append(item.expiry.across_extra_turn)
            item.expiry = replace(item.expiry, waits_for=None)
        return list(items), begun

    return _expire(board, split), any(across)


def in_force(items: Iterable[T]) -> list[T]:
    """The timed things whose period has begun: a 「次のターン、…」 one waiting for its turn does not act yet."""
    return [item for item in items if item.expiry.in_force]


def end_of_attack(board: Board) -> list[str]:
    """「その攻撃中」 things end with the attack (10.6.4); returns what ended, in words."""
    return _expire(board, _end_attack_list)


def _expire(board: Board, split) -> list[str]:
    ended_words: list[str] = []
    for player in board.players.values():
        player.restrictions, ended = split(player.restrictions)
        ended_words += [f"{player.id}の「{_act(t)}できない」" for t in ended]
        for card in _cards_that_carry(player):
            ended_words += _expire_card(card, split)
    return ended_words


def _cards_that_carry(player: Player) -> list[Card]:
    # Only cards on the field or under it carry timed things: leaving the field resets them (3.5.4),
    # while face-down or under-the-field cards keep their durations (3.6.1).
    return [card for stack in player.field.values() for card in stack.cards]


def _expire_card(card: Card, split) -> list[str]:
    words: list[str] = []
    card.power_mods, ended = split(_without_overwritten(card.power_mods))
    words += [f"{card.label()}のパワー{_amount(m)}" for m in ended]
    card.rank_mods, ended = split(card.rank_mods)
    words += [f"{card.label()}のランク{_amount(m)}" for m in ended]
    card.grants, ended = split(card.grants)
    words += [f"{card.label()}が得た{_role(t.what)}" for t in ended]
    card.restrictions, ended = split(card.restrictions)
    words += [f"{card.label()}の「{_act(t)}できない」" for t in ended]
    card.protections, ended = split(card.protections)
    words += [f"{card.label()}の保護（{_protection(t.what)}）" for t in ended]
    return words


def carried_words(card: Card) -> list[str]:
    """What a card carries that is in force (its own timed power/rank changes, granted roles, restrictions and
    protections), in words: what applies again once it is face-up on top (3.6.2)."""
    words = [f"パワー{_amount(m)}" for m in in_force(card.power_mods) if not m.continuous and m.source != "身代わり"]
    words += [f"ランク{_amount(m)}" for m in in_force(card.rank_mods) if not m.continuous]
    words += [f"{_role(t.what)}の付与" for t in in_force(card.grants) if t.expiry.at != "never"]
    words += [f"「{_act(t)}できない」" for t in in_force(card.restrictions)]
    words += [f"保護（{_protection(t.what)}）" for t in in_force(card.protections)]
    return words


def applies_again_note(card: Card, why: str):
    """A considered note: the card's suspended modifications apply again now (3.6.2), or None."""
    words = carried_words(card)
    if not words:
        return None
    return Considered.of(f"{card.label()}は{why}ので、付随する{'、'.join(words)}が再び適用される", APPLIES_AGAIN)


def _without_overwritten(mods: list) -> list:
    """Drop the adds a later 「パワーが〇〇になる」 overwrote: they became void (10.4.3) and do not come
    back when that set ends. Continuous 「常」 mods are never overwritten."""
    last_set = max(
        (i for i, m in enumerate(mods) if m.set is not None and not m.continuous and m.expiry.in_force), default=None
    )
    if last_set is None:
        return mods
    return [m for i, m in enumerate(mods) if i >= last_set or m.continuous]


def _amount(mod: PowerMod | RankMod) -> str:
    if isinstance(mod, PowerMod) and mod.set is not None:
        return f"を{mod.set}にする効果"
    return f"{mod.add:+d}"


def _role(role: str) -> str:
    return vocabulary.word(vocabulary.ROLES, role)


def _act(timed: Timed) -> str:
    return vocabulary.act_word(timed.what)


def _protection(what: str) -> str:
    return vocabulary.word(vocabulary.PROTECTIONS, what)

