"""Which cards an effect works on (chapter 8, and 7.1–7.3 for the conditions that name them).

- 「全て」 names every card that matches, possibly none (8.3.1, 8.3.2); 「n枚選び」 is the player's choice of
  that many among the candidates (8.4.1); a count with no 「選ぶ」 (「カードを1枚墓地へ送る」) still leaves
  the player to pick which (8.4.1).
- 「これ」 is the card whose effect it is; 「それ」 a card the same text already named (7.2.3).
- Conditions joined by 「の」 are an AND (7.3.1): 「相手の場のレストしているカード」; 〈〉 is a name, 【】 an
  attribute, ｛｝ an effect name (7.1.1, 7.1.2); the noun at the end (「カード」「人物カード」) applies to all of
  them (7.3.4). Between brackets, 「かつ」 is AND (7.3.1), 「か」「または」 and adjacent brackets OR (7.3.2, 7.3.6),
  「でない」 negates the bracket unit just before it (7.3.3), and with no connector a rank opens a new OR unit
  (7.3.5); 「【A】を1枚と【B】を1枚」 are independent slots (6.5.9, 7.3.7).
"""

from __future__ import annotations

from typing import Any

from adjudicator.format.matching import clauses_of
from adjudicator.format.wording import WordingError, read_condition
from adjudicator import vocabulary
from adjudicator.vocabulary import SUPERLATIVES
from adjudicator.reading.productions import production
from adjudicator.reading.values import NotReadable, NounPhrase, Part, merge_where

# --- whose field, which zone --------------------------------------------------------------------


@production("owner_opponent", "7.2.1", "「相手の場の」: the opponent's field, named (the subject is never left out for 相手)",
            rule='owner_opponent: "相手の場の"')
def owner_opponent() -> tuple[str, Any]:
    return ("player", "opponent")


@production("owner_self", "7.2.2", "「自分の場の」: the field of the card's owner", rule='owner_self: "自分の場の"')
def owner_self() -> tuple[str, Any]:
    return ("player", "self")


@production("owner_each", "10.1.1", "「互いの場の」: both fields, processed at once", rule='owner_each: "互いの場の"')
def owner_each() -> tuple[str, Any]:
    return ("player", "each")


ZONES = {vocabulary.ZONES[zone]: zone for zone in ("hand", "graveyard", "deck")}


@production("zone_own", "7.2.1", "「手札の」「墓地の」「山札の」: a zone of the card's owner (no subject: 自分)",
            rule='zone_own: ["自分の"] ZONE ("の" | "から")')
def zone_own(zone: str) -> tuple[str, Any]:
    return ("zone", ZONES[zone])


# --- conditions on a card (AND by 「の」, 7.3.1) -------------------------------------------------


@production("cond_rest", "3.2.1", "「レストしている」: the stack is rested", rule='cond_rest: "レストしている"')
def cond_rest() -> tuple[str, Any]:
    return ("where", {"state": "rest"})


@production("cond_active", "3.2.1", "「アクティブの」: the stack is active", rule='cond_active: "アクティブの" | "アクティブな"')
def cond_active() -> tuple[str, Any]:
    return ("where", {"state": "active"})


@production("cond_face", "3.1.1", "「ウラの」「オモテの」: the top card's face", rule='cond_face: FACE "の"')
def cond_face(face: str) -> tuple[str, Any]:
    return ("where", {"face": "down" if face == "ウラ" else "up"})


def _bound(key: str, value: int, bound: str | None) -> dict[str, Any]:
    if bound is None:
        return {key: value}
    return {f"{key}_at_least" if bound == "以上" else f"{key}_at_most": value}


@production("cond_rank", "2.2.3", "「ランクnの」「ランクn以上の」「ランクn以下の」: the effective rank",
            rule='cond_rank: "ランク" number [BOUND] "の"')
def cond_rank(value: int, bound: str | None) -> tuple[str, Any]:
    return ("where", _bound("rank", value, bound))


