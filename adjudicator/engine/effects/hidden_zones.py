"""Hidden information in effects: looking at face-down cards, searching a deck or graveyard, shuffling.

- 「〜を見て」「相手に見せてから」: only with such words may an effect read a face-down card, and only while it
  runs (3.1.6, 4.2.1); the controller may look at their own face-down cards anyway, but that gives the
  effect nothing to read (4.2.2).
- 「山札から〇〇を満たすカードをn枚まで手札に加える」: the player looks first and then decides how many
  (6.5.6), within what was found; unrevealed targets may be treated as absent (6.6.1). A card moved between
  hidden zones under a condition is shown to the opponent (4.5.1). Adding to the hand is not 「引く」 (6.5.10).
- The zones looked into are shuffled after the move, as an action of its own, after the 「〜た時」 effects the
  move caused (4.4.1, 10.1.9); a zone neither looked at nor touched need not be (4.4.2).
- 「見ずに」 is random (4.3.1): which card it gives is chance, so the scenario names it; nobody checks it (4.3.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator import vocabulary
from adjudicator.format.effects import LookSpec, SearchSpec, ShuffleSpec, Step
from adjudicator.engine.facts import asks_information, describe_where, facts_of, matches
from adjudicator.engine.effects.run import DONE, NOTHING_TO_DO, handles, StepResult
from adjudicator.engine.effects.selectors import select
from adjudicator.engine.words import cards_words, count_change
from adjudicator.engine.zone_moves import put_in_zone
from adjudicator.engine.rules import cited_clauses, rule
from adjudicator.engine.trace import Considered
from adjudicator.engine.zone_order import PLAYERS_ORDER, RANDOM_PICK, SHUFFLED_ORDER, distinguishable, forget_order, lose_order
from adjudicator.vocabulary import COUNTED_ZONES, PlayerId

if TYPE_CHECKING:
    from adjudicator.engine.board import Card
    from adjudicator.engine.effects.run import EffectRun

LOOK_READS_FACE_DOWN = rule(
    "look_reads_face_down", ("3.1.6", "4.2.1"), "「見て」「相手に見せてから」等の文言がある時に限り、その処理中だけウラのカードの内容を参照できる"
)
OWN_FACE_DOWN_VISIBLE = rule("own_face_down_visible", "4.2.2", "自分の場のウラのカードの内容は、自分はいつでも確認できる")
FIELD_INFORMATION = rule("field_information", "2.3.6", "場のカードの枚数は公開情報、内容の公開性はオモテかウラかによる")
UNDER_INFORMATION = rule("under_information", "2.4.3", "場の下のカードの枚数と内容は公開情報")
SEARCH_AFTER_LOOKING = rule(
    "search_after_looking", ("6.5.6", "4.2.1"), "条件を満たすカードを探す処理は、内容を確認した上で、条件を満たす枚数の範囲で何枚選ぶかを決める"
)
HIDDEN_TARGETS_OPTIONAL = rule("hidden_targets_optional", "6.6.1", "非公開領域の対象は、見せていなければ「ない」ものとして扱える")
DECK_PRIVATE = rule("deck_private", ("2.5.3", "2.5.4"), "山札の枚数は公開情報、内容は誰にとっても非公開情報")
GRAVEYARD_PRIVATE = rule("graveyard_private", ("2.6.2", "2.6.3"), "墓地の枚数は公開情報、内容は非公開情報")
HAND_PRIVATE = rule("hand_private", ("2.7.2", "2.7.3"), "手札の枚数は公開情報、内容は相手にとって非公開情報")
COUNTS_AND_CONTENTS = rule("counts_and_contents", ("4.1.1", "4.1.2"), "枚数はどのゾーンでも公開情報、内容の公開性は自分から見て区分する")
SHOW_CONDITIONAL_MOVE = rule(
    "show_conditional_move", "4.5.1", "非公開領域同士で条件付きのカードを移動する時は、移動できるカードであることを相手に見せる"
)
NOT_A_DRAW = rule("not_a_draw", "6.5.10", "「引く」と書かれていない、山札や墓地から手札に加える処理は「引く」ではない")
SUPPLEMENTARY_SHUFFLE = rule(
    "supplementary_shuffle", ("4.4.1", "10.1.9"), "山札・墓地を見てカードを選んだら、移動による「〜た時」の後、次の動作の前にその領域をシャッフルする"
)
UNLOOKED_ZONE = rule("unlooked_zone", "4.4.2", "見ておらず操作もしていない領域はシャッフルしなくてよい（してもよい）")
SHUFFLE = rule("shuffle", "4.4.1", "「シャッフルする」は独立した1つの動作として行う")

PRIVACY = {"deck": DECK_PRIVATE, "graveyard": GRAVEYARD_PRIVATE, "hand": HAND_PRIVATE}


# --- 「見て」: reading face-down field cards (3.1.6) ----------------------------------------------------


@handles("look")
def look_step(run: "EffectRun", step: Step) -> StepResult:
    spec: LookSpec = step.argument
    board = run.board
    selection = select(run, spec.target)
    face_down = [card for card in selection.cards if not facts_of(board, card).face_up]
    board.revealed = board.revealed + tuple(card.uid for card in face_down)
    run.refer_to(selection.cards)
    considered = [Considered.of("場の枚数は誰にでも分かるが、ウラのカードの内容は見る手段があるこの処理中だけ参照できる", FIELD_INFORMATION)]
    if any(card.owner == run.controller for card in face_down):
        considered.append(Considered.of(
            "自分のウラのカードは自分でいつでも確認できるが、効果がその内容を参照できるのは「見て」の文言があるからである", OWN_FACE_DOWN_VISIBLE,
        ))
    if any(board.players[c.owner].stack_of(c) and board.players[c.owner].stack_of(c)[1].under for c in face_down):
        considered.append(Considered.of("その下のカードは場の下にあり、内容も枚数も公開情報である", UNDER_INFORMATION))
    who = "相手に見せて" if spec.show else "見て"
    words = cards_words(board, face_down) if face_down else "ウラのカードなし"
    known = "、".join(card.label() for card in face_down)
    run.game.trace.step(
        f"{run.label}: {run.controller}は{words}を{who}、この効果の処理中はその内容（{known or 'なし'}）を参照する。",
        LOOK_READS_FACE_DOWN, considered=considered,
    )
    return StepResult(complete=selection.complete, happened=bool(face_down))


# --- searching a deck or graveyard (6.5.6) ------------------------------------------------------------


@handles("search")
def search_step(run: "EffectRun", step: Step) -> StepResult:
    spec: SearchSpec = step.argument
    game, board = run.game, run.board
    owner = run.players(spec.player)[0]
    player = board.players[owner]
    looked = {zone: list(getattr(player, zone))[: spec.top] if spec.top else list(getattr(player, zone)) for zone in spec.zones}
    if spec.random:
        picked = _random_pick(run, spec, looked)
    else:
        picked = _pick_after_looking(run, spec, owner, looked)
    before = {zone: len(getattr(player, zone)) for zone in COUNTED_ZONES}
    for card in picked:
        _zone_of(player, card).remove(card)
        put_in_zone(game, card, spec.to)
    if spec.rest != "keep" and spec.top:
        _rest_of_top(run, spec, owner, [c for c in looked["deck"] if c not in picked])
    changes = [count_change(board, owner, zone, before[zone], len(getattr(player, zone))) for zone in before if before[zone] != len(getattr(player, zone))]
    _record_move(run, spec, owner, picked, changes)
    game.check_deck_out()
    game.settle()  # the 「〜た時」 effects of the move come before the supplementary shuffle (4.4.1, 10.1.9)
    _supplementary_shuffle(run, spec, owner, picked)
    return StepResult(complete=True, happened=bool(picked)) if picked else NOTHING_TO_DO


def _zone_of(player, card: "Card") -> list:
    return next(getattr(player, zone) for zone in ("deck", "graveyard") if any(c is card for c in getattr(player, zone)))


def _pick_after_looking(run: "EffectRun", spec: SearchSpec, owner: PlayerId, looked: dict[str, list]) -> list:
    """Look, then choose within what meets the condition (6.5.6); none found or none wanted is allowed (6.6.1)."""
    board = run.board
    candidates = [card for zone in spec.zones for card in looked[zone] if card.known and matches(spec.where, facts_of(board, card), run.source.uid)]
    unknown = sum(1 for zone in spec.zones for card in looked[zone] if not card.known)
    where = "・".join(vocabulary.ZONES[z] for z in spec.zones)
    scope = f"の上から{spec.top}枚" if spec.top else ""
    considered = [Considered.of(f"見られるのはこの処理の間だけで、{where}の内容は処理を終えれば再び非公開になる", *(PRIVACY[z] for z in spec.zones))]
    if unknown:
        considered.append(Considered.of(
            f"内容がシナリオに書かれていないカード{unknown}枚は、条件を満たすかが分からないので候補に数えない（見せなければ「ない」ものとして扱える）", HIDDEN_TARGETS_OPTIONAL,
        ))
    found = "、".join(f"{c.label()}({c.info.id})" if c.info.id else c.label() for c in candidates) or "なし"
    run.game.trace.step(
        f"{run.label}: {owner}は{where}{scope}の内容を見て、{describe_where(spec.where)}カードを探す: {found}。"
        f"何枚選ぶかは見た後で、{spec.up_to}枚までの範囲で決める。",
        SEARCH_AFTER_LOOKING, HIDDEN_TARGETS_OPTIONAL, considered=considered,
    )
    if spec.chosen is not None:
        picked = [next((c for c in candidates if c.info.id == name), None) for name in spec.chosen]
        if None in picked or len({id(c) for c in picked}) != len(picked) or len(picked) > spec.up_to:
            run.game.reject_choice(f"{run.label}: 選んだカード {spec.chosen} はこの処理で選べない（条件を満たす{spec.up_to}枚まで）", SEARCH_AFTER_LOOKING)
        else:
            return picked
    if not candidates:
        return []
    options = [c.info.id or c.label() for c in candidates] + ["なし"]
    run.game.need_decision(run.controller, f"{run.label}: 見た中から{describe_where(spec.where)}カードを{spec.up_to}枚まで選ぶ", options, SEARCH_AFTER_LOOKING, HIDDEN_TARGETS_OPTIONAL, chooser_named=False)  # 6.5.6 names no player


def _random_pick(run: "EffectRun", spec: SearchSpec, looked: dict[str, list]) -> list:
    """「見ずに」 (4.3.1): chance decides, so the scenario names what it gave; alike cards need no naming."""
    pool = [card for zone in spec.zones for card in looked[zone]]
    count = min(spec.up_to, len(pool))
    if spec.chosen is not None:
        picked = [next((c for c in pool if c.info and c.info.id == name), None) for name in spec.chosen]
        if None in picked or len({id(c) for c in picked}) != len(picked) or len(picked) != count:
            run.game.reject_choice(f"{run.label}: 「見ずに」選んだ結果 {spec.chosen} はこの領域から出ない", RANDOM_PICK)
        else:
            return picked
    if not distinguishable(pool):
        return pool[:count]
    run.game.rulebook_gap(
        f"{run.label}: 「見ずに」選ぶカードは偶然で決まる。どのカードになったかがシナリオに書かれていない（chosenで指定する）ので、ここから先は裁定できない",
        RANDOM_PICK,
    )


def _rest_of_top(run: "EffectRun", spec: SearchSpec, owner: PlayerId, rest: list) -> None:
    player = run.board.players[owner]
    for card in rest:
        player.deck.remove(card)
    if spec.rest == "top":
        player.deck[:0] = rest
    else:
        player.deck.extend(rest)
    if distinguishable(rest):
        # The player puts them in the order they like; the scenario does not say which, so it is not known.
        lose_order(run.game, owner, "deck", PLAYERS_ORDER)


def _record_move(run: "EffectRun", spec: SearchSpec, owner: PlayerId, picked: list, changes: list[str]) -> None:
    to = {"hand": "手札に加える", "graveyard": "墓地へ送る", "deck_top": "山札の上に置く", "deck_bottom": "山札の下に置く"}[spec.to]
    if not picked:
        run.game.trace.step(f"{run.label}: {owner}は選ぶカードがない（または選ばない）ので、何も{to.removesuffix('る')}ない。", HIDDEN_TARGETS_OPTIONAL, COUNTS_AND_CONTENTS)
        return
    rules = [COUNTS_AND_CONTENTS]
    if spec.random:
        rules.append(RANDOM_PICK)
        text = f"{owner}は見ずに{len(picked)}枚を{to}。移動したカードの内容は誰も確認しない"
    else:
        text = f"{owner}は{'、'.join(c.label() for c in picked)}を{to}"
        if asks_information(spec.where):
            rules.append(SHOW_CONDITIONAL_MOVE)
            text += "。条件を満たすカードであることを相手に見せる"
    if spec.to == "hand":
        rules += [NOT_A_DRAW, HAND_PRIVATE]
        text += "（「引く」ではない）"
    run.game.trace.step(f"{run.label}: {text}。", *rules, changes=changes)


def _supplementary_shuffle(run: "EffectRun", spec: SearchSpec, owner: PlayerId, picked: list) -> None:
    """4.4.1: zones looked into are shuffled after the move; 4.4.2: others only if the player chooses."""
    if spec.random:
        return  # nothing was looked at (4.3.1)
    shuffled = [zone for zone in spec.zones]
    extra = [zone for zone in (spec.shuffle or []) if zone not in shuffled]
    unlooked = [zone for zone in ("deck", "graveyard") if zone not in spec.zones]
    for zone in shuffled + extra:
        forget_order(run.game, owner, zone)
    words = "・".join(vocabulary.ZONES[z] for z in shuffled + extra)
    considered = []
    if unlooked and not extra:
        considered.append(Considered.of(f"{'・'.join(vocabulary.ZONES[z] for z in unlooked)}は見ておらず操作もしていないので、シャッフルしなくてよい", UNLOOKED_ZONE))
    run.game.trace.step(
        f"{owner}は見た{words}を補完的にシャッフルする（独立した1つの動作。以後その順序は誰にも分からない）。",
        SUPPLEMENTARY_SHUFFLE, SHUFFLED_ORDER, *((UNLOOKED_ZONE,) if extra else ()), considered=considered,
    )


def shuffle_looked_into(run: "EffectRun") -> None:
    """A step chose cards by looking into a deck or graveyard (a summon or set from there): shuffle it as
    an action of its own, after that step's 「〜た時」 effects (4.4.1, 10.1.9)."""
    for owner, zone in run.looked_into:
        forget_order(run.game, owner, zone)
        run.game.trace.step(
            f"{owner}はカードを選ぶために見た{vocabulary.ZONES[zone]}を補完的にシャッフルする（独立した1つの動作。以後その順序は誰にも分からない）。",
            SUPPLEMENTARY_SHUFFLE, SHUFFLED_ORDER,
        )
    run.looked_into.clear()


@handles("shuffle")
def shuffle_step(run: "EffectRun", step: Step) -> StepResult:
    spec: ShuffleSpec = step.argument
    for owner in run.players(spec.player):
        forget_order(run.game, owner, spec.zone)
        run.game.trace.step(f"{run.label}: {owner}は{vocabulary.ZONES[spec.zone]}をシャッフルする。以後その順序は誰にも分からない。", SHUFFLE, SHUFFLED_ORDER)
    return DONE


def _clauses(*rules) -> tuple[str, ...]:
    return cited_clauses(*rules)
