"""The turn player's phase actions: draw & refresh (5.2.2), summon (5.2.3, 6.10), set (5.2.5).

The action table first moves the turn to its phase (5.2.1; an earlier phase is illegal, see
``resolution.ACTIONS``); each action here checks legality
(an illegal action changes nothing), then records what it did with the counts before → after.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.engine import legality, naming, restrictions, zone_moves
from adjudicator.engine.board import Card, zone_count
from adjudicator.engine.durations import applies_again_note
from adjudicator.engine.events import Event
from adjudicator.engine.rules import FIELD_SLOTS, PERSON_AND_EVENT, STACK_SHARES_STATE, Rule, rule
from adjudicator.format.actions import DrawPhaseSpec, SetSpec, SummonEntry, SummonPhaseSpec
from adjudicator.engine.stats import EFFECTIVE_RANK, rank_of
from adjudicator.engine.restrictions import FIRST_TURN, REFRESH_EXCLUSION, SUMMON_LIMIT
from adjudicator.engine.trace import Considered
from adjudicator.engine.outcomes import Illegal
from adjudicator.vocabulary import PlayerId

if TYPE_CHECKING:
    from adjudicator.engine.game import Game

DRAW_PHASE_DRAW = rule("draw_phase_draw", ("5.2.2", "6.5.5"), "ドロー&リフレッシュフェーズには山札の上から0〜2枚を引く（枚数は引く前に決める）")
REFRESH = rule("refresh", ("5.2.2", "3.2.1"), "自分の場のレスト状態のカードを全てアクティブにする")
HAND_DRAW_LIMIT = rule("hand_draw_limit", "6.5.8", "「手札がn枚以上になるように引けない」に触れる枚数は引けない")
SUMMON = rule("summon_phase", "5.2.3", "自分の場のウラのカードを全てオモテにし、手札からランク0のカードを好きな枚数召喚する")
FLIP_FORCED = rule("flip_forced", ("6.10.1", "3.1.1"), "召喚フェーズにウラのカードをオモテにする処理は可能な限り行う強制処理")
SUMMON_FORBIDDEN = rule("summon_forbidden", "6.10.3", "「召喚できない」はウラのカードをオモテにする処理もランク0の召喚も禁止する")
NORMAL_SUMMON = rule("normal_summon", ("10.5.1", "6.9.5"), "通常の召喚（オモテにする処理とランク0の召喚）はまとめて行う")
SUMMON_TRIGGERS_FIRST = rule("summon_triggers_first", "10.5.2", "通常召喚に由来する「召喚した時」の効果は召喚フェーズの終わりの処理より前に解決してよい")
RANK_ZERO_SUMMON = rule("rank_zero_summon", ("5.2.3", "6.9.1"), "手札のランク0のカードを空いている置き場所にオモテで出す")
PLACED_ACTIVE = rule("placed_active", "3.2.1", "カードは召喚・セット等によって場に置かれた時点ではアクティブ状態である")
SET = rule("set_rank_plus_one", "5.2.5", "自分の場のオモテのカードの上に、それよりランクが1つ大きいカードをウラ向きで1枚セットする")
NO_SET_ON_FACE_DOWN = rule("no_set_on_face_down", "3.1.5", "場のウラのカードの上にはセットできない")
REST_AND_SET = rule("rest_and_set", "3.2.4", "レストは攻撃とブロックだけを制限する。レストしたカードの上にセットしたカードもレスト")
SET_NOT_SHOWN = rule("normal_set_not_shown", "4.5.2", "通常のセットは相手に見せる必要がない")
DRAW_LIMIT = 2


# --- draw & refresh (5.2.2) ----------------------------------------------------------------------------


def perform_draw_phase(game: "Game", index: int, spec: DrawPhaseSpec) -> None:
    """Draw 0..2 (chosen before drawing, 6.5.5), check the decks, then refresh (5.2.2, 3.2.1)."""
    board = game.board
    player_id = board.turn_player
    _once_per_turn(game, "draw_phase", "このターンのドロー&リフレッシュは既に行った", DRAW_PHASE_DRAW)
    first_player_first_turn = board.is_first_turn() and player_id == board.first_player
    if spec.draw > DRAW_LIMIT:
        raise Illegal(f"ドロー&リフレッシュフェーズに引けるのは0〜2枚（{spec.draw}枚は引けない）", DRAW_PHASE_DRAW)
    if spec.draw:
        _check_draw_allowed(game, player_id, spec.draw)
    _draw(game, player_id, spec.draw)
    game.check_deck_out()
    game.settle()
    if first_player_first_turn:
        game.trace.step("先攻の1ターン目なので、リフレッシュ（レストしているカードをアクティブにする）も行わない。", FIRST_TURN)
        return
    if board.is_first_turn():  # 5.5.1 bars the first player's only: say so where it is applied
        game.trace.step("後攻の1ターン目: ドローとリフレッシュができないのは先攻の1ターン目だけなので、通常通り行う。", FIRST_TURN)
    _refresh(game, player_id)


def _once_per_turn(game: "Game", kind: str, text: str, *rules: Rule) -> None:
    board = game.board
    if board.done_in_turn.get(kind) == board.turn_index:
        raise Illegal(text, *rules)
    board.done_in_turn[kind] = board.turn_index


def _check_draw_allowed(game: "Game", player_id: PlayerId, count: int) -> None:
    player = game.board.players[player_id]
    forbidden = restrictions.forbidding(game, player_id, "draw")
    if forbidden:
        raise Illegal(forbidden[0], *forbidden[1])
    limit = player.hand_draw_limit
    if limit is not None and zone_count(player, "hand", f"「手札が{limit}枚以上になるように引けない」の判定", HAND_DRAW_LIMIT) + count >= limit:
        raise Illegal(
            f"手札が{limit}枚以上になるように引けない: 手札{len(player.hand)}枚から{count}枚引くと{len(player.hand) + count}枚になる",
            HAND_DRAW_LIMIT,
        )


def _draw(game: "Game", player_id: PlayerId, count: int) -> None:
    board = game.board
    before = naming.counts(board)
    drawn = zone_moves.draw(game, player_id, min(count, len(board.players[player_id].deck)))
    text = f"{player_id}は山札の上から{len(drawn)}枚引く。" if count else f"{player_id}はカードを引かない（0枚）。"
    if len(drawn) < count:
        text += f"山札が{len(drawn)}枚しかないので、それだけを引く。"
    game.trace.step(text, DRAW_PHASE_DRAW, zone_moves.DRAW_IS_FROM_TOP, changes=naming.count_changes(before, board))


def _refresh(game: "Game", player_id: PlayerId) -> None:
    board = game.board
    changes: list[str] = []
    considered: list[Considered] = []
    rules: list[Rule] = [REFRESH]
    for slot, stack in board.players[player_id].field_tops():
        if not stack.rested:
            continue
        if restrictions.refresh_excluded(stack.top):
            considered.append(Considered.of(f"{player_id}{slot}はアクティブにできない効果を受けているのでレストのまま", REFRESH_EXCLUSION, outcome="refuses"))
            continue
        zone_moves.set_rested(game, stack.top, False)
        changes.append(f"{player_id}{slot}: レスト → アクティブ" + (f"（下の{len(stack.under)}枚も）" if stack.under else ""))
        if stack.under and STACK_SHARES_STATE not in rules:
            rules.append(STACK_SHARES_STATE)
    text = f"{player_id}の場のレスト状態のカードを全てアクティブにする。" if changes else f"{player_id}の場にアクティブにするカードはない。"
    game.trace.step(text, *rules, changes=changes, considered=considered)


# --- summon (5.2.3, 6.10, 10.5.1) -------------------------------------------------------------------------


def perform_summon_phase(game: "Game", index: int, spec: SummonPhaseSpec) -> None:
    """Turn every own face-down card face-up (forced, 6.10.1), then summon the chosen rank-0 cards."""
    board = game.board
    player_id = board.turn_player
    _once_per_turn(game, "summon_phase", "通常の召喚はこのターン既にまとめて行った", NORMAL_SUMMON)
    forbidden = restrictions.forbidding(game, player_id, "summon")
    if forbidden:
        why = forbidden[1] if SUMMON_LIMIT in forbidden[1] else (*forbidden[1], SUMMON_FORBIDDEN)
        if spec.summon or spec.flip:
            raise Illegal(forbidden[0], *why)
        game.trace.step(f"{forbidden[0]}ので、ウラのカードをオモテにせず、ランク0の召喚も行わない。", SUMMON, *why)
        return
    placements = _placements(game, player_id, spec.summon)
    flips = _flips(game, player_id, spec, len(placements))
    _flip_up(game, player_id, flips, limited=restrictions.summons_left(game, player_id) is not None)
    _summon(game, player_id, placements)
    restrictions.count_summons(game, player_id, len(flips) + len(placements))
    game.settle()


def _placements(game: "Game", player_id: PlayerId, entries: list[str | SummonEntry]) -> list[tuple[Card, int]]:
    """The rank-0 hand cards and the empty slots they go to; a bare id takes the lowest empty slot."""
    board = game.board
    player = board.players[player_id]
    free = player.empty_slots()
    wanted = [entry if isinstance(entry, SummonEntry) else SummonEntry(card=entry) for entry in entries]
    claimed = {entry.slot for entry in wanted if entry.slot is not None}
    placements: list[tuple[Card, int]] = []
    for entry in wanted:
        card = _own_hand_card(game, entry.card, player_id, RANK_ZERO_SUMMON)
        if card in [c for c, _ in placements]:
            raise Illegal(f"{card.label()}を2回召喚することはできない", RANK_ZERO_SUMMON)
        if card.is_event or card.info is None or card.info.rank != 0:
            raise Illegal(f"{card.label()}はランク0の人物カードではないので召喚フェーズに召喚できない", RANK_ZERO_SUMMON, PERSON_AND_EVENT)
        slot = entry.slot if entry.slot is not None else next((s for s in free if s not in claimed), None)
        if slot is None:
            # The summon phase itself goes on: only this optional summon is impossible, the flips stay forced (6.10.1).
            game.reject_choice(f"{player_id}の場に空いている置き場所がないので{card.label()}を召喚できない", RANK_ZERO_SUMMON, FIELD_SLOTS)
            continue
        if slot not in free:
            raise Illegal(f"{player_id}{slot}は空いていないので、そこに召喚できない", RANK_ZERO_SUMMON)
        free.remove(slot)
        claimed.add(slot)
        placements.append((card, slot))
    return placements


def _own_hand_card(game: "Game", ref: str, player_id: PlayerId, why: Rule) -> Card:
    card = legality.own_hand_card(game, ref, player_id)
    if card is None:
        raise Illegal(f"{ref} は{player_id}の手札にない", why)
    return card


def _flips(game: "Game", player_id: PlayerId, spec: SummonPhaseSpec, summons: int) -> list[int]:
    """The face-down slots to turn face-up: all of them, unless a summon limit leaves room for fewer."""
    player = game.board.players[player_id]
    face_down = [slot for slot, stack in player.field_tops() if stack.face_down]
    room = restrictions.summons_left(game, player_id)
    if room is not None and summons > room:
        raise Illegal(f"このターンに召喚できるのはあと{max(room, 0)}枚なので、{summons}枚は召喚できない", SUMMON_LIMIT)
    allowed = len(face_down) if room is None else min(len(face_down), room - summons)
    if allowed == len(face_down):
        if spec.flip is not None and sorted(_slots(spec.flip, player_id)) != face_down:
            raise Illegal("ウラのカードは全てオモテにする（強制処理）", FLIP_FORCED)
        return face_down
    options = [f"{player_id}{slot}" for slot in face_down]
    if spec.flip is None:
        if allowed == 0:
            return []
        # 6.10.1 makes the flip forced only as far as the limit allows and names no one who picks the cards: a gap.
        game.need_decision(player_id, f"召喚数の制限によりオモテにできるのは{allowed}枚。どのウラのカードをオモテにする？", options,
                           SUMMON_LIMIT, FLIP_FORCED, chooser_named=False)
    chosen = _slots(spec.flip or [], player_id)
    if len(set(chosen)) != allowed or not set(chosen) <= set(face_down):
        raise Illegal(f"オモテにするのは自分の場のウラのカードのうち、制限の範囲で可能な最大の{allowed}枚", SUMMON_LIMIT, FLIP_FORCED)
    return sorted(set(chosen))


def _slots(refs: list[str], player_id: PlayerId) -> list[int]:
    slots = []
    for ref in refs:
        if len(ref) != 2 or ref[0] != player_id or ref[1] not in "12345":
            raise Illegal(f"{ref} は{player_id}の場の置き場所ではない", FLIP_FORCED)
        slots.append(int(ref[1]))
    return slots


def _flip_up(game: "Game", player_id: PlayerId, slots: list[int], *, limited: bool) -> None:
    board = game.board
    player = board.players[player_id]
    face_down = [slot for slot, stack in player.field_tops() if stack.face_down]
    if not face_down:
        game.trace.step(f"{player_id}の場にウラのカードはない。", SUMMON)
        return
    for slot in slots:
        top = player.field[slot].top
        zone_moves.set_face_down(game, top, False)
        top.summoned_turn = board.turn_index  # a normal summon (10.5.1), so 「召」 may be used (6.4.1)
    changes = [f"{player_id}{slot}: ウラ → オモテ {naming.card_label(board, player.field[slot].top)}" for slot in slots]
    rules: list[Rule] = [SUMMON, FLIP_FORCED, NORMAL_SUMMON, SUMMON_TRIGGERS_FIRST]  # a flip is a summon: its 「召喚した時」 (10.5.2)
    considered = []
    left = [slot for slot in face_down if slot not in slots]
    if limited:  # the flips share the turn's summon count with the rank-0 summons (6.10.2)
        rules.append(SUMMON_LIMIT)
    if left:
        considered = [Considered.of(f"召喚数の制限により{', '.join(f'{player_id}{s}' for s in left)}はウラのまま", SUMMON_LIMIT, outcome="refuses")]
    considered += [n for n in (applies_again_note(player.field[s].top, "オモテに戻った") for s in slots) if n]
    text = f"{player_id}の場のウラのカードを" + ("全てオモテにする。" if not left else f"{len(slots)}枚オモテにする。")
    game.trace.step(text, *rules, changes=changes, considered=considered)
    for slot in slots:
        game.happened(Event("summoned", player.field[slot].top, player_id))


def _summon(game: "Game", player_id: PlayerId, placements: list[tuple[Card, int]]) -> None:
    board = game.board
    if not placements:
        game.trace.step(f"{player_id}は手札からランク0のカードを召喚しない（0枚）。", SUMMON)
        return
    before = naming.counts(board)
    for card, slot in placements:
        zone_moves.take_from_zone(game, card)
        zone_moves.place_on_field(game, card, player_id, slot, face_down=False)
        card.summoned_turn = board.turn_index
    names = "、".join(f"{card.label()}を{player_id}{slot}" for card, slot in placements)
    changes = naming.count_changes(before, board) + [f"{player_id}{slot}: 空き → {card.label()}（オモテ・アクティブ）" for card, slot in placements]
    game.trace.step(
        f"{player_id}は手札のランク0の{names}に召喚する（オモテ・アクティブ）。「召喚した時」の効果は全て出し終えてから処理する。",
        RANK_ZERO_SUMMON, PLACED_ACTIVE, NORMAL_SUMMON, SUMMON_TRIGGERS_FIRST, changes=changes,
    )
    for card, _ in placements:  # moved together: their 「召喚した時」 wait until all are out (10.1.8)
        game.happened(Event("summoned", card, player_id))


# --- set (5.2.5) ----------------------------------------------------------------------------------------


def perform_set(game: "Game", index: int, spec: SetSpec) -> None:
    """Set a hand card face-down on an own face-up card of rank one lower (5.2.5, 3.1.5, 3.2.4)."""
    board = game.board
    player_id = board.turn_player
    forbidden = restrictions.forbidding(game, player_id, "set")
    if forbidden:
        raise Illegal(forbidden[0], *forbidden[1])
    card = _own_hand_card(game, spec.card, player_id, SET)
    onto = _set_base(game, spec.onto, player_id)
    base_rank = rank_of(board, onto)
    if card.is_event or card.info is None or card.info.rank is None:
        raise Illegal(f"{card.label()}は事変（ランクを持たない）なのでセットできない", SET, PERSON_AND_EVENT)
    if base_rank is None or card.info.rank != base_rank + 1:
        raise Illegal(
            f"{naming.card_label(board, onto)}のランクは{base_rank}。その上にセットできるのはランク{(base_rank or 0) + 1}のカードだけ"
            f"（{card.label()}はランク{card.info.rank}）",
            SET,
            EFFECTIVE_RANK,
        )
    _place_set(game, player_id, card, onto)


def _set_base(game: "Game", ref: str, player_id: PlayerId) -> Card:
    onto, stack = legality.field_top(game, ref, player_id, "セットする先", SET)
    if stack.face_down:
        raise Illegal(f"{naming.card_label(game.board, onto)}はウラのカードなので、その上にはセットできない", NO_SET_ON_FACE_DOWN, SET)
    return onto


def _place_set(game: "Game", player_id: PlayerId, card: Card, onto: Card) -> None:
    board = game.board
    before = naming.counts(board)
    onto_label = naming.card_label(board, onto)
    slot, stack = board.players[player_id].stack_of(onto)  # type: ignore[misc]
    height = len(stack.cards)
    zone_moves.take_from_zone(game, card)
    zone_moves.place_on_field(game, card, player_id, slot, face_down=True)
    state = naming.state_name(stack.rested)
    text = (
        f"{player_id}は手札の{card.label()}（ランク{card.info.rank}）を{onto_label}の上にウラ向きでセットする。"  # type: ignore[union-attr]
        f"重なり全体は{state}のまま。"
    )
    changes = naming.count_changes(before, board) + [
        f"{player_id}{slot}: {height}枚 → {len(stack.cards)}枚、オモテ → ウラ（{state}）"
    ]
    considered = [Considered.of("通常のセットなので相手に見せる必要はない", SET_NOT_SHOWN)]
    game.trace.step(text, SET, REST_AND_SET, changes=changes, considered=considered)
    game.happened(Event("set", card, player_id))
