"""Does this card's information meet this condition? Chapter 7's matching, over the format's card model.

One pure function shared by the engine (selectors, counts, 「それが〇〇なら」) and the match page:

- 〈〉【】｛｝ words match by consecutive containment (7.1.2), each bracket kind against its own
  information only (7.1.1): 〈〉 the person/event name without the epithet (7.1.4, 2.2.4), 【】 the
  attributes, ｛｝ the effect names;
- the parts of one ``where`` and the items of ``all_of`` must all hold (7.3.1); a list of words and
  ``any_of`` need one (7.3.2); ``not`` negates its condition (7.3.3);
- a card whose information cannot be read (face-down, 3.1.2–3.1.3) meets no condition on it, negated
  or not; its place and active/rest state can still be read (3.1.7, 8.2.7).

The readings are named here with their clauses (``READINGS``); the engine registers them as rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Iterator, Protocol

if TYPE_CHECKING:
    from adjudicator.format.board import CardSpec
    from adjudicator.format.effects import Where

EPITHET_SEPARATOR = "\u3000"  # 異名 + U+3000 + 人物名 (2.2.4)

# name: (clauses, summary). The engine declares each as a rule of its registry.
READINGS: dict[str, tuple[tuple[str, ...], str]] = {
    "partial_match": (("7.1.1", "7.1.2"), "〈〉【】内の語は、連続して含まれていれば一致とみなす"),
    "name_without_epithet": (("7.1.4", "2.2.4"), "〈〉による名前の参照に異名は含めない"),
    "effect_name_match": (("7.1.1", "7.1.2"), "｛｝内の語は効果名だけを参照し、連続して含まれていれば一致とみなす"),
    "and": (("7.3.1",), "「かつ」「AのB」は両方の条件を満たすことを要求する"),
    "or": (("7.3.2",), "「または」「か」、接続語のない列挙はいずれか一方を満たせばよい"),
    "not": (("7.3.3",), "「でない」は直前に置かれた要素のみを否定する"),
    "trailing_noun": (("7.3.4",), "末尾の種別名詞は直前の列挙・分岐全体に共通してかかる"),
    "units": (("7.3.5",), "AND単位を作り、条件の種類がランク・レベル→属性→名前の順に戻る位置で単位を区切る"),
    "adjacent_brackets": (("7.3.6",), "隣接する括弧書きの列挙は他のどの結びつきよりも優先して1つのOR単位になる"),
    "old_notation": (("7.1.5",), "旧表記の「」は直前の文脈から参照する情報を判断し、括弧と同じ基準で判定する"),
    "ruby": (("7.1.3",), "指定語にルビが振られていれば、ルビまで一致して初めて一致とみなす"),
    "groups": (("7.3.7",), "「と」は別々の対象・グループを列挙する語で、1枚のカードに両方の条件を求めない"),
    "listed": (("7.3.9", "7.3.6"), "括弧を読点・半角カンマで並べた列挙は、単純な並列（いずれか一方）"),
    "old_attribute": (("13.6",), "旧版の「〇〇時代の△△」は【〇〇時代】と【△△】、「・」で並ぶ属性はそれぞれ別の属性として扱う"),
    "person_or_event": (("2.2.1",), "カードは人物か事変のどちらか"),
    "events_have_no_rank": (("2.2.2",), "ランクを参照する効果は事変を対象にしない（レベルを参照する効果は人物を対象にしない）"),
}

INFO_KEYS = (
    "rank", "rank_at_least", "rank_at_most", "level", "level_at_least", "level_at_most", "power_at_most",
    "power_at_least", "name", "attribute", "effect_name", "role", "type",
)
BOARD_KEYS = ("face", "state", "attacking", "other")
NESTED_KEYS = ("any_of", "all_of", "not_")


class CardView(Protocol):
    """What a condition reads of a card. ``known`` is False when its information cannot be read (3.1.2)."""

    known: bool
    face_up: bool
    rested: bool
    attacking: bool
    short_name: str | None
    attributes: tuple[str, ...]
    effect_names: tuple[str, ...]
    rank: int | None
    level: int | None
    power: int | None
    roles: frozenset[str]
    type: str | None


@dataclass(frozen=True)
class CardInformation:
    """A printed card as the match page sees it: face-up, not on a board (no state, not attacking)."""

    name: str
    type: str = "person"
    rank: int | None = None
    level: int | None = None
    power: int | None = None
    roles: frozenset[str] = frozenset()
    attributes: tuple[str, ...] = ()
    effect_names: tuple[str, ...] = ()
    known: bool = True
    face_up: bool = True
    rested: bool = False
    attacking: bool = False

    @property
    def short_name(self) -> str:
        return person_name(self.name)

    @property
    def epithet(self) -> str:
        return epithet(self.name)

    @classmethod
    def of(cls, card: "CardSpec") -> "CardInformation":
        return cls(
            name=card.name, type=card.type, rank=card.rank, level=card.level, power=card.power,
            roles=frozenset({card.role} - {"none"}), attributes=tuple(card.attributes),
            effect_names=tuple(e.name for e in card.effects) + (("身代わり",) if card.substitute else ()),
        )


# 13.6: 「〇〇時代の△△」 (the era may be 「戦国/江戸時代」) and 「・」 lists, except 「現代のプレイヤー」, one attribute.
_OLD_ERA = re.compile(r"^(?P<eras>[^の]+?)時代の(?P<rest>.+)$")
_WHOLE = ("現代のプレイヤー",)


@lru_cache(maxsize=1024)
def printed_attributes(attributes: tuple[str, ...]) -> tuple[str, ...]:
    """The attributes a card has, its old-format printed ones split as 13.6 says: 「戦国時代の武士」 is 【戦国時代】 and
    【武士】, 「戦国/江戸時代」 is 【戦国時代】 and 【江戸時代】, 「武士・武将」 is two; 「現代のプレイヤー」 stays whole."""
    out: list[str] = []
    for printed in attributes:
        for part in printed.split("・") if printed not in _WHOLE else (printed,):
            out.extend(_split_old(part.strip()))
    return tuple(dict.fromkeys(word for word in out if word))


def _split_old(attribute: str) -> list[str]:
    if attribute in _WHOLE:
        return [attribute]
    old = _OLD_ERA.match(attribute)
    if old is not None:
        return [*_eras(old["eras"]), *_split_old(old["rest"])]
    if attribute.endswith("時代") and "/" in attribute:
        return _eras(attribute.removesuffix("時代"))
    return [attribute]


def _eras(eras: str) -> list[str]:
    return [f"{era.strip()}時代" for era in re.split("[/／]", eras) if era.strip()]


def person_name(name: str) -> str:
    """The person/event name: what follows the epithet's U+3000 (2.2.4)."""
    return name.split(EPITHET_SEPARATOR)[-1]


