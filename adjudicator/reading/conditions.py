"""「…なら」「…あれば」: a sentence's condition, judged when the sentence starts (6.7.5, 6.2.2).

- 手札・山札の枚数 (「手札が3枚以上なら」「相手の山札が10枚以下なら」), and 「でないなら」 negating it (7.3.3); one's
  own 墓地 (「墓地が5枚以上なら」: the format counts a graveyard from below only).
- 場のカードの枚数: 「自分の場に【武将】のカードが2枚以上あるなら」 (face-down cards carry no information, 3.1.2).
- 「それが〇〇なら」: the card the effect chose or moved, on its last face-up information (10.1.10-3);
  「それが【A】でないなら」 negates it (7.3.3); 「これが〇〇なら」 asks it of this card (in a copy, the host, 6.11.4).
- 「このターン、自分が｛〇〇｝を発動していたなら」: that effect name was activated this turn (6.11.8).
- 「この効果で〇〇したなら」: a fact already done, whatever triggers did since (10.1.10-2).
"""

from __future__ import annotations

from typing import Any

from adjudicator.reading.productions import production
from adjudicator.reading.targets import GroupedWhere
from adjudicator.reading.values import NotReadable, merge_where
from adjudicator.format.base import Whose


def _compare(prefix: str, count: int, bound: str) -> dict[str, Any]:
    return {f"{prefix}_at_least" if bound == "以上" else f"{prefix}_at_most": count}


@production("if_hand", ("6.7.5", "6.2.2", "7.2.2"), "「（自分の）手札がn枚以上/以下なら」「手札が0枚なら」: one's hand count when "
            "the sentence starts (「自分の」 is the owner, as with no owner written)",
            rule='if_hand: [OWN] "手札が" number "枚" [BOUND] IF')
def if_hand(_own: str | None, count: int, bound: str | None, _if: str) -> dict[str, Any]:
    if bound is None:
        if count != 0:
            raise NotReadable("手札がちょうどn枚、という条件は形式にない")
        bound = "以下"
    return _compare("hand", count, bound)


@production("if_not", "7.3.3", "「…でないなら」: the condition just before it does not hold",
            rule='if_not: [OWN] "手札が" number "枚" BOUND "でない" IF')
def if_not(_own: str | None, count: int, bound: str, _if: str) -> dict[str, Any]:
    return {"not": _compare("hand", count, bound)}


@production("if_deck", ("6.7.5", "6.2.2"), "「相手の山札がn枚以下なら」: a deck count when the sentence starts",
            rule='if_deck: DECK_OWNER "山札が" number "枚" BOUND IF')
def if_deck(owner: str | None, count: int, bound: str, _if: str) -> dict[str, Any]:
    kind = "deck_at_least" if bound == "以上" else "deck_at_most"
    player = {"player": "opponent"} if owner == "相手の" else {}
    return {kind: {**player, "count": count}}


@production("if_deck_own", ("6.7.5", "7.2.1"), "「山札がn枚以下なら」 (no owner written): one's own deck, as 「山札の上から」 is",
            rule='if_deck_own: "山札が" number "枚" BOUND IF')
def if_deck_own(count: int, bound: str, _if: str) -> dict[str, Any]:
    return if_deck(None, count, bound, _if)


@production("if_graveyard", ("6.7.5", "6.2.2", "7.2.1"), "「（自分の）墓地がn枚以上なら」: one's own graveyard count when the "
            "sentence starts", rule='if_graveyard: [OWN] ("墓地が" | "墓地のカードが") number "枚" BOUND IF')
def if_graveyard(_own: str | None, count: int, bound: str, _if: str) -> dict[str, Any]:
    if bound == "以下":
        raise NotReadable("墓地がn枚以下、という条件は形式にない（graveyard_at_least だけ）")
    return {"graveyard_at_least": {"count": count}}


@production("if_field_count", ("6.7.5", "6.2.2", "3.1.2", "7.2.1"), "「（自分の）場に〇〇のカードがn枚以上あるなら」: cards on a field "
            "that match (no owner written: one's own field, as with 「山札の上から」)",
            rule='if_field_count: FIELD_AT condition* noun "が" number "枚" BOUND ["ある"] IF\nFIELD_AT: "自分の場に" | "相手の場に" | "場に"')
def if_field_count(field_at: str, *rest: Any) -> dict[str, Any]:
    *words, count, bound, _if = rest
    _not_both(words)
    where = merge_where(*(value for _, value in words if isinstance(value, dict)))
    return _field_count("opponent" if field_at == "相手の場に" else "self", where, count, bound)


@production("if_cards_count", ("6.7.5", "6.2.2", "3.1.2"), "「自分の場のカードがn枚以下なら」: cards on a field that match",
            rule='if_cards_count: field_cards "が" number "枚" BOUND ["ある"] IF')
