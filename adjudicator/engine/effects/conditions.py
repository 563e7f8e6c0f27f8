"""「…なら」: a sentence's condition, judged when the sentence starts (6.7.5), against the board of then
(8.2.1). 「それが〇〇なら」 uses the card's last face-up information once it has gone (10.1.10-3);
「この効果で…したなら」 holds once the step happened, whatever triggers did since (10.1.10-2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.format.base import Whose
from adjudicator.format.effects import Condition, ItCondition, PlayerCount, Where
from adjudicator.engine.facts import (
    BARE_FIELD_CARD,
    FACE_DOWN_NOT_COUNTED,
    asks_information,
    describe_where,
    facts_of,
    matches,
    matching_rules,
)
from adjudicator.engine.effects.names import COPY_NAME_COUNTS, activated_this_turn
from adjudicator.engine.effects.selectors import STATE_WITHOUT_FACE
from adjudicator.engine.board import zone_count
from adjudicator.engine.rules import Rule, rule
from adjudicator import vocabulary
from adjudicator.vocabulary import CountedZone

if TYPE_CHECKING:
    from adjudicator.engine.effects.run import EffectRun

RESOLUTION_CONDITION = rule(
    "resolution_condition", ("6.2.2", "6.3.1"), "「〜なら」は解決条件: 満たさなくても発動はでき、その部分だけを行わない"
)
LAST_KNOWN = rule(
    "last_known", "10.1.10-3", "「それが〇〇なら」は、それが場を離れ/ウラになっても最後に場にオモテであった時の情報で判定する"
)
FACT_HAPPENED = rule(
    "fact_happened", "10.1.10-2", "「この効果で〇〇したなら」は、途中の「〜た時」の効果の結果にかかわらず満たす"
)
FIELD_COUNT = rule("field_count", ("2.3.6", "3.1.10"), "場のカードの枚数は公開情報。カード情報を条件に数える時ウラのカードは含めない")
ZONE_COUNT = rule("zone_count", "4.1.1", "山札・手札・墓地の枚数は常に公開情報")

DID_WORDS = vocabulary.DONE
DID_STEPS = {"summon": ("summon_without_set",), "set": ("set_from_hand",)}


def judge(run: "EffectRun", condition: Condition) -> tuple[bool, str, tuple[Rule, ...]]:
    """Whether ``condition`` holds now; with its words for the trace and the rules it rests on."""
    kind = condition.kind
    if kind == "not_":
        met, words, rules = judge(run, condition.not_)
        return not met, f"「{words}」ではない", rules
    return _JUDGES[kind](run, getattr(condition, kind))


def _zone_count(zone: CountedZone, comparison: str):
    def judge_count(run: "EffectRun", spec) -> tuple[bool, str, tuple[Rule, ...]]:
        whose: Whose
        whose, count = ("self", spec) if isinstance(spec, int) else (spec.player, spec.count)
        players = run.players(whose)
        sizes = [zone_count(run.board.players[p], zone, f"「…枚{'以上' if comparison == 'at_least' else '以下'}なら」の判定", ZONE_COUNT) for p in players]
        ok = all(size >= count if comparison == "at_least" else size <= count for size in sizes)
        zone_word = vocabulary.ZONES[zone]
        bound = "以上" if comparison == "at_least" else "以下"
        now = "、".join(f"{p}は{size}枚" for p, size in zip(players, sizes))
        return ok, f"{'・'.join(players)}の{zone_word}が{count}枚{bound}（{now}）", (ZONE_COUNT,)

    return judge_count


def _field_count(comparison: str):
    def judge_count(run: "EffectRun", spec: PlayerCount) -> tuple[bool, str, tuple[Rule, ...]]:
        board = run.board
        counted = [
            stack.top for p in run.players(spec.player) for _, stack in board.players[p].field_tops()
            if matches(spec.where, facts_of(board, stack.top), run.source.uid)
        ]
        ok = len(counted) >= spec.count if comparison == "at_least" else len(counted) <= spec.count
        bound = "以上" if comparison == "at_least" else "以下"
        words = f"場の{describe_where(spec.where)}カードが{spec.count}枚{bound}（{len(counted)}枚）"
        return ok, words, (FIELD_COUNT, *_face_down_rules(board, spec.where, counted), *matching_rules(spec.where))

    return judge_count


def _face_down_rules(board, where: Where, counted: list) -> tuple[Rule, ...]:
    """Face-down cards are left out of a count on card information (3.1.3, 3.1.10), but counted when only
    their place or active/rest state is asked (3.1.7, 8.2.7)."""
    if asks_information(where):
        return (FACE_DOWN_NOT_COUNTED,)
    if not any(facts_of(board, card).face_up is False for card in counted):
        return ()
    return (BARE_FIELD_CARD, *((STATE_WITHOUT_FACE,) if where.state is not None else ()))


def _it(run: "EffectRun", spec) -> tuple[bool, str, tuple[Rule, ...]]:
    """「それが〇〇なら」: the card now if it is still face-up on the field, else its last face-up facts."""
    where = spec.where if isinstance(spec, ItCondition) else spec
    words = f"それが{describe_where(where)}カード"
    if not run.it:
        return False, f"{words}（「それ」にあたるカードがない）", (LAST_KNOWN,)
    results, remembered = [], False
    for referent in run.it:
        facts = facts_of(run.board, referent.card)
        alive = referent.card.incarnation == referent.incarnation and facts.on_field and (facts.face_up or facts.known)
        if not alive:
            facts, remembered = referent.last_seen, True
        results.append(facts is not None and matches(where, facts, run.source.uid))
    note = "（場を離れた/ウラになったので、最後に場にオモテであった時の情報で判定）" if remembered else ""
    return all(results), words + note, (LAST_KNOWN, *matching_rules(where))


def _did(run: "EffectRun", kind: str) -> tuple[bool, str, tuple[Rule, ...]]:
    steps = DID_STEPS.get(kind, (kind,))
    return any(s in run.did for s in steps), f"この効果で{DID_WORDS.get(kind, kind)}", (FACT_HAPPENED,)


_JUDGES = {
    "hand_at_least": _zone_count("hand", "at_least"),
    "hand_at_most": _zone_count("hand", "at_most"),
    "deck_at_most": _zone_count("deck", "at_most"),
    "deck_at_least": _zone_count("deck", "at_least"),
    "graveyard_at_least": _zone_count("graveyard", "at_least"),
    "field_count_at_least": _field_count("at_least"),
    "field_count_at_most": _field_count("at_most"),
    "it": _it,
    "did": _did,
}


def _activated(run: "EffectRun", name: str) -> tuple[bool, str, tuple[Rule, ...]]:
    """「このターン、自分が｛〇〇｝を発動していたなら」: a copy of that name counts (6.11.8)."""
    met = activated_this_turn(run.game, run.controller, name)
    return met, f"このターン、自分が｛{name}｝を発動していた", (COPY_NAME_COUNTS,)


_JUDGES["activated"] = _activated

THIS_CONDITION = rule("this_condition", ("7.2.3", "6.1.4"), "「これが〇〇なら」は発動主自身のその時点の状態で判定する")


def _this(run: "EffectRun", where: Where) -> tuple[bool, str, tuple[Rule, ...]]:
    """「これが〇〇なら」: the card whose effect it is, as it is now (6.1.4); gone from the field, not met (3.5.3)."""
    card = run.source
    alive = run.source_is_this(card) and run.board.on_field(card)
    met = alive and matches(where, facts_of(run.board, card), None)
    return met, f"これが{describe_where(where)}カード", (THIS_CONDITION, *matching_rules(where))


_JUDGES["this"] = _this
