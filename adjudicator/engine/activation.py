"""Starting effects by choice: a face-up field card's effect (6.4), and an event from hand (6.8).

Only activation conditions decide whether an effect can be started (6.2.1): the marks' limits — 「召」 only
in the turn the card was summoned (6.4.1, 6.9.7), 「1」 once since it was summoned (6.4.2), one 「召」/「1」
per card per turn (6.4.3) — and restrictions. A sentence's 「…なら」 is a resolution condition (6.2.2): the
effect can be started with it unmet and that part is skipped (empty activation, 6.3.1).

An event needs a face-up card of at least its level on either field (6.8.1, 6.8.2, effective rank 2.2.3),
only one event per turn, the opponent's turn included (6.8.1, 11.2.4); while it resolves it is in no zone,
and afterwards it goes to the graveyard (2.8.1, 6.8.3). :func:`activate_counter_event` is the defence
「相手の攻撃時にも発動できる」 (11.2.4) for the attack sequence.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.format.actions import ActivateSpec, EventSpec
from adjudicator.format.effects import Effect
from adjudicator.engine.board import Card
from adjudicator.engine.effects.interpreter import run_effect
from adjudicator.engine.effects.interpreter import OPTIONAL
from adjudicator.engine.effects.names import COPY_NAME_LIMIT, EFFECT_RESTRICTION, name_limit_problem
from adjudicator.engine.effects.shared import shared_cards
from adjudicator.engine.words import card_words, count_change
from adjudicator.engine.restrictions import forbidding
from adjudicator.engine.rules import FACE_DOWN_NO_INFO, PERSON_AND_EVENT, Rule, rule
from adjudicator.engine.stats import EFFECTIVE_RANK, rank_of
from adjudicator.engine.trace import Considered
from adjudicator.engine.turns import advance_to
from adjudicator.engine.marks import ACTIVATION_CONDITION, MARK_WORDS, mark_problem, mark_rules, use_mark
from adjudicator.engine.outcomes import Illegal, Unknown
from adjudicator.engine.zone_moves import take_from_zone
from adjudicator.vocabulary import PlayerId

if TYPE_CHECKING:
    from adjudicator.engine.game import Game

EFFECT_PHASE = rule("effect_phase", ("5.2.4", "6.1.1"), "効果発動フェーズに、自分の場のオモテのカードの効果と手札の事変を発動できる")
CONSTANT_MARK = rule("constant_mark", ("6.4.5", "6.4.6"), "「常」はオモテである限り自動的に働き、宣言して発動するものではない")
TRIGGERED = rule("triggered", ("6.4.7", "10.1.9"), "「〜時」の効果は条件を満たした時に発動し、宣言して発動するものではない")
REST_DOES_NOT_STOP = rule("rest_does_not_stop", "3.2.4", "レスト状態は効果の発動を制限しない")
EVENT_LEVEL = rule("event_level", ("6.8.1", "6.8.2"), "事変は、場のオモテのカードの一番大きなランク以下のレベルなら発動できる")
EVENT_NEEDS_FACE_UP = rule(
    "event_needs_face_up", "2.2.1", "事変は、自分か相手の場にそのレベル以上のランクのオモテのカードがある時に発動できる（なければレベル0も発動できない）"
)
LEVEL_ASKED_OF_OWNER = rule(
    "level_asked_of_owner", "4.2.2", "自分の手札の内容は自分にはいつでも確認できるので、空欄の事変のレベルはその持ち主に尋ねる"
)
ONE_EVENT_PER_TURN = rule("one_event_per_turn", ("6.8.1", "11.2.4"), "事変は相手のターンも含め1ターンに1枚まで")
EVENT_IN_NO_ZONE = rule("event_in_no_zone", ("2.8.1", "2.8.2"), "処理中の事変はどのゾーンにも属さない")
EVENT_TO_GRAVEYARD = rule("event_to_graveyard", ("6.8.3", "2.8.1"), "事変は効果を使い終わったら墓地へ送る")
COUNTER_EVENT_ONLY = rule("counter_event_only", ("11.2.4", "11.2.7"), "「相手の攻撃時にも発動できる」事変だけが攻撃への対応に使える")
OPPONENT_EVENT = rule("opponent_event", ("5.2.4", "11.2.4"), "相手のターンに事変を発動できるのは、相手の攻撃への対応としてだけ")


# --- a field card's effect (6.4) ------------------------------------------------------------------


def perform_activate(game: "Game", index: int, spec: ActivateSpec) -> None:
    board = game.board
    card = board.find(spec.card)
    if card is None or not board.on_field(card):
        raise Illegal(f"{spec.card}は場のカードではないので、その効果は発動できない", EFFECT_PHASE)
    owner, _, slot = board.locate(card)
    if owner != board.turn_player:
        raise Illegal(f"{card_words(board, card)}は{board.turn_player}の場のカードではない（自分の場のカードの効果を発動する）", EFFECT_PHASE)
    advance_to(game, "effect")
    if board.players[owner].field[slot].face_down:
        raise Illegal(f"{owner}{slot}はウラのカードで、効果を持たない", FACE_DOWN_NO_INFO, EFFECT_PHASE)
    effect = next((e for e in card.info.effects if e.name == spec.effect), None)
    if effect is None:
        raise Illegal(f"{card_words(board, card)}は｛{spec.effect}｝という効果を持たない", EFFECT_PHASE)
    _check_activation(game, card, effect)
    use_mark(game, card, effect)
    considered = [Considered.of("レストしていても効果は発動できる", REST_DOES_NOT_STOP)] if board.players[owner].field[slot].rested else []
    game.trace.step(
        f"{owner}は{card_words(board, card)}の{MARK_WORDS[effect.mark]}｛{effect.name}｝を発動する。",
        EFFECT_PHASE, *mark_rules(effect), considered=considered,
    )
    if effect.shared_with:  # 「合わせて1つの効果となる」: every card used counts as activating it (6.12.1, 6.12.3)
        for partner in shared_cards(game, card, effect, spec.with_):
            use_mark(game, partner, effect)
    run_effect(game, card, effect, owner, own=True)


def _check_activation(game: "Game", card: Card, effect: Effect) -> None:
    """Activation conditions (6.2.1): a violation here means the effect cannot be started at all (6.3.2)."""
    words = f"{card_words(game.board, card)}の｛{effect.name}｝"
    if effect.when is not None:
        raise Illegal(f"{words}は条件を満たした時に発動する効果で、宣言して発動するものではない", TRIGGERED)
    if effect.mark == "constant":
        raise Illegal(f"{words}は「常」の効果で、オモテである限り自動的に働く", CONSTANT_MARK)
    problem = mark_problem(game, card, effect)
    if problem is not None:
        raise Illegal(f"{words}: {problem[0]}", *problem[1], ACTIVATION_CONDITION)
    forbidden = forbidding(game, card.owner, "activate", card)
    if forbidden is not None:
        raise Illegal(forbidden[0], *forbidden[1], ACTIVATION_CONDITION)
    if effect.restricted:
        raise Illegal(f"{words}は効果制限の条件を満たしていないので発動できない", EFFECT_RESTRICTION, ACTIVATION_CONDITION)
    limit = name_limit_problem(game, card.owner, effect)
    if limit is not None:
        raise Illegal(f"{words}: {limit}", COPY_NAME_LIMIT, ACTIVATION_CONDITION)


# --- an event from hand (6.8) ---------------------------------------------------------------------


def perform_event(game: "Game", index: int, spec: EventSpec) -> None:
    board = game.board
    card = board.find(spec.card)
    if card is None or board.locate(card)[1] != "hand":
        raise Illegal(f"{spec.card}は手札のカードではないので、事変として発動できない", EFFECT_PHASE)
    if card.owner != board.turn_player:
        raise Illegal(f"{card.owner}は相手のターンには、攻撃への対応としてしか事変を発動できない", OPPONENT_EVENT)
    advance_to(game, "effect")
    problem = event_problem(game, card.owner, card)
    if problem is not None:
        raise Illegal(problem[0], *problem[1])
    resolve_event(game, card.owner, card)


def highest_face_up_rank(game: "Game") -> tuple[int | None, Card | None, int]:
    """The highest effective rank among face-up top cards of both fields (6.8.2, 2.2.3), the card that has
    it, and how many field cards were left out (face-down or under)."""
    board = game.board
    best: tuple[int | None, Card | None] = (None, None)
    left_out = 0
    for player in board.players.values():
        for _, stack in player.field_tops():
            left_out += len(stack.under)
            rank = rank_of(board, stack.top)
            if rank is None:
                left_out += 1
            elif best[0] is None or rank > best[0]:
                best = (rank, stack.top)
    return best[0], best[1], left_out


def event_problem(game: "Game", player: PlayerId, card: Card, counter: bool = False) -> tuple[str, tuple[Rule, ...]] | None:
    """Why ``player`` cannot activate the event ``card`` now, or None (6.8.1, 6.8.2, 11.2.4); :class:`Unknown`
    when that depends on a level the scenario left blank."""
    if not card.is_event:
        return f"{card.label()}は事変ではない", (PERSON_AND_EVENT,)
    if counter and not card.info.counter:
        return f"{card.label()}には「相手の攻撃時にも発動できる」がない", (COUNTER_EVENT_ONLY,)
    if game.board.players[player].events_this_turn >= 1:
        return f"{player}はこのターン既に事変を発動している（事変は相手のターンも含め1ターンに1枚まで）", (ONE_EVENT_PER_TURN,)
    forbidden = forbidding(game, player, "event", card)
    if forbidden is not None:
        return forbidden[0], forbidden[1]
    level = card.info.level
    highest, holder, _ = highest_face_up_rank(game)
    if highest is not None and level is None:  # 6.8.1 compares the level: a blank one is unknown, never 0
        raise Unknown(
            player, f"事変{card.label()}のレベル",
            f"事変{card.label()}のレベルが入力されていない。発動できるかどうかは、そのレベルが場のオモテのカードの一番大きなランク"
            f"{highest}（{card_words(game.board, holder)}）以下かどうかによるので、レベルを指定してください",
            EVENT_LEVEL, EFFECTIVE_RANK, *((COUNTER_EVENT_ONLY,) if counter else ()), LEVEL_ASKED_OF_OWNER,
        )
    if highest is None or level > highest:
        basis = f"場のオモテのカードの一番大きなランクは{highest}（{card_words(game.board, holder)}）" if holder else "場にオモテのカードがない"
        none_up = (EVENT_NEEDS_FACE_UP,) if highest is None else ()  # 6.8.1's 「一番大きなランク」 needs a card at all
        compared = f"のレベル{level}に対し" if level is not None else "はレベルが入力されていないが、どのレベルでも"
        return f"{card.label()}{compared}、{basis}。ウラのカードと場の下のカードは数えない", (EVENT_LEVEL, *none_up, EFFECTIVE_RANK, FACE_DOWN_NO_INFO)
    return None


def resolve_event(game: "Game", player: PlayerId, card: Card) -> None:
    """Take the event out of the hand into no zone, resolve its effects, then put it in the graveyard."""
    board = game.board
    owner = board.players[player]
    hand = len(owner.hand)
    take_from_zone(game, card)
    owner.events_this_turn += 1
    highest, holder, left_out = highest_face_up_rank(game)
    considered = [Considered.of(f"ウラのカード・場の下のカード{left_out}枚のランクは判定に使わない", EVENT_LEVEL)] if left_out else []
    game.trace.step(
        f"{player}は手札から事変{card.label()}（レベル{card.info.level}）を発動する。場のオモテのカードの一番大きなランクは"
        f"{highest}（{card_words(board, holder)}）。処理中の事変はどのゾーンにも属さない。",
        EVENT_LEVEL, ONE_EVENT_PER_TURN, EFFECTIVE_RANK, EVENT_IN_NO_ZONE,
        changes=[count_change(game.board, player, "hand", hand, len(owner.hand))], considered=considered,
    )
    for effect in card.info.effects:
        if effect.when is not None:
            continue
        if effect.optional and game.declined(effect.name):
            game.trace.step(f"{card.label()}の｛{effect.name}｝は任意なので使わない。", OPTIONAL)
            continue
        run_effect(game, card, effect, player, own=True)
    graveyard = len(owner.graveyard)
    owner.graveyard.append(card)
    game.trace.step(
        f"事変{card.label()}の処理を終えたので、{player}の墓地へ送る。", EVENT_TO_GRAVEYARD,
        changes=[count_change(game.board, player, "graveyard", graveyard, len(owner.graveyard))],
    )


def activate_counter_event(game: "Game", defender: PlayerId, card: Card) -> bool:
    """The defence 「事変」 (11.2.1, 11.2.4) for the attack sequence: True if the event resolved.

    An event that cannot be used (not a counter event, a second event this turn, too high a level) is a
    rejected choice inside the attack, which goes on without it.
    """
    problem = event_problem(game, defender, card, counter=True)
    if problem is not None:
        game.reject_choice(problem[0], *problem[1])
        return False
    resolve_event(game, defender, card)
    return True