def if_cards_count(phrase: Any, count: int, bound: str, _if: str) -> dict[str, Any]:
    if phrase.every:
        raise NotReadable("「全ての」カードの枚数、は読めない")
    return _field_count(phrase.player, phrase.where, count, bound)


@production("if_any", ("6.7.5", "6.2.2", "3.1.2"), "「自分の場に〇〇のカードがあるなら」「…がある場合」: at least one; "
            "「ないなら」「ない場合」: none",
            rule='if_any: FIELD_AT condition* noun "が" w_exists\n'
                 '!w_exists: "あるなら" | "いるなら" | "あれば" | "いれば" | "ある場合" | "いる場合" '
                 '| "ないなら" | "いないなら" | "なければ" | "いなければ" | "ない場合" | "いない場合"')
def if_any(field_at: str, *rest: Any) -> dict[str, Any]:
    *words, exists = rest
    _not_both(words)
    where = merge_where(*(value for _, value in words if isinstance(value, dict)))
    player = "opponent" if field_at == "相手の場に" else "self"
    present = not exists.startswith(("な", "いな"))
    return _field_count(player, where, 1 if present else 0, "以上" if present else "以下")


def _not_both(words: list[Any]) -> None:
    """7.3.7: 「自分の場にAとBがあるなら」 asks for both at once (an AND of two counts), which no condition of the
    format holds; read as 「か」 it would be a silent guess."""
    if any(isinstance(value, GroupedWhere) for _, value in words):
        raise NotReadable("「AとBがある」は両方が場にあるという条件（7.3.7）で、形式の条件にない")


def _field_count(player: Whose | None, where: dict[str, Any], count: int, bound: str) -> dict[str, Any]:
    spec: dict[str, Any] = {}
    if player not in (None, "self"):
        spec["player"] = player
    spec["count"] = count
    if where:
        spec["where"] = where
    return {"field_count_at_least" if bound == "以上" else "field_count_at_most": spec}


@production("if_it", ("10.1.10-3", "7.2.3"), "「それが〇〇なら」: the card the effect dealt with, on its last face-up information",
            rule='if_it: "それが" it_condition IF\n?it_condition: it_rank | it_power | it_name | it_attribute | it_state | it_not')
def if_it(where: dict[str, Any], _if: str) -> dict[str, Any]:
    return {"it": where}


@production("if_this", ("7.2.3", "6.11.4"), "「これが〇〇なら」: the card whose effect it is (in a copy, the host)",
            rule='if_this: "これが" it_condition IF')
def if_this(where: dict[str, Any], _if: str) -> dict[str, Any]:
    return {"this": where}


@production("it_not", "7.3.3", "「【属性】でない」「〈名前〉でない」: the element just before it does not hold",
            rule='it_not: (it_name | it_attribute) "でない"')
def it_not(where: dict[str, Any]) -> dict[str, Any]:
    return {"not": where}


@production("if_activated", ("6.11.8", "5.6.3"), "「このターン、自分が｛効果名｝を発動していたなら」: that effect name was "
            "activated this turn (copies included)",
            rule='if_activated: duration "、" "自分が" "｛" EFFECT_NAME "｝" "を発動していたなら"')
def if_activated(duration: dict[str, Any], name: str) -> dict[str, Any]:
    if duration != {"until": "end_of_turn"}:  # the format asks about this turn only
        raise NotReadable("「このターン」以外の期間に発動したか、という条件は形式にない")
    return {"activated": name.strip()}


@production("it_rank", "2.2.3", "「ランクn（以上/以下）」 of that card", rule='it_rank: "ランク" number [BOUND]')
def it_rank(value: int, bound: str | None) -> dict[str, Any]:
    return {"rank": value} if bound is None else _compare("rank", value, bound)


@production("it_power", "10.4.2", "「パワーn以上/以下」 of that card", rule='it_power: "パワー" number BOUND')
def it_power(value: int, bound: str) -> dict[str, Any]:
    return _compare("power", value, bound)


@production("it_name", ("7.1.2", "7.1.4"), "「〈名前〉」: that card's name contains the word", rule='it_name: "〈" NAME "〉"')
def it_name(word: str) -> dict[str, Any]:
    return {"name": word}


@production("it_state", ("3.2.1", "3.1.1"), "「レストしている」「アクティブ」「ウラ」「オモテ」: that card's state or face",
            rule='!it_state: "レストしている" | "アクティブ" | "ウラ" | "オモテ"')
def it_state(word: str) -> dict[str, Any]:
    return {"レストしている": {"state": "rest"}, "アクティブ": {"state": "active"},
            "ウラ": {"face": "down"}, "オモテ": {"face": "up"}}[word]


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


CONDITION_RULES = ('?if_clause: if_hand | if_not | if_deck | if_graveyard | if_deck_own | if_field_count | if_cards_count | if_any | if_it | if_this | if_did\n'
                   'IF: "なら" | "であれば" | "あれば" | "場合"\nOWN: "自分の"')
