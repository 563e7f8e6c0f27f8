"""「このカードはこの条件に一致する？」 — a condition in the card's words, judged against one card.

The condition is read by the chapter 7 grammar (``adjudicator.format.wording``) and judged by the one
matching function the engine uses too (``adjudicator.format.matching``). The card is what the judge
typed, filled from the library when its name is there. Information the card was not given is unknown,
not absent: a condition that needs it is answered 「わからない」 with what is missing, never guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import ValidationError

from adjudicator.format import matching
from adjudicator.format.base import MAX_NAME, MAX_POWER
from adjudicator.format.effects import Where
from adjudicator.format.matching import READINGS, CardInformation, Verdict
from adjudicator.format.validation import format_errors
from adjudicator.format.wording import WordingError, read_condition

MAX_ATTRIBUTES = 20
MAX_EFFECT_NAMES = 10


@dataclass(frozen=True)
class CardQuery:
    """The card asked about. ``None`` is unknown (not given), ``()`` is known to have none."""

    name: str
    type: str | None = None
    rank: int | None = None
    level: int | None = None
    power: int | None = None
    role: str | None = None
    attributes: tuple[str, ...] | None = None
    effect_names: tuple[str, ...] | None = None
    source: str = "入力"   # 入力 (typed) | ライブラリ (filled from the card library)
    ruby: str | None = None  # the ruby printed over the card's name (7.1.3), in kana; None: not given


@dataclass(frozen=True)
class MatchAnswer:
    condition: str
    card: CardQuery
    answer: str                       # yes | no | unknown
    where: dict[str, Any]
    checks: tuple[matching.Check, ...]
    readings: tuple[str, ...]
    missing: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default=())

    @property
    def cites(self) -> tuple[str, ...]:
        return matching.clauses_of(self.readings)

    @property
    def words(self) -> str:
        return {"yes": "一致する", "no": "一致しない", "unknown": "わからない"}[self.answer]

    def to_json(self) -> dict[str, Any]:
        return {
            "condition": self.condition,
            "card": {k: (list(v) if isinstance(v, tuple) else v) for k, v in self.card.__dict__.items()},
            "answer": self.answer,
            "met": {"yes": True, "no": False, "unknown": None}[self.answer],
            "where": self.where,
            "checks": [
                {"asked": c.asked, "looked_at": c.looked_at, "met": c.met, "found": c.found, "note": c.note,
                 "cites": list(matching.clauses_of(c.readings))}
                for c in self.checks
            ],
            "missing": list(self.missing),
            "cites": list(self.cites),
            "readings": [{"name": r, "cites": list(READINGS[r][0]), "text": READINGS[r][1]} for r in self.readings],
            "notes": list(self.notes),
        }


class MatchError(ValueError):
    """The condition or the card cannot be judged as given; ``position`` points into the condition."""

    def __init__(self, message: str, position: int | None = None):
        self.position = position
        super().__init__(message)


def normalise_name(name: str) -> str:
    """Judges type the epithet's separator as an ASCII space; the card prints U+3000 (2.2.4)."""
    name = " ".join(name.split())
    return name.replace(" ", matching.EPITHET_SEPARATOR) if name.count(" ") == 1 else name


# A bracketed word with its ruby, as typed: 〈信長（のぶなが）〉, 〈信長(のぶなが)〉, 〈｜信長《のぶなが》〉.
_RUBY_WORD = re.compile(r"([〈【｛])[｜|]?([^〈〉【】｛｝（(《]+?)[（(《]([^〈〉【】｛｝）)》]+)[）)》]([〉】｝])")
_NOT_PLAIN_AND = ("でない", "か", "または", "と")


def match(condition: str, card: CardQuery) -> MatchAnswer:
    rubies = _RUBY_WORD.findall(condition)
    if rubies and not any(word in _RUBY_WORD.sub("", condition) for word in _NOT_PLAIN_AND):
        return _with_ruby(condition, card, [(opening + word + closing, ruby) for opening, word, ruby, closing in rubies])
    return _judged(condition, card)


def _with_ruby(condition: str, card: CardQuery, rubies: list[tuple[str, str]]) -> MatchAnswer:
    """7.1.3: a word with its ruby matches only when the ruby matches too. For a condition whose parts must all
    hold (no 「でない」「か」「と」), the words are judged without their ruby, then each ruby against the card's: the
    card's ruby must contain it (7.1.2's containment); a card given no ruby is unknown where it turns on it."""
    plain = _judged(_RUBY_WORD.sub(lambda m: m.group(1) + m.group(2).strip() + m.group(4), condition), card)
    if card.ruby is None:
        met = None
    else:
        met = all(ruby.strip() in card.ruby for _, ruby in rubies)
    checks = tuple(matching.Check(f"{word}のルビ「{ruby}」", "ルビは入力されていない" if met is None else f"ルビ「{card.ruby}」",
                                  None if met is None else ruby.strip() in card.ruby, readings=("ruby",))
                   for word, ruby in rubies)
    answer = _and_answer(plain.answer, met)
    missing = (*plain.missing, "ルビ") if answer == "unknown" and met is None else plain.missing
    readings = tuple(name for name in READINGS if name in (*plain.readings, "ruby"))
    return replace(plain, condition=condition, answer=answer, checks=plain.checks + checks, readings=readings,
                   missing=missing if answer == "unknown" else ())


def _and_answer(answer: str, ruby_met: bool | None) -> str:
    if answer == "no" or ruby_met is False:
        return "no"
    if answer == "unknown" or ruby_met is None:
        return "unknown"
    return "yes"


