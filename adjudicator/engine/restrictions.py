"""Restrictions 「〜できない」 and limits 「合わせてN枚までしか〜できない」, judged at each attempt.

A restriction forbids an act, never a phase (5.3.1, 5.3.2): the phase goes on and its own effects fire.
Player-subject restrictions and card-subject ones (「相手の場のランク2以下のカードは攻撃できない」) are judged
anew each time the act is attempted, against the board of that moment, so a card that arrived after the
restriction is caught too (8.2.4, 8.2.5); immunity does not stop them (8.2.5, 9.1.3). Protections, by
contrast, are fixed on the cards that were there when they were applied (8.2.6) and live on those cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator import vocabulary
from adjudicator.engine import continuous
from adjudicator.engine.board import Board, Card, Player, Timed
from adjudicator.engine import durations
from adjudicator.engine.durations import in_force
from adjudicator.engine.facts import facts_of
from adjudicator.engine.effects.immunity import IMMUNE_NOT_PLAYERS, immune
from adjudicator.engine.matching import matches
from adjudicator.engine.rules import Rule, rule
from adjudicator.format.base import Act
from adjudicator.vocabulary import PlayerId

if TYPE_CHECKING:
    from adjudicator.format.effects import Where
    from adjudicator.engine.game import Game

ACT_NAMES = vocabulary.ACTS

PLAYER_RESTRICTION = rule(
    "player_restriction", ("8.2.4", "5.3.1"), "プレイヤーを主語とする継続的な制限は、行為を宣言するたびに判定する"
)
CARD_RESTRICTION = rule(
    "card_restriction", ("8.2.5", "5.3.1"), "カードを主語とする継続的な行動制限も、その都度の場の状態で判定する"
)
RESTRICTION_BEATS_IMMUNITY = rule(
    "restriction_beats_immunity", ("8.2.5", "9.1.3"), "カード主語の継続的な行動制限は「効果を受けない」では防げない"
)
FIRST_TURN = rule(
    "first_turn", "5.5.1",
    "1ターン目は先攻のみドローとリフレッシュができず、先攻後攻ともセットフェーズのセットと攻撃ができない（フェーズは存在する）",
)
EFFECT_SET_IN_FIRST_TURN = rule(
    "effect_set_in_first_turn", "5.5.2", "効果発動フェーズ中に効果によってセットする処理は1ターン目の制限を受けない"
)
LIMIT_COUNTS_THIS_TURN = rule(
    "limit_counts_this_turn", ("10.3.2", "10.3.3"),
    "回数制限は以後の行動にのみ適用されるが、そのターン中に既に行った回数を通算する",
)
LIMITS_OVERLAP = rule("limits_overlap", "10.3.1", "複数の回数制限は重ねがけとなり、双方を同時に満たす範囲でのみ行える")
SUMMON_LIMIT = rule(
    "summon_limit", ("6.10.1", "6.10.2", "6.10.3"),
    "召喚数の制限はウラのカードをオモテにする処理・ランク0の召喚・セットせずに召喚で共有される",
)
PROHIBITION_BEATS_ACTION = rule(
    "prohibition_beats_action", "10.2.1", "実行効果と禁止・保護の効果が競合したら、禁止・保護を優先する"
)
MUST_DOES_WHAT_IT_CAN = rule(
    "must_does_what_it_can", "10.2.2", "強制の処理は「可能な限り」行い、できない部分だけを行わない"
)
REFRESH_EXCLUSION = rule(
    "refresh_exclusion", ("3.2.2", "10.2.2"),
    "名指しでアクティブ化から除外されたカードだけをアクティブにせず、他のレストのカードは全てアクティブにする",
)


def act_name(act: Act) -> str:
    return vocabulary.act_word(act)


def forbidding(
    game: "Game", player_id: PlayerId, act: Act, card: Card | None = None, *, by_effect: bool = False
) -> tuple[str, tuple[Rule, ...]] | None:
    """The reason ``player_id`` (with ``card``, if a card does it) may not ``act`` now, or None.

    The reason comes with every rule it rests on: the restriction's own rule and, for a timed restriction,
    the clauses that keep it in force at this moment (how its turns are counted, 5.6, 5.8, 5.7.1).
    ``by_effect``: the act is done by an effect rather than as the phase's own act (an effect's set in the
    effect phase is not the set phase's set, 5.5.2).
    """
    board = game.board
    player = board.players[player_id]
    checks = (
        lambda: _first_turn(board, player_id, act, by_effect),
        lambda: _player_restriction(player, act),
        lambda: _limit_reached(player, act),
        lambda: _card_subject(game, player, act, card),
        lambda: _continuous(board, player_id, act, card),
    )
    for check in checks:
        found = check()
        if found is not None:
            text, reason, held = found if len(found) == 3 else (*found, ())
            return text, (reason, *_in_force_rules(board, held), *_immunity_does_not_stop(board, card, reason))
    return None


def _immunity_does_not_stop(board: Board, card: Card | None, reason: Rule) -> tuple[Rule, ...]:
    """A player's restriction binds the card that would act even when it is 「効果を受けない」 (9.1.3): cited there."""
    if card is None or reason in (RESTRICTION_BEATS_IMMUNITY, CARD_RESTRICTION) or not immune(board, card):
        return ()
    return (IMMUNE_NOT_PLAYERS,)