def epithet(name: str) -> str:
    return name.rsplit(EPITHET_SEPARATOR, 1)[0] if EPITHET_SEPARATOR in name else ""


def word(text: str) -> str:
    """A condition's word without its own bracket pair (``〈信長〉`` → ``信長``)."""
    text = text.strip()
    if len(text) > 2 and text[0] in "〈【｛" and text[-1] in "〉】｝":
        return text[1:-1].strip()
    return text


def words(value: str | list[str] | None) -> list[str]:
    if value is None:
        return []
    return [word(v) for v in (value if isinstance(value, list) else [value])]


def contains(text: str, wanted: str) -> bool:
    """7.1.2: ``wanted``'s characters appear in ``text`` consecutively (「AB」 is in 「XABX」, not in 「AXB」)."""
    return bool(wanted) and wanted in text


# --- the check -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Check:
    """One test of a condition on a card: what was asked, what the card has, and whether it held."""

    asked: str                 # 〈織田〉, ランク2以上, 人物, …
    looked_at: str             # 人物名「織田信長」, ランク2, …
    met: bool | None           # None: the information was not given (the match page's unknown)
    found: str | None = None   # the part of the card's text the word matched, when it did
    note: str = ""             # e.g. the epithet holds the word but 〈〉 does not read it (7.1.4)
    readings: tuple[str, ...] = ()
    information: str = ""      # what of the card was read: rank, attribute, … (INFORMATION_OF)


@dataclass(frozen=True)
class Verdict:
    met: bool
    checks: tuple[Check, ...]
    readings: tuple[str, ...]

    @property
    def clauses(self) -> tuple[str, ...]:
        return clauses_of(self.readings)


