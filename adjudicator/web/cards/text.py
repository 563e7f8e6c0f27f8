"""A card's pasted effect text, read back sentence by sentence for the builder, before anything resolves.

Each sentence of the text (「。」, 10.1.5) is either read — said back in plain Japanese with the clauses its
reading rests on (the reader's ``explanation``) — or unread, with the words the reader could not read
marked and why. Nothing here reads text itself: it lays out what ``adjudicator.reading.read_effect`` made of
it, so the page, the JavaScript preview and the hand-written form share one reading.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudicator.format.effects import Sentence
from adjudicator.reading import Reading, TextTooLong, read_effect
from adjudicator.reading.sentences import split_sentences


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
    return TextView(text, tuple(_sentences(text, reading)), when, reading.counter)


def _sentences(text: str, reading: Reading) -> list[SentenceView]:
    views = []
    for number, span in enumerate(split_sentences(text), start=1):
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