@production("cond_power", ("10.4.2", "11.6.2"), "「パワーn以上の」「パワーn以下の」: the current power; 「パワー0の」 is at most 0, "
            "as power is never negative", rule='cond_power: "パワー" number [BOUND] "の"')
def cond_power(value: int, bound: str | None) -> tuple[str, Any]:
    if bound is None:
        if value != 0:
            raise NotReadable("パワーがちょうどnのカード、という条件は形式にない")
        return ("where", {"power_at_most": 0})
    return ("where", _bound("power", value, bound))


# --- chapter 7: the card's words for its information (7.1, 7.3), read by the format's one grammar -------------

# Brackets and the words that join them (7.3.1-7.3.7, 7.3.9), with a rank, level or power bound opening a unit
# (7.3.5), or 7.1.5's old 「効果名に「…」を含む」: one span of the text, read by adjudicator.format.wording (the grammar
# `adjudicator match` and a scenario's `where:` read), so a condition is read one way everywhere.
_BRACKET = r"[〈【｛][^〈〉【】｛｝「」]+[〉】｝]"
_BOUND = r"(?:ランク|レベル|パワー)[0-9]+(?:以上|以下)?の"
_JOIN = r"(?:か、?|または、?|かつ、?|と(?![^を、。]*を合わせて)|、|,|の|でない)"
_RUN = f"(?:{_BOUND})?{_BRACKET}(?:{_JOIN}?(?:{_BOUND})?{_BRACKET})*"
# A run never swallows the groups of 「【A】と【B】を合わせてn枚」 (6.5.9, read by object_together); one that ends in
# 「でない」 is followed by its noun with no 「の」 (「【武将】でない人物」, 7.3.3).
CARD_WORDING = (f'CARD_WORDING: /{_RUN}/ | /効果名に「[^「」]+」を含む/\n'
                f'CARD_WORDING_NOT.2: /{_RUN}でない/')


class GroupedWhere(dict):
    """A condition read with 「と」 (7.3.7): separate groups, one of which a card meets; on a board-presence
    condition (「自分の場にAとBがあるなら」) it asks for both, which the format cannot hold."""


@production("card_wording", ("7.1.1", "7.1.2"), "the card's words for its information: brackets and how they join, read by chapter 7's "
            "grammar (format/wording.py); the clauses are those of the readings it used", rule="card_wording: CARD_WORDING")
def card_wording(words: str) -> Any:
    return _read_wording(words)


@production("card_wording_not", ("7.1.1", "7.1.2", "7.3.3"), "the card's words ending in 「でない」 (7.3.3), its noun after it", rule="")
def card_wording_not(words: str) -> Any:
    return _read_wording(words)


def _read_wording(words: str) -> Any:
    try:
        read = read_condition(words)
    except WordingError as error:
        raise NotReadable(str(error)) from None
    return Part((GroupedWhere if "groups" in read.readings else dict)(read.where), clauses_of(read.readings))


@production("cond_wording", ("7.3.1", "7.3.4"), "「〈名前〉の」「【A】か【B】の」「〈信長〉でない」「【武将】を持つ」「｛身代わり｝を持つ」"
            "「効果名に「…」を含む効果を持つ」: a condition before the noun, joined by 「の」 (AND)",
            rule='cond_wording: card_wording ("の" | "を持つ" | "効果を持つ") | card_wording_not\n'
                 'card_wording_not: CARD_WORDING_NOT')
def cond_wording(value: Any) -> tuple[str, Any]:
    return ("where", value)


@production("noun_wording", ("7.3.4", "7.3.6"), "「〈名前〉」「【A】【B】」「【A】か【B】」 as the noun: a card the brackets "
            "describe", rule='noun_wording: card_wording')
def noun_wording(value: Any) -> tuple[str, Any]:
    return ("where", value)