def clauses_of(readings: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for name in readings:
        for clause in READINGS[name][0]:
            seen.setdefault(clause, None)
    return tuple(seen)


def matches(where: "Where", card: CardView, is_source: bool = False) -> bool:
    """Whether ``card`` meets every part of ``where``; ``is_source``: it is the effect's own card (「他の」)."""
    if asks_information(where) and not card.known:
        return False
    return _holds(where, card, is_source, None)


def judge(where: "Where", card: CardView, is_source: bool = False) -> Verdict:
    """:func:`matches` with each test spelled out and the readings it rests on, for people."""
    checks: list[Check] = []
    if asks_information(where) and not card.known:
        checks.append(Check(describe(where) or "カード情報", "ウラのカード（カード情報を持たない）", False))
        return Verdict(False, tuple(checks), ())
    met = _holds(where, card, is_source, checks)
    return Verdict(met, tuple(checks), readings_of(where))


def _holds(where: "Where", card: CardView, is_source: bool, checks: list[Check] | None) -> bool:
    if checks is None and not (where.any_of or where.all_of or where.not_ is not None):
        return _board_holds(where, card, is_source) and _information_met(where, card)
    results = [_board_holds(where, card, is_source), _information_holds(where, card, checks)]
    if where.any_of:
        results.append(_any(where.any_of, card, is_source, checks))
    for part in where.all_of or ():
        results.append(_holds(part, card, is_source, checks))
    if where.not_ is not None:
        inner: list[Check] | None = [] if checks is not None else None
        negated = not _holds(where.not_, card, is_source, inner)
        if checks is not None:
            checks.append(Check(f"{describe(where.not_).removesuffix('の')}でない", _looked(inner), negated, readings=("not",)))
        results.append(negated)
    return all(results)


def _any(units, card: CardView, is_source: bool, checks: list[Check] | None) -> bool:
    if checks is None:
        return any(_holds(unit, card, is_source, None) for unit in units)
    held = [_holds(unit, card, is_source, checks) for unit in units]
    return any(held)


def _looked(checks: list[Check] | None) -> str:
    if not checks:
        return ""
    return "、".join(f"{c.looked_at}は{c.asked}に{'一致する' if c.met else '一致しない'}" for c in checks)


def _board_holds(where: "Where", card: CardView, is_source: bool) -> bool:
    ok = True
    if where.face is not None and (where.face == "up") != card.face_up:
        ok = False
    if where.state is not None and (where.state == "rest") != card.rested:
        ok = False
    if where.other and is_source:
        ok = False
    if where.attacking is not None and where.attacking != card.attacking:
        ok = False
    return ok


def _information_holds(where: "Where", card: CardView, checks: list[Check] | None) -> bool:
    if checks is None:
        return _information_met(where, card)
    found = list(_information_checks(where, card, True))
    checks.extend(found)
    return all(check.met for check in found)


def _information_met(where: "Where", card: CardView) -> bool:
    """The same tests as :func:`_information_checks`, without spelling them out (the engine's hot path)."""
    return all(_key_met(where, key, card) for key in INFO_KEYS if getattr(where, key) is not None)


def _key_met(where: "Where", key: str, card: CardView) -> bool:
    """One key of ``where`` (set) against the card: the tests :func:`_information_checks` explains."""
    value = getattr(where, key)
    if key in _STAT_FIELD:
        have = getattr(card, _STAT_FIELD[key])
        return have is not None and _STAT_TEST[key](have, value)  # an event has no rank (2.2.2)
    if key == "name":
        return _any_contains(words(value), (card.short_name or "",))
    if key == "attribute":
        return _any_contains(words(value), printed_attributes(card.attributes))
    if key == "effect_name":
        return _any_contains(words(value), card.effect_names)
    if key == "role":
        return value in card.roles
    return value == card.type


def _any_contains(wanted: list[str], texts) -> bool:
    """7.1.2 and 7.3.2: any word contained in any of the card's texts."""
    return any(contains(text, w) for w in wanted for text in texts)


def _information_checks(where: "Where", card: CardView, verbose: bool) -> Iterator[Check]:
    if where.type is not None:
        kind = {"person": "人物", "event": "事変"}
        yield Check(kind[where.type], f"カードの種類は{kind.get(card.type or '', '不明')}", where.type == card.type, readings=("person_or_event",), information="type")
    yield from _stat_checks(where, card)
    if where.name is not None:
        yield _word_check("〈{}〉", words(where.name), "人物名" if card.type != "event" else "事変名", [card.short_name or ""], verbose,
                          ("partial_match", "name_without_epithet"), _epithet_of(card), "name")
    if where.attribute is not None:
        attributes = printed_attributes(card.attributes)
        yield _word_check("【{}】", words(where.attribute), "属性", list(attributes), verbose,
                          ("partial_match",) + (("old_attribute",) if attributes != tuple(card.attributes) else ()),
                          information="attribute")
    if where.effect_name is not None:
        yield _word_check("｛{}｝", words(where.effect_name), "効果名", list(card.effect_names), verbose, ("effect_name_match",),
                          information="effect_name")
    if where.role is not None:
        role = {"attacker": "アタッカー", "blocker": "ブロッカー"}
        has = "・".join(role[r] for r in sorted(card.roles) if r in role) or "なし"
        yield Check(role[where.role], f"役割: {has}", where.role in card.roles, information="role")


_STATS = (
    ("rank", "ランク", lambda have, want: have == want, ""),
    ("rank_at_least", "ランク", lambda have, want: have >= want, "以上"),
    ("rank_at_most", "ランク", lambda have, want: have <= want, "以下"),
    ("level", "レベル", lambda have, want: have == want, ""),
    ("level_at_least", "レベル", lambda have, want: have >= want, "以上"),
    ("level_at_most", "レベル", lambda have, want: have <= want, "以下"),
    ("power_at_least", "パワー", lambda have, want: have >= want, "以上"),
    ("power_at_most", "パワー", lambda have, want: have <= want, "以下"),
)


_STAT_FIELD = {key: key.split("_")[0] for key, *_ in _STATS}
_STAT_TEST = {key: test for key, _, test, _ in _STATS}
INFORMATION_OF = {key: _STAT_FIELD.get(key, key) for key in INFO_KEYS}  # rank_at_least → rank, …


def decide(where: "Where", card: CardView, unknown: frozenset[str] = frozenset()) -> bool | None:
    """:func:`matches` when some of the card's information is not known (``unknown``: ``rank``,
    ``attribute``, … as in :data:`INFORMATION_OF`): True or False when the answer does not turn on it,
    None when it does. AND, OR and NOT (7.3.1–7.3.3) are taken in three values; nothing is guessed."""
    if not card.known and asks_information(where):
        return False
    values: list[bool | None] = [_board_holds(where, card, False)]
    for key in INFO_KEYS:
        if getattr(where, key) is not None:
            values.append(None if INFORMATION_OF[key] in unknown else _key_met(where, key, card))
    if where.any_of:
        alternatives = [decide(unit, card, unknown) for unit in where.any_of]
        values.append(True if True in alternatives else None if None in alternatives else False)
    values.extend(decide(part, card, unknown) for part in where.all_of or ())
    if where.not_ is not None:
        negated = decide(where.not_, card, unknown)
        values.append(None if negated is None else not negated)
    return False if False in values else None if None in values else True


def _stat_checks(where: "Where", card: CardView) -> Iterator[Check]:
    for key, label, test, bound in _STATS:
        wanted = getattr(where, key)
        if wanted is None:
            continue
        have = getattr(card, _STAT_FIELD[key])
        if have is None:
            # 2.2.2: an event has no rank or power, a person no level — such a condition is not met.
            yield Check(f"{label}{wanted}{bound}", f"{label}を持たない", False, readings=("events_have_no_rank",),
                        information=_STAT_FIELD[key])
        else:
            yield Check(f"{label}{wanted}{bound}", f"{label}{have}", test(have, wanted), information=_STAT_FIELD[key])


def _epithet_of(card: CardView) -> str:
    full = getattr(card, "name", None)
    return epithet(full) if isinstance(full, str) else ""


def _word_check(pattern: str, wanted: list[str], label: str, texts: list[str], verbose: bool,
                readings: tuple[str, ...], epithet_text: str = "", information: str = "") -> Check:
    """One bracket condition: met when any word (7.3.2) is contained in any of the card's texts (7.1.2)."""
    asked = "".join(pattern.format(w) for w in wanted)
    shown = "、".join(f"「{t}」" for t in texts) or "なし"
    if _any_contains(wanted, texts):
        w, text = next((w, text) for w in wanted for text in texts if contains(text, w))
        return Check(asked, f"{label}{shown}", True, found=f"{label}「{text}」が「{w}」を含む", readings=readings,
                     information=information)
    note = ""
    if verbose and epithet_text and any(contains(epithet_text, w) for w in wanted):
        note = f"異名「{epithet_text}」には含まれるが、〈〉は異名を参照しない"
    looked = f"{label}{shown}は" + "・".join(f"「{w}」" for w in wanted) + "を含まない" if texts else f"{label}なし"
    return Check(asked, looked, False, note=note, readings=readings, information=information)


# --- reading a condition ---------------------------------------------------------------------------


def walk(where: "Where") -> Iterator["Where"]:
    """``where`` and every condition nested in it."""
    yield where
    for unit in where.any_of or ():
        yield from walk(unit)
    for part in where.all_of or ():
        yield from walk(part)
    if where.not_ is not None:
        yield from walk(where.not_)


def asks_information(where: "Where") -> bool:
    """Whether any part reads card information a face-down card does not have (3.1.3, 3.1.7)."""
    if any(getattr(where, key) is not None for key in INFO_KEYS):
        return True
    nested = [*(where.any_of or ()), *(where.all_of or ()), *((where.not_,) if where.not_ is not None else ())]
    return any(asks_information(part) for part in nested)


def uses(where: "Where", *keys: str) -> bool:
    """Whether any part of ``where`` tests one of ``keys``."""
    return any(getattr(w, key) is not None for w in walk(where) for key in keys)


def readings_of(where: "Where") -> tuple[str, ...]:
    """The chapter 7 readings a condition rests on, in a fixed order."""
    found: list[str] = []
    for w in walk(where):
        if w.name is not None or w.attribute is not None:
            found.append("partial_match")
        if w.name is not None:
            found.append("name_without_epithet")
        if w.effect_name is not None:
            found.append("effect_name_match")
        if _has_list(w) or w.any_of:
            found.append("or")
        if w.all_of or _information_parts(w) > 1:
            found.append("and")
        if w.not_ is not None:
            found.append("not")
        # The shapes whose meaning 7.3.4–7.3.6 decide: a kind noun over an enumeration, AND units joined
        # by OR, a modifier or a negation over a unit of adjacent words.
        enumerated = _has_list(w) or bool(w.any_of)
        if w.type is not None:
            found.append("person_or_event")
        if w.type is not None and (enumerated or (w.not_ is not None and _has_list(w.not_))):
            found.append("trailing_noun")
        if w.any_of and sum(_information_parts(u) > 1 or bool(u.all_of) for u in w.any_of) >= 2:
            found.append("units")
        if _has_list(w) and _information_parts(w) > 1 or (w.not_ is not None and _has_list(w.not_)):
            found.append("adjacent_brackets")
    return tuple(name for name in READINGS if name in found)


def _has_list(where: "Where") -> bool:
    return any(isinstance(getattr(where, key), list) and len(getattr(where, key)) > 1 for key in ("name", "attribute", "effect_name"))


def _information_parts(where: "Where") -> int:
    return sum(getattr(where, key) is not None for key in INFO_KEYS) + (where.not_ is not None) + bool(where.any_of)


def describe(where: "Where") -> str:
    """The condition in the rulebook's words, ending in 「の」 where a noun follows (「〈信長〉の」)."""
    parts = []
    if where.other:
        parts.append("他の")
    if where.face:
        parts.append("オモテの" if where.face == "up" else "ウラの")
    if where.state:
        parts.append("レストしている" if where.state == "rest" else "アクティブの")
    for key, label, _, bound in _STATS:
        if getattr(where, key) is not None:
            parts.append(f"{label}{getattr(where, key)}{bound}の")
    if where.not_ is not None:
        parts.append(f"{describe(where.not_).removesuffix('の')}でない")
    for key, pattern in (("name", "〈{}〉"), ("attribute", "【{}】"), ("effect_name", "｛{}｝")):
        if getattr(where, key) is not None:
            parts.append("".join(pattern.format(w) for w in words(getattr(where, key))) + "の")
    if where.role:
        parts.append("アタッカーの" if where.role == "attacker" else "ブロッカーの")
    if where.any_of:
        parts.append("か".join(f"（{describe(u).removesuffix('の')}）" for u in where.any_of) + "の")
    if where.all_of:
        parts.append("かつ".join(describe(part).removesuffix("の") for part in where.all_of) + "の")
    if where.type:
        parts.append("人物の" if where.type == "person" else "事変の")
    if where.attacking:
        parts.append("攻撃している")
    return "".join(parts)


def plain(where: "Where") -> dict[str, Any]:
    """``where`` as the mapping a scenario would write (defaults left out)."""
    return where.model_dump(mode="json", by_alias=True, exclude_defaults=True)


__all__ = [
    "CardInformation", "CardView", "Check", "READINGS", "Verdict", "asks_information", "clauses_of", "contains",
    "describe", "judge", "matches", "person_name", "plain", "readings_of", "uses", "walk", "word", "words",
]
