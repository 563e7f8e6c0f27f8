"""What a person typed, made safe to search: capped, quotes read as phrases, operators and wildcards inert.

The search builds its Whoosh query from this object directly, never through Whoosh's query-language
parser, so no input can be a syntax error: unbalanced quotes, ``AND OR``, ``*`` and ``？`` are just text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

MAX_QUERY_LENGTH = 200

# 「」 and 『』 are the rulebook's own quotes; ASCII and typographic double quotes are what people paste.
_PHRASE = re.compile(r"「([^「」]*)」|『([^『』]*)』|\"([^\"]*)\"|“([^“”]*)”")
_STRAY_QUOTES = re.compile(r"[「」『』\"“”]")
# Query-language operators people type out of habit; they would otherwise be searched as words.
_OPERATORS = re.compile(r"(?<![A-Za-z])(?:AND|OR|NOT)(?![A-Za-z])|&&|\|\|")


@dataclass(frozen=True)
class ParsedQuery:
    """``text`` is what is searched (after the length cap); ``phrases`` must each occur verbatim."""

    text: str
    phrases: tuple[str, ...]
    words: str
    truncated: bool

    @property
    def is_empty(self) -> bool:
        return not self.phrases and not self.words.strip()


def parse_query(raw: str) -> ParsedQuery:
    """Split ``raw`` into quoted phrases and free words; never fails."""
    text = " ".join(raw.split())
    truncated = len(text) > MAX_QUERY_LENGTH
    text = text[:MAX_QUERY_LENGTH]
    phrases = tuple(
        phrase.strip()
        for match in _PHRASE.finditer(text)
        if (phrase := next(group for group in match.groups() if group is not None)).strip()
    )
    rest = _PHRASE.sub(" ", text)
    rest = _STRAY_QUOTES.sub(" ", rest)
    rest = _OPERATORS.sub(" ", rest)
    return ParsedQuery(text=text, phrases=phrases, words=" ".join(rest.split()), truncated=truncated)
