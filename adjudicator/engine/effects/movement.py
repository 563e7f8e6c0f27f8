"""Steps that put cards on the field, move them about, take them off it, and give them timed things.

- ``summon_without_set`` (6.9): into empty slots (6.9.3) or onto a named own face-up card whatever the ranks
  (6.9.2, 7.4.1); never onto a face-down card (3.1.5) nor onto a card summoned without set this turn
  (6.9.4); several cards at once are one simultaneous move whose 「〜た時」 wait until all are placed
  (10.1.8). 「召喚できない」 and summon limits cover it too (6.10.3, 6.10.2). 14.2 lets 〈徳川家康〉's
  ｛三河武士団の結束｝ alone put the cards that find no empty slot onto own face-up cards.
- ``set_from_hand`` (4.5.2, 5.5.2, 7.4.1): an effect's set, face-down, shown to the opponent, keeping the
  stack's rest state (3.2.4); the first turn's set ban is not about it (5.5.2).
- ``move``: a field card onto another face-up card of the same field (2.3.3, 3.1.5); the moved card's state
  wins (3.3.1), the cards left behind keep theirs (3.3.2), and nothing is reset because nothing left the
  field (3.4.1, 3.4.2, 3.5.2). A card going under ends an attack it was in (10.6.5, 10.6.6: attack.py).
- ``return_to_hand``, ``to_deck``, ``hand_to_deck``: leaving the field resets what the card carried
  (3.5.1, 3.5.4); the event being resolved is in no zone (2.8.2).
- ``repeat``: each time looks at the board anew (2.3.5, 10.1.4), unlike one batch selection (2.3.4).
- ``restrict``, ``grant``, ``protect``, ``rank``, ``extra_turn``: durations (5.6), the same duration twice
  not adding up (5.7.1), restrictions judged at each attempt (8.2.4, 8.2.5), protections fixed at
  activation (8.2.6), extra turns (5.8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from adjudicator.engine import durations, moves, restrictions
from adjudicator.format.effects import (
    CardRef,
    GrantSpec,
    HandToDeckSpec,
    MoveSpec,
    ProtectSpec,
    RankSpec,
    RestrictSpec,
    SetFromHandSpec,
    Step,
    SummonWithoutSetSpec,
    ToDeckSpec,
)
from adjudicator.engine.board import Card, RankMod, Timed
from adjudicator.engine.effects.facts import describe_where, facts_of
from adjudicator.engine.effects.immunity import IMMUNE, IMMUNE_CAN_BE_COVERED, PROHIBITION_FIRST, immune, kept_on_field
from adjudicator.engine.effects.run import DONE, NOT_DONE, Outcome
from adjudicator.engine.effects.selectors import ALL_ZERO_COMPLETE, CHOOSE, Selection, ref_of, select
from adjudicator.engine.effects.words import card_words, cards_words, count_change
from adjudicator.engine.events import Event
from adjudicator.engine.rules import ATTACKER_LEFT, FACE_DOWN_NO_INFO, Rule, TARGET_LEFT, cited_clauses, rule
from adjudicator.engine.stats import rank_of
from adjudicator.engine.trace import Considered
from adjudicator.engine.continuous import NOT_WHILE_FACE_DOWN_OR_UNDER, pause_note

if TYPE_CHECKING:
    from adjudicator.engine.effects.run import EffectRun

# --- summon without set (6.9) -----------------------------------------------------------------------------
SUMMON_WITHOUT_SET = rule(
    "summon_without_set", ("6.9.1", "6.9.6"), "「セットせずに召喚」は手札等のカードを、効果を発動したタイミングで場にオモテで出す"
)
ONTO_IGNORES_RANK = rule(
    "onto_ignores_rank", ("6.9.2", "7.4.1"), "「〇〇の上に」は通常のランク順を無視して、指定された自分の場のオモテのカードの上に置ける"
)
EMPTY_SLOTS_ONLY = rule(
    "empty_slots_only", "6.9.3", "「下に置いてあるカードなしで」は空いている置き場所にのみ出せ、既存のカードの上には重ねられない"
)
NOT_ON_FACE_DOWN = rule("not_on_face_down", "3.1.5", "場のウラのカードの上にはセット・セットせずに召喚・移動のいずれでも置けない")
ONE_TURN_LOCK = rule(
    "one_turn_lock", ("6.9.4", "3.4.1", "3.6.3"),
    "セットせずに召喚されたカードの上には、そのターン中さらにセットせずに召喚できない（そのカードに付随し、ウラになっても消えない）",
)
SUMMONED_FOR_MARKS = rule(
    "summoned_for_marks", "6.9.7", "セットせずに召喚されたカードも召喚されたものとして扱い、「召」効果も発動できる"
)
SIMULTANEOUS_SUMMON = rule(
    "simultaneous_summon", "10.1.8", "1つの動作で複数枚を召喚する処理は同時に行い、「〜た時」は全ての召喚を終えてから処理する"
)
IEYASU = rule(
    "ieyasu_overflow", "14.2",
    "〈徳川家康〉の｛三河武士団の結束｝に限り、空いている置き場所から溢れた分は自分の場のオモテのカードの上にセットせずに召喚できる",
)
ON_REST_STAYS_REST = rule("on_rest_stays_rest", "3.2.4", "レスト状態のカードの上にセット・召喚したカードもレスト状態になる")
NOT_LEAVING = rule("not_leaving", "3.5.2", "上に別のカードが置かれる、レストされる、向きが変わるのは「場を離れる」ではない")
PERSONS_ONLY = rule("persons_only", ("2.2.1", "6.8.3"), "場に出せるのは人物カードのみ（事変は使い終わったら墓地へ）")
IEYASU_NAME = "三河の天下人\u3000徳川家康"
IEYASU_EFFECT = "三河武士団の結束"

# --- set by an effect -------------------------------------------------------------------------------------
EFFECT_SET = rule(
    "effect_set", ("4.5.2", "5.2.5"), "効果発動フェーズ中に効果によって行うセットは、セットできるカードであることを相手に見せて行う"
)

# --- moving on the field ----------------------------------------------------------------------------------
MOVE_TOP_ONLY = rule("move_top_only", "2.3.3", "場のカードを移動する効果は一番上のカードだけを動かし、その下のカードは移動しない")
MOVED_STATE_WINS = rule(
    "moved_state_wins", "3.3.1", "他のオモテのカードの上に移動したカードのアクティブ/レストが優先され、新たに下になるカードも合わせる"
)
LEFT_BEHIND_KEEPS = rule("left_behind_keeps", "3.3.2", "移動元に残ったカードは、移動したカードが去った時点の状態を維持する")
INFORMATION_TRAVELS = rule(
    "information_travels", ("3.4.1", "3.4.2"), "同じ場の中での移動は場を離れないので、制限や履歴はそのカードに付随したまま残り、残ったカードは引き継がない"
)
SAME_FIELD_ONLY = rule("same_field_only", "3.4.1", "場のカードの移動は同じ場の中で他のオモテのカードの上へ行う")

# --- leaving the field ------------------------------------------------------------------------------------
TO_HAND_OR_DECK = rule("to_hand_or_deck", ("3.5.1", "3.5.4", "2.3.3"), "手札・山札へ移動するのは「場を離れる」: 制限と履歴はリセットされ、下のカードは残る")
EVENT_NOT_IN_HAND = rule("event_not_in_hand", ("2.8.1", "2.8.2"), "処理中の事変はどのゾーンにも属さず、手札の枚数や移動の対象にならない")
HAND_TO_DECK = rule("hand_to_deck", "2.7.1", "手札のカードを山札に置く")

# --- repeating ----------------------------------------------------------------------------------------------
REPEAT_LOOKS_ANEW = rule(
    "repeat_looks_anew", ("2.3.5", "10.1.4"), "同じ操作をn回行う効果は、各回の操作ごとにその時点の場（一番上）を参照する"
)
BATCH_FIXED = rule("batch_fixed", "2.3.4", "複数枚をまとめて選ぶ効果は、処理を開始した時点で場にあったカードから選ぶ")

# --- durations and what cards carry -------------------------------------------------------------------------
GRANT = rule("grant", ("3.1.4", "3.6.1"), "アタッカー/ブロッカーの付与: ウラである間は得ないが、場外へ移動しない限り期間は失われない")
PROTECT_FIXED = rule(
    "protect_fixed", ("8.2.6", "8.2.1"), "カード主語の期間付きの保護は、発動した瞬間の場のカードだけに及ぶ（後から場に出たカードは含まない）"
)
RANK_CHANGE = rule("rank_change", ("2.2.3", "10.4.2"), "実効ランクを変更する効果は、事変の発動条件などで変更後の値を用いる（増減は合算）")
FACE_DOWN_NO_RANK = rule("face_down_no_rank", ("3.1.2", "3.1.7"), "ウラのカードはランクを持たないため、ランクの増減は適用されない")
EXTRA_TURN_GRANTED = rule("extra_turn_granted", "5.8.1", "「再び自分のターンになる」: このターンの後に追加のターンが続く")
EXTRA_TURN_NOT_STACKED = rule("extra_turn_not_stacked", "5.8.3", "同一ターン中に何度解決しても、追加のターンは累積せず1回だけ")
EXTRA_TURN_CHAINS = rule("extra_turn_chains", "5.8.4", "追加のターン中に解決すれば、そのターンの後にさらに新たな追加のターンが続く")
EXTRA_TURN_WHOSE = rule("extra_turn_whose", "5.8.1", "「再び自分のターンになる」は自分のターン中に解決される効果を前提とする")


# =============================================================================================================
# summon without set
# =============================================================================================================


def summon_without_set_step(run: "EffectRun", step: Step) -> Outcome:
    spec: SummonWithoutSetSpec = step.argument
    cards, found_all = _cards_to_place(run, spec.card, spec.count, "召喚")
    if not cards:
        return NOT_DONE
    forbidden = restrictions.forbidding(run.game, run.controller, "summon", by_effect=True)
    if forbidden is not None:
        run.game.trace.step(
            f"{run.label}: {forbidden[0]}ため、セットせずに召喚しない（禁止の効果が優先する）。",
            *forbidden[1], PROHIBITION_FIRST, restrictions.SUMMON_LIMIT,
        )
        return NOT_DONE
    cards, capped = _within_summon_limit(run, cards)
    placements, left_over, considered = (
        _onto_placements(run, spec, cards) if spec.onto is not None else _empty_slot_placements(run, spec, cards)
    )
    if not placements:
        reasons = "、".join(c.text for c in considered) or "置ける場所がない"
        cited = [r for r in (NOT_ON_FACE_DOWN, ONE_TURN_LOCK, EMPTY_SLOTS_ONLY) if any(r.name in c.rules for c in considered)]
        run.game.trace.step(f"{run.label}: {reasons}。セットせずに召喚しない。", *_placement_rules(spec), *cited)
        return NOT_DONE
    _place_summons(run, placements, spec, considered)
    return Outcome(complete=found_all and not left_over and not capped, happened=True)


def _placement_rules(spec: SummonWithoutSetSpec) -> tuple[Rule, ...]:
    return (SUMMON_WITHOUT_SET, ONTO_IGNORES_RANK) if spec.onto is not None else (SUMMON_WITHOUT_SET, EMPTY_SLOTS_ONLY)


def _cards_to_place(run: "EffectRun", ref: CardRef, count: int, verb: str) -> tuple[list[Card], bool]:
    """The hand/deck/graveyard cards a summon or set names (an id, or a hidden-zone selector, 6.6), and
    whether all the text asks for were found."""
    board = run.board
    if isinstance(ref, str):
        card = board.find(ref)
        zone = board.locate(card)[1] if card is not None else "nowhere"
        if card is None or zone not in ("hand", "deck", "graveyard") or card.owner != run.controller:
            run.game.trace.step(f"{run.label}: {ref}は{run.controller}の手札・山札・墓地にないので{verb}できない。", SUMMON_WITHOUT_SET)
            return [], False
        cards, complete = [card], True
    else:
        selector = ref if ref.choose is not None or ref.all or ref.zone == "field" else ref.model_copy(update={"choose": count})
        selection = select(run, selector)
        cards, complete = selection.cards, selection.complete
    persons = [card for card in cards if not card.is_event]
    if len(persons) < len(cards):
        run.game.trace.step(f"{run.label}: 事変は場に出せない。", PERSONS_ONLY)
    return persons, complete and len(persons) == len(cards)


def _within_summon_limit(run: "EffectRun", cards: list[Card]) -> tuple[list[Card], bool]:
    """Summon limits are shared with flips and rank-0 summons and count this turn's summons (6.10.2, 10.3.2)."""
    room = restrictions.summons_left(run.game, run.controller)
    if room is None or room >= len(cards):
        return cards, False
    if not _interchangeable(cards) and room > 0:
        run.game.need_decision(
            run.controller,
            f"{run.label}: 召喚数の制限であと{room}枚しか召喚できない。どのカードを召喚するか",
            [_ref(run, c) for c in cards],
            restrictions.SUMMON_LIMIT, restrictions.LIMITS_OVERLAP,
        )
    run.game.trace.step(
        f"{run.label}: 召喚数の制限により、このターンはあと{room}枚しか召喚できない。{len(cards)}枚のうち{room}枚だけを召喚する。",
        restrictions.SUMMON_LIMIT, restrictions.LIMITS_OVERLAP, restrictions.LIMIT_COUNTS_THIS_TURN, restrictions.MUST_DOES_WHAT_IT_CAN,
    )
    return cards[:room], True


