"""Triggered effects: 「〜する時」 interrupts (10.1.7) and 「〜た時」 triggers (10.1.9).

Like Forge's waiting queue, events that happen during a step wait in ``game.pending``; when the step ends
(:func:`drain`, called by ``game.settle()``) the effects they trigger are declared together and resolved in
the order the turn player gives (10.1.2; 10.1.9 for 「〜た時」 of one action, 10.6.3 within an attack) — the action's ``order``, or a decision when there is
none. The original effect then resumes (10.1.9, 10.1.10). Interrupts run at once, before the event they wait
for (10.1.7); a move of several cards fires its after-triggers once, after all have moved (10.1.3, 10.1.8).

Who can trigger: a card face-up on top of its slot when the trigger is judged (6.4.7); a 「常」 effect
watching other cards needs its card face-up there both before and after the move (10.1.11); an effect about
its own card (「これが墓地へ送られた時」) fires as written if the card was face-up on the field before
(10.1.11, 1.2). A chain that never ends stops at ``MAX_TRIGGER_DEPTH`` nested triggers or
``MAX_EFFECT_OPERATIONS`` operations with a ruling that the scenario loops.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from adjudicator.format.effects import Effect
from adjudicator.engine.board import Card
from adjudicator.engine.events import Event
from adjudicator.engine.guard import RESISTANCE_SHOWN, is_removal_resistance, shown_face_down
from adjudicator.engine.rules import CARD_TEXT_FIRST, rule
from adjudicator.engine.stats import is_face_up_on_field
from adjudicator.engine.marks import ACTIVATION_CONDITION, mark_problem, use_mark
from adjudicator.engine.restrictions import forbidding
from adjudicator.engine.effects.immunity import PROHIBITION_FIRST
from adjudicator.engine.effects.shared import SHARED_ONE_EFFECT, shared_trigger_cards
from adjudicator.engine.words import card_words
from adjudicator.engine.effects.interpreter import run_effect
from adjudicator.engine.game import MAX_TRIGGER_DEPTH
from adjudicator import vocabulary
from adjudicator.vocabulary import Phase, PhaseMoment, PlayerId

if TYPE_CHECKING:
    from adjudicator.engine.game import Game

AFTER_TRIGGER = rule(
    "after_trigger", "10.1.9", "「〜た時」の効果は、きっかけの動作を終えた時点で元の効果を中断して処理し、その後で元の効果を再開する"
)
BEFORE_TRIGGER = rule("before_trigger", ("10.1.7", "10.1.3"), "「〜する時」は割り込み: 移動等の前の状態で判定し、先に解決する")
SIMULTANEOUS_TRIGGERS = rule(
    "simultaneous_triggers", "10.1.2", "同じタイミングで条件を満たした効果は全て発動を宣言し、処理順はターンプレイヤーが選ぶ"
)
SAME_ACTION_TRIGGERS = rule(
    "same_action_triggers", "10.1.9", "同じ動作によって複数の「〜た時」の効果が発動条件を満たした場合は、10.1.2の通り処理順をターンプレイヤーが選ぶ"
)
SAME_ATTACK_STEP = rule(
    "same_attack_step", "10.6.3", "攻撃の同一の番号の処理が同時に発生した場合、その処理順はターンプレイヤーが選ぶ（10.1.2の攻撃フェーズにおける具体化）"
)
AFTER_ALL_MOVED = rule("after_all_moved", ("10.1.8", "10.1.3"), "1つの動作で複数枚が移動した時、「〜た時」は全ての移動を終えてから1度判定する")
CONSTANT_BEFORE_AND_AFTER = rule(
    "constant_before_and_after", "10.1.11", "「〜した時」形の「常」効果は、きっかけの直前と直後の両方で場にオモテである時だけ発動する"
)
FACE_UP_TO_TRIGGER = rule("face_up_to_trigger", "6.4.7", "場にオモテである時に条件を満たした効果が発動する")
MANDATORY_TRIGGER = rule(
    "mandatory_trigger", ("6.4.7", "6.5.1"), "任意性を示す文言のない効果は、条件を満たす限り強制的に発動し、使わないことを選べない"
)
OPTIONAL_TRIGGER = rule("optional_trigger", ("6.4.7", "6.5.3"), "任意性を示す効果は、持ち主が発動しないことを選べる")
TRIGGER_IS_ACTIVATION = rule(
    "trigger_is_activation", "6.1.1", "条件を満たして始まる効果も「発動」であり、「効果を発動できない」の下では発動しない"
)
REMOVAL_RESISTANCE = rule(
    "removal_resistance", "6.4.8",
    "そのカード自身が場を離れることに関するマークなし効果（除去耐性効果）は、ウラでも相手に見せることで発動でき、持ち主は発動しないことを選べる",
)
PHASE_MOMENT = rule(
    "phase_moment", ("6.4.6", "8.2.3"), "「〇〇の初めに/終わりに」の効果は、その瞬間に場にオモテでなければ発動せず、条件はその瞬間の場で判定する"
)

EVENT_WORDS = vocabulary.EVENTS
BEFORE_WORDS = vocabulary.EVENTS_BEFORE


@dataclass(frozen=True)
class Ready:
    """An effect whose trigger condition is met, waiting to resolve."""

    card: Card
    effect: Effect
    controller: PlayerId
    why: str            # 「これが墓地へ送られた時」, for the trace
    cause: Card | None = None   # the card the event was about: 「そのカード」 in the effect


# --- the entry points game.py calls ----------------------------------------------------------------


def interrupt(game: "Game", event: "Event | list[Event]") -> None:
    """Run the 「〜する時」 effects waiting for ``event`` before it happens (10.1.7). Several events of one
    simultaneous move are judged together, so their interrupts are declared and ordered together (10.1.3).

    Events already waiting for the enclosing step's end stay waiting: only what the interrupting effects
    cause is drained inside them.
    """
    events = event if isinstance(event, list) else [event]
    ready = _once_each(_matching(game, events))
    if not ready:
        return
    waiting = list(game.pending)
    game.pending.clear()
    try:
        _resolve(game, ready, BEFORE_TRIGGER)
    finally:
        game.pending[:0] = waiting


def queue(game: "Game", event: Event) -> None:
    """Remember ``event`` until the current step ends (10.1.9)."""
    game.pending.append(event)


def drain(game: "Game") -> None:
    """The step has ended: run the 「〜た時」 effects it caused, then let the original processing resume."""
    while game.pending:
        events = list(game.pending)
        game.pending.clear()
        ready = _once_each(_matching(game, events))
        if ready:
            moved = len({e.card.uid for e in events if e.kind == "leaves_field" and e.card is not None})
            _resolve(game, ready, AFTER_TRIGGER, *((AFTER_ALL_MOVED,) if moved > 1 else ()))
            game.trace.step("「〜た時」の効果の処理を終えた。元の処理を再開する。", AFTER_TRIGGER)


def phase_boundary(game: "Game", phase: Phase, edge: PhaseMoment) -> None:
    """Run 「〇〇フェーズの初めに/終わりに」 effects (``edge`` is ``start`` or ``end``) of cards face-up on
    the field at that very moment (6.4.6)."""
    board = game.board
    ready = []
    for card in _field_cards(game):
        for effect in card.info.effects:
            when = effect.when
            if when is None or (when.phase_start if edge == "start" else when.phase_end) != phase:
                continue
            if not _turn_fits(when.turn, card.owner, board.turn_player):
                continue
            word = "初めに" if edge == "start" else "終わりに"
            why = f"{_phase_word(phase)}の{word}"
            if not _mark_allows(game, card, effect):
                _note_mark_limit(game, card, effect, why)
                continue
            ready.append(Ready(card, effect, card.owner, why))
    if ready:
        _resolve(game, ready, PHASE_MOMENT)


# --- which effects an event triggers ---------------------------------------------------------------


def _field_cards(game: "Game") -> list[Card]:
    return [
        stack.top for player in game.board.players.values() for _, stack in player.field_tops()
        if stack.top.known and not stack.face_down
    ]


def _matching(game: "Game", events: list[Event]) -> Iterable[Ready]:
    for event in events:
        watchers = _field_cards(game)
        if event.card is not None and event.card.known and all(event.card is not c for c in watchers):
            watchers.append(event.card)  # 「これが墓地へ送られた時」: its card has just left (10.1.11, 1.2)
        for card in watchers:
            for effect in card.info.effects:
                if _triggers(game, card, effect, event):
                    yield Ready(card, effect, card.owner, _why(game, card, effect, event), event.card)


def _triggers(game: "Game", card: Card, effect: Effect, event: Event) -> bool:
    when = effect.when
    if when is None or when.event != event.kind or when.timing != event.timing:
        return False
    if not _whose_fits(when.card, card, event):
        return False
    if when.card == "self":
        # About its own card: it fires as written if the card was face-up on the field when the event came
        # (10.1.11, 1.2); a removal-resistance 「これが場を離れる時」 may be used face-down too (6.4.8).
        resisting = event.timing == "before" and event.kind in ("leaves_field", "sent_to_graveyard")
        return (_self_seen(game, card, event) or resisting) and _mark_allows(game, card, effect)
    if not is_face_up_on_field(game.board, card):
        return False  # 6.4.7; also a card that left in the same move (10.1.11)
    if effect.mark == "constant" and event.timing == "after" and _was_under(game, card, event):
        return False  # 10.1.11: under the moved card just before the move
    return _mark_allows(game, card, effect)


def _self_seen(game: "Game", card: Card, event: Event) -> bool:
    """Whether the card had its information when its own event came. A card that has left the field or
    turned face-down is judged as it was just before (10.1.11 ただし); one still on the field must be face-up
    now (6.4.7): a card set face-down (5.2.5) has no effects to fire."""
    if event.kind in ("leaves_field", "sent_to_graveyard", "flipped_down") or not game.board.on_field(card):
        return event.was_face_up
    return is_face_up_on_field(game.board, card)


def _whose_fits(whose: str, card: Card, event: Event) -> bool:
    subject_owner = event.card.owner if event.card is not None else event.player
    if whose == "self":
        return event.card is card
    if whose == "own":
        return subject_owner == card.owner
    if whose == "opponent":
        return subject_owner != card.owner
    return True


def _was_under(game: "Game", card: Card, event: Event) -> bool:
    """Whether ``card`` sat under the card that just left its slot (10.1.11: not face-up on top before)."""
    slot = event.detail.get("slot")
    if slot is None or event.card is None:
        return False
    _, zone, card_slot = game.board.locate(card)
    return zone == "field" and card_slot == slot and card.owner == event.card.owner


def _mark_allows(game: "Game", card: Card, effect: Effect) -> bool:
    """A triggered 「召」/「1」 effect keeps its marks' limits (6.4.1–6.4.3)."""
    if effect.mark not in ("summon", "once"):
        return True
    return mark_problem(game, card, effect) is None


