"""``read_effect``: an effect's Japanese text → the format's ``when`` and ``sentences``, cited, never guessed."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from lark.exceptions import LarkError
from pydantic import ValidationError

from adjudicator.format.base import MAX_SENTENCES, MAX_TEXT
from adjudicator.format.effects import Sentence, When
from adjudicator.spelling import Folded, fold_widths
from adjudicator.reading.explain import sentence_words
from adjudicator.reading.grammar import parse, spelling
from adjudicator.reading.productions import declare
from adjudicator.reading.refusals import Unread, diagnose
from adjudicator.reading.sentences import SENTENCE_END, Span, split_sentences, with_readers_commas
from adjudicator.reading.values import (ChooseHeader, CounterClause, EffectClause, NotReadable, OnceMore, OrSentence, Part,
                                        PickOnly, SentenceDraft, StepDraft)

MAX_SENTENCE = 160  # characters in one sentence: longer than any card's sentence (and its refusal is probed clause by clause)
IT_IS_THE_PICK = declare("it_is_the_pick", ("7.2.3", "8.4.1"), "「…を選ぶ。…それ…」: 「それ」 is the card chosen just before")
WHOSE_ATTACK = declare("whose_attack", ("10.6.2", "11.2.4"), "「攻撃しているカード」 of an effect that answers an attack "
                       "(「これが攻撃された時」, a counter event) is the opponent's; of 「これが攻撃した時」, one's own")
OPTIONS_LISTED = declare("options_listed", "6.5.7", "「次のn個から…選ぶ。「A」「B」…」: each 「」 is one option, read as a sentence")
TRIGGERING_CARD = declare("triggering_card", ("7.2.3", "10.1.9"), "「相手のカードが召喚された時、そのカードを…」: the card the trigger "
                          "names is the one 「それ」 points to in the sentence that follows it")
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
    shared_with: tuple[str, ...] = ()  # 「この効果は他の｛〇〇｝と合わせて1つの効果となる」 (6.12.1): of the effect
    once_per_turn_by_name: bool = False  # 「この効果は他のカードも含めて1ターンに1度しか発動できない」 (6.11.6)
    respelled: tuple[tuple[int, int, str, str], ...] = ()  # typed spans read in the rulebook's spelling (adjudicator.spelling)

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
            "shared_with": list(self.shared_with),
            "once_per_turn_by_name": self.once_per_turn_by_name,
            "respelled": [{"start": start, "end": end, "typed": typed, "read_as": read}
                          for start, end, typed, read in self.respelled],
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
    clause: EffectClause = EffectClause()
    pick: tuple[PickOnly, Span, Part] | None = None
    header: tuple[ChooseHeader, Span, Part] | None = None
    last_read: Span | None = None  # the sentence just before, when it was read (「または」 joins it)


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
    folded = spelling().fold(fold_widths(text))  # the rulebook's spelling; offsets map back to the typed text
    words = with_readers_commas(folded.text)
    spans = split_sentences(words)
    if len(spans) > MAX_SENTENCES:
        raise TextTooLong(f"文が多すぎる（{MAX_SENTENCES}文まで）")
    out = _Assembly(words)
    for number, span in enumerate(spans):
        _read_sentence(out, span, first=number == 0)
    if out.pick is not None:
        _, span, _ = out.pick
        out.unread.append(diagnose(span, False, "選んだカードを次の文が「それ」と呼んでいない"))
    if out.header is not None:
        out.unread.append(diagnose(out.header[1], False, "候補の「」が続いていない"))
    _name_the_attacker(out)
    _name_the_triggering_card(out)
    if len(out.sentences) > 1:
        out.cites.update(dict.fromkeys(SENTENCE_END.clauses))
    return Reading(text, out.when, tuple(out.sentences), _typed_unread(folded, out.unread), tuple(out.cites),
                   _typed_explanation(folded, out.explanation), out.counter, out.clause.shared_with,
                   out.clause.once_per_turn_by_name, folded.changes())


def typed_sentences(text: str) -> list[Span]:
    """The sentences of ``text`` as the reader cuts them (after its spelling folds: 「．」 ends one too), as offsets
    into the text as typed, with the words as typed."""
    folded = spelling().fold(fold_widths(text))
    spans = [folded.typed_span(span.start, span.end) for span in split_sentences(with_readers_commas(folded.text))]
    return [Span(start, end, text[start:end]) for start, end in spans]


def _typed_unread(folded: Folded, unread: list[Unread]) -> tuple[Unread, ...]:
    """The unread spans as offsets into the text as typed, with the words as typed."""
    spans = [(folded.typed_span(u.start, u.end), u) for u in unread]
    return tuple(Unread(start, end, folded.typed[start:end], u.why, u.kind) for (start, end), u in spans)


def _typed_explanation(folded: Folded, explanation: list[ExplainedSentence]) -> tuple[ExplainedSentence, ...]:
    return tuple(ExplainedSentence(e.index, e.text_ja, e.cites, *folded.typed_span(e.start, e.end)) for e in explanation)


def _read_sentence(out: _Assembly, span: Span, first: bool) -> None:
    last, out.last_read = out.last_read, None
    if out.header is not None:
        _read_options(out, span)
        return
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
    if isinstance(value, EffectClause):
        out.clause = EffectClause(out.clause.shared_with + value.shared_with,
                                  out.clause.once_per_turn_by_name or value.once_per_turn_by_name)
        out.cites.update(dict.fromkeys(part.cites))
        return
    if isinstance(value, PickOnly):
        _drop_pick(out, "次の文もカードを選んでいて、この文で選んだカードを使う文がない")
        out.pick = (value, span, part)
        return
    if isinstance(value, ChooseHeader):
        _drop_pick(out)
        out.header = (value, span, part)
        return
    if isinstance(value, OnceMore):
        _once_more(out, span, last, part.cites)
        return
    if isinstance(value, OrSentence):
        _join_or(out, span, last, value, part.cites)
        return
    _add_sentence(out, span, first, value, part.cites)


def _join_or(out: _Assembly, span: Span, last: Span | None, value: OrSentence, cites: tuple[str, ...]) -> None:
    """「Aする。またはBする。」: the sentence before and this one become one choice of a side (10.1.6, 7.3.10)."""
    before = out.sentences[-1] if out.sentences and last is not None and out.pick is None else None
    if before is None or before.then or before.if_ is not None or before.optional:
        _refuse(out, span, False, "「または」の前に、条件も「その後」もない読めた文がない")
        return
    words = _option_words(span.text)
    steps = [step.dump() for step in value.draft.steps]
    if value.same_cards:
        steps = _on_the_same_cards(before, value.draft.steps)
        if steps is None:
            _refuse(out, span, False, "「または全て」の前の文が、全てのカードに一つの処理をする文でない")
            return
    first_step = before.do[0]
    if len(before.do) == 1 and first_step.kind == "choose_effects" and first_step.choose_effects.or_:
        spec = first_step.choose_effects.model_dump(mode="json", by_alias=True, exclude_defaults=True)
        spec["options"].append({"text": words, "do": steps})
    else:
        dumped = [step.model_dump(mode="json", by_alias=True, exclude_defaults=True) for step in before.do]
        first_side = out.text[last.start:last.end]
        if len(out.sentences) == 1 and out.when is not None:  # the trigger is the effect's, not the option's
            first_side = first_side.split("、", 1)[-1]
        spec = {"options": [{"text": _option_words(first_side), "do": dumped}, {"text": words, "do": steps}], "or": True}
    try:
        model = Sentence.model_validate({"do": [{"choose_effects": spec}]})
    except ValidationError as error:
        _refuse(out, span, False, f"形式に収まらない: {error.errors()[0]['msg']}")
        return
    old = out.explanation[-1]
    joined = tuple(dict.fromkeys((*old.cites, *cites)))
    out.sentences[-1] = model
    out.explanation[-1] = ExplainedSentence(old.index, sentence_words(model), joined, old.start, span.end)
    out.cites.update(dict.fromkeys(joined))
    out.last_read = Span(last.start, span.end, out.text[last.start:span.end])


def _on_the_same_cards(before: Sentence, steps: list[StepDraft]) -> list[dict[str, Any]] | None:
    """The steps of 「または全てBする」 done to every card the one step of the sentence before is done to (7.3.10);
    None when that sentence is not one step on every matching card (「…を全てAする」)."""
    if len(before.do) != 1:
        return None
    (kind, spec), = before.do[0].model_dump(mode="json", by_alias=True, exclude_defaults=True).items()
    if kind == "choose_effects" or not isinstance(spec, dict) or spec.get("all") is not True:
        return None
    return [StepDraft(step.kind, dict(spec), step.timed).dump() for step in steps]


def _once_more(out: _Assembly, span: Span, last: Span | None, cites: tuple[str, ...]) -> None:
    """「もう一度行う。」: the sentence just before, again, as a sentence of its own (2.3.5)."""
    if last is None or not out.sentences or out.pick is not None:
        _refuse(out, span, False, "「もう一度」の前に読めた文がない")
        return
    model = out.sentences[-1]
    ordered = tuple(dict.fromkeys((*out.explanation[-1].cites, *cites)))
    out.cites.update(dict.fromkeys(ordered))
    out.explanation.append(ExplainedSentence(len(out.sentences), sentence_words(model), ordered, span.start, span.end))
    out.sentences.append(model)
    out.last_read = span


def _option_words(words: str) -> str:
    return words.removeprefix("または").lstrip("、").strip()


def _read_options(out: _Assembly, span: Span) -> None:
    """The 「」 options after 「次のn個からk個を選ぶ。」, each read as a sentence of plain steps (6.5.7)."""
    header, header_span, header_part = out.header
    out.header = None
    items = re.findall(r"「([^「」]*)」", span.text)
    whole = Span(header_span.start, span.end, out.text[header_span.start:span.end])
    if re.sub(r"「[^「」]*」", "", span.text).strip() or len(items) != header.options:
        out.unread.append(diagnose(whole, False, f"{header.options}個の「」の候補として読めない"))
        return
    options, cites = [], dict.fromkeys((*header_part.cites, *OPTIONS_LISTED.clauses))
    for item in items:
        try:
            part = parse(item)
        except (LarkError, NotReadable):
            part = None
        draft = part.value if part is not None else None
        if not isinstance(draft, SentenceDraft) or draft.trigger or draft.then or draft.condition or draft.optional:
            offset = span.start + span.text.index(f"「{item}」") + 1
            out.unread.append(diagnose(Span(offset, offset + len(item), item), False, None))
            return
        options.append({"text": item, "do": [step.dump() for step in draft.steps]})
        cites.update(dict.fromkeys(part.cites))
    spec: dict[str, Any] = {"options": options}
    if header.count != 1:
        spec["count"] = header.count
    model = Sentence.model_validate({"do": [{"choose_effects": spec}]})
    ordered = tuple(cites)
    out.cites.update(dict.fromkeys(ordered))
    out.explanation.append(ExplainedSentence(len(out.sentences), sentence_words(model), ordered, whole.start, whole.end))
    out.sentences.append(model)
    out.last_read = None


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
    out.last_read = span


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


def _name_the_triggering_card(out: _Assembly) -> None:
    """「それ」 in the trigger's own sentence, when the trigger names a card other than this one, is that card (7.2.3)."""
    when = out.when
    if when is None or when.event is None or when.card == "self" or not out.sentences:
        return
    data = out.sentences[0].model_dump(mode="json", by_alias=True, exclude_defaults=True)
    if "if" in data or not _mentions(data["do"], {"it": True}):
        return
    model = Sentence.model_validate(_replaced(data, {"it": True}, {"trigger": True}))
    out.sentences[0] = model
    old = out.explanation[0]
    cites = tuple(dict.fromkeys((*old.cites, *TRIGGERING_CARD.clauses)))
    out.explanation[0] = ExplainedSentence(old.index, sentence_words(model), cites, old.start, old.end)
    out.cites.update(dict.fromkeys(TRIGGERING_CARD.clauses))


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