def _interchangeable(cards: list[Card]) -> bool:
    """Cards that differ only by their scenario id: which of them is taken is no real choice."""
    faces = {card.info.model_copy(update={"id": None}).model_dump_json() if card.info else "" for card in cards}
    return len(faces) <= 1


def _ref(run: "EffectRun", card: Card) -> str:
    return ref_of(run, card)


Placement = tuple[Card, int, "Card | None"]  # (card, slot, the card it goes onto or None)


def _onto_placements(run: "EffectRun", spec: SummonWithoutSetSpec, cards: list[Card]):
    """「〇〇の上にセットせずに召喚」: one own face-up card, rank order ignored (6.9.2, 7.4.1)."""
    considered: list[Considered] = []
    target = _single_target(run, spec.onto, exclude=lambda card: _onto_problem(run, card))
    problem = _onto_problem(run, target) if target is not None else ("置く先のカードが場にない", ONTO_IGNORES_RANK)
    if problem is not None:
        considered.append(Considered.of(problem[0], problem[1], outcome="refuses"))
        return [], cards, considered
    slot = run.board.locate(target)[2]
    if len(cards) > 1:
        # The first card summoned there is itself locked for the rest of the turn (6.9.4).
        considered.append(Considered.of("同じカードの上には2枚目をセットせずに召喚できない", ONE_TURN_LOCK, outcome="refuses"))
    return [(cards[0], slot, target)], cards[1:], considered