def _note_mark_limit(game: "Game", card: Card, effect: Effect, why: str) -> None:
    """A marked phase-moment effect whose 「召」/「1」 limit is spent does not start (6.4.1–6.4.3, 6.2.1)."""
    text, rules = mark_problem(game, card, effect)
    game.trace.step(
        f"{card_words(game.board, card)}の｛{effect.name}｝は「{why}」の瞬間に場にオモテだが、{text}ので発動しない。",
        *rules, ACTIVATION_CONDITION,
    )


def _turn_fits(turn: str, owner: PlayerId, turn_player: PlayerId) -> bool:
    return turn == "any" or (turn == "own") == (owner == turn_player)


def _once_each(ready: Iterable[Ready]) -> list[Ready]:
    """One action moving several cards triggers each effect once, after all have moved (10.1.8)."""
    seen, unique = set(), []
    for item in ready:
        key = (item.card.uid, item.effect.name)
        if key not in seen:
            seen.add(key)
            unique.append(item)
    return unique


def _why(game: "Game", card: Card, effect: Effect, event: Event) -> str:
    subject = {"self": "これが", "own": "自分のカードが", "opponent": "相手のカードが", "any": "カードが"}[effect.when.card]
    words = BEFORE_WORDS if event.timing == "before" else EVENT_WORDS
    return f"{subject}{words.get(event.kind, event.kind)}"


