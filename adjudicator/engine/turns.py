"""Turn flow: the five phases in order (5.2.1), their start and end effects (6.4.6), and the end of a turn.

Every turn has all five phases, the first turn and a restricted turn too: 「〜できない」 forbids an act,
never a phase (5.3.1, 5.3.2, 5.5.1), so a turn that ends early still passes through the phases left and
their 「〇〇フェーズの初めに」 effects fire. Such an effect fires only if its card is face-up on the top of
the field at that very instant (6.4.6). At the end of a turn 「このターン」 things end, every duration
counted in the ending player's turns uses one up (5.6), per-turn counts start again, and the next turn is
the opponent's, or the same player's when an extra turn is pending (5.8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from adjudicator.engine import durations, phases
from adjudicator.engine.board import Card
from adjudicator.engine.rules import rule
from adjudicator import vocabulary
from adjudicator.format.actions import DrawPhaseSpec, SummonPhaseSpec
from adjudicator.format.base import PHASES, Act
from adjudicator.engine.outcomes import Illegal
from adjudicator.engine.restrictions import FIRST_TURN, act_name, forbidding
from adjudicator.engine.naming import card_label
from adjudicator.engine.words import card_words
from adjudicator.vocabulary import Phase, PhaseMoment, PlayerId, opponent_of

if TYPE_CHECKING:
    from adjudicator.format.effects import Effect
    from adjudicator.engine.game import Game

PHASE_ORDER = rule("phase_order", "5.2.1", "各ターンはドロー&リフレッシュ→召喚→効果発動→セット→攻撃の順で進行する")
PHASES_STAY = rule(
    "phases_stay", ("5.3.1", "5.3.2"), "「できない」は行為だけを禁止し、フェーズは存在し続け、そのフェーズの効果は通常通り機能する"
)
PHASE_TRIGGER = rule(
    "phase_trigger", "6.4.6", "「〇〇の初めに」「〇〇の終わりに」は、その瞬間に場にオモテであるカードの効果だけが発動する"
)
TURN_ENDS = rule("turn_ends", "5.6.3", "「このターン」は進行中のターンが終わるまで")
THIS_TURN_COUNTS = rule(
    "this_turn_counts", ("6.4.3", "6.8.1", "6.10.1"), "「1ターンに」数える回数（召喚・事変・「召」「1」）はターンごとに数え直す"
)
EXTRA_TURN = rule("extra_turn", ("5.8.1", "5.8.2"), "追加のターンも各フェーズを通常通り行い、その間相手はターンを迎えない")
REFRESH_CONSUMED = rule(
    "refresh_consumed", "3.2.2", "「次の自分のターンの初めにアクティブにできない」はそのターンのドロー&リフレッシュで使い切る"
)
PHASE_NAMES = vocabulary.PHASES
BOUNDARY_WORDS = vocabulary.PHASE_MOMENTS


# --- phases --------------------------------------------------------------------------------------------


def advance_to(game: "Game", phase: Phase) -> None:
    """Move forward to ``phase``: an action of a later phase passes through the phases between, each
    ending and starting with its effects (5.2.1, 6.4.6); going back is illegal."""
    board = game.board
    current, target = PHASES.index(board.phase), PHASES.index(phase)
    if target < current:
        raise Illegal(f"{PHASE_NAMES[board.phase]}から{PHASE_NAMES[phase]}には戻れない", PHASE_ORDER)
    while PHASES.index(board.phase) < target:
        _leave_phase(game)
        board.phase = PHASES[PHASES.index(board.phase) + 1]
        _enter_phase(game)


def perform_next_phase(game: "Game", index: int, argument: Any) -> None:
    position = PHASES.index(game.board.phase)
    if position == len(PHASES) - 1:
        raise Illegal("攻撃フェーズの次のフェーズはない（ターンを終えるには end_turn）", PHASE_ORDER)
    advance_to(game, PHASES[position + 1])


# The phases named after an act: a restriction forbids the act, and the phase itself still comes.
_PHASE_ACTS: dict[Phase, Act] = {"set": "set", "attack": "attack", "summon": "summon"}


def _enter_phase(game: "Game") -> None:
    board = game.board
    forbidden = _phase_act_forbidden(game)
    act = _PHASE_ACTS.get(board.phase)
    note = f"（{act_name(act)}という行為は禁止されているが、フェーズ自体は存在する）" if forbidden and act else ""
    game.trace.step(f"{board.turn_player}のターンの{PHASE_NAMES[board.phase]}に進む。{note}", *_phase_rules(game))
    fire_phase_effects(game, "start")


def _phase_rules(game: "Game"):
    """5.2.1, and 5.3/5.5.1 when the phase's own act is forbidden this turn but the phase still exists."""
    found = _phase_act_forbidden(game)
    if found is None:
        return (PHASE_ORDER,)
    return (PHASE_ORDER, PHASES_STAY, *((FIRST_TURN,) if FIRST_TURN in found[1] else ()))