def _single_target(run: "EffectRun", ref: CardRef, exclude=None) -> Card | None:
    """The one card ``ref`` names; a 「選ぶ」 among field cards leaves out those ``exclude`` rules out."""
    left_out: list[tuple[Card, tuple]] = []

    def excluded(card: Card):
        reason = exclude(card)
        if reason is not None:
            left_out.append((card, reason))
        return reason

    selection = select(run, ref, excluded if exclude is not None else None)
    if left_out and not isinstance(ref, str) and ref.choose is not None:
        run.game.trace.step(
            f"{run.label}: " + "。".join(text for _, (text, _) in left_out) + "。選べる候補に含めない。",
            *dict.fromkeys(rule for _, (_, rule) in left_out), CHOOSE,
        )
    return selection.cards[0] if selection.cards else None


def _onto_problem(run: "EffectRun", target: Card) -> tuple[str, Rule] | None:
    """Why nothing can be summoned without set onto ``target`` now, and the rule, or None."""
    board = run.board
    player, zone, slot = board.locate(target)
    if zone != "field" or player != run.controller:
        return f"{card_words(board, target)}は自分の場のカードではない", ONTO_IGNORES_RANK
    if board.players[player].field[slot].face_down:
        return f"{card_words(board, target)}はウラのカードなので、その上には置けない", NOT_ON_FACE_DOWN
    if target.summoned_without_set_turn == board.turn_index:
        return f"{card_words(board, target)}はこのターンにセットせずに召喚されたので、その上にはセットせずに召喚できない", ONE_TURN_LOCK
    return None


