"""``read_effect``: an effect's Japanese text → the format's ``when`` and ``sentences``, cited, never guessed."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lark.exceptions import LarkError
from pydantic import ValidationError

from adjudicator.format.base import MAX_SENTENCES, MAX_TEXT
from adjudicator.format.effects import Sentence, When
from adjudicator.reading.explain import sentence_words
from adjudicator.reading.grammar import parse
from adjudicator.reading.productions import declare
from adjudicator.reading.refusals import Unread, diagnose
from adjudicator.reading.sentences import SENTENCE_END, Span, split_sentences
from adjudicator.reading.values import CounterClause, NotReadable, Part, PickOnly, SentenceDraft

MAX_SENTENCE = 160  # characters in one sentence: longer than any card's sentence (and its refusal is probed clause by clause)
IT_IS_THE_PICK = declare("it_is_the_pick", ("7.2.3", "8.4.1"), "「…を選ぶ。…それ…」: 「それ」 is the card chosen just before")
WHOSE_ATTACK = declare("whose_attack", ("10.6.2", "11.2.4"), "「攻撃しているカード」 of an effect that answers an attack "
                       "(「これが攻撃された時」, a counter event) is the opponent's; of 「これが攻撃した時」, one's own")
ATTACKING = {"player": "each", "all": True, "where": {"attacking": True}}
# Whose card attacks, as the trigger says it: this card attacks (or is blocked), or it is attacked (or blocks).
ATTACKER_BY_EVENT = {"attacks": "self", "after_attack": "self", "is_blocked": "self",
                     "is_attacked": "opponent", "blocks": "opponent", "after_block": "opponent"}


class BadText(ValueError):
    """The input is not an effect text the reader will read (too long, or not text at all)."""


class TextTooLong(BadText):
    """The text is longer than any card's effect may be (the format's bound)."""


@dataclass(frozen=True)
class ExplainedSentence:
    """A read sentence said back in plain Japanese, with the clauses its reading rests on."""

    index: int
    text_ja: str
    cites: tuple[str, ...]
    start: int = 0  # where the sentence's words are in the text (for a form that shows them side by side)
    end: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"sentence": self.index, "text": self.text_ja, "cites": list(self.cites), "start": self.start, "end": self.end}


@dataclass(frozen=True)
class Reading:
    """What the reader made of one effect text."""

    text: str
    when: When | None
    sentences: tuple[Sentence, ...]
    unread: tuple[Unread, ...]
    cites: tuple[str, ...]
    explanation: tuple[ExplainedSentence, ...]
    counter: bool = False  # 「このカードは相手の攻撃時にも発動できる」 was read (11.2.4): a property of the card

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
    text: str
    when: When | None = None
    sentences: list[Sentence] = field(default_factory=list)
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
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise BadText("効果テキストに文字として読めないもの（対になっていないサロゲート）がある") from None
    spans = split_sentences(text)
    if len(spans) > MAX_SENTENCES:
        raise TextTooLong(f"文が多すぎる（{MAX_SENTENCES}文まで）")
    out = _Assembly(text)
    for number, span in enumerate(spans):
        _read_sentence(out, span, first=number == 0)
    if out.pick is not None:
        _, span, _ = out.pick
        out.unread.append(diagnose(span, False, "選んだカードを次の文が「それ」と呼んでいない"))
    _name_the_attacker(out)
    if len(out.sentences) > 1:
        out.cites.update(dict.fromkeys(SENTENCE_END.clauses))
    return Reading(text, out.when, tuple(out.sentences), tuple(out.unread), tuple(out.cites),
                   tuple(out.explanation), out.counter)


def _read_sentence(out: _Assembly, span: Span, first: bool) -> None:
    if len(span.text) > MAX_SENTENCE:
        _drop_pick(out)
        out.unread.append(Unread(span.start, span.end, span.text, f"一部しか読めない文: {MAX_SENTENCE}文字を超える文は読まない", "partial"))
        return
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
        _drop_pick(out, "次の文もカードを選んでいて、この文で選んだカードを使う文がない")
        out.pick = (value, span, part)
        return
    _add_sentence(out, span, first, value, part.cites)


def _refuse(out: _Assembly, span: Span, first: bool, reason: str | None) -> None:
    _drop_pick(out)
    out.unread.append(diagnose(span, first, reason))


def _drop_pick(out: _Assembly, why: str = "選んだカードを使う次の文が読めない") -> None:
    """A 「…を選ぶ。」 whose next sentence is not read cannot be read either: its card has no use."""
    if out.pick is not None:
        pick_span = out.pick[1]
        out.pick = None
        out.unread.append(diagnose(pick_span, False, why))


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
            span = Span(pick_span.start, span.end, out.text[pick_span.start:span.end])
    data: dict[str, Any] = {"do": steps}
    if draft.then:
        data["then"] = True
    if draft.condition is not None:
        data["if"] = draft.condition
    if draft.optional:
        data["optional"] = True
    try:
        model = Sentence.model_validate(data)
        when = When.model_validate(draft.trigger) if draft.trigger is not None else None
    except ValidationError as error:
        _refuse(out, span, first, f"形式に収まらない: {error.errors()[0]['msg']}")
        return
    if when is not None:
        out.when = when
    ordered = tuple(dict.fromkeys(cites))
    out.cites.update(dict.fromkeys(ordered))
    out.explanation.append(ExplainedSentence(len(out.sentences), sentence_words(model), ordered, span.start, span.end))
    out.sentences.append(model)


def _whose_attack(out: _Assembly) -> str | None:
    if out.counter:
        return "opponent"
    when = out.when
    if when is None or when.event not in ATTACKER_BY_EVENT:
        return None
    mine = ATTACKER_BY_EVENT[when.event] == "self"
    if when.card == "self" or when.card == "own":
        return "self" if mine else "opponent"
    if when.card == "opponent":
        return "opponent" if mine else "self"
    return None


def _name_the_attacker(out: _Assembly) -> None:
    """「攻撃しているカード」 is read on either field (targets.ref_attacking) unless the trigger says whose attack."""
    player = _whose_attack(out)
    if player is None:
        return
    named = {**ATTACKING, "player": player}
    for index, model in enumerate(out.sentences):
        data = model.model_dump(mode="json", by_alias=True, exclude_defaults=True)
        if not _mentions(data, ATTACKING):
            continue
        model = Sentence.model_validate(_replaced(data, ATTACKING, named))
        out.sentences[index] = model
        old = out.explanation[index]
        cites = tuple(dict.fromkeys((*old.cites, *WHOSE_ATTACK.clauses)))
        out.explanation[index] = ExplainedSentence(old.index, sentence_words(model), cites, old.start, old.end)
        out.cites.update(dict.fromkeys(WHOSE_ATTACK.clauses))


def _mentions(node: Any, part: dict[str, Any]) -> bool:
    if node == part:
        return True
    if isinstance(node, dict):
        return any(_mentions(v, part) for v in node.values())
    if isinstance(node, list):
        return any(_mentions(v, part) for v in node)
    return False


def _replaced(node: Any, old: dict[str, Any], new: dict[str, Any]) -> Any:
    if node == old:
        return dict(new)
    if isinstance(node, dict):
        return {k: _replaced(v, old, new) for k, v in node.items()}
    if isinstance(node, list):
        return [_replaced(v, old, new) for v in node]
    return node


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
