"""``read_effect``: an effect's Japanese text → the format's ``when`` and ``sentences``, cited, never guessed."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lark.exceptions import LarkError
from pydantic import ValidationError

from adjudicator.format import scenario as fmt
from adjudicator.reading.explain import sentence_words
from adjudicator.reading.grammar import parse
from adjudicator.reading.productions import declare
from adjudicator.reading.refusals import Unread, diagnose
from adjudicator.reading.sentences import SENTENCE_END, Span, split_sentences
from adjudicator.reading.values import CounterClause, NotReadable, Part, PickOnly, SentenceDraft

MAX_TEXT = fmt.MAX_TEXT
IT_IS_THE_PICK = declare("it_is_the_pick", ("7.2.3", "8.4.1"), "「…を選ぶ。…それ…」: 「それ」 is the card chosen just before")


class TextTooLong(ValueError):
    """The text is longer than any card's effect may be (the format's bound)."""


@dataclass(frozen=True)
class ExplainedSentence:
    """A read sentence said back in plain Japanese, with the clauses its reading rests on."""

    index: int
    text_ja: str
    cites: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"sentence": self.index, "text": self.text_ja, "cites": list(self.cites)}


@dataclass(frozen=True)
class Reading:
    """What the reader made of one effect text."""

    text: str
    when: fmt.When | None
    sentences: tuple[fmt.Sentence, ...]
    unread: tuple[Unread, ...]
    cites: tuple[str, ...]
    explanation: tuple[ExplainedSentence, ...]
    counter: bool = False  # 「このカードは相手の攻撃時にも発動できる」 was read (11.2.4): a property of the card
    sources: tuple[tuple[int, int], ...] = field(default=(), repr=False)  # each read sentence's offsets

    @property
    def complete(self) -> bool:
        return not self.unread

    def sentence_dumps(self) -> list[dict[str, Any]]:
        return [s.model_dump(mode="json", by_alias=True, exclude_defaults=True) for s in self.sentences]

    def to_json(self) -> dict[str, Any]:
        when = self.when.model_dump(mode="json", by_alias=True, exclude_defaults=True) if self.when else None
        return {
            "when": when,
            "sentences": self.sentence_dumps(),
            "unread": [u.to_json() for u in self.unread],
            "cites": list(self.cites),
            "explanation": [e.to_json() for e in self.explanation],
            "counter": self.counter,
        }


@dataclass
class _Assembly:
    when: fmt.When | None = None
    sentences: list[fmt.Sentence] = field(default_factory=list)
    sources: list[tuple[int, int]] = field(default_factory=list)
    unread: list[Unread] = field(default_factory=list)
    cites: dict[str, None] = field(default_factory=dict)
    explanation: list[ExplainedSentence] = field(default_factory=list)
    counter: bool = False
    pick: tuple[PickOnly, Span, Part] | None = None


def read_effect(text: str) -> Reading:
    """Read ``text``; every part it cannot read comes back in ``unread`` with offsets and why."""
    if not isinstance(text, str):
        raise TypeError("an effect text is a string")
    if len(text) > MAX_TEXT:
        raise TextTooLong(f"効果テキストが長すぎる（{MAX_TEXT}文字まで）")
    spans = split_sentences(text)
    if len(spans) > fmt.MAX_SENTENCES:
        raise TextTooLong(f"文が多すぎる（{fmt.MAX_SENTENCES}文まで）")
    out = _Assembly()
    for number, span in enumerate(spans):
        _read_sentence(out, span, first=number == 0)
    if out.pick is not None:
        _, span, _ = out.pick
        out.unread.append(diagnose(span, False, "選んだカードを次の文が「それ」と呼んでいない"))
    if len(out.sentences) > 1:
        out.cites.update(dict.fromkeys(SENTENCE_END.clauses))
    return Reading(text, out.when, tuple(out.sentences), tuple(out.unread), tuple(out.cites),
                   tuple(out.explanation), out.counter, tuple(out.sources))


def _read_sentence(out: _Assembly, span: Span, first: bool) -> None:
    try:
        part = parse(span.text)
    except LarkError:
        _refuse(out, span, first, None)
        return
    except NotReadable as error:
        _refuse(out, span, first, str(error))
        return
    value = part.value
    if isinstance(value, CounterClause):
        out.counter = True
        out.cites.update(dict.fromkeys(part.cites))
        return
    if isinstance(value, PickOnly):
        if out.pick is not None:
            _refuse(out, out.pick[1], False, "選んだカードを次の文が「それ」と呼んでいない")
        out.pick = (value, span, part)
        return
    _add_sentence(out, span, first, value, part.cites)


def _refuse(out: _Assembly, span: Span, first: bool, reason: str | None) -> None:
    out.unread.append(diagnose(span, first, reason))
    if out.pick is not None and out.pick[1] is not span:
        pick_span = out.pick[1]
        out.pick = None
        out.unread.append(diagnose(pick_span, False, "選んだカードを使う次の文が読めない"))


def _add_sentence(out: _Assembly, span: Span, first: bool, draft: SentenceDraft, cites: tuple[str, ...]) -> None:
    if draft.trigger is not None and not first:
        _refuse(out, span, first, "きっかけ（〜た時、〜の初めに）は効果の最初の文にだけ書ける")
        return
    steps = [step.dump() for step in draft.steps]
    if out.pick is not None:
        pick, pick_span, pick_part = out.pick
        out.pick = None
        steps, replaced = _replace_it(steps, pick.selector)
        if not replaced:
            out.unread.append(diagnose(pick_span, False, "選んだカードを次の文が「それ」と呼んでいない"))
        else:
            cites = (*pick_part.cites, *IT_IS_THE_PICK.clauses, *cites)
            span = Span(pick_span.start, span.end, "")
    data: dict[str, Any] = {"do": steps}
    if draft.then:
        data["then"] = True
    if draft.condition is not None:
        data["if"] = draft.condition
    if draft.optional:
        data["optional"] = True
    try:
        model = fmt.Sentence.model_validate(data)
        when = fmt.When.model_validate(draft.trigger) if draft.trigger is not None else None
    except ValidationError as error:
        _refuse(out, span, first, f"形式に収まらない: {error.errors()[0]['msg']}")
        return
    if when is not None:
        out.when = when
    ordered = tuple(dict.fromkeys(cites))
    out.cites.update(dict.fromkeys(ordered))
    out.explanation.append(ExplainedSentence(len(out.sentences), sentence_words(model), ordered))
    out.sentences.append(model)
    out.sources.append((span.start, span.end))


def _replace_it(steps: list[Any], selector: dict[str, Any]) -> tuple[list[Any], bool]:
    """Every 「それ」 ({it: true}) of the sentence becomes the chosen card's selector (7.2.3)."""
    replaced = False

    def walk(node: Any) -> Any:
        nonlocal replaced
        if node == {"it": True}:
            replaced = True
            return dict(selector)
        if isinstance(node, dict):
            return {k: walk(v) for k, v in node.items()}
        if isinstance(node, list):
            return [walk(v) for v in node]
        return node

    return walk(steps), replaced