def _phase_act_forbidden(game: "Game"):
    """The restriction on this phase's own act (set in the set phase, attack in the attack phase), if any."""
    act = _PHASE_ACTS.get(game.board.phase)
    return forbidding(game, game.board.turn_player, act) if act else None


def _leave_phase(game: "Game") -> None:
    if game.board.phase == "draw":
        _forced_refresh(game)
    if game.board.phase == "summon":
        _forced_flip(game)
    fire_phase_effects(game, "end")
    if game.board.phase == "draw":
        _consume_refresh_exclusions(game)


def _forced_refresh(game: "Game") -> None:
    """Leaving the draw phase without a ``draw_phase`` action draws nothing, but the refresh is forced and
    still happens (3.2.1, 3.2.2, 5.2.2)."""
    board = game.board
    if board.done_in_turn.get("draw_phase") != board.turn_index:
        phases.perform_draw_phase(game, -1, DrawPhaseSpec(draw=0))


def _forced_flip(game: "Game") -> None:
    """Leaving the summon phase without a ``summon_phase`` action summons no rank-0 card, but turning the
    face-down cards face-up is forced and still happens (5.2.3, 6.10.1)."""
    board = game.board
    face_down = any(stack.face_down for _, stack in board.players[board.turn_player].field_tops())
    if face_down and board.done_in_turn.get("summon_phase") != board.turn_index:
        phases.perform_summon_phase(game, -1, SummonPhaseSpec(summon=[]))


def _consume_refresh_exclusions(game: "Game") -> None:
    """「次の自分のターンの初めにアクティブにできない」 is spent once this turn's refresh is over (3.2.2)."""
    board = game.board
    cards = [card for _, stack in board.players[board.turn_player].field_tops() for card in stack.cards]
    spent = [card for card in cards if card.no_refresh]
    for card in spent:
        card.no_refresh = False
    if spent:
        names = "、".join(card_label(board, card) for card in spent)
        game.trace.step(f"{names}の「アクティブにできない」はこのリフレッシュで終わる。", REFRESH_CONSUMED)


# --- 「〇〇フェーズの初めに／終わりに」 (6.4.6) -------------------------------------------------------------


def fire_phase_effects(game: "Game", boundary: PhaseMoment) -> None:
    """Resolve the effects waiting for this phase's start or end whose card is face-up on the top of the
    field at this instant (6.4.6), through the trigger layer (several at once: the turn player's order,
    10.1.2); a card face-down or under another card at that instant is noted and does not fire."""
    _note_not_ready(game, boundary)
    game.phase_boundary(boundary)
    game.settle()
    game.check_deck_out()


def _waits_for(game: "Game", card: Card, effect: "Effect", boundary: PhaseMoment) -> bool:
    when = effect.when
    if when is None:
        return False
    phase = when.phase_start if boundary == "start" else when.phase_end
    if phase != game.board.phase:
        return False
    own_turn = card.owner == game.board.turn_player
    return when.turn == "any" or (when.turn == "own") == own_turn