def _empty_slot_placements(run: "EffectRun", spec: SummonWithoutSetSpec, cards: list[Card]):
    """「下に置いてあるカードなしで」: empty slots only (6.9.3); 〈徳川家康〉's overflow excepted (14.2)."""
    player = run.board.players[run.controller]
    considered: list[Considered] = []
    slots = spec.slots or player.empty_slots()
    taken = [slot for slot in slots if slot not in player.field][: len(cards)]
    if spec.slots and len(taken) < min(len(spec.slots), len(cards)):
        run.game.reject_choice(f"指定した置き場所 {spec.slots} の一部は空いていない", EMPTY_SLOTS_ONLY)
    placements: list[Placement] = [(card, slot, None) for card, slot in zip(cards, taken)]
    overflow = cards[len(taken):]
    if not overflow:
        return placements, [], considered
    if not _is_ieyasu(run):
        considered.append(Considered.of(
            f"空いている置き場所が足りず、{len(overflow)}枚は出せない（既存のカードの上には重ねられない）", EMPTY_SLOTS_ONLY,
            outcome="refuses",
        ))
        considered.append(Considered.of("空き枠の溢れを他のカードの上に出せる特例は〈徳川家康〉の｛三河武士団の結束｝だけ", IEYASU, outcome="does not apply"))
        return placements, overflow, considered
    return placements + _ieyasu_overflow(run, spec, overflow), [], considered


def _is_ieyasu(run: "EffectRun") -> bool:
    return run.source.name == IEYASU_NAME and IEYASU_EFFECT in run.effect.name


def _ieyasu_overflow(run: "EffectRun", spec: SummonWithoutSetSpec, overflow: list[Card]) -> list[Placement]:
    """14.2: the cards that find no empty slot go onto own face-up cards the player names."""
    board = run.board
    eligible = [stack.top for _, stack in board.players[run.controller].field_tops() if _onto_problem(run, stack.top) is None]
    chosen = [board.find(ref) for ref in (spec.overflow_onto or [])]
    valid = (
        spec.overflow_onto is not None
        and len(chosen) == len(overflow)
        and all(c is not None and any(c is e for e in eligible) for c in chosen)
        and len({id(c) for c in chosen}) == len(chosen)
    )
    if spec.overflow_onto is not None and not valid:
        run.game.reject_choice(f"溢れた分を置く先 {spec.overflow_onto} は選べない（自分の場のオモテのカードを{len(overflow)}枚）", IEYASU, CHOOSE)
    if not valid:
        if len(eligible) <= len(overflow) and _interchangeable(overflow):
            chosen = eligible  # nothing to choose: every eligible card takes one
        else:
            run.game.need_decision(
                run.controller,
                f"{run.label}: 空いている置き場所から溢れた{len(overflow)}枚を、自分の場のどのオモテのカードの上に出すか（overflow_onto）",
                [_ref(run, c) for c in eligible], IEYASU, CHOOSE,
            )
    return [(card, board.locate(target)[2], target) for card, target in zip(overflow, chosen)]


def _place_summons(run: "EffectRun", placements: list[Placement], spec: SummonWithoutSetSpec, considered: list[Considered]) -> None:
    """Place every card first, then let the 「召喚された時」 triggers wait for the step's end (10.1.8)."""
    board = run.board
    game = run.game
    before = {pid: (len(p.hand), len(p.deck), len(p.graveyard)) for pid, p in board.players.items()}
    words, rules = [], list(_placement_rules(spec)) + [SUMMONED_FOR_MARKS]
    for card, slot, target in placements:
        moves.take_from_zone(game, card)
        stack = board.players[run.controller].field.get(slot)
        rested = stack is not None and stack.rested
        moves.place_on_field(game, card, run.controller, slot, face_down=False)
        card.summoned_turn = board.turn_index
        card.summoned_without_set_turn = board.turn_index
        words.append(_placement_words(run, card, slot, target, rested))
        if rested and ON_REST_STAYS_REST not in rules:
            rules.append(ON_REST_STAYS_REST)
        if target is not None:
            rules += [r for r in (NOT_LEAVING,) if r not in rules]
            if target.immune:
                considered.append(Considered.of(f"{target.label()}は効果を受けないが、上にカードが置かれることは防がない", IMMUNE_CAN_BE_COVERED))
            considered += _covered_note(target)
            if spec.onto is None and IEYASU not in rules:
                rules.append(IEYASU)  # an empty-slot summon going onto a card: only 14.2 allows it
    if len(placements) > 1:
        rules.append(SIMULTANEOUS_SUMMON)
    restrictions.count_summons(game, run.controller, len(placements))
    game.trace.step(
        f"{run.label}: {'、'.join(words)}。" + ("全て同時に召喚し、「〜た時」は全ての召喚を終えてから処理する。" if len(placements) > 1 else ""),
        *rules,
        changes=_zone_changes(board, before) + [_stack_words(run, slot) for _, slot, _ in placements],
        considered=considered,
    )
    run.refer_to([card for card, _, _ in placements])
    for card, _, _ in placements:
        game.happened(Event("summoned", card, card.owner, cause="effect"))
        game.happened(Event("summoned_without_set", card, card.owner, cause="effect"))


def _placement_words(run: "EffectRun", card: Card, slot: int, target: Card | None, rested: bool) -> str:
    where = f"{run.controller}{slot}の{target.label()}の上" if target is not None else f"空いている{run.controller}{slot}"
    state = "（レストのカードの上なのでレスト）" if rested else ""
    return f"{card.label()}を{where}にセットせずに召喚する{state}"


def _stack_words(run: "EffectRun", slot: int) -> str:
    stack = run.board.players[run.controller].field[slot]
    face = "ウラ" if stack.face_down else "オモテ"
    state = "レスト" if stack.rested else "アクティブ"
    return f"{run.controller}{slot}: {len(stack.cards)}枚（{face}・{state}）"


def _zone_changes(board, before: dict[str, tuple[int, int, int]]) -> list[str]:
    changes = []
    for pid, (hand, deck, graveyard) in before.items():
        player = board.players[pid]
        for zone, old in (("hand", hand), ("deck", deck), ("graveyard", graveyard)):
            new = len(getattr(player, zone))
            if new != old:
                changes.append(count_change(board, pid, zone, old, new))
    return changes