@production("cond_effect_name", ("7.1.1", "7.1.2"), "「｛効果名｝を持つ」: has an effect whose name contains the word",
            rule='cond_effect_name: ("｛" EFFECT_NAME "｝")+ "を持つ"')
def cond_effect_name(*words: str) -> tuple[str, Any]:
    return ("where", {"effect_name": words[0] if len(words) == 1 else list(words)})


def any_of(*units: dict[str, Any]) -> dict[str, Any]:
    """Alternatives (7.3.2): words of one kind become that key's list, as adjacent brackets do; else ``any_of``."""
    keys = {key for unit in units for key in unit}
    if len(keys) == 1 and all(len(unit) == 1 for unit in units):
        key = keys.pop()
        words: list[str] = []
        for unit in units:
            words.extend(unit[key] if isinstance(unit[key], list) else [unit[key]])
        return {key: words}
    return {"any_of": [dict(unit) for unit in units]}


@production("cond_role", "3.1.4", "「ブロッカーの」「アタッカーの」: the card's role", rule='cond_role: ROLE "の"')
def cond_role(role: str) -> tuple[str, Any]:
    return ("where", {"role": "blocker" if role == "ブロッカー" else "attacker"})


@production("cond_other", "7.2.3", "「他の」: not the card whose effect it is", rule='cond_other: "他の"')
def cond_other() -> tuple[str, Any]:
    return ("where", {"other": True})


# 「最もパワーが高い」 and the same words in the other order, 「パワーが最も高い」.
MOST_WORDS = {said: key for key, word in SUPERLATIVES.items()
              for said in (word, word.replace("最も", "").replace("が", "が最も"))}


@production("cond_most", "7.3.11", "「最もパワーが高い」「ランクが最も低い」: of the cards the other conditions name, those with the "
            "extreme value; every tied card counts, never narrowed to one",
            rule="cond_most: MOST\nMOST: " + " | ".join(f'"{w}"' for w in MOST_WORDS))
def cond_most(said: str) -> tuple[str, Any]:
    stat, way = MOST_WORDS[said]
    return ("most", {stat: way})


@production("cond_every", "8.3.1", "「全ての」: every card that matches", rule='cond_every: "全ての"')
def cond_every() -> tuple[str, Any]:
    return ("every", True)


# --- the noun at the end (7.3.4) -------------------------------------------------------------------


@production("noun_card", "7.3.4", "「カード」: any card, the conditions before it apply", rule='noun_card: "カード"')
def noun_card() -> tuple[str, Any]:
    return ("where", {})


@production("noun_person", ("7.3.4", "2.2.1", "6.8.3"), "「人物カード」「人物」: a person card (on the field every card is one)",
            rule='noun_person: "人物カード" | "人物"')
def noun_person() -> tuple[str, Any]:
    return ("where", {"type": "person"})


@production("noun_event", ("7.3.4", "2.2.2"), "「事変カード」: an event card", rule='noun_event: "事変カード"')
def noun_event() -> tuple[str, Any]:
    return ("where", {"type": "event"})


@production("noun_role", "3.1.4", "「ブロッカー」「アタッカー」 as the noun", rule='noun_role: ROLE')
def noun_role(role: str) -> tuple[str, Any]:
    return ("where", {"role": "blocker" if role == "ブロッカー" else "attacker"})


def phrase_of(parts: tuple[tuple[str, Any], ...]) -> NounPhrase:
    return _phrase(parts)


def _phrase(parts: tuple[tuple[str, Any], ...]) -> NounPhrase:
    phrase = NounPhrase()
    wheres = []
    on_field = not any(key == "zone" for key, _ in parts)
    negated = any(key == "where" and "not" in value for key, value in parts)
    for key, value in parts:
        if on_field and key == "where" and value == {"type": "person"} and not negated:
            # 「場の人物カード」: only persons are ever on the field (2.8.1, 6.8.3), so no condition; but in
            # 「【A】でない人物」 the noun is what the negation is taken from (7.3.3, 7.3.4): said as written
            continue
        if key == "player":
            phrase.player = value
        elif key == "zone":
            phrase.zone = value
        elif key == "every":
            phrase.every = True
        elif key == "most":
            if phrase.most is not None:
                raise NotReadable("最上級（「最も」）が二つある")
            phrase.most = value
        else:
            wheres.append(value)
    phrase.where = merge_where(*wheres)
    return phrase