def _in_force_rules(board: Board, held: "tuple[Timed, ...] | list[Timed]") -> tuple[Rule, ...]:
    """Why the restrictions ``held`` are still in force now: how their period is counted (5.6.1-5.6.4),
    the extra turn that did not count for the other player (5.8.2, 5.8.5), the same duration applied twice
    (5.7.1)."""
    found: dict[str, Rule] = {}
    for timed in held:
        for reason in durations.in_force_rules(board, timed, held):
            found.setdefault(reason.name, reason)
    return tuple(found.values())


def _first_turn(board: Board, player_id: PlayerId, act: Act, by_effect: bool) -> tuple[str, Rule] | None:
    if player_id != board.turn_player or not board.is_first_turn(player_id):
        return None
    if act == "attack":
        return "1ターン目は攻撃フェーズに攻撃できない（攻撃フェーズ自体はある）", FIRST_TURN
    if act == "set" and not by_effect:
        return "1ターン目はセットフェーズにセットできない（セットフェーズ自体はある）", FIRST_TURN
    if act == "draw" and not by_effect and player_id == board.first_player:
        return "先攻の1ターン目はドロー&リフレッシュフェーズにドローできない", FIRST_TURN
    return None


def _player_restriction(player: Player, act: Act) -> tuple[str, Rule, list[Timed]] | None:
    held = [r for r in in_force(player.restrictions) if r.what == act and r.where is None and r.limit is None]
    if held:
        return f"{player.id}は{act_name(act)}できない効果を受けている（宣言の時点で判定する）", PLAYER_RESTRICTION, held
    return None


def _card_subject(game: "Game", player: Player, act: Act, card: Card | None) -> tuple[str, Rule] | None:
    if card is None:
        return None
    for held in in_force(player.restrictions):
        if held.what == act and held.where is not None and matches_now(game.board, card, held.where):
            return _card_text(card, act, "その時点の場の状態で条件を満たす"), _card_rule(card), [held]
    carried = [r for r in in_force(card.restrictions) if r.what == act]
    if carried:
        return _card_text(card, act, "このカードに付随する"), _card_rule(card), carried
    return None


def _card_text(card: Card, act: Act, why: str) -> str:
    return f"{card.label()}は{act_name(act)}できない（{why}継続的な行動制限）"


def _card_rule(card: Card) -> Rule:
    return RESTRICTION_BEATS_IMMUNITY if card.immune else CARD_RESTRICTION


