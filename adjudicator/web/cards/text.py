"""A card's pasted effect text, read back sentence by sentence for the builder, before anything resolves.

Each sentence of the text (「。」, 10.1.5) is either read — said back in plain Japanese with the clauses its
reading rests on (the reader's ``explanation``) — or unread, with the words the reader could not read
marked and why. Nothing here reads text itself: it lays out what ``adjudicator.reading.read_effect`` made of
it, so the page, the JavaScript preview and the hand-written form share one reading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from adjudicator import vocabulary
from adjudicator.format.effects import Sentence, When
from adjudicator.reading import Reading, TextTooLong, read_effect, typed_sentences
from adjudicator.reading.explain import condition_words

# A respelled span worth showing: words (kana, kanji, half-width katakana), not a digit's or a stop's width.
_WORDS = re.compile("[\u3041-\u30ff\u4e00-\u9fff\uff66-\uff9d]")


@dataclass(frozen=True)
class SentenceView:
    number: int                          # 1-based, in the text
    text: str                            # as written
    read: bool
    said: str = ""                       # the reading in plain Japanese (read sentences)
    cites: tuple[str, ...] = ()
    sentence: Sentence | None = None
    pieces: tuple[tuple[str, bool], ...] = ()   # the words, True where unread (unread sentences)
    why: tuple[str, ...] = ()


@dataclass(frozen=True)
class TextView:
    text: str
    sentences: tuple[SentenceView, ...]
    trigger: dict[str, Any] | None
    counter: bool
    error: str = ""
    # What was read besides each sentence's doing, one chip each: 「誘発: これが攻撃した時」, 「条件（文1）: …」,
    # 「期間: その攻撃中」, 「カードの性質: 相手の攻撃時にも発動できる」 (issue 27: the judge sees all it read).
    facets: tuple[tuple[str, str], ...] = ()
    respelled: tuple[tuple[str, str], ...] = ()  # (as typed, as read) for each span read in the rulebook's spelling

    @property
    def complete(self) -> bool:
        return not self.error and all(s.read for s in self.sentences)

    @property
    def unread_count(self) -> int:
        return sum(not s.read for s in self.sentences)


def text_view(text: str) -> TextView | None:
    """The reading of ``text`` laid out per sentence; None for a blank text."""
    if not isinstance(text, str) or not text.strip():
        return None
    try:
        reading = read_effect(text)
    except TextTooLong as error:
        return TextView(text, (), None, False, str(error))
    when = reading.when.model_dump(mode="json", by_alias=True, exclude_defaults=True) if reading.when else None
    respelled = tuple(dict.fromkeys((typed, read) for _, _, typed, read in reading.respelled if _WORDS.search(typed)))
    return TextView(text, tuple(_sentences(text, reading)), when, reading.counter, facets=_facets(reading),
                    respelled=respelled)


def _facets(reading: Reading) -> tuple[tuple[str, str], ...]:
    found: list[tuple[str, str]] = []
    if reading.when is not None:
        found.append(("誘発", trigger_words(reading.when)))
    for number, sentence in enumerate(reading.sentences, start=1):
        if sentence.if_ is not None:
            found.append((f"条件（文{number}）", condition_words(sentence.if_)))
    for until in dict.fromkeys(_durations(reading.sentence_dumps())):
        found.append(("期間", vocabulary.DURATIONS.get(until, until)))
    if reading.counter:
        found.append(("カードの性質", "相手の攻撃時にも発動できる"))
    if reading.shared_with:
        found.append(("共有効果", "、".join(reading.shared_with)))
    if reading.once_per_turn_by_name:
        found.append(("制限", "他のカードも含めて1ターンに1度"))
    return tuple(found)


def trigger_words(when: When) -> str:
    """「これが攻撃した時」, 「自分のターンの攻撃フェーズの初めに」: a trigger as the card says it."""
    if when.event is not None:
        events = vocabulary.EVENTS_BEFORE if when.timing == "before" else vocabulary.EVENTS
        return f"{vocabulary.TRIGGER_CARDS[when.card]}が{events.get(when.event, vocabulary.EVENTS.get(when.event, when.event))}"
    phase, edge = (when.phase_start, "初めに") if when.phase_start else (when.phase_end, "終わりに")
    return f"{vocabulary.TURNS[when.turn]}の{vocabulary.PHASES[phase]}の{edge}"


def _durations(node: Any):
    """Every ``until`` in a sentence's data: how long what it does lasts."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "until" and isinstance(value, str):
                yield value
            else:
                yield from _durations(value)
    elif isinstance(node, list):
        for item in node:
            yield from _durations(item)


def _sentences(text: str, reading: Reading) -> list[SentenceView]:
    views = []
    for number, span in enumerate(typed_sentences(text), start=1):  # 「．」 typed for 「。」 ends a sentence too
        explained = next((e for e in reading.explanation if e.start <= span.start and span.end <= e.end), None)
        unread = [u for u in reading.unread if u.start < span.end and span.start < u.end]
        if explained is not None and not unread:
            first_of_merged = explained.start == span.start
            views.append(SentenceView(number, span.text, True, explained.text_ja if first_of_merged else "（前の文と合わせて読んだ）",
                                      explained.cites if first_of_merged else (),
                                      reading.sentences[explained.index] if first_of_merged else None))
        elif unread:
            views.append(SentenceView(number, span.text, False, pieces=_pieces(span, unread), why=tuple(u.why for u in unread)))
        else:
            # Read, but as a property of the card rather than a sentence that does something (11.2.4).
            views.append(SentenceView(number, span.text, True, "カードの性質として読んだ（相手の攻撃時にも発動できる）" if reading.counter else ""))
    return views


def _pieces(span, unread) -> tuple[tuple[str, bool], ...]:
    marks = [False] * len(span.text)
    for u in unread:
        for i in range(max(u.start, span.start), min(u.end, span.end)):
            marks[i - span.start] = True
    pieces: list[tuple[str, bool]] = []
    for char, mark in zip(span.text, marks):
        if pieces and pieces[-1][1] == mark:
            pieces[-1] = (pieces[-1][0] + char, mark)
        else:
            pieces.append((char, mark))
    return tuple(pieces)


def hand_written_sentences(text: str) -> list[dict[str, Any]] | None:
    """The effect's sentences for the hand-written form: every sentence the reader read comes filled in,
    and each unread one is left blank with its words (``source``) to write by hand. None when the text is
    blank or too long to read."""
    view = text_view(text)
    if view is None or view.error:
        return None
    out: list[dict[str, Any]] = []
    for sentence in view.sentences:
        if sentence.sentence is not None:
            out.append(sentence.sentence.model_dump(mode="json", by_alias=True, exclude_defaults=True))
        elif not sentence.read:
            out.append({"source": sentence.text})
    return out