def _covered_note(card: Card) -> list[Considered]:
    """A card that goes under another stops applying its 「常」 effects while there (3.6.2)."""
    note = pause_note(card, "場の下にある")
    return [Considered.of(note, NOT_WHILE_FACE_DOWN_OR_UNDER, outcome="refuses")] if note else []


# =============================================================================================================
# set from hand by an effect
# =============================================================================================================


def set_from_hand_step(run: "EffectRun", step: Step) -> Outcome:
    """「手札の〇〇を〇〇の上にセットする」: face-down on an own face-up card, ranks as the text says (7.4.1)."""
    spec: SetFromHandSpec = step.argument
    board, game = run.board, run.game
    cards = [c for c in _cards_to_place(run, spec.card, 1, "セット")[0] if board.locate(c)[1] == "hand"]
    if not cards:
        return NOT_DONE
    card = cards[0]
    target = _single_target(run, spec.onto, exclude=lambda c: _face_down_target(run, c))
    problem = _set_problem(run, target)
    if problem is not None:
        game.trace.step(f"{run.label}: {problem}ので、セットしない。", NOT_ON_FACE_DOWN, EFFECT_SET)
        return NOT_DONE
    forbidden = restrictions.forbidding(game, run.controller, "set", card, by_effect=True)
    if forbidden is not None:
        game.trace.step(f"{run.label}: {forbidden[0]}ため、セットしない（禁止の効果が優先する）。", *forbidden[1], PROHIBITION_FIRST)
        return NOT_DONE
    slot = board.locate(target)[2]
    stack = board.players[run.controller].field[slot]
    hand = len(board.players[run.controller].hand)
    moves.take_from_zone(game, card)
    moves.place_on_field(game, card, run.controller, slot, face_down=True)
    rules = [EFFECT_SET, ONTO_IGNORES_RANK, NOT_LEAVING]
    if board.is_first_turn(run.controller):
        rules.append(restrictions.EFFECT_SET_IN_FIRST_TURN)
    if stack.rested:
        rules.append(ON_REST_STAYS_REST)
    considered = _covered_note(target)
    if target.immune:
        considered.append(Considered.of(f"{target.label()}は効果を受けないが、上にカードが置かれることは防がない", IMMUNE_CAN_BE_COVERED))
    game.trace.step(
        f"{run.label}: 手札の{card.label()}を相手に見せてから、{run.controller}{slot}の{target.label()}の上にウラ向きでセットする"
        f"（{'レスト' if stack.rested else 'アクティブ'}のまま）。",
        *rules,
        changes=[count_change(run.board, run.controller, "hand", hand, len(board.players[run.controller].hand)), _stack_words(run, slot)],
        considered=considered,
    )
    run.refer_to([card])
    game.happened(Event("set", card, card.owner, cause="effect"))
    return DONE


def _face_down_target(run: "EffectRun", target: Card) -> tuple[str, Rule] | None:
    """A face-down card takes no card on top (3.1.5), so it is no candidate for 「〇〇の上に」."""
    player, _, slot = run.board.locate(target)
    if slot is not None and run.board.players[player].field[slot].face_down:
        return f"{card_words(run.board, target)}はウラのカードなので、その上には置けない", NOT_ON_FACE_DOWN
    return None


def _set_problem(run: "EffectRun", target: Card | None) -> str | None:
    board = run.board
    if target is None:
        return "セットする先のカードが場にない"
    player, zone, slot = board.locate(target)
    if zone != "field" or player != run.controller:
        return f"{card_words(board, target)}は自分の場のカードではない"
    if board.players[player].field[slot].face_down:
        return f"{card_words(board, target)}はウラのカードなので、その上にはセットできない"
    return None


# =============================================================================================================
# move on the field
# =============================================================================================================


def move_step(run: "EffectRun", step: Step) -> Outcome:
    """A field card onto another face-up card of the same field; only the top moves (2.3.3)."""
    spec: MoveSpec = step.argument
    board, game = run.board, run.game
    card = _single_target(run, spec.card)
    target = _single_target(run, spec.onto)
    if card is None or target is None or card is target:
        game.trace.step(f"{run.label}: 移動するカードと移動先のカードが揃わないので、移動しない。", MOVE_TOP_ONLY, SAME_FIELD_ONLY)
        return NOT_DONE
    problem = _move_problem(run, card, target)
    if problem is not None:
        text, *rules = problem
        game.trace.step(f"{run.label}: {text}ので、{card_words(board, card)}は移動しない。", *rules)
        return NOT_DONE
    _do_move(run, card, target)
    run.refer_to([card])
    return DONE


def _move_problem(run: "EffectRun", card: Card, target: Card) -> tuple | None:
    board = run.board
    owner, zone, _ = board.locate(card)
    target_owner, target_zone, target_slot = board.locate(target)
    if zone != "field" or target_zone != "field":
        return ("場のカードしか移動できない", MOVE_TOP_ONLY)
    if owner != target_owner:
        run.game.rulebook_gap(
            f"{run.label}: {card_words(board, card)}を相手の場の{card_words(board, target)}の上へ移動する処理は、本書に定めがない"
            "（3.4.1は同じ場の中での移動だけを定める）",
            SAME_FIELD_ONLY,
        )
    if board.players[target_owner].field[target_slot].face_down:
        return (f"{card_words(board, target)}はウラのカードで、その上には移動できない", NOT_ON_FACE_DOWN)
    if immune(board, card):
        return (f"{card_words(board, card)}は効果を受けない（別のカードの上への移動も防ぐ）", IMMUNE, PROHIBITION_FIRST)
    return None