def _judged(condition: str, card: CardQuery) -> MatchAnswer:
    try:
        reading = read_condition(condition)
        where = Where.model_validate(reading.where)
    except WordingError as error:
        raise MatchError(str(error), error.position) from None
    except ValidationError as error:
        raise MatchError("条件を読めない: " + "; ".join(e.message_ja for e in format_errors(error))) from None
    information = _information(card)
    unknown = _unknown(card)
    verdict: Verdict = matching.judge(where, information)
    decided = matching.decide(where, information, frozenset(unknown))
    not_given = [label for field, label in unknown.items() if field in _asked(where)]
    answer = "unknown" if decided is None else ("yes" if decided else "no")
    missing = tuple(not_given) if decided is None else ()
    checks = tuple(
        replace(c, met=None, looked_at=f"{unknown[c.information]}は入力されていない", found=None)
        if c.information in unknown else c
        for c in verdict.checks
    )
    readings = tuple(name for name in READINGS if name in set(reading.readings) | set(verdict.readings)
                     | {r for c in checks if c.met is not None for r in c.readings})
    notes = tuple(c.note for c in checks if c.note)
    if not_given and decided is not None:
        notes += (f"{'・'.join(not_given)}は入力されていないが、それによらず決まる",)
    return MatchAnswer(condition, card, answer, matching.plain(where), checks, readings, missing, notes)


def _information(card: CardQuery) -> CardInformation:
    kind = card.type or "person"
    return CardInformation(
        name=card.name, type=kind, rank=card.rank, level=card.level, power=card.power,
        roles=frozenset({card.role} - {"none", None}) if card.role else frozenset(),
        attributes=card.attributes or (), effect_names=card.effect_names or (),
    )


def _unknown(card: CardQuery) -> dict[str, str]:
    """The information the card was not given, by field, with its label (2.2.2: an event has no rank or
    power and a person no level — those are absent, not unknown)."""
    kind = card.type
    unknown = {
        "type": ("種類（人物/事変）", kind is None),
        "rank": ("ランク", kind != "event" and card.rank is None),
        "level": ("レベル", kind != "person" and card.level is None),
        "power": ("パワー", kind != "event" and card.power is None),
        "attribute": ("属性", card.attributes is None),
        "effect_name": ("効果名", card.effect_names is None),
        "role": ("アタッカー/ブロッカー", kind != "event" and card.role is None),
    }
    return {field: label for field, (label, missing) in unknown.items() if missing}


def _asked(where: Where) -> set[str]:
    return {matching.INFORMATION_OF[key] for key in matching.INFO_KEYS if matching.uses(where, key)}


def with_library(card: CardQuery, library) -> CardQuery:
    """The card filled from the library when its name is there; what the judge typed wins."""
    stored = library.get(card.name) if library is not None else None
    if stored is None:
        return card
    printed = stored.card
    return replace(
        card,
        type=card.type or printed.type,
        rank=card.rank if card.rank is not None else printed.rank,
        level=card.level if card.level is not None else printed.level,
        power=card.power if card.power is not None else printed.power,
        role=card.role or printed.role,
        # A library card listed without attributes or effects says nothing about them: unknown, not none.
        attributes=card.attributes if card.attributes is not None else tuple(printed.attributes) or None,
        effect_names=card.effect_names if card.effect_names is not None else CardInformation.of(printed).effect_names or None,
        source="ライブラリ",
    )


def card_query(name: str, *, type: str | None = None, rank: Any = None, level: Any = None, power: Any = None,
               role: str | None = None, attributes: Any = None, effects: Any = None, ruby: Any = None) -> CardQuery:
    """A card from loose input (CLI options, query strings, JSON), checked and bounded."""
    name = normalise_name(name or "")
    if not 0 < len(name) <= MAX_NAME:
        raise MatchError(f"カード名は1〜{MAX_NAME}文字")
    type = {"人物": "person", "事変": "event"}.get(type, type) if type else None
    if type not in (None, "person", "event"):
        raise MatchError("種類は person（人物）か event（事変）")
    role = {"アタッカー": "attacker", "ブロッカー": "blocker", "なし": "none"}.get(role, role) if role else None
    if role not in (None, "attacker", "blocker", "none"):
        raise MatchError("役割は attacker / blocker / none")
    return CardQuery(
        name=name, type=type, rank=_number("ランク", rank, 9), level=_number("レベル", level, 9),
        power=_number("パワー", power, MAX_POWER), role=role,
        attributes=_list("属性", attributes, MAX_ATTRIBUTES), effect_names=_list("効果名", effects, MAX_EFFECT_NAMES),
        ruby=_ruby(ruby),
    )


def _ruby(value: Any) -> str | None:
    if value is None or value == "":
        return None
    if not isinstance(value, str) or len(value) > MAX_NAME:
        raise MatchError(f"ルビは{MAX_NAME}文字までの文字列")
    return value.strip()


def _number(label: str, value: Any, bound: int) -> int | None:
    if value is None or value == "":
        return None
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise MatchError(f"{label}は0〜{bound}の整数") from None
    if not 0 <= number <= bound:
        raise MatchError(f"{label}は0〜{bound}の整数")
    return number


def _list(label: str, value: Any, bound: int) -> tuple[str, ...] | None:
    if value is None:
        return None
    if value in ("なし", "none", []):
        return ()  # known to have none
    items = value if isinstance(value, (list, tuple)) else str(value).replace("、", ",").replace("・", ",").split(",")
    items = tuple(str(item).strip().strip("【】｛｝") for item in items if str(item).strip())
    if len(items) > bound or any(len(item) > MAX_NAME for item in items):
        raise MatchError(f"{label}は{bound}個まで、各{MAX_NAME}文字まで")
    return items
