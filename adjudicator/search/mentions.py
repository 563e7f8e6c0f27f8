"""Clause numbers inside free text: ``11.2.2 ブロック``, ``6.7.1とは``, ``10.6.2‐8``, ``101.4 a``, ``dm:101.4a``,
``6-7-1`` (dashes for dots).

A number people type in a question names the clause they are asking about, so the search pins it first
instead of matching its digits as words. This module only finds the mentions and says which book a prefix
asks for; whether a book has that clause is the engine's question (it knows the books in scope).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from adjudicator.rulebook.numbers import normalize_ref
from adjudicator.search.analysis import normalize

# Book prefixes people write before a number. ``dm`` is the prefix the gold files and the JSON use.
BOOK_PREFIXES = {"dm": "duel-masters", "duel-masters": "duel-masters", "hi-story": "hi-story", "hs": "hi-story"}

# After NFKC (full-width digits and stops are ASCII, ① is 1). Dashes people type between a clause and its
# list item: ASCII, the Unicode hyphens and dashes, the minus sign and the katakana long-vowel mark.
_DASHES = "-‐‑‒–—―−ー"
_NUMBER = re.compile(
    r"(?<![0-9a-z.])"
    r"(?:(?P<prefix>dm|duel-masters|hi-story|hs)\s*:\s*)?"
    r"(?P<number>\d+(?:\s*\.\s*\d+)+(?:\s?[a-z](?![a-z]))?)"
    rf"(?:\s*(?:[{_DASHES}]|の)\s*(?P<item>\d+)(?![\d.]))?"
    r"(?![0-9]|\s*[倍%割])"  # 1.5倍 is a quantity, not clause 1.5
    r"|(?<![0-9a-z])第\s*(?P<chapter>\d+)\s*章"
    # 6-7-1 for 6.7.1 (and 10-6-2-5 for the item 10.6.2-5): three or four numbers joined by dashes only.
    r"|(?<![0-9a-z.\-‐‑‒–—―−])(?P<dashed>\d{1,3}(?:[-‐‑‒–—―−]\d{1,3}){2,3})(?![0-9.\-‐‑‒–—―−])"
)
_DASH = re.compile("[-‐‑‒–—―−]")


@dataclass(frozen=True)
class Mention:
    """A clause number as typed (``surface``), its canonical id, and the book a prefix named (or None)."""

    surface: str
    ref: str
    book: str | None
    start: int
    end: int

    def variants(self) -> tuple[str, ...]:
        """Ids to try in order: ``101.4 a`` may be 101.4a, or 101.4 followed by a word that starts with a."""
        shorter = re.sub(r"[a-z]$", "", self.ref.split("-")[0])
        return tuple(dict.fromkeys((self.ref, shorter) if shorter != self.ref and "-" not in self.ref else (self.ref,)))


def find_mentions(text: str) -> tuple[Mention, ...]:
    """Every clause, item or chapter number in ``text``, in order. Offsets are into ``normalize(text)``."""
    folded = normalize(text)
    mentions = []
    for match in _NUMBER.finditer(folded):
        if match.group("chapter"):
            ref = f"ch{int(match.group('chapter'))}"
        elif match.group("dashed"):
            parts = _DASH.split(match.group("dashed"))
            ref = normalize_ref(".".join(parts[:3]) + (f"-{parts[3]}" if len(parts) > 3 else ""))
        else:
            number = re.sub(r"\s+", "", match.group("number"))
            ref = normalize_ref(f"{number}-{match.group('item')}" if match.group("item") else number)
        prefix = match.group("prefix")
        mentions.append(Mention(match.group(0), ref, BOOK_PREFIXES.get(prefix) if prefix else None,
                                match.start(), match.end()))
    return tuple(mentions)


def without_mentions(text: str, mentions: tuple[Mention, ...]) -> str:
    """``normalize(text)`` with the mentions cut out, so their digits are not searched as words."""
    folded = normalize(text)
    for mention in reversed(mentions):
        folded = folded[: mention.start] + " " + folded[mention.end :]
    return " ".join(folded.split())