def _continuous(board: Board, player_id: PlayerId, act: Act, card: Card | None) -> tuple[str, Rule] | None:
    found = _continuous_text(board, player_id, act, card)
    if found is None:
        return None
    return found, continuous.CONTINUOUS_REJUDGED


def _continuous_text(board: Board, player_id: PlayerId, act: Act, card: Card | None) -> str | None:
    """Why a continuous 「〜できない」 forbids ``player_id`` (or ``card``) the act now, or None.

    Player-subject and card-subject restrictions alike are judged at the attempt (8.2.4, 8.2.5), and
    immunity does not stop them (9.1.3).
    """
    for source, step in continuous.live_restrictions(board, player_id, act):
        where = getattr(step.restrict, "where", None)
        if where is None:
            return f"{source.card.label()}の「常」効果｛{source.effect.name}｝により{player_id}は{act_name(act)}できない"
        if card is not None and continuous.is_top(board, card) and matches_now(board, card, where, source.card):
            return f"{source.card.label()}の「常」効果｛{source.effect.name}｝により{card.label()}は{act_name(act)}できない"
    return None


def matches_now(board: Board, card: Card, where: "Where", source: Card | None = None) -> bool:
    """Whether ``card`` meets ``where`` now, with every continuous effect applied (8.2.4, 8.2.5)."""
    return matches(where, facts_of(board, card), source.uid if source is not None else None)


# --- limits 「合わせてN枚までしか〜できない」 ---------------------------------------------------------


def done_this_turn(player: Player, act: Act) -> int:
    """How many times the act was already done this turn: limits count them too (10.3.2)."""
    return {"summon": player.summons_this_turn, "event": player.events_this_turn}.get(act, 0)


def limits(player: Player, act: Act) -> list[int]:
    """Every limit on the act that applies now; they all apply at once (10.3.1)."""
    found = [held.limit for held in in_force(player.restrictions) if held.what == act and held.limit is not None]
    if act == "summon" and player.summon_limit is not None:
        found.append(player.summon_limit)
    return found


def room_left(player: Player, act: Act) -> int | None:
    """How many more times the act may be done this turn under its limits; None when unlimited."""
    caps = limits(player, act)
    if not caps:
        return None
    return max(0, min(caps) - done_this_turn(player, act))


def _limit_reached(player: Player, act: Act) -> tuple[str, Rule, list[Timed]] | None:
    left = room_left(player, act)
    if left is None or left > 0:
        return None
    caps = limits(player, act)
    text = (
        f"{player.id}はこのターン既に{done_this_turn(player, act)}回{act_name(act)}しており、"
        f"「合わせて{min(caps)}枚まで」の制限に達している"
    )
    held = [r for r in in_force(player.restrictions) if r.what == act and r.limit is not None]
    if act == "summon":
        return text, SUMMON_LIMIT, held
    return text, LIMIT_COUNTS_THIS_TURN, held


def summons_left(game: "Game", player_id: PlayerId) -> int | None:
    """Summons still allowed this turn, shared by flips, rank-0 summons and summons without set (6.10.2,
    6.10.3); 0 when summoning is forbidden outright, None when there is no limit."""
    if _player_restriction(game.board.players[player_id], "summon") or _continuous(game.board, player_id, "summon", None):
        return 0
    return room_left(game.board.players[player_id], "summon")


def count_summons(game: "Game", player_id: PlayerId, count: int) -> None:
    """Record summons made (flips, rank-0 summons, summons without set all count, 6.10.2)."""
    game.board.players[player_id].summons_this_turn += count


# --- protections (8.2.6, 10.2.1) and refresh exclusions (3.2.2) ------------------------------------


def protected_from(board: Board, card: Card, what: str) -> bool:
    """Whether ``card`` is protected now: its own protections, or a continuous one (6.4.5)."""
    return any(p.what == what for p in in_force(card.protections)) or what in continuous.protections_for(board, card)


def refresh_excluded(card: Card) -> bool:
    """「次の自分のターンの初めにアクティブにできない」: only this card stays rested (3.2.2)."""
    return card.no_refresh
