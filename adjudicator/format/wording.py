"""A condition on card information in the card's own words (chapter 7) → the format's ``where``.

``〈織田〉``, ``【武将】``, ``〈信長〉でない``, ``【戦国時代】か【江戸時代】``, ``ランク2以上の【武将】``,
``〈信長〉〈秀吉〉``, ``｛身代わり｝``, ``事変``, ``属性が「武士」の人物`` are read by one small grammar whose
productions follow the rulebook's reading rules:

- adjacent brackets are one OR unit, tighter than anything else (7.3.6, 7.3.2);
- 「かつ」 and 「AのB」 join conditions that must all hold (7.3.1);
- 「か」「または」 join alternatives (7.3.2); without a connector a new unit starts where the kind of
  condition goes back to a rank, level or power (7.3.5);
- 「でない」 negates the element just before it only (7.3.3);
- a trailing kind noun (人物, 事変, カード) applies to the whole enumeration before it (7.3.4);
- the old notation 「」 is read from its context (7.1.5);
- a word with its ruby (〈信長（のぶなが）〉) matches only when the ruby matches too (7.1.3); a scenario's card
  names carry no ruby, so such a condition cannot be decided and is refused (:class:`RubyError`), never read
  as a word that contains the parentheses and silently matches nothing.

The result is a plain ``where`` mapping (see ``docs/format-additions.md``) together with the names of the
readings used, so a trace can cite them. Nothing here knows the engine; the reader may reuse it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from lark import Lark, Token, Transformer, UnexpectedInput, v_args

from adjudicator.format.errors import problem
from adjudicator.spelling import fold_widths

MAX_WORDING = 200

GRAMMAR = r"""
?start: condition

condition: disjunction tail?
         | tail

// 7.3.2: 「か」「または」 join alternatives; 7.3.5: a unit opened by a rank/level/power bound needs no connector;
// 7.3.7: 「と」 lists separate groups, so one card need meet only one of them.
disjunction: conjunction (_OR conjunction | groups conjunction | bound_conjunction)*
groups: "と"
bound_conjunction: bound (_AND term)*

// 7.3.1: 「かつ」「の」 join conditions that must all hold.
conjunction: term (_AND term)*
// 7.3.3: 「でない」 negates the element just before it; 〈A〉でない【B】 is a B that is not A.
?term: atom | negated | negated term -> not_then
negated: atom NOT

?atom: brackets | has | bound | old_attribute | old_effect_name | old_name

// 7.3.6: brackets side by side are one OR unit; 7.3.9: so are brackets listed with 「、」 or 「,」 (a simple list).
brackets: BRACKET (listed BRACKET | BRACKET)*
listed: "、" | ","
// 「【武将】を持つ」「｛身代わり｝を持つ」: the card has that attribute or effect name (7.1.1).
has: brackets "を持つ"
bound: STAT NUMBER BOUND?

// 7.1.5: the old notation 「」, read from the words around it.
old_attribute: "属性が" QUOTED
old_effect_name: "効果名に" QUOTED "を含む" ["効果を持つ"]
old_name: QUOTED

// 7.3.4: the kind noun at the end applies to everything before it.
tail: _NO? KIND

BRACKET: /〈[^〈〉【】｛｝]+〉/ | /【[^〈〉【】｛｝]+】/ | /｛[^〈〉【】｛｝]+｝/
QUOTED: /「[^「」]+」/
STAT: "ランク" | "レベル" | "パワー"
NUMBER: /[0-9]+/
BOUND: "以上" | "以下"
NOT: "でない"
KIND: "人物カード" | "事変カード" | "人物" | "事変" | "カード"
_NO: "の"
_AND: "かつ" "、"? | "の"
_OR: "または" "、"? | "か" "、"?

%ignore /[ \u3000]+/
"""

KIND_KEYS = {"〈": "name", "【": "attribute", "｛": "effect_name"}
STAT_KEYS = {"ランク": "rank", "レベル": "level", "パワー": "power"}
KINDS = {"人物カード": "person", "人物": "person", "事変カード": "event", "事変": "event", "カード": None}
_BRACKETED = re.compile(r"[〈【｛「]([^〈〉【】｛｝「」]+)[〉】｝」]")


class WordingError(ValueError):
    """The wording is not one the grammar reads; ``position`` is the 0-based offset where reading stopped."""

    def __init__(self, wording: str, position: int | None, why: str):
        self.wording, self.position, self.why = wording, position, why
        where = f"{position + 1}文字目" if position is not None else ""
        super().__init__(f"条件「{wording}」を読めない{f'（{where}）' if where else ''}: {why}")


class RubyError(WordingError):
    """7.1.3: the word carries its ruby, which only a card's ruby could match; card information has none."""

    rule = "7.1.3"

    def __init__(self, wording: str, word: str):
        self.word = word
        super().__init__(wording, None, f"ルビの付いた指定語「{word}」はルビまで一致して初めて一致する（7.1.3）が、"
                                        "カードの情報にルビがないので判定できない")