@production("field_cards", "7.3.1", "「相手の場の…カード」: field cards whose conditions, joined by 「の」, all hold",
            rule='field_cards: [cond_other] owner condition* noun\n?owner: owner_opponent | owner_self | owner_each\n'
                 '?condition: cond_rest | cond_active | cond_face | cond_rank | cond_power | cond_wording '
                 '| cond_role | cond_other | cond_every | cond_most\n'
                 '?noun: noun_card | noun_person | noun_event | noun_wording | noun_role')
def field_cards(*parts: Any) -> NounPhrase:
    return _phrase(tuple(p for p in parts if p is not None))


@production("zone_cards", "7.3.1", "「手札の…カード」「墓地の〈名前〉」: cards of a zone of one's own, with conditions",
            rule='zone_cards: zone_own condition* noun')
def zone_cards(*parts: Any) -> NounPhrase:
    return _phrase(parts)


# --- one card named outright -----------------------------------------------------------------------


@production("ref_this", ("7.2.3", "6.11.2"), "「これ」「このカード」: the card whose effect it is", rule='ref_this: "これ" | "このカード"')
def ref_this() -> dict[str, Any]:
    return {"this": True}


@production("ref_it", ("7.2.3", "3.5.3"), "「それ」「そのカード」: the card the text already named (gone once it left the field)",
            rule='ref_it: "それ" | "そのカード"')
def ref_it() -> dict[str, Any]:
    return {"it": True}


@production("ref_slot", "2.3.1", "「A1」「B3」: the top card of that slot (the scenario's own way to name a card)",
            rule='ref_slot: SLOT ["のカード"]')
def ref_slot(slot: str) -> str:
    return slot


@production("ref_attacking", ("10.6.2", "8.3.1"), "「攻撃しているカード」: the card attacking now, on whichever field it is "
            "(the text does not say whose; there is at most one)", rule='ref_attacking: "攻撃しているカード"')
def ref_attacking() -> dict[str, Any]:
    return {"player": "each", "all": True, "where": {"attacking": True}}


@production("ref_attacking_whose", ("10.6.2", "8.3.1", "7.2.1"), "「攻撃している自分のカード（全て）」: the card attacking now, on the "
            "field the words name", rule='ref_attacking_whose: "攻撃している" DECK_OWNER "カード" ["全て"]')
def ref_attacking_whose(owner: str) -> dict[str, Any]:
    return {**({"player": "opponent"} if owner == "相手の" else {}), "all": True, "where": {"attacking": True}}


REF = "?ref: ref_this | ref_it | ref_slot | ref_attacking | ref_attacking_whose"

# --- the object of a verb (「…を」) -----------------------------------------------------------------


@production("object_ref", "7.2.3", "「これを」「それを」「A1を」: that one card", rule=f'object_ref: ref "を"\n{REF}')
def object_ref(ref: Any) -> Any:
    return ref


@production("object_all", ("8.3.1", "8.3.2"), "「…を全て」: every matching card, possibly none",
            rule='object_all: field_cards ("を全て" | "全てを") ["、"]')
def object_all(phrase: NounPhrase) -> dict[str, Any]:
    return phrase.selector(all=True)


@production("object_every", ("8.3.1", "8.3.2"), "「全ての…を」: every matching card, possibly none", rule='object_every: field_cards "を"')
def object_every(phrase: NounPhrase) -> dict[str, Any]:
    if not phrase.every:
        raise NotReadable("「全て」も枚数もないので、どのカードを処理するか書かれていない")
    return phrase.selector(all=True)


