"""The gallery people see: curated examples (``scenarios/gallery.toml``) grouped by the rulebook's chapters
and topics, each with its question and its verdict, and a filter over them.

The corpus (every file under ``scenarios/``) stays for the tests and for ``/scenarios/<name>``; the
gallery only names files from it, and a name that is not a file is an error at start, not a broken card.
"""

from __future__ import annotations

import tomllib
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from adjudicator.engine import resolve
from adjudicator.reading import load_scenario
from adjudicator.search import corpus
from adjudicator.web.rulings.trace_views import verdict

GALLERY_FILE = "gallery.toml"
MAX_FILTER_CHARS = 100


@dataclass(frozen=True)
class GalleryCard:
    name: str
    title: str
    question: str
    legal: bool
    summary: str      # what happened (or the verdict when nothing changed)
    status: str       # 「すべての行動が認められます」 / 「認められない行動があります」
    clauses: tuple[str, ...]

    @property
    def search_text(self) -> str:
        return normalize(" ".join((self.title, self.question, self.summary, self.status, *self.clauses)))


@dataclass(frozen=True)
class GalleryGroup:
    anchor: str       # "group-3": its place in the gallery file, stable across filters
    title: str
    topic: str
    chapter: str
    cards: tuple[GalleryCard, ...]

    @property
    def search_text(self) -> str:
        return normalize(f"{self.title} {self.topic}")


def normalize(text: str) -> str:
    """One form for matching: full-width digits and letters as half-width, lower case (NFKC)."""
    return unicodedata.normalize("NFKC", text).casefold()


@lru_cache(maxsize=2)
def gallery(root: Path) -> tuple[GalleryGroup, ...]:
    data = tomllib.loads((root / GALLERY_FILE).read_text(encoding="utf-8"))
    names = [str(name) for group in data["groups"] for name in group["scenarios"]]
    # Each card is a resolve: made once per corpus and code, in the master before the fork (search/corpus.py).
    cards = iter(corpus.kept("gallery", root, lambda: [_card_row(root, name) for name in names],
                             lambda rows: _cards(names, rows)))
    return tuple(
        GalleryGroup(f"group-{index + 1}", str(group["title"]), str(group.get("topic", "")),
                     str(group.get("chapter", "")), tuple(next(cards) for _ in group["scenarios"]))
        for index, group in enumerate(data["groups"])
    )


def _card_row(root: Path, name: str) -> list:
    scenario = load_scenario((root / f"{name}.yaml").read_text(encoding="utf-8"))
    trace = resolve(scenario)
    found = verdict(trace)
    return [name, trace.title or name, trace.question or "", found.legal, found.summary, found.headline,
            list(found.main_clauses[:4])]


def _cards(names: list[str], rows: list) -> list[GalleryCard]:
    cards = [GalleryCard(name, title, question, legal, summary, status, tuple(clauses))
             for name, title, question, legal, summary, status, clauses in rows]
    if [card.name for card in cards] != names or not all(
            isinstance(card.legal, bool) and all(isinstance(text, str) for text in (
                card.title, card.question, card.summary, card.status, *card.clauses)) for card in cards):
        raise ValueError("not the gallery's cards")
    return cards


def filtered(groups: tuple[GalleryGroup, ...], query: str) -> tuple[GalleryGroup, ...]:
    """The groups whose cards match every word of ``query`` (a group's own title matches all its cards)."""
    words = normalize(query[:MAX_FILTER_CHARS]).split()
    if not words:
        return groups
    out = []
    for group in groups:
        cards = tuple(card for card in group.cards
                      if all(word in card.search_text or word in group.search_text for word in words))
        if cards:
            out.append(GalleryGroup(group.anchor, group.title, group.topic, group.chapter, cards))
    return tuple(out)