def _note_not_ready(game: "Game", boundary: PhaseMoment) -> None:
    """Say so when a card that would fire is face-down or under another card at the instant (6.4.6).

    A face-down card is named by its slot only: the trace does not reveal what the rules keep hidden (3.1.2).
    """
    board = game.board
    moment = f"{PHASE_NAMES[board.phase]}の{BOUNDARY_WORDS[boundary]}"
    for pid in (board.turn_player, board.non_turn_player):
        for _, stack in board.players[pid].field_tops():
            hidden = stack.cards if stack.face_down else stack.under
            for card in hidden:
                waiting = [e for e in (card.info.effects if card.info else []) if _waits_for(game, card, e, boundary)]
                if not waiting:
                    continue
                if stack.face_down and card is stack.top:
                    text = f"{card_words(board, card)}は{moment}の瞬間にウラなので、カード情報（効果）を持たず何も発動しない。"
                else:
                    names = "、".join(f"｛{e.name}｝" for e in waiting)
                    text = f"{card_words(board, card)}の{names}は、{moment}の瞬間に場の下にあるため発動しない。"
                game.trace.step(text, PHASE_TRIGGER)


# --- the end of a turn ---------------------------------------------------------------------------------


def perform_end_turn(game: "Game", index: int, argument: Any) -> None:
    """The turn player ends the turn: the phases left still happen (5.3.2), then the turn ends."""
    advance_to(game, "attack")
    fire_phase_effects(game, "end")
    end_turn(game)


def end_turn(game: "Game") -> None:
    """「このターン」 ends (5.6.3): durations tick, per-turn counts restart, the next turn begins."""
    board = game.board
    ending = board.turn_player
    if board.done_in_turn.get("extra_turn") == board.turn_index:
        durations.mark_extra_turn(board)
    ended = durations.end_of_turn(board, ending)
    game.trace.step(
        f"{ending}のターンが終わる。" + ("期間が終わった効果: " + "、".join(ended) + "。" if ended else ""),
        TURN_ENDS,
        *((durations.TURN_COUNT,) if ended else ()),
        changes=ended,
    )
    _restart_counts(game)
    following = _next_turn_player(game, ending)
    board.turn_counts[following] = board.turn_counts.get(following, 0) + 1
    board.turn_player = following
    board.round = board.turn_counts[following]
    board.turn_index += 1
    if following == ending:
        board.done_in_turn["extra_turn"] = board.turn_index  # this turn is an extra turn (5.8.4)
    board.phase = "draw"
    game.trace.step(
        f"{following}の{board.round}ターン目が始まり、ドロー&リフレッシュフェーズになる。",
        PHASE_ORDER,
    )
    begun, across_extra_turn = durations.begin_turn(board, following)
    if begun:
        game.trace.step(
            f"{following}のこのターンが「次のターン」に当たり、その間だけの効果が適用され始める: " + "、".join(begun) + "。",
            durations.NEXT_TURN_BEGINS,
            *((durations.EXTRA_TURN_COUNTED,) if across_extra_turn else ()),
            changes=begun,
        )
    fire_phase_effects(game, "start")


def _restart_counts(game: "Game") -> None:
    """Counts kept per turn start again; 「このターン」 facts on cards are compared with turn_index."""
    changes = []
    for player in game.board.players.values():
        if player.events_this_turn:
            changes.append(f"{player.id}がこのターンに発動した事変: {player.events_this_turn} → 0")
        if player.summons_this_turn:
            changes.append(f"{player.id}がこのターンに召喚した枚数: {player.summons_this_turn} → 0")
        if player.summon_limit is not None:
            changes.append(f"{player.id}の「このターン、合わせて{player.summon_limit}枚までしか召喚できない」が終わる")
        player.events_this_turn = 0
        player.summons_this_turn = 0
        player.summon_limit = None
    if changes:
        game.trace.step("「1ターンに」数える回数は次のターンに持ち越さない。", THIS_TURN_COUNTS, changes=changes)


def _next_turn_player(game: "Game", ending: PlayerId) -> PlayerId:
    player = game.board.players[ending]
    if not player.extra_turn:
        return opponent_of(ending)
    player.extra_turn = False
    game.trace.step(
        f"{ending}は「再び自分のターンになる」により追加のターンを得る。{opponent_of(ending)}はこの間ターンを迎えず、"
        f"{opponent_of(ending)}について数える期間は進まない。",
        EXTRA_TURN,
        durations.TURN_COUNT,
    )
    return ending