def _phase_word(phase: Phase) -> str:
    return vocabulary.phase_word(phase)


# --- resolving what is ready -----------------------------------------------------------------------


def _resolve(game: "Game", ready: list[Ready], *timing_rules) -> None:
    """Declare everything ready, drop declined optional ones, order them (10.1.2), and resolve each."""
    board = game.board
    used = []
    for item in ready:
        words = f"{card_words(board, item.card)}の｛{item.effect.name}｝"
        forbidden = forbidding(game, item.controller, "activate", item.card)
        if forbidden is not None:  # a ban beats the forced activation (10.2.1)
            game.trace.step(f"{words}は「{item.why}」の条件を満たしたが、{forbidden[0]}ので発動しない。",
                            *forbidden[1], TRIGGER_IS_ACTIVATION, PROHIBITION_FIRST)
            continue
        resisting = _removal_resistance(item.effect)
        if (item.effect.optional or resisting) and game.declined(item.effect.name):
            why = REMOVAL_RESISTANCE if resisting and not item.effect.optional else OPTIONAL_TRIGGER
            game.trace.step(f"{words}は「{item.why}」の条件を満たしたが、任意なので{item.controller}は発動しないことを選ぶ。", why)
            continue
        if game.declined(item.effect.name) and is_removal_resistance(item.card, item.effect):
            game.trace.step(f"{words}は除去耐性効果なので、{item.controller}は発動しないことを選ぶ。", RESISTANCE_SHOWN)
            continue
        if item.effect.optional and (item.card.uid, item.effect.name) in game.resolving:
            # Fired again by its own resolution: using it once does not say it is used every time. Its
            # owner chooses again (6.4.7, 6.5.3); the engine never repeats a pick down a chain.
            game.need_decision(
                item.controller,
                f"{words}が自身の解決中に再び「{item.why}」の条件を満たした。もう一度発動するか（しないなら decline で指定する）",
                ["発動する", "発動しない"],
                OPTIONAL_TRIGGER,
                chooser_named=False,
            )
        if game.declined(item.effect.name) and not _has_optional_part(item.effect):
            game.reject_choice(f"{words}には任意性を示す文言がないので、発動しないことは選べない", MANDATORY_TRIGGER)
        used.append(item)
    for item in _ordered(game, _combine_shared(game, used), _order_rules(game, timing_rules)):
        _run_one(game, item, *timing_rules)


