"""Which parts of a clause's text the query matched, and a short excerpt around them.

Whoosh's own highlighter works on index tokens; for overlapping bigrams that marks half-words. Here the
query's words (its phrases, its content words and its rulebook-word synonyms) are looked up in the
NFKC-folded clause text and mapped back onto the original characters.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from adjudicator.search.analysis import normalize

SNIPPET_LENGTH = 120
_MAX_NEEDLES = 40

# A piece of an excerpt and whether the query matched it: ``(text, matched)``. A plain tuple, not a named tuple
# or a dataclass: the result cache keeps about 160,000 of them, and the garbage collector stops tracking an exact
# tuple of strings and booleans the first time it meets one, so a full collection no longer walks them (a named
# tuple stays tracked for its life; bench/gc_pauses.py measures the pause).
Segment = tuple[str, bool]


@dataclass(frozen=True)
class Excerpt:
    segments: tuple[Segment, ...]

    @property
    def text(self) -> str:
        return "".join(text for text, _ in self.segments)

    @property
    def highlights(self) -> list[str]:
        """The marked pieces, in order."""
        return [text for text, matched in self.segments if matched]


@dataclass(frozen=True)
class FoldedText:
    """A text, the same folded (NFKC, lower case), and for each folded character its offset in ``text``.

    Folding goes character by character; a clause's is computed once, when the search is built
    (:func:`excerpt_source`), not for every hit of every search.
    """

    text: str
    folded: str
    origin: tuple[int, ...]


def fold(text: str) -> FoldedText:
    folded: list[str] = []
    origin: list[int] = []
    for offset, char in enumerate(text):
        piece = normalize(char)
        folded.append(piece)
        origin.extend([offset] * len(piece))
    return FoldedText(text, "".join(folded), tuple(origin))


def excerpt_source(text: str) -> FoldedText:
    """What :func:`excerpt` cuts from: ``text`` with its whitespace collapsed, folded."""
    return fold(" ".join(text.split()))


class Needles(tuple):
    """What to look for, folded, each once, at most ``_MAX_NEEDLES``: prepared once for every hit of a search."""

    __slots__ = ()

    @classmethod
    def of(cls, needles: Iterable[str]) -> Needles:
        if isinstance(needles, Needles):
            return needles
        return cls(list(dict.fromkeys(normalize(needle) for needle in needles if needle.strip()))[:_MAX_NEEDLES])


def matched_spans(text: str | FoldedText, needles: Iterable[str]) -> list[tuple[int, int]]:
    """Merged (start, end) spans of ``text`` where any needle occurs (case- and width-insensitive)."""
    source = text if isinstance(text, FoldedText) else fold(text)
    origin, find = source.origin, source.folded.find
    spans: list[tuple[int, int]] = []
    for needle in Needles.of(needles):
        start = find(needle)
        if start < 0:  # most needles: one search of the text
            continue
        size = len(needle)
        while start >= 0:
            spans.append((origin[start], origin[start + size - 1] + 1))
            start = find(needle, start + size)
    if len(spans) < 2:
        return spans
    spans.sort()
    merged: list[tuple[int, int]] = [spans[0]]
    for start, end in spans[1:]:
        last_start, last_end = merged[-1]
        if start <= last_end:
            merged[-1] = (last_start, max(end, last_end))
        else:
            merged.append((start, end))
    return merged


def excerpt(text: str | FoldedText, needles: Iterable[str], length: int = SNIPPET_LENGTH) -> Excerpt:
    """About ``length`` characters of ``text`` around its first match, matches marked.

    ``text`` is a clause's text, or its :func:`excerpt_source` computed beforehand.
    """
    source = text if isinstance(text, FoldedText) else excerpt_source(text)
    text = source.text
    spans = matched_spans(source, needles)
    start = 0
    if spans and spans[0][0] > length // 3:
        start = spans[0][0] - length // 3
    end = min(len(text), start + length)
    segments: list[Segment] = []
    if start > 0:
        segments.append(("…", False))
    cursor = start
    for span_start, span_end in spans:
        if span_end <= start or span_start >= end:
            continue
        span_start, span_end = max(span_start, start), min(span_end, end)
        if span_start > cursor:
            segments.append((text[cursor:span_start], False))
        segments.append((text[span_start:span_end], True))
        cursor = span_end
    if cursor < end:
        segments.append((text[cursor:end], False))
    if end < len(text):
        segments.append(("…", False))
    return Excerpt(tuple(segments))