@production("object_count", "8.4.1", "「…をn枚」「…をn枚まで」: the player picks that many (まで: 0 up to n)",
            rule='object_count: field_cards ("を" number "枚" [up_to] | number "枚" [up_to] "を") ["、"]')
def object_count(phrase: NounPhrase, count: int, up_to: str | None) -> dict[str, Any]:
    if phrase.every:
        raise NotReadable("「全ての」と枚数が一緒に書かれている")
    return phrase.selector(choose=count, **({"up_to": True} if up_to else {}))


@production("pick", "8.4.1", "「…をn枚（まで）選び、」「…n枚を選び、」: the player chooses that many (まで: 0 up to n)",
            rule='pick: field_cards ("を" number "枚" [up_to] | number "枚" [up_to] "を") ("選び" | "選んで") ["、"] ["それを"]')
def pick(phrase: NounPhrase, count: int, up_to: str | None) -> dict[str, Any]:
    if phrase.every:
        raise NotReadable("「全ての」と「選ぶ」が一緒に書かれている")
    return phrase.selector(choose=count, **({"up_to": True} if up_to else {}))


@production("object_slots", ("6.5.9", "7.3.7", "7.3.4"), "「相手の場の【A】を1枚と【B】を1枚」: independent slots, one card each; "
            "the owner written first applies to every slot",
            rule='object_slots: field_cards "を" number "枚" ("と" slot_unit)+ ["、"]\nslot_unit: condition* noun "を" number "枚"')
def object_slots(phrase: NounPhrase, count: int, *units: Any) -> dict[str, Any]:
    if phrase.every or phrase.where.get("other") or count != 1 or any(n != 1 for n, _ in units):
        raise NotReadable("「と」で結んだ枠は、それぞれ1枚の枠として読む")
    slots = [dict(phrase.where), *(where for _, where in units)]
    if len(slots) > 5:
        raise NotReadable("枠が多すぎる")
    selector = phrase.selector()
    selector.pop("where", None)
    return {**selector, "slots": slots}


@production("slot_unit", ("6.5.9", "7.3.1"), "「【B】を1枚」: one slot of 「…と…」, its conditions joined by 「の」")
def slot_unit(*parts: Any) -> tuple[int, dict[str, Any]]:
    *words, count = parts
    phrase = _phrase(tuple(words))
    if phrase.every:
        raise NotReadable("枠に「全ての」は書けない")
    return count, phrase.where


@production("object_together", ("7.3.8", "7.3.7", "7.3.4", "8.4.1"), "「相手の場の【A】と【B】を合わせて2枚まで（選び）」: the "
            "groups joined by 「と」 share one combined count, whatever the breakdown; the owner written first applies "
            "to every group",
            rule='object_together: field_cards ("と" together_unit)+ "を合わせて" number "枚" [up_to] [("選び" | "選んで")] ["、"]\n'
                 'together_unit: condition* noun')
def object_together(phrase: NounPhrase, *parts: Any) -> dict[str, Any]:
    *groups, count, up_to = parts
    if phrase.every or phrase.most is not None or any(every for _, every in groups):
        raise NotReadable("「合わせて」の枠に「全ての」「最も」がかかる読み方は書かれていない")
    if len(groups) + 1 > 5:
        raise NotReadable("まとまりが多すぎる")
    where = any_of(dict(phrase.where), *(where for where, _ in groups))
    return {**phrase.selector(), "where": where, "choose": count, **({"up_to": True} if up_to else {})}


@production("together_unit", ("7.3.7", "7.3.1"), "「【B】」 of 「【A】と【B】を合わせて」: one group, its conditions joined by 「の」")
def together_unit(*words: Any) -> tuple[dict[str, Any], bool]:
    phrase = _phrase(tuple(words))
    if phrase.most is not None:
        raise NotReadable("「合わせて」の枠に「最も」がかかる読み方は書かれていない")
    return phrase.where, phrase.every