def _order_rules(game: "Game", timing_rules: tuple) -> list:
    """Which clauses give the turn player the order: 10.1.2 always; 10.1.9 names it for the 「〜た時」 that one
    action of an effect being processed caused; 10.6.3 for what happens at the same numbered step of an attack (①–⑩), and only there."""
    rules = [SIMULTANEOUS_TRIGGERS]
    if AFTER_TRIGGER in timing_rules and game.effect_depth:
        rules.append(SAME_ACTION_TRIGGERS)
    if game.in_attack:
        rules.append(SAME_ATTACK_STEP)
    return rules


def _combine_shared(game: "Game", ready: list[Ready]) -> list[Ready]:
    """A shared effect uses its other cards as they are found (6.12.2); a card used so has activated it and
    does not activate it again at this moment (6.12.3), so the cards ready together resolve it once (6.12.1)."""
    kept: list[Ready] = []
    spent: set[tuple[int, str]] = set()
    for item in ready:
        key = (item.card.uid, item.effect.name)
        if key in spent:
            game.trace.step(
                f"{card_words(game.board, item.card)}は共有効果｛{item.effect.name}｝に既に使われ、このタイミングでは発動済みなので、改めては発動しない。",
                SHARED_ONE_EFFECT,
            )
            continue
        if item.effect.shared_with:
            partners = shared_trigger_cards(game, item.card, item.effect)
            if partners is None:
                continue
            for partner in partners:
                spent.add((partner.uid, item.effect.name))
                use_mark(game, partner, item.effect)
        kept.append(item)
    return kept


def _has_optional_part(effect) -> bool:
    """Whether ``decline`` can mean something for this effect: it is optional, or a sentence is (6.5.3), or
    it is a removal resistance, which its owner may always choose not to use (6.4.8)."""
    return effect.optional or _removal_resistance(effect) or any(sentence.optional for sentence in effect.sentences)


def _removal_resistance(effect: Effect) -> bool:
    """「これが場を離れる時／墓地へ送られる時」 with no mark: a removal resistance (6.4.8)."""
    when = effect.when
    return (
        when is not None and effect.mark == "none" and when.card == "self" and when.timing == "before"
        and when.event in ("leaves_field", "sent_to_graveyard")
    )


