"""A clause's text in two releases, word by word: what was kept, deleted and inserted.

Japanese has no spaces between words, so the words are MeCab's (IPADIC); the whitespace between them is kept
as words of its own, so the pieces of each side join back into that side's text exactly.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Literal

from adjudicator.morphology import ThreadTaggers

_TAGGERS = ThreadTaggers()
# A rule number inside a text (6.7.4, 10.6.2, 104.2c, 第4章): what a renumbering changes in other clauses.
_NUMBER = re.compile(r"第?[0-9０-９]+(?:[.．][0-9０-９]+)*[a-z]?(?:章)?")
MAX_DIFF_CHARS = 20_000  # a clause is at most a few hundred characters; longer text is compared as one piece

Operation = Literal["equal", "delete", "insert"]


@dataclass(frozen=True)
class Piece:
    """A run of words the two texts share (``equal``), or that only the old (``delete``) or new has."""

    op: Operation
    text: str


def words(text: str) -> list[str]:
    """The text as words, and the whitespace between them: ``"".join(words(t)) == t``. A rule number
    (``6.7.4``) is one word, so a renumbered reference shows as one number replaced by another."""
    if len(text) > MAX_DIFF_CHARS:
        return [text]
    out, cursor = [], 0
    for number in _NUMBER.finditer(text):
        out += _mecab_words(text[cursor:number.start()])
        out.append(number.group())
        cursor = number.end()
    return out + _mecab_words(text[cursor:])


def _mecab_words(text: str) -> list[str]:
    out, cursor = [], 0
    for word in _TAGGERS.get()(text):
        start = text.find(word.surface, cursor)
        if start < 0:  # MeCab normalised something it read: keep the rest whole rather than lose characters
            break
        if start > cursor:
            out.append(text[cursor:start])
        out.append(word.surface)
        cursor = start + len(word.surface)
    if cursor < len(text):
        out.append(text[cursor:])
    return out


def word_diff(old: str, new: str) -> tuple[Piece, ...]:
    """The pieces that turn ``old`` into ``new``: the equal and deleted ones give ``old`` back, the equal and
    inserted ones ``new``."""
    before, after = words(old), words(new)
    pieces: list[Piece] = []
    matcher = difflib.SequenceMatcher(None, before, after, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            pieces.append(Piece("equal", "".join(before[i1:i2])))
            continue
        if i2 > i1:
            pieces.append(Piece("delete", "".join(before[i1:i2])))
        if j2 > j1:
            pieces.append(Piece("insert", "".join(after[j1:j2])))
    return tuple(pieces)


def similarity(old: str, new: str) -> float:
    """How alike two texts are, 0 to 1 (difflib's ratio over their characters)."""
    return difflib.SequenceMatcher(None, old, new, autojunk=False).ratio()


def containment(part: str, whole: str) -> float:
    """How much of ``part`` appears, in order, inside ``whole`` (0 to 1): a piece split off a clause, or a
    clause merged into another, is mostly contained in the other release's text."""
    if not part:
        return 0.0
    blocks = difflib.SequenceMatcher(None, part, whole, autojunk=False).get_matching_blocks()
    return sum(block.size for block in blocks) / len(part)


def without_numbers(text: str) -> str:
    """The text with every rule number blanked: two texts equal this way differ only by renumbering."""
    return _NUMBER.sub("#", text)