def _do_move(run: "EffectRun", card: Card, target: Card) -> None:
    board = run.board
    player = board.players[card.owner]
    from_slot, source = player.stack_of(card)
    to_slot, destination = player.stack_of(target)
    label_from, label_to = card_words(board, card), card_words(board, target)
    source.cards.pop()
    left_behind = bool(source.cards)
    if not left_behind:
        del player.field[from_slot]
    destination.cards.append(card)
    destination.rested = source.rested     # 3.3.1: the moved card's state wins over the new under cards
    destination.face_down = source.face_down
    if left_behind:
        source.face_down = False           # the card left behind was オモテ when covered (3.1.5, 2.3.3)
    rules: list[Rule] = [MOVE_TOP_ONLY, MOVED_STATE_WINS, INFORMATION_TRAVELS, NOT_LEAVING]
    if left_behind:
        rules.append(LEFT_BEHIND_KEEPS)
    considered = _covered_note(target)
    if target.immune:
        considered.append(Considered.of(f"{target.label()}は効果を受けないが、上にカードが移動してくることは防がない", IMMUNE_CAN_BE_COVERED))
    if board.attacking is target or board.attack_target is target:
        considered.append(Considered.of(f"{target.label()}は場の下に移動したので、その攻撃はキャンセルされる", ATTACKER_LEFT, TARGET_LEFT))
    state = "レスト" if source.rested else "アクティブ"
    changes = [
        f"{card.owner}{from_slot}: {len(source.cards) + 1}枚 → {len(source.cards)}枚" + ("（残ったカードは状態を維持）" if left_behind else ""),
        f"{card.owner}{to_slot}: {len(destination.cards) - 1}枚 → {len(destination.cards)}枚（{state}、下のカードも{state}）",
    ]
    run.game.trace.step(
        f"{run.label}: {label_from}を{label_to}の上へ移動する。移動したカードの{state}状態が優先され、"
        "制限・履歴はそのカードに付随したまま残る（場を離れていない）。",
        *rules,
        changes=changes,
        considered=considered,
    )


# =============================================================================================================
# leaving the field: to the hand or the deck
# =============================================================================================================


def return_to_hand_step(run: "EffectRun", step: Step) -> Outcome:
    return _leave(run, step.argument, "hand", "手札に戻す")


def to_deck_step(run: "EffectRun", step: Step) -> Outcome:
    spec: ToDeckSpec = step.argument
    return _leave(run, spec.target, f"deck_{spec.position}", "山札の上に置く" if spec.position == "top" else "山札の下に置く")


def _leave(run: "EffectRun", ref: CardRef, destination: str, verb: str) -> Outcome:
    """Field cards off the field together; protections and immunity keep theirs there (10.2.1, 9.1.1)."""
    board, game = run.board, run.game
    selection = select(run, ref)
    kept = {card.uid: why for card in selection.cards if (why := kept_on_field(game, card))}
    movers = [card for card in selection.cards if card.uid not in kept]
    before_facts = [(card, facts_of(board, card)) for card in movers]
    words = cards_words(board, selection.cards)
    counts = {pid: (len(p.hand), len(p.deck)) for pid, p in board.players.items()}
    covering = {card.uid for card in movers if (found := board.players[card.owner].stack_of(card)) and found[1].under}
    moved = moves.leave_field(game, movers, destination, cause="effect")
    considered = list(selection.considered) + [
        Considered.of(f"{card.label()}は{kept[card.uid]}ため場に残る", IMMUNE, PROHIBITION_FIRST, outcome="refuses") for card in selection.cards if card.uid in kept
    ]
    uncovered = [card for card in moved if card.uid in covering]
    if uncovered:
        # The cards that became the top meanwhile were not on the field when the step started (2.3.4).
        considered.append(Considered.of(
            f"{cards_words(board, uncovered)}の下にあったカードが新たに一番上になったが、この処理の対象には加わらない", BATCH_FIXED
        ))
    changes = []
    for pid, (hand, deck) in counts.items():
        player = board.players[pid]
        if len(player.hand) != hand:
            changes.append(count_change(run.board, pid, "hand", hand, len(player.hand)))
        if len(player.deck) != deck:
            changes.append(count_change(run.board, pid, "deck", deck, len(player.deck)))
    text = f"{words}を{verb}。" if selection.cards else f"{verb}カードはない（対象のカードは0枚）。"
    game.trace.step(
        f"{run.label}: {text}" + ("場の下のカードは移動せず残る。" if covering else ""),
        TO_HAND_OR_DECK, *((moves.SIMULTANEOUS_MOVE,) if len(movers) > 1 else ()), *_selection_rules(selection),
        changes=changes, considered=considered,
    )
    moved_ids = {card.uid for card in moved}
    run.refer_to_moved([(c, f) for c, f in before_facts if c.uid in moved_ids])
    return Outcome(complete=selection.complete and len(moved) == len(selection.cards), happened=bool(moved))


def _selection_rules(selection: Selection) -> tuple[Rule, ...]:
    return {"all": (ALL_ZERO_COMPLETE,), "choose": (CHOOSE,)}.get(selection.mode, ()) + selection.applied


def hand_to_deck_step(run: "EffectRun", step: Step) -> Outcome:
    """手札をn枚山札の上/下に置く; the event being resolved is not in the hand (2.8.2)."""
    spec: HandToDeckSpec = step.argument
    board, game = run.board, run.game
    player = board.players[run.controller]
    cards = _hand_pick(run, spec.count, spec.chosen)
    hand, deck = len(player.hand), len(player.deck)
    for card in cards:
        player.hand.remove(card)
        if spec.position == "top":
            player.deck.insert(0, card)
        else:
            player.deck.append(card)
    rules = [HAND_TO_DECK] + ([EVENT_NOT_IN_HAND] if run.source.is_event else [])
    where = "上" if spec.position == "top" else "下"
    game.trace.step(
        f"{run.label}: {run.controller}は手札を{len(cards)}枚、山札の{where}に置く。",
        *rules,
        changes=[count_change(run.board, run.controller, "hand", hand, len(player.hand)), count_change(run.board, run.controller, "deck", deck, len(player.deck))],
    )
    return Outcome.counted(len(cards), spec.count)