# How a ruby is typed after (or around) its word: 信長（のぶなが）, 信長(のぶなが), ｜信長《のぶなが》.
RUBY_MARKS = ("（", "(", "《", "｜", "|")


def ruby_word(text: str) -> str | None:
    """The first bracketed word of ``text`` that carries a ruby (7.1.3), or None."""
    for word in _BRACKETED.findall(text):
        if any(mark in word for mark in RUBY_MARKS):
            return word
    return None


@dataclass(frozen=True)
class Reading:
    """A condition read from its wording: the ``where`` mapping and the chapter 7 readings used."""

    wording: str
    where: dict[str, Any]
    readings: tuple[str, ...]


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark(GRAMMAR, parser="earley", lexer="dynamic", ambiguity="resolve")


def looks_like_wording(text: str) -> bool:
    """Whether a ``name``/``attribute``/``effect_name`` value is card wording rather than a bare word:
    more than one bracket, or anything outside its one bracket pair (「〈信長〉でない」)."""
    opened = sum(text.count(mark) for mark in "〈【｛「")
    if opened == 0:
        return False
    single = opened == 1 and text[0] in "〈【｛" and text[-1] in "〉】｝"
    return not single


@lru_cache(maxsize=512)
def read_condition(wording: str) -> Reading:
    """Read ``wording`` (one condition on card information); raises :class:`WordingError`."""
    folded = fold_widths(wording.strip())  # full-width digits and signs as ASCII (adjudicator.spelling)
    text = folded.text
    if not text:
        raise WordingError(wording, None, "条件が空")
    if len(text) > MAX_WORDING:
        raise WordingError(wording[:40] + "…", None, f"{MAX_WORDING}文字を超える条件は読まない")
    ruby = ruby_word(text)
    if ruby is not None:
        raise RubyError(wording, ruby)
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as error:
        position = getattr(error, "pos_in_stream", None)
        position = position if isinstance(position, int) and position >= 0 else None
        why = _why(text, position)
        typed = folded.typed_span(position, position)[0] + (len(wording) - len(wording.lstrip())) if position is not None else None
        raise WordingError(wording, typed, why) from None
    builder = _Build()
    where = builder.transform(tree)
    return Reading(wording, where, tuple(dict.fromkeys(builder.readings)))


def _why(text: str, position: int | None) -> str:
    for opener, closer in (("〈", "〉"), ("【", "】"), ("｛", "｝"), ("「", "」")):
        if text.count(opener) != text.count(closer):
            return f"{opener}と{closer}の数が合わない（括弧の閉じ忘れ）"
    if position is None or position >= len(text):
        return "条件が途中で終わっている（括弧の閉じ忘れ、または「以上」「でない」等の後に続きがない）"
    return f"「{text[position:position + 8]}」の所から先が、第7章の条件の書き方として読めない"


@v_args(inline=True)
class _Build(Transformer):
    """Tree → ``where`` mapping; records the reading each production stands for."""

    def __init__(self) -> None:
        super().__init__()
        self.readings: list[str] = []

    def condition(self, *parts):
        if len(parts) == 2:
            self.readings.append("trailing_noun")
            return _and([parts[0], parts[1]])
        return parts[0]

    def disjunction(self, *units):
        units = tuple(unit for unit in units if unit is not _GROUPS)
        if len(units) == 1:
            return units[0]
        self.readings.append("or")
        if any(len(unit) > 1 or "all_of" in unit for unit in units):
            self.readings.append("units")  # 7.3.5: connectors mixed, AND units made first, then joined as OR
        return _or(list(units))

    def groups(self):
        self.readings.append("groups")
        return _GROUPS

    def listed(self):
        self.readings.append("listed")
        return _LISTED

    def has(self, brackets):
        return brackets

    def bound_conjunction(self, *factors):
        self.readings.append("units")
        return self.conjunction(*factors)

    def conjunction(self, *factors):
        if len(factors) == 1:
            return factors[0]
        self.readings.append("and")
        return _and(list(factors))

    def negated(self, atom, _not):
        self.readings.append("not")
        return {"not": atom}

    def not_then(self, negated, term):
        self.readings.append("and")
        return _and([negated, term])

    def brackets(self, *tokens: Token):
        words = [(KIND_KEYS[t[0]], t[1:-1].strip()) for t in tokens if t is not _LISTED]
        self.readings.append("partial_match")
        if any(key == "name" for key, _ in words):
            self.readings.append("name_without_epithet")
        if len(words) == 1:
            return {words[0][0]: words[0][1]}
        self.readings.extend(("adjacent_brackets", "or"))
        return _or([{key: word} for key, word in words])

    def bound(self, stat: Token, number: Token, bound: Token | None = None):
        key, value = STAT_KEYS[str(stat)], int(number)
        if key == "power":
            if bound is None:
                return {"power_at_least": value, "power_at_most": value}
            return {"power_at_least" if bound == "以上" else "power_at_most": value}
        if bound is None:
            return {key: value}
        return {f"{key}_at_least" if bound == "以上" else f"{key}_at_most": value}

    def old_attribute(self, quoted: Token):
        self.readings.extend(("old_notation", "partial_match"))
        return {"attribute": quoted[1:-1].strip()}

    def old_effect_name(self, quoted: Token):
        self.readings.extend(("old_notation", "partial_match"))
        return {"effect_name": quoted[1:-1].strip()}

    def old_name(self, quoted: Token):
        self.readings.extend(("old_notation", "partial_match", "name_without_epithet"))
        return {"name": quoted[1:-1].strip()}

    def tail(self, kind: Token):
        value = KINDS[str(kind)]
        return {} if value is None else {"type": value}


