"""The values productions build: plain data in the format's spec shape, validated into models at the end.

A reading never approximates: a production that meets words it cannot turn into the format raises
:class:`NotReadable`, and the sentence that contains them is unread (see refusals.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from adjudicator.format.base import Whose
from adjudicator.vocabulary import ZoneName


# The object of a step whose object the text leaves out (「A1をウラにし、オモテにする」): filled by the sentence
# with the card just named, or refused (sentences.omitted_object).
OMITTED = {"omitted": True}


class NotReadable(Exception):
    """The words parse but do not make a reading the format can hold (e.g. two ranks for one card)."""


@dataclass(frozen=True)
class Part:
    """A production's value with the clauses of every production it rests on, in first-use order."""

    value: Any
    cites: tuple[str, ...] = ()


@dataclass
class NounPhrase:
    """Cards named by their place and their information (「相手の場のレストしているカード」): AND of its
    conditions (7.3.1); ``every`` when 「全ての」 was said inside it (8.3)."""

    player: Whose | None = None
    zone: ZoneName = "field"
    where: dict[str, Any] = field(default_factory=dict)
    every: bool = False
    most: dict[str, str] | None = None     # 「最もパワーが高い」 (7.3.11)

    def selector(self, **mode: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.player not in (None, "self"):
            out["player"] = self.player
        out.update(mode)
        if self.where:
            out["where"] = dict(self.where)
        if self.zone != "field":
            if self.most is not None:
                raise NotReadable("手札・山札・墓地のカードの「最も」は読まない（場のカードの間でだけ比べる）")
            out["zone"] = self.zone
        if self.most is not None:
            out["most"] = dict(self.most)
        return out


def merge_where(*parts: dict[str, Any]) -> dict[str, Any]:
    """The AND of several conditions; the same condition twice with different values is not a reading."""
    merged: dict[str, Any] = {}
    for part in parts:
        for key, value in part.items():
            if key in merged and merged[key] != value:
                raise NotReadable(f"同じカードに二つの「{key}」の条件がある")
            merged[key] = value
    return merged


@dataclass
class StepDraft:
    """One step as read: ``{kind: spec}``; ``timed`` when the step takes a duration (5.6)."""

    kind: str
    spec: Any
    timed: bool = False

    def with_duration(self, duration: dict[str, Any]) -> "StepDraft":
        if not self.timed:
            raise NotReadable("期間を取らない処理に期間がついている")
        spec = dict(self.spec)
        if "until" in spec or "turns" in spec:
            raise NotReadable("一つの処理に期間が二つある")
        spec.update(duration)
        return StepDraft(self.kind, spec, True)

    def dump(self) -> dict[str, Any]:
        if self.kind == "repeat":
            count, inner = self.spec
            return {"repeat": count, "do": [inner.dump()]}
        return {self.kind: self.spec}


@dataclass
class SentenceDraft:
    steps: list[StepDraft]
    then: bool = False
    condition: dict[str, Any] | None = None
    optional: bool = False
    duration: dict[str, Any] | None = None
    trigger: dict[str, Any] | None = None


@dataclass(frozen=True)
class CounterClause:
    """「このカードは相手の攻撃時にも発動できる」: a property of the event card (11.2.4), not a sentence."""


@dataclass(frozen=True)
class PickOnly:
    """「相手の場のカードを1枚選ぶ。」: a choice whose card the next sentence names as 「それ」 (8.4.1, 7.2.3)."""

    selector: dict[str, Any]


@dataclass(frozen=True)
class OrSentence:
    """「またはBする。」: the other side of the sentence before it; the two are one choice (10.1.6, 7.3.10)."""

    draft: SentenceDraft
    # 「または全てBする。」: B's object is left out and is every card the sentence before does its step to (7.3.10).
    same_cards: bool = False


@dataclass(frozen=True)
class ChooseHeader:
    """「次のn個からk個を選ぶ。」: the next sentence lists the n options in 「」 (6.5.7)."""

    options: int
    count: int


@dataclass(frozen=True)
class EffectClause:
    """A sentence that says how the effect is activated, not what it does: a property of the effect (6.12.1, 6.11.6)."""

    shared_with: tuple[str, ...] = ()
    once_per_turn_by_name: bool = False


@dataclass(frozen=True)
class OnceMore:
    """「もう一度行う。」: the sentence just before, done once more, looking at the board anew (2.3.5)."""