def _hand_pick(run: "EffectRun", count: int, chosen: list[str] | None) -> list[Card]:
    hand = run.board.players[run.controller].hand
    if chosen is not None:
        picked = [next((c for c in hand if c.info and c.info.id == name), None) for name in chosen]
        if None not in picked and len({id(c) for c in picked}) == len(picked) == min(count, len(hand)):
            return picked  # type: ignore[return-value]
        run.game.reject_choice(f"手札から選んだカード {chosen} はこの処理で選べない", CHOOSE, HAND_TO_DECK)
    if len(hand) <= count or all(not c.known for c in hand):
        return hand[len(hand) - min(count, len(hand)):]  # nothing to choose between
    run.game.need_decision(
        run.controller, f"{run.label}: 手札のどのカードを{count}枚山札に置くか",
        [c.info.id or c.label() if c.info else c.label() for c in hand], CHOOSE, HAND_TO_DECK, chooser_named=False,
    )
    return []


# =============================================================================================================
# repeat
# =============================================================================================================


def repeat_step(run: "EffectRun", step: Step) -> Outcome:
    """「…操作をn回行う」: each time the steps look at the board as it is then (2.3.5, 10.1.4)."""
    times = step.repeat or 0
    earlier = set(run.did)
    run.did.clear()  # to see what the repeated steps themselves did
    complete = True
    for number in range(1, times + 1):
        run.game.trace.step(f"{run.label}: {times}回のうち{number}回目の操作。その時点の場（一番上）を改めて参照する。", REPEAT_LOOKS_ANEW)
        for index, inner in enumerate(step.do or []):
            complete = run.run_nested(inner, index > 0) and complete
    happened = bool(run.did)
    run.did |= earlier
    return Outcome(complete=complete, happened=happened)


# =============================================================================================================
# restrictions, roles, protections, rank, extra turns
# =============================================================================================================


def restrict_step(run: "EffectRun", step: Step) -> Outcome:
    """「相手は〜できない」 and its card-subject and counted forms (8.2.4, 8.2.5, 10.3)."""
    spec: RestrictSpec = step.argument
    if spec.target is not None:
        return _restrict_cards(run, spec)
    board = run.board
    changes, merged = [], False
    for pid in run.players(spec.player):
        expiry = durations.expiry_of(board, spec, affected=pid, controller=run.controller)
        held = Timed(spec.cannot, expiry, run.effect.name, where=spec.where, limit=spec.limit)
        merged = durations.add_timed(board, board.players[pid].restrictions, held) or merged
        changes.append(f"{pid}: {_restriction_words(spec)}（{durations.describe(expiry)}）")
    rules: list[Rule] = [restrictions.PLAYER_RESTRICTION if spec.where is None else restrictions.CARD_RESTRICTION]
    text = f"{run.label}: {'、'.join(run.players(spec.player))}は{_restriction_words(spec)}。行為を宣言するたびにその時点の場で判定する。"
    if spec.limit is not None:
        rules.append(restrictions.LIMIT_COUNTS_THIS_TURN)
        text += "このターン既に行った回数も通算する。"
        if len(restrictions.limits(board.players[run.players(spec.player)[0]], spec.cannot)) > 1:
            rules.append(restrictions.LIMITS_OVERLAP)
    if merged:
        rules.append(durations.DURATIONS_DO_NOT_ADD)
        text += "同じ内容の制限が既にあり、期間は加算されず長く残る方が適用される。"
    run.game.trace.step(text, *rules, durations.duration_rule(spec), changes=changes)
    return DONE


def _restriction_words(spec: RestrictSpec) -> str:
    act = restrictions.act_name(spec.cannot)
    if spec.limit is not None:
        return f"合わせて{spec.limit}枚までしか{act}できない"
    if spec.where is not None:
        return f"場の{describe_where(spec.where)}カードで{act}できない"
    return f"{act}できない"


def _restrict_cards(run: "EffectRun", spec: RestrictSpec) -> Outcome:
    """「それは〜できない」: carried by the card (3.4.1), not stopped by immunity (8.2.5)."""
    board = run.board
    selection = select(run, spec.target)
    changes, merged = [], False
    for card in selection.cards:
        expiry = durations.expiry_of(board, spec, affected=card.owner, controller=run.controller)
        merged = durations.add_timed(board, card.restrictions, Timed(spec.cannot, expiry, run.effect.name)) or merged
        changes.append(f"{card_words(board, card)}: {restrictions.act_name(spec.cannot)}できない（{durations.describe(expiry)}）")
    rules = [restrictions.CARD_RESTRICTION] + ([restrictions.RESTRICTION_BEATS_IMMUNITY] if any(c.immune for c in selection.cards) else [])
    if merged:
        rules.append(durations.DURATIONS_DO_NOT_ADD)
    run.refer_to(selection.cards)
    run.game.trace.step(
        f"{run.label}: {cards_words(board, selection.cards)}は{restrictions.act_name(spec.cannot)}できない。",
        *rules, durations.duration_rule(spec), *_selection_rules(selection), changes=changes, considered=selection.considered,
    )
    return Outcome(complete=selection.complete, happened=bool(selection.cards))