def _ordered(game: "Game", ready: list[Ready], rules: list) -> list[Ready]:
    """The turn player's order for effects ready at the same time (``rules``: 10.1.2 …); never guessed."""
    if len(ready) <= 1:
        return ready
    names = [item.effect.name for item in ready]
    order = list(game.choices.order)
    turn_player = game.board.turn_player
    listing = "、".join(f"｛{n}｝" for n in names)
    if _copies_of_one(ready):
        game.trace.step(
            f"{listing}が同時に発動条件を満たした。同じカードの同じ効果なので、どの順に処理しても結果は変わらない。", *rules
        )
        return ready
    if len(set(names)) == len(names) and all(n in order for n in names):
        ordered = sorted(ready, key=lambda item: order.index(item.effect.name))
        game.trace.step(
            f"{listing}が同時に発動条件を満たした。全ての発動を宣言し、ターンプレイヤー{turn_player}が選んだ順"
            f"（{'→'.join('｛' + i.effect.name + '｝' for i in ordered)}）に処理する。",
            *rules,
        )
        return ordered
    game.need_decision(
        turn_player, f"{listing}が同時に発動条件を満たした。どの順に処理するか（orderで指定する）", names, *rules
    )
    return []


def _copies_of_one(ready: list[Ready]) -> bool:
    """Ready effects that are all the same printed effect of same printed cards: no order to choose."""
    printed = {
        (item.effect.model_dump_json(), item.card.info.model_copy(update={"id": None}).model_dump_json(), item.controller)
        for item in ready
    }
    return len(printed) == 1


def _run_one(game: "Game", item: Ready, *timing_rules) -> None:
    if game.trigger_depth >= MAX_TRIGGER_DEPTH:
        game.engine_limit(
            "MAX_TRIGGER_DEPTH", MAX_TRIGGER_DEPTH,
            f"「〜時」の効果が{MAX_TRIGGER_DEPTH}段を超えて連鎖した。このシナリオは終わらない連鎖（ループ）なので、ここで停止する（エンジンの上限）",
        )
    game.count_operation()
    use_mark(game, item.card, item.effect)
    rules = list(timing_rules) + _trigger_rules(game, item)
    game.trace.step(f"{card_words(game.board, item.card)}の｛{item.effect.name}｝が発動する（{item.why}）。", *rules)
    game.trigger_depth += 1
    game.resolving.append((item.card.uid, item.effect.name))
    try:
        run_effect(game, item.card, item.effect, item.controller, cause=item.cause)
    finally:
        game.trigger_depth -= 1
        game.resolving.pop()


def _trigger_rules(game: "Game", item: Ready) -> list:
    """Why this effect may fire now. A phase moment rests on 6.4.6 alone (its caller cites it); 10.1.11 is
    about 「常」 effects 「〜した時」 around a move, so it is cited only for event triggers."""
    when = item.effect.when
    if when is None or when.event is None:
        return [FACE_UP_TO_TRIGGER] if item.effect.mark != "constant" else []
    if shown_face_down(game, item.card, item.effect):
        return [RESISTANCE_SHOWN]  # a face-down card shown to the opponent to use it (6.4.8, 3.1.6)
    if when.card == "self" and not is_face_up_on_field(game.board, item.card):
        if _removal_resistance(item.effect) and game.board.on_field(item.card):
            return [REMOVAL_RESISTANCE]  # face-down on the field: shown to the opponent and used (6.4.8)
        return [CONSTANT_BEFORE_AND_AFTER, CARD_TEXT_FIRST]  # 10.1.11 ただし: its own move fires as written
    return [FACE_UP_TO_TRIGGER, *((CONSTANT_BEFORE_AND_AFTER,) if item.effect.mark == "constant" else ())]


class _EngineTriggers:
    """The trigger layer handed to every ``Game`` the engine resolves (``game.TriggerLayer``)."""

    interrupt = staticmethod(interrupt)
    queue = staticmethod(queue)
    drain = staticmethod(drain)
    phase_boundary = staticmethod(phase_boundary)


TRIGGERS = _EngineTriggers()