OBJECT = "?object: object_ref | object_all | object_every | object_count | pick | object_slots | object_together"

# --- 「…の」 (whose power), 「…は」 (the subject) ------------------------------------------------------


@production("owner_of_ref", "7.2.3", "「これの（パワー）」「それの」: of that one card", rule='owner_of_ref: ref')
def owner_of_ref(ref: Any) -> Any:
    return ref


@production("owner_of_cards", ("8.3.1", "7.3.4"), "「相手の場のカードの（パワー）」: of each matching card (no count, no 選ぶ: "
            "all of them)", rule='owner_of_cards: field_cards')
def owner_of_cards(phrase: NounPhrase) -> dict[str, Any]:
    return phrase.selector(all=True)


@production("owner_of_all", ("8.3.1", "8.3.2"), "「相手の場のカード全ての（パワー）」: of every matching card, possibly none",
            rule='owner_of_all: field_cards "全て"')
def owner_of_all(phrase: NounPhrase) -> dict[str, Any]:
    return phrase.selector(all=True)


POSSESSOR = "?possessor: owner_of_ref | owner_of_cards | owner_of_all"


@production("subject_ref", "7.2.3", "「これは」「それは」「A2は」: that one card", rule='subject_ref: ref "は"')
def subject_ref(ref: Any) -> tuple[str, Any]:
    return ("ref", ref)


@production("subject_cards", "7.3.4", "「自分の場の他のカードは」: each matching card", rule='subject_cards: field_cards "は"')
def subject_cards(phrase: NounPhrase) -> tuple[str, Any]:
    return ("cards", phrase)


@production("subject_cards_all", ("8.3.1", "7.3.4"), "「自分の場の【武士】のカードは全て」: every matching card, possibly none",
            rule='subject_cards_all: field_cards "は全て"')
def subject_cards_all(phrase: NounPhrase) -> tuple[str, Any]:
    return ("cards", phrase)


SUBJECT = "?subject: subject_ref | subject_cards | subject_cards_all"

# --- 「…の上に」 (where a card goes, 7.4.1) --------------------------------------------------------------


@production("onto_ref", "7.4.1", "「これの上に」「A1の上に」: onto that card, rank order ignored", rule='onto_ref: ref "の上" DIR')
def onto_ref(ref: Any, _dir: str) -> Any:
    return ref


@production("onto_any", ("7.4.1", "6.9.2"), "「好きなカードの上に」: onto one own card the player chooses",
            rule='onto_any: ["自分の場の"] "好きなカードの上" DIR')
def onto_any(_dir: str) -> dict[str, Any]:
    return {"choose": 1}


@production("onto_cards", ("7.4.1", "8.4.1"), "「自分の場の他のカードの上に」: onto one such card, which the player chooses",
            rule='onto_cards: field_cards "の上" DIR')
def onto_cards(phrase: NounPhrase, _dir: str) -> dict[str, Any]:
    if phrase.every:
        raise NotReadable("「全ての」カードの上には置けない")
    return phrase.selector(choose=1)


ONTO = "?onto: onto_ref | onto_any | onto_cards"


@production("source_cards", ("8.4.1", "6.5.6"), "「手札の〈名前〉を1枚、」「…を2枚まで、」: cards of a zone the player picks "
            "(no count: one card)", rule='source_cards: zone_cards "を" [number "枚" [up_to]] ["、"]')
def source_cards(phrase: NounPhrase, count: int | None, up_to: str | None) -> tuple[dict[str, Any], int]:
    if phrase.every:
        raise NotReadable("「全ての」手札のカード、は読めない")
    how = count if count is not None else 1
    return phrase.selector(choose=how, **({"up_to": True} if up_to else {})), how


TARGET_RULES = "\n".join((OBJECT, POSSESSOR, SUBJECT, ONTO, CARD_WORDING))
