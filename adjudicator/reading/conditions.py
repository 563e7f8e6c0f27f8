"""「…なら」「…あれば」: a sentence's condition, judged when the sentence starts (6.7.5, 6.2.2).

- 手札・山札の枚数 (「手札が3枚以上なら」「相手の山札が10枚以下なら」), and 「でないなら」 negating it (7.3.3).
- 場のカードの枚数: 「自分の場に【武将】のカードが2枚以上あるなら」 (face-down cards carry no information, 3.1.2).
- 「それが〇〇なら」: the card the effect chose or moved, on its last face-up information (10.1.10-3).
- 「この効果で〇〇したなら」: a fact already done, whatever triggers did since (10.1.10-2).
"""

from __future__ import annotations

from typing import Any

from adjudicator.reading.productions import production
from adjudicator.reading.values import merge_where


def _compare(prefix: str, count: int, bound: str) -> dict[str, Any]:
    return {f"{prefix}_at_least" if bound == "以上" else f"{prefix}_at_most": count}


@production("if_hand", ("6.7.5", "6.2.2"), "「手札がn枚以上/以下なら」: one's hand count when the sentence starts",
            rule='if_hand: "手札が" number "枚" BOUND IF')
def if_hand(count: int, bound: str, _if: str) -> dict[str, Any]:
    return _compare("hand", count, bound)


@production("if_not", "7.3.3", "「…でないなら」: the condition just before it does not hold",
            rule='if_not: "手札が" number "枚" BOUND "でない" IF')
def if_not(count: int, bound: str, _if: str) -> dict[str, Any]:
    return {"not": _compare("hand", count, bound)}


@production("if_deck", ("6.7.5", "6.2.2"), "「相手の山札がn枚以下なら」: a deck count when the sentence starts",
            rule='if_deck: DECK_OWNER "山札が" number "枚" BOUND IF')
def if_deck(owner: str, count: int, bound: str, _if: str) -> dict[str, Any]:
    kind = "deck_at_least" if bound == "以上" else "deck_at_most"
    player = {"player": "opponent"} if owner == "相手の" else {}
    return {kind: {**player, "count": count}}


@production("if_field_count", ("6.7.5", "6.2.2", "3.1.2"), "「自分の場に〇〇のカードがn枚以上あるなら」: cards on a field that match",
            rule='if_field_count: FIELD_AT condition* noun "が" number "枚" BOUND ["ある"] IF\nFIELD_AT: "自分の場に" | "相手の場に"')
def if_field_count(field_at: str, *rest: Any) -> dict[str, Any]:
    *words, count, bound, _if = rest
    where = merge_where(*(value for _, value in words if isinstance(value, dict)))
    kind = "field_count_at_least" if bound == "以上" else "field_count_at_most"
    spec: dict[str, Any] = {}
    if field_at == "相手の場に":
        spec["player"] = "opponent"
    spec["count"] = count
    if where:
        spec["where"] = where
    return {kind: spec}


@production("if_it", ("10.1.10-3", "7.2.3"), "「それが〇〇なら」: the card the effect dealt with, on its last face-up information",
            rule='if_it: "それが" it_condition IF\n?it_condition: it_rank | it_power | it_name | it_attribute')
def if_it(where: dict[str, Any], _if: str) -> dict[str, Any]:
    return {"it": where}


@production("it_rank", "2.2.3", "「ランクn（以上/以下）」 of that card", rule='it_rank: "ランク" number [BOUND]')
def it_rank(value: int, bound: str | None) -> dict[str, Any]:
    return {"rank": value} if bound is None else _compare("rank", value, bound)


@production("it_power", "10.4.2", "「パワーn以上/以下」 of that card", rule='it_power: "パワー" number BOUND')
def it_power(value: int, bound: str) -> dict[str, Any]:
    return _compare("power", value, bound)


@production("it_name", ("7.1.2", "7.1.4"), "「〈名前〉」: that card's name contains the word", rule='it_name: "〈" NAME "〉"')
def it_name(word: str) -> dict[str, Any]:
    return {"name": word}


@production("it_attribute", "7.1.2", "「【属性】」: that card has the attribute", rule='it_attribute: "【" ATTR "】"')
def it_attribute(word: str) -> dict[str, Any]:
    return {"attribute": word}


# 「この効果で〇〇したなら」: the step kinds the format's ``did`` knows, as the cards say them.
DID_WORDS = {
    "召喚した": "summon_without_set",
    "セットせずに召喚した": "summon_without_set",
    "墓地へ送った": "send_to_graveyard",
    "セットした": "set",
    "引いた": "draw",
    "カードを引いた": "draw",
    "レストした": "rest",
    "手札に戻した": "return_to_hand",
    "移動した": "move",
}


@production("if_did", "10.1.10-2", "「この効果で〇〇したなら」: met once that was done by this effect",
            rule='if_did: "この効果で" DID_WORD IF\nDID_WORD: ' + " | ".join(f'"{w}"' for w in sorted(DID_WORDS, key=len, reverse=True)))
def if_did(words: str, _if: str) -> dict[str, Any]:
    return {"did": DID_WORDS[words]}


CONDITION_RULES = ('?if_clause: if_hand | if_not | if_deck | if_field_count | if_it | if_did\n'
                   'IF: "なら" | "であれば" | "あれば"')