_GROUPS = object()  # 「と」 between two units: read as 「か」 for one card, the reading named (7.3.7)
_LISTED = object()  # 「、」「,」 between brackets: a simple list (7.3.9)


def _or(units: list[dict]) -> dict:
    """Alternatives: words of one kind become that key's list (7.3.2), anything else ``any_of``."""
    if all(len(u) == 1 and next(iter(u)) in ("name", "attribute", "effect_name") for u in units):
        keys = {next(iter(u)) for u in units}
        if len(keys) == 1:
            key = keys.pop()
            return {key: [word for u in units for word in _as_list(u[key])]}
    flat = []
    for unit in units:
        flat.extend(unit["any_of"] if set(unit) == {"any_of"} else [unit])
    return {"any_of": flat}


def _and(factors: list[dict]) -> dict:
    """Conditions that must all hold (7.3.1): merged while their keys differ, else ``all_of``."""
    merged: dict = {}
    rest: list[dict] = []
    for factor in factors:
        if not factor:
            continue
        if any(key in merged for key in factor):
            rest.append(factor)
        else:
            merged.update(factor)
    if not rest:
        return merged
    return {"all_of": [merged, *rest]} if merged else {"all_of": rest}


def _as_list(value: Any) -> list:
    return list(value) if isinstance(value, list) else [value]


# --- wording inside a scenario's ``where`` ----------------------------------------------------------

FIELD_BRACKETS = {"name": "〈", "attribute": "【", "effect_name": "｛"}
_OPENERS = "〈【｛"


def read_where_wording(data: Any) -> Any:
    """A ``where`` given as wording, or a name/attribute/effect-name value given as wording, as the mapping
    it means; anything else unchanged. Wrong bracket kinds are errors (7.1.1: each kind reads its own
    information only)."""
    if isinstance(data, str):
        return read_condition(data).where
    if not isinstance(data, dict):
        return data
    out = dict(data)
    for key, opener in FIELD_BRACKETS.items():
        values = out.get(key)
        for value in values if isinstance(values, list) else [values]:
            if isinstance(value, str):
                _check_kind(key, opener, value)
                _check_ruby(key, value)
                if isinstance(values, list) and looks_like_wording(value):
                    raise problem("wording_in_list", rule="7.3.2", field=key, wording=value)
        if isinstance(values, str) and looks_like_wording(values):
            del out[key]
            out = _and([out, read_condition(values).where])
    return out


def _check_kind(key: str, opener: str, value: str) -> None:
    wrong = [mark for mark in _OPENERS if mark != opener and mark in value]
    if wrong:
        right = next(k for k, o in FIELD_BRACKETS.items() if o == wrong[0])
        raise problem("wording_wrong_bracket", rule="7.1.1", field=key, bracket=f"{opener}…{_CLOSE[opener]}",
                      given=f"{wrong[0]}…{_CLOSE[wrong[0]]}", right=right)


def _check_ruby(key: str, value: str) -> None:
    """A bare word with its ruby (``name: 信長（のぶなが）``) is refused as its bracketed form is (7.1.3)."""
    word = value.strip("〈〉【】｛｝ 　")
    if any(mark in word for mark in RUBY_MARKS):
        raise problem("wording_ruby", rule="7.1.3", wording=value, word=word)


_CLOSE = {"〈": "〉", "【": "】", "｛": "｝"}
