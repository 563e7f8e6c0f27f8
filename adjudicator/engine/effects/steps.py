"""The steps of the core chapters (draw, mill, discard, send to the graveyard, rest, activate, flip, power, win).

A step handler has the signature ``handler(run: EffectRun, step: scenario.Step) -> StepResult``:

- ``run`` is the effect being resolved (``run.game``, ``run.board``, ``run.controller`` — the player whose
  effect it is, ``run.source`` — 「これ」, ``run.refer_to(cards)`` to make cards 「それ」);
- ``step.argument`` is the step's value from the scenario (``step.kind`` its key);
- it records one trace step naming the cards (slot and 〈name〉) with counts before → after in ``changes``;
- it returns an :class:`~adjudicator.engine.effects.run.StepResult`: ``complete`` when everything the text
  says was done (6.1.3, so 「その後」 may go on, 6.7.1), ``happened`` when any of it was (10.1.10-2).

The interpreter counts the operation, then after the handler checks the decks (12.1.2) and runs the
「〜た時」 triggers the step caused (10.1.9); a handler does neither. Card selection goes through
:mod:`.selectors`, which stops for a decision when a player's pick is missing. Each mechanism's handlers live in
its own module (:mod:`.summon`, :mod:`.set_from_hand`, :mod:`.move_on_field`, :mod:`.to_hand_or_deck`,
:mod:`.repeat`, :mod:`.grants`, :mod:`.extra_turn`, :mod:`.choice`, :mod:`.hidden_zones`, :mod:`.zone_swap`,
:mod:`.copy`, :mod:`.refresh_lock`), each registered with ``@handles(kind)`` (:data:`.run.STEP_HANDLERS`), as a
rule is with ``rule()``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Callable

from adjudicator import vocabulary
from adjudicator.engine import durations, zone_moves
from adjudicator.format.effects import DiscardSpec, DrawSpec, MillSpec, PowerSpec, Step
from adjudicator.engine.board import Card, PowerMod, expiry_from, zone_count
from adjudicator.engine.effects.board_counts import count_on_board
from adjudicator.engine.facts import facts_of
from adjudicator.engine.effects.immunity import IMMUNE, IMMUNE_NOT_PLAYERS, PROHIBITION_FIRST, immune, kept_on_field
from adjudicator.engine.effects.placing import paused_note
from adjudicator.engine.effects.run import DONE, NOTHING_TO_DO, NOT_DONE, handles, Referent, StepResult
from adjudicator.engine.effects.selectors import ALL_ZERO_COMPLETE, CHOOSE, SIMULTANEOUS, Selection, select, selection_rules
from adjudicator.engine.effects.to_hand_or_deck import covering_cards, uncovered_notes
from adjudicator.engine.words import card_words, cards_words, count_change
from adjudicator.engine.restrictions import forbidding
from adjudicator.engine.rules import WIN_BY_EFFECT, Rule, rule
from adjudicator.engine.stats import AMOUNTS_ADD_UP, POWER_FLOOR, POWER_SET_OVERRIDES, power_of
from adjudicator.engine.trace import Considered

if TYPE_CHECKING:
    from adjudicator.engine.effects.run import EffectRun

DRAW = rule("draw", ("6.5.10", "2.5.1"), "「引く」は山札の一番上から手札に加える")
FIXED_DRAW = rule("fixed_draw", ("6.5.8", "6.5.1"), "「n枚引く」は指定枚数をまとめて行い、一部だけを行うことはできない")
CANNOT_DRAW = rule("cannot_draw", "6.5.11", "「引けない」状態では「引く」処理だけが行われない")
UP_TO_DRAW = rule("up_to_draw", ("6.5.4", "6.5.5"), "「n枚まで引く」は処理を始める前に枚数を確定させる（0も選べる）")
UP_TO_WITHIN_LIMIT = rule(
    "up_to_within_draw_limit", "6.5.8", "「n枚まで引く」は、「手札がn枚以上になるように引けない」等の制限に抵触しない範囲の枚数を選んで引ける"
)
UNTIL_HAND = rule("until_hand", "6.5.12", "「手札がk枚になるように引く」は枚数が固定された処理として扱う")
MILL = rule("mill", "11.3.1", "効果で山札のカードを墓地へ送るのは単なるゾーン移動で、ダメージではない")
DAMAGE_ZERO_SCOPE = rule(
    "damage_zero_scope", ("11.3.1", "11.2.8"), "「山札へのダメージを0にする」権利は山札への攻撃のダメージにだけ作用し、効果による墓地送りには作用しない"
)
TO_GRAVEYARD = rule("to_graveyard", ("2.3.3", "3.5.1"), "場のカードを墓地へ送る（場の下のカードは移動しない）")
REST = rule("rest", ("3.2.1", "3.2.3"), "レスト/アクティブは一番上のカードの下の全てのカードにも及ぶ")
FLIP = rule("flip", ("3.1.1", "6.4.4"), "オモテ/ウラにする（ウラになると「召」「1」の使用済み履歴はリセットされる）")
FACE_DOWN_NO_POWER = rule(
    "face_down_no_power", "3.1.7", "ウラのカードはカード情報を持たないため、パワー修正は適用されない"
)
POWER_ZERO_STAYS = rule("power_zero_stays", "11.6.3", "パワーが0になっただけでは墓地へ送られず、場に留まる")
DURATION_WORDS = {name: f"{words}、" for name, words in vocabulary.DURATIONS.items()}
BEFORE_FIRST = rule(
    "before_first", ("10.1.7", "2.3.4"), "割り込みを全て解決してから、処理開始時に選んだ対象のうち、なお残っているものだけに当初の処理を行う"
)
DISCARD = rule("discard", ("2.6.1", "6.5.1"), "手札を墓地へ送る")


# --- draw -----------------------------------------------------------------------------------------


SUBJECT_WRITTEN = rule("subject_written", ("7.2.1", "7.2.2"), "主語のない効果は自分が行い、相手が行う処理は必ず「相手は〜」と書かれる")


def _for_each_player(run: "EffectRun", step: Step, handler) -> StepResult:
    """「相手は1枚引く」「互いに」: the step done by the players it names, each as its subject (7.2.1)."""
    spec = step.argument
    players = run.players(spec.player)
    both = (SIMULTANEOUS,) if spec.player == "each" else ()  # 「互いに」: both at once (10.1.1)
    run.game.trace.step(f"{run.label}: この処理は{'・'.join(players)}が行う（主語が「相手は」と明示されている）。", SUBJECT_WRITTEN, *both)
    plain = step.model_copy(update={step.kind: spec.model_copy(update={"player": "self"})})
    outcomes = [handler(replace(run, controller=player), plain) for player in players]
    return StepResult(complete=all(o.complete for o in outcomes), happened=any(o.happened for o in outcomes))


@handles("draw")
def draw_step(run: "EffectRun", step: Step) -> StepResult:
    spec = step.argument
    if isinstance(spec, DrawSpec) and spec.count_of is not None:
        # Counted from the effect's owner's side: 「自分」 never means the opponent (7.2.2).
        count, words, rules = count_on_board(run, spec.count_of)
        run.game.trace.step(f"{run.label}: 引く枚数は{words}と同じ枚数で、処理の時点で決まる固定の枚数として扱う。", *rules, FIXED_DRAW)
        spec = spec.model_copy(update={"count": count, "count_of": None})
        step = step.model_copy(update={"draw": spec})
    if isinstance(spec, DrawSpec) and spec.player != "self":
        return _for_each_player(run, step, draw_step)
    player = run.board.players[run.controller]
    forbidden = forbidding(run.game, run.controller, "draw", by_effect=True)
    if forbidden is not None:
        text, restriction = forbidden
        run.game.trace.step(f"{run.controller}は{text}ため、{run.label}の「引く」処理は行わない。", *restriction, PROHIBITION_FIRST, CANNOT_DRAW)
        return NOT_DONE
    if isinstance(spec, int) or spec.count is not None:
        return _fixed_draw(run, spec if isinstance(spec, int) else spec.count, FIXED_DRAW)
    if spec.until_hand is not None:
        missing = spec.until_hand - zone_count(player, "hand", f"「手札が{spec.until_hand}枚になるように引く」の枚数", UNTIL_HAND)
        if missing <= 0:
            run.game.trace.step(
                f"{run.controller}の手札は既に{len(player.hand)}枚なので、手札が{spec.until_hand}枚になるように引く枚数は0枚。0枚で完全に解決する。",
                UNTIL_HAND, ALL_ZERO_COMPLETE,
            )
            return NOTHING_TO_DO
        return _fixed_draw(run, missing, UNTIL_HAND, FIXED_DRAW)
    return _up_to_draw(run, spec)


def _draw_allowed(run: "EffectRun", count: int) -> bool:
    """「手札がn枚以上になるように引けない」 (6.5.8): drawing ``count`` must keep the hand below n."""
    player = run.board.players[run.controller]
    limit = player.hand_draw_limit
    if count == 0 or limit is None:
        return True
    return zone_count(player, "hand", f"「手札が{limit}枚以上になるように引けない」の判定", CANNOT_DRAW) + count < limit


def _fixed_draw(run: "EffectRun", count: int, *rules: Rule) -> StepResult:
    player = run.board.players[run.controller]
    if count == 0:
        run.game.trace.step(f"{run.controller}は0枚引く（何もしない）。", DRAW, *rules)
        return NOTHING_TO_DO
    if not _draw_allowed(run, count):
        run.game.trace.step(
            f"{run.controller}は手札が{player.hand_draw_limit}枚以上になるように引けない。手札{len(player.hand)}枚から{count}枚引くと"
            f"制限に触れるので、1枚も引かない（制限に触れない枚数だけ引くこともできない）。{run.label}の「引く」は完全には解決しない。",
            *rules, CANNOT_DRAW,
        )
        return NOT_DONE
    return _draw(run, count, count, *rules)


def _draw(run: "EffectRun", count: int, wanted: int, *rules: Rule) -> StepResult:
    player = run.board.players[run.controller]
    hand, deck = len(player.hand), len(player.deck)
    drawn = zone_moves.draw(run.game, run.controller, min(count, deck))
    text = f"{run.label}: {run.controller}はカードを{len(drawn)}枚引く。"
    if len(drawn) < count:
        text += f"山札が{deck}枚しかないため、{count}枚は引けない。"
    run.game.trace.step(
        text, DRAW, *rules,
        changes=[count_change(run.board, run.controller, "hand", hand, len(player.hand)), count_change(run.board, run.controller, "deck", deck, len(player.deck))],
    )
    return StepResult.counted(len(drawn), wanted)


def _up_to_draw(run: "EffectRun", spec: DrawSpec) -> StepResult:
    limit = spec.up_to or 0
    legal = [n for n in range(limit + 1) if _draw_allowed(run, n)]
    narrowed = (UP_TO_WITHIN_LIMIT,) if len(legal) < limit + 1 else ()  # the limit leaves fewer counts (6.5.8)
    chosen = spec.chosen
    if chosen is not None and chosen not in legal:
        reason = f"{limit}枚までしか選べない" if chosen > limit else "手札の枚数制限に触れる"
        run.game.reject_choice(f"{chosen}枚は選べない（{reason}）", UP_TO_DRAW, FIXED_DRAW)
        chosen = None
    if chosen is None:
        if legal == [0]:
            run.game.trace.step(f"{run.controller}が選べる枚数は0枚だけなので、引かない。", UP_TO_DRAW, FIXED_DRAW)
            return NOTHING_TO_DO
        run.game.need_decision(
            run.controller, f"{run.label}: 何枚引くか（{limit}枚まで、引く前に決める）", [str(n) for n in legal], UP_TO_DRAW, *narrowed,
            chooser_named=False,
        )
    within = f"手札の枚数制限に触れない{legal[-1]}枚までの範囲で、" if narrowed else ""
    run.game.trace.step(f"{run.controller}は{within}引く枚数を{chosen}枚と決めてから引く（{limit}枚まで）。", UP_TO_DRAW, *narrowed)
    if chosen == 0:
        return NOTHING_TO_DO
    return _draw(run, chosen, chosen, DRAW, UP_TO_DRAW)


# --- deck and hand to the graveyard ---------------------------------------------------------------


@handles("mill")
def mill_step(run: "EffectRun", step: Step) -> StepResult:
    """山札の上からn枚を墓地へ送る: a move, not damage (11.3.1); 「互いに」 both at once (10.1.1)."""
    spec: MillSpec = step.argument
    players = run.players(spec.player)
    changes, done, wanted = [], 0, 0
    kept = [p for p in players if "deck_to_graveyard" in run.board.players[p].zone_protections]
    for player_id in players:
        player = run.board.players[player_id]
        deck, graveyard = len(player.deck), len(player.graveyard)
        if player_id in kept:
            wanted += spec.count  # 「山札のカードは墓地へ送られない」: 「Aできない」 first (10.2.1)
            continue
        moved = zone_moves.deck_to_graveyard(run.game, player_id, spec.count, cause="effect")
        done, wanted = done + len(moved), wanted + spec.count
        changes += [count_change(run.board, player_id, "deck", deck, len(player.deck)), count_change(run.board, player_id, "graveyard", graveyard, len(player.graveyard))]
    who = "互いに" if len(players) == 2 else f"{players[0]}の"
    rules = (MILL, SIMULTANEOUS) if len(players) == 2 else (MILL,)
    shielded = [c for p in players for _, stack in run.board.players[p].field_tops() if immune(run.board, c := stack.top)]
    considered = [Considered.of("プレイヤーを対象にする処理なので、「効果を受けない」カードがあっても防がれない", IMMUNE_NOT_PLAYERS)] if shielded else []
    considered += [
        # Scope: the right changes damage, and a mill by an effect is a move, not damage (11.3.1).
        Considered.of(f"{p}の「山札が受けるダメージを0にする」権利は、効果で山札を墓地へ送る処理（ダメージではない）には作用しない",
                      DAMAGE_ZERO_SCOPE, outcome="does not apply")
        for p in players if run.board.players[p].damage_zero > 0
    ]
    considered += [Considered.of(f"{p}の山札のカードは墓地へ送られないので、{p}の山札からは送られない", PROHIBITION_FIRST) for p in kept]
    run.game.trace.step(f"{run.label}: {who}山札の上から{spec.count}枚を墓地へ送る。", *rules, changes=changes, considered=considered)
    return StepResult.counted(done, wanted)


@handles("discard")
def discard_step(run: "EffectRun", step: Step) -> StepResult:
    """手札をn枚墓地へ送る: the player picks which unless nothing tells the cards apart."""
    spec = step.argument
    if isinstance(spec, DiscardSpec) and spec.player != "self":
        return _for_each_player(run, step, discard_step)
    count, chosen = (spec, None) if isinstance(spec, int) else (spec.count, spec.chosen)
    player = run.board.players[run.controller]
    cards = _discarded(run, count, chosen)
    hand, graveyard = len(player.hand), len(player.graveyard)
    for card in cards:
        player.hand.remove(card)
        player.graveyard.append(card)
    named = "、".join(c.label() for c in cards if c.known)
    run.game.trace.step(
        f"{run.controller}は手札を{len(cards)}枚墓地へ送る{('（' + named + '）') if named else ''}。",
        DISCARD,
        changes=[count_change(run.board, run.controller, "hand", hand, len(player.hand)), count_change(run.board, run.controller, "graveyard", graveyard, len(player.graveyard))],
    )
    return StepResult.counted(len(cards), count)


def _discarded(run: "EffectRun", count: int, chosen: list[str] | None):
    hand = run.board.players[run.controller].hand
    if chosen is not None:
        picked = [next((c for c in hand if c.info and c.info.id == name), None) for name in chosen]
        if None in picked or len(set(map(id, picked))) != len(picked) or len(picked) != min(count, len(hand)):
            run.game.reject_choice(f"手札から選んだカード {chosen} はこの処理で選べない", CHOOSE, DISCARD)
        else:
            return picked
    if len(hand) <= count or all(not c.known for c in hand):
        return hand[-count:] if count else []  # nothing to choose between
    run.game.need_decision(
        run.controller, f"{run.label}: 手札のどのカードを{count}枚墓地へ送るか",
        [c.info.id or c.label() if c.info else c.label() for c in hand], CHOOSE, DISCARD, chooser_named=False,
    )


# --- field cards ----------------------------------------------------------------------------------


def _phrase(run: "EffectRun", selection: Selection, verb: str) -> str:
    """「B1〈番兵〉をレストする」, or what happens when there is nothing to do it to (8.3.2, 6.7.1)."""
    if selection.cards:
        return f"{cards_words(run.board, selection.cards)}を{verb}"
    if selection.mode == "all":
        return f"{verb}対象は0枚。「全て」は0枚でも完全に解決したものとして扱う"
    return f"{verb}対象のカードがないので、この動作は完全には解決しない"


@handles("send_to_graveyard")
def send_to_graveyard_step(run: "EffectRun", step: Step) -> StepResult:
    """場のカードを墓地へ送る: the selected cards move together after their interrupts (10.1.7, 10.1.8)."""
    selection = select(run, step.argument)
    board = run.board
    kept = {card.uid: reason for card in selection.cards if (reason := kept_on_field(run.game, card))}
    movers = [card for card in selection.cards if card.uid not in kept]
    before = {card.uid: (card_words(board, card), facts_of(board, card)) for card in movers}
    covering = covering_cards(board, movers)
    battle_only = {card.uid for card in movers if zone_moves.battle_only_protection(run.game, card)}  # before it resets (3.5.4)
    reset = any(zone_moves.carries_history(card) for card in movers)  # what it carried is gone: cited where it applies
    moved = zone_moves.leave_field(run.game, movers, "graveyard", cause="effect")
    moved_ids = {card.uid for card in moved}
    considered = list(selection.considered)
    if selection.mode == "all" or len(selection.cards) > 1:  # chosen together: a new top is not added (2.3.4)
        considered += uncovered_notes(board, moved, covering)
    considered += [
        Considered.of(f"{before[card.uid][0]}の「バトルによって墓地へ送られない」はバトルで敗れた移動にだけ適用され、効果による墓地送りは防がない",
                      zone_moves.BATTLE_PROOF, outcome="does not apply")
        for card in moved if card.uid in battle_only
    ]
    considered += [
        Considered.of(f"{card_words(board, card)}は{kept[card.uid]}ため場に残る", IMMUNE, PROHIBITION_FIRST, outcome="refuses")
        for card in selection.cards if card.uid in kept
    ]
    considered += [
        Considered.of(f"{before[card.uid][0]}は「〜する時」の割り込みの間に場を離れたので、この移動では動かない", BEFORE_FIRST)
        for card in movers if card.uid not in moved_ids
    ]
    changes = [f"{before[card.uid][0]}: 場 → 墓地" for card in moved]
    for owner in sorted({card.owner for card in moved}):
        after = len(board.players[owner].graveyard)
        changes.append(count_change(run.board, owner, "graveyard", after - sum(1 for c in moved if c.owner == owner), after))
    words = "、".join(before[card.uid][0] for card in moved) + "を墓地へ送る" if moved else _phrase(run, selection, "墓地へ送る")
    run.game.trace.step(
        f"{run.label}: {words}。",
        TO_GRAVEYARD, *((zone_moves.LEAVE_FIELD,) if reset and moved else ()),
        *((zone_moves.SIMULTANEOUS_MOVE,) if len(moved) > 1 else ()), *selection_rules(selection),
        changes=changes, considered=considered,
    )
    run.refer_to_moved([(card, before[card.uid][1]) for card in moved])
    run.it += list(_stayed(run, selection, moved_ids))
    # Targets an interrupt took away first are no longer to be processed under 「全て」 (10.1.7).
    complete = selection.complete and not kept and (selection.mode == "all" or len(moved) == len(selection.cards))
    return StepResult(complete=complete, happened=bool(moved))


def _stayed(run: "EffectRun", selection: Selection, moved_ids: set[int]):
    """Selected cards that did not move stay 「それ」 as they are (3.5.3)."""
    for card in selection.cards:
        if card.uid not in moved_ids:
            yield Referent(card, card.incarnation, facts_of(run.board, card))


def _change_each(
    run: "EffectRun", step: Step, verb: str, shift: str, change: Callable, rules: tuple[Rule, ...],
    notes: Callable[[Card], "Considered | None"] = lambda card: None,
) -> StepResult:
    """Apply ``change(card) -> bool`` to every selected card that effects can still change (9.1.1)."""
    selection = select(run, step.argument)
    run.refer_to(selection.cards)  # 「それ」 remembers them as they were before the change (10.1.10-3)
    changed, unaffected = [], []
    for card in selection.cards:
        if immune(run.board, card):
            unaffected.append(card)
        elif change(card):
            changed.append(card)
    considered = list(selection.considered) + [
        Considered.of(f"{card_words(run.board, card)}は効果を受けない", IMMUNE, outcome="refuses") for card in unaffected
    ] + [note for note in map(notes, changed) if note is not None]
    run.game.trace.step(
        f"{run.label}: {_phrase(run, selection, verb)}。",
        *rules, *selection_rules(selection),
        changes=[f"{card_words(run.board, card)}: {shift}" for card in changed],
        considered=considered,
    )
    return StepResult(complete=selection.complete and not unaffected, happened=bool(changed) or bool(selection.cards) and not unaffected)


@handles("rest")
def rest_step(run: "EffectRun", step: Step) -> StepResult:
    return _change_each(run, step, "レストする", "アクティブ → レスト", lambda card: zone_moves.set_rested(run.game, card, True), (REST,))


@handles("activate_cards")
def activate_cards_step(run: "EffectRun", step: Step) -> StepResult:
    return _change_each(run, step, "アクティブにする", "レスト → アクティブ", lambda card: zone_moves.set_rested(run.game, card, False), (REST,))


@handles("flip_down")
def flip_down_step(run: "EffectRun", step: Step) -> StepResult:
    return _change_each(
        run, step, "ウラにする", "オモテ → ウラ", lambda card: zone_moves.set_face_down(run.game, card, True), (FLIP,),
        notes=lambda card: next(iter(paused_note(card, "ウラである")), None),  # its 「常」 effects stop at once (6.4.5)
    )


@handles("flip_up")
def flip_up_step(run: "EffectRun", step: Step) -> StepResult:
    return _change_each(
        run, step, "オモテにする", "ウラ → オモテ", lambda card: zone_moves.set_face_down(run.game, card, False), (FLIP,),
        notes=lambda card: durations.applies_again_note(card, "オモテに戻った"),
    )


POWER_CARDS_FIXED = rule(
    "power_cards_fixed", "8.2.1", "期間付きのパワー修正は、処理した瞬間の場のカードに及ぶ（後から場に加わったカードは含まない）"
)


@handles("power")
def power_step(run: "EffectRun", step: Step) -> StepResult:
    """パワー増減 (10.4.2) / 「パワーが〇〇になる」 (10.4.3); never below 0 (11.6.2); not on face-down cards (3.1.7)."""
    spec: PowerSpec = step.argument
    board = run.board
    per_rules: tuple[Rule, ...] = ()
    if spec.per is not None and spec.add is not None:
        count, words, per_rules = count_on_board(run, spec.per)
        run.game.trace.step(f"{run.label}: {words}1枚につき{spec.add:+d}するので、{spec.add * count:+d}する。", *per_rules)
        spec = spec.model_copy(update={"add": spec.add * count, "per": None})
    selection = select(run, spec.target)
    changes, considered, applied = [], list(selection.considered), 0
    rules: list[Rule] = [AMOUNTS_ADD_UP] if spec.add is not None else [POWER_SET_OVERRIDES]
    if spec.turns is not None or spec.until in ("next_turn", "end_of_next_turn", "end_of_own_next_turn"):
        rules.append(durations.duration_rule(spec))   # whose turn 「次のターン」 etc. means (5.6.1, 5.6.2, 5.6.4)
        if spec.target.all:
            rules.append(POWER_CARDS_FIXED)  # a card that comes later is not among 「全て」 (8.2.1)
    elif spec.until == "end_of_turn" and run.controller != board.turn_player:
        rules.append(durations.THIS_TURN)  # 「このターン」 in the opponent's turn is that turn, whoever activated it (5.6.3)
    for card in selection.cards:
        if immune(board, card):
            considered.append(Considered.of(f"{card_words(board, card)}は効果を受けない", IMMUNE, outcome="refuses"))
            continue
        before = power_of(board, card)
        if before is None:
            considered.append(Considered.of(f"{card_words(board, card)}はウラのカードでパワーを持たない", FACE_DOWN_NO_POWER, outcome="refuses"))
            continue
        expiry = expiry_from(spec, affected=card.owner, controller=run.controller, turn_player=board.turn_player)
        card.power_mods.append(PowerMod(spec.add, spec.set, expiry, source=run.effect.name))
        after = power_of(board, card)
        waiting = "（次のターンが始まるまでは適用されない）" if not expiry.in_force else ""
        changes.append(f"{card_words(board, card)}のパワー: {before} → {after}{waiting}")
        if spec.add is not None and before + spec.add < 0:
            rules.append(POWER_FLOOR)
        if after == 0:
            considered.append(Considered.of(f"{card_words(board, card)}はパワー0になっても場に残る", POWER_ZERO_STAYS))
        applied += 1
    run.refer_to(selection.cards)
    amount = f"を{spec.add:+d}する".replace("-", "−") if spec.add is not None else f"が{spec.set}になる"
    during = DURATION_WORDS.get(spec.until or "", f"{spec.turns}ターンの間、" if spec.turns else "")
    run.game.trace.step(
        f"{run.label}: {during}{cards_words(board, selection.cards) + 'のパワー' + amount if selection.cards else _phrase(run, selection, 'パワーを変える')}。",
        *rules, *selection_rules(selection),
        changes=changes, considered=considered,
    )
    return StepResult(complete=selection.complete and applied == len(selection.cards), happened=applied > 0)


@handles("win")
def win_step(run: "EffectRun", step: Step) -> StepResult:
    run.game.win(run.controller, WIN_BY_EFFECT)
    return DONE