def grant_step(run: "EffectRun", step: Step) -> Outcome:
    """アタッカー/ブロッカーを得る: kept while face-down, but not had then (3.1.4, 3.6.1)."""
    spec: GrantSpec = step.argument
    role = "アタッカー" if spec.role == "attacker" else "ブロッカー"

    def give(card: Card) -> str:
        expiry = durations.expiry_of(run.board, spec, affected=card.owner, controller=run.controller)
        merged = durations.add_timed(run.board, card.grants, Timed(spec.role, expiry, run.effect.name))
        hidden = "（ウラである間はそれを得ない）" if _face_down(run, card) else ""
        return f"{card_words(run.board, card)}: {role}を得る（{durations.describe(expiry)}）{hidden}" + ("、期間は加算されない" if merged else "")

    return _each_card(run, spec.target, f"{role}を得る", give, (GRANT, durations.duration_rule(spec)))


def protect_step(run: "EffectRun", step: Step) -> Outcome:
    """場を離れない等: only the cards on the field now are protected (8.2.6); it beats actions (10.2.1)."""
    spec: ProtectSpec = step.argument
    words = {"leave_field": "場を離れない", "battle": "バトルによって墓地へ送られない", "effects": "効果を受けない"}[spec.from_]

    def shield(card: Card) -> str:
        expiry = durations.expiry_of(run.board, spec, affected=card.owner, controller=run.controller)
        merged = durations.add_timed(run.board, card.protections, Timed(spec.from_, expiry, run.effect.name))
        return f"{card_words(run.board, card)}: {words}（{durations.describe(expiry)}）" + ("、期間は加算されない" if merged else "")

    return _each_card(
        run, spec.target, words, shield, (PROTECT_FIXED, PROHIBITION_FIRST, durations.duration_rule(spec)), immunity_blocks=False
    )


def rank_step(run: "EffectRun", step: Step) -> Outcome:
    """ランク増減: the effective rank events' levels are judged with (2.2.3); amounts add up (10.4.2)."""
    spec: RankSpec = step.argument

    def change(card: Card) -> str | None:
        before = rank_of(run.board, card)
        if before is None:
            return None
        expiry = durations.expiry_of(run.board, spec, affected=card.owner, controller=run.controller)
        card.rank_mods.append(RankMod(spec.add, expiry, source=run.effect.name))
        return f"{card_words(run.board, card)}のランク {before}→{rank_of(run.board, card)}"

    return _each_card(run, spec.target, f"ランクを{spec.add:+d}する", change, (RANK_CHANGE, durations.duration_rule(spec)))


def _face_down(run: "EffectRun", card: Card) -> bool:
    player, _, slot = run.board.locate(card)
    return slot is not None and run.board.players[player].field[slot].face_down


def _each_card(
    run: "EffectRun",
    ref: CardRef,
    verb: str,
    apply: Callable[[Card], "str | None"],
    rules: tuple[Rule, ...],
    *,
    immunity_blocks: bool = True,
) -> Outcome:
    """Give something to each selected card; 「効果を受けない」 cards are unchanged (9.1.1)."""
    board = run.board
    selection = select(run, ref)
    changes, considered = [], list(selection.considered)
    applied = 0
    for card in selection.cards:
        if immunity_blocks and immune(board, card):
            considered.append(Considered.of(f"{card_words(board, card)}は効果を受けない", IMMUNE, outcome="refuses"))
            continue
        words = apply(card)
        if words is None:
            considered.append(Considered.of(f"{card_words(board, card)}はウラのカードでランクを持たない", FACE_DOWN_NO_RANK, FACE_DOWN_NO_INFO, outcome="refuses"))
            continue
        changes.append(words)
        applied += 1
    run.refer_to(selection.cards)
    subject = f"{cards_words(board, selection.cards)}は{verb}" if selection.cards else f"{verb}カードはない（対象のカードは0枚）"
    run.game.trace.step(
        f"{run.label}: {subject}。",
        *rules, *_selection_rules(selection), changes=changes, considered=considered,
    )
    return Outcome(complete=selection.complete and applied == len(selection.cards), happened=applied > 0)


def extra_turn_step(run: "EffectRun", step: Step) -> Outcome:
    """「再び自分のターンになる」: one more turn after this one (5.8.1); never two from one turn (5.8.3)."""
    board, game = run.board, run.game
    if run.controller != board.turn_player:
        game.rulebook_gap(
            f"{run.label}: 相手のターン中に「再び自分のターンになる」が解決された場合の扱いは本書に定めがない", EXTRA_TURN_WHOSE
        )
    player = board.players[run.controller]
    in_extra_turn = board.done_in_turn.get("extra_turn") == board.turn_index
    if player.extra_turn:
        game.trace.step(
            f"{run.label}: このターン既に追加のターンを得ている。追加のターンは累積せず、このターンの後に1回だけ続く。",
            EXTRA_TURN_NOT_STACKED,
        )
        return DONE
    player.extra_turn = True
    board.extra_turn_granted_in = board.turn_index
    rules = [EXTRA_TURN_GRANTED] + ([EXTRA_TURN_CHAINS] if in_extra_turn else [])
    chained = "追加のターン中に解決したので、" if in_extra_turn else ""
    game.trace.step(f"{run.label}: {chained}このターンの後に{run.controller}の追加のターンが続く。", *rules, changes=[f"{run.controller}: 追加のターン 0 → 1"])
    return DONE


MOVEMENT_STEPS = {
    "summon_without_set": summon_without_set_step,
    "set_from_hand": set_from_hand_step,
    "move": move_step,
    "return_to_hand": return_to_hand_step,
    "to_deck": to_deck_step,
    "hand_to_deck": hand_to_deck_step,
    "repeat": repeat_step,
    "restrict": restrict_step,
    "grant": grant_step,
    "protect": protect_step,
    "rank": rank_step,
    "extra_turn": extra_turn_step,
}
