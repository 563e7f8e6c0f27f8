"""As-you-type suggestions from memory: what the live search box shows while a person types.

The box asks once per pause in typing; the full ranking (:mod:`adjudicator.search.engine`) runs only when the
person submits. A prefix is answered from a small index built once per process, before the first request,
with no Whoosh scoring and no MeCab: the clause numbers (``6.7`` → 6.7, 6.7.1, …), the chapter, section and
clause titles, the terms the rulebooks define, the player words the glossary reads as rulebook words
(タップ → レスト), the rulebook's quoted phrases (「その後」) and its frequent noun phrases (召喚フェーズ),
each noun phrase also under its reading in hiragana (てふだ → 手札).

Entries are kept best first (by kind, then by how often the book prints them) in one string per book, one line
each, so a prefix is found by ``str.find`` in C: first the lines that begin with it, then those that contain
it. Text that matches no line as a whole (a question being typed) is matched by its runs of kanji, katakana or
letters, the last first (手札が0枚のとき → 手札).
"""

from __future__ import annotations

import bisect
import functools
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from adjudicator.morphology import ThreadTaggers
from adjudicator.rulebook import Rulebook
from adjudicator.search.analysis import features, normalize
from adjudicator.search.documents import SEARCHABLE_KINDS, defined_terms
from adjudicator.search.glossary import Glossary
from adjudicator.spelling import TERM_READINGS, katakana

MAX_SUGGESTIONS = 8
MAX_PREFIX = 40  # characters of the typed text looked at: past this it is a question, not a prefix
# Entry kinds, in the order they are offered when they match equally well: a defined term leads to the clause
# that defines it (その後 → 6.7.1), a title to its section (6.7).
KINDS = ("number", "term", "title", "word", "phrase")
_QUOTED = re.compile(r"「([^「」〇〜]{2,12})」")
_RUN = re.compile(r"[\u4e00-\u9fff々\u30a1-\u30ffーA-Za-z0-9]{2,}")
_NUMBER = re.compile(r"^\d+(?:\.\d*[a-z]?)*$")
_MIN_PHRASE_COUNT = 2  # a noun phrase printed once is not frequent
_MAX_PHRASE = 12
_TAGGERS = ThreadTaggers()


@dataclass(frozen=True)
class Suggestion:
    """One line of the live box: ``label`` as shown; a clause (``book``, ``node_id``) or a search (``query``)."""

    kind: str
    label: str
    key: str  # what the typed text is matched against (folded, no line break)
    book: str
    node_id: str | None = None
    query: str | None = None
    weight: int = 0  # how often the book prints it: the most printed first

    def as_json(self, typed: str = "") -> dict:
        """``exact``: a clause number typed in full (the box offers to go there)."""
        return {"kind": self.kind, "label": self.label, "book": self.book, "id": self.node_id, "query": self.query,
                "exact": self.kind == "number" and self.key == " ".join(normalize(typed).split())}


class _Lines:
    """Entries as the lines of one string, best first, and where each line starts."""

    def __init__(self, entries: list[Suggestion]):
        self.entries = entries
        self.text = "".join(f"\n{entry.key}" for entry in entries)
        self.starts = []
        at = 0
        for entry in entries:
            self.starts.append(at)
            at += len(entry.key) + 1

    def find(self, typed: str, prefix: bool, limit: int) -> list[Suggestion]:
        needle = "\n" + typed if prefix else typed
        found, at = [], self.text.find(needle)
        while at >= 0 and len(found) < limit:
            line = bisect.bisect_right(self.starts, at if prefix else at - 1) - 1
            found.append(self.entries[line])
            at = self.text.find(needle, self.starts[line + 1] if line + 1 < len(self.starts) else len(self.text))
        return found


class SuggestionIndex:
    """Every entry of the books, matched by prefix first, then anywhere in the entry."""

    def __init__(self, entries: Iterable[Suggestion], book_order: tuple[str, ...]):
        unique = list({(e.kind, e.key, e.book, e.node_id, e.query): e for e in entries if e.key}.values())
        numbers = sorted((e for e in unique if e.kind == "number"), key=lambda e: book_order.index(e.book))
        words = sorted((e for e in unique if e.kind != "number"),
                       key=lambda e: (KINDS.index(e.kind), -e.weight, len(e.key), book_order.index(e.book)))
        self._count = len(unique)
        self._lines = {
            (book, number): _Lines([e for e in (numbers if number else words) if book in (None, e.book)])
            for book in (None, *book_order) for number in (True, False)
        }
        self.suggest = functools.lru_cache(maxsize=4096)(self._suggest)

    @classmethod
    def for_books(cls, books: Iterable[Rulebook], glossary: Glossary) -> SuggestionIndex:
        books = tuple(books)
        entries = [entry for book in books for entry in _book_entries(book)]
        entries += [entry for book in books for entry in _phrase_entries(book)]
        entries += [Suggestion("word", f"{entry.word} → {'・'.join(entry.terms)}", entry.word, books[0].id,
                               query=entry.word) for entry in glossary.entries if entry.source == "TCG"]
        return cls(entries, tuple(book.id for book in books))

    def __len__(self) -> int:
        return self._count

    def _suggest(self, text: str, book: str | None = None, limit: int = MAX_SUGGESTIONS) -> tuple[Suggestion, ...]:
        """At most ``limit`` entries for ``text`` (``book`` None: every book's); unknown books have none."""
        typed = " ".join(normalize(text)[:MAX_PREFIX].split())
        if not typed or (book is not None and (book, False) not in self._lines):
            return ()
        number = bool(_NUMBER.match(typed))
        found = self._matching(typed, book, number, limit)
        if not found and not number:
            for run in reversed(_RUN.findall(typed)):
                found = self._matching(run, book, False, limit)
                if found:
                    break
        return tuple(found)

    def _matching(self, typed: str, book: str | None, number: bool, limit: int) -> list[Suggestion]:
        lines = self._lines[(book, number)]
        found = lines.find(typed, prefix=True, limit=limit * 2)
        if not number:
            found += lines.find(typed, prefix=False, limit=limit * 3)
        kept, seen = [], set()
        for entry in found:
            target = (entry.book, entry.node_id) if entry.node_id else ("", entry.query)
            if target not in seen:
                seen.add(target)
                kept.append(entry)
        return kept[:limit]


def _book_entries(book: Rulebook) -> Iterable[Suggestion]:
    for node in book.walk():
        if node.kind == "item":
            continue
        yield Suggestion("number", _label(node), normalize(node.id), book.id, node.id)
        if node.title:
            yield Suggestion("title", _label(node), _folded(node.title).strip("「」（）()"), book.id, node.id)
        if node.kind in SEARCHABLE_KINDS and node.text.strip():
            ancestors = book.heading_path(node.id)[:-1]
            siblings = ancestors[-1].children if ancestors else ()
            earlier = tuple(book.get(sibling) for sibling in siblings[: siblings.index(node.id)] if book.get(sibling))
            for term in defined_terms(node, ancestors, earlier):
                yield Suggestion("term", f"{node.number} {term}", _folded(term), book.id, node.id)


def _phrase_entries(book: Rulebook) -> list[Suggestion]:
    """The book's quoted phrases and its noun phrases printed more than once, each a search for itself, the
    most printed first; a noun phrase also under its reading."""
    quoted: Counter = Counter()
    nouns: Counter = Counter()
    readings: dict[str, str] = {}
    for node in book.walk():
        text = normalize(node.text)
        quoted.update(set(_QUOTED.findall(text)))
        for surface, reading in _noun_phrases(text):
            nouns[surface] += 1
            readings.setdefault(surface, reading)
    entries = [Suggestion("phrase", f"「{phrase}」", _folded(phrase), book.id, query=f"「{phrase}」", weight=count)
               for phrase, count in quoted.items()]
    for phrase, count in nouns.items():
        if count < _MIN_PHRASE_COUNT or phrase in quoted:
            continue
        entries.append(Suggestion("phrase", phrase, _folded(phrase), book.id, query=phrase, weight=count))
        reading = _hiragana(TERM_READINGS.get(phrase) or readings[phrase])
        if reading and reading != phrase:
            entries.append(Suggestion("phrase", phrase, reading, book.id, query=phrase, weight=count))
    return entries


def _noun_phrases(text: str) -> Iterable[tuple[str, str]]:
    """(surface, katakana reading) of each run of nouns (召喚フェーズ, 山札の上 is two), without numbers."""
    surface, reading = "", ""
    for word in [*_TAGGERS.get()(text), None]:
        feature = features(word) if word is not None else ()
        noun = word is not None and feature[0] == "名詞" and feature[1] not in ("数", "代名詞", "非自立", "接尾")
        if noun and not word.white_space and len(surface) + len(word.surface) <= _MAX_PHRASE:
            surface += word.surface
            reading += feature[7] if len(feature) > 7 and feature[7] != "*" else katakana(word.surface)
            continue
        if len(surface) >= 2 and _RUN.fullmatch(surface):
            yield surface, reading
        surface, reading = (word.surface, "") if noun else ("", "")
        if noun:
            reading = feature[7] if len(feature) > 7 and feature[7] != "*" else katakana(word.surface)


def _hiragana(reading: str) -> str:
    return "".join(chr(ord(char) - 0x60) if "\u30a1" <= char <= "\u30f6" else char for char in reading)


def _folded(text: str) -> str:
    return " ".join(normalize(text).split())


def _label(node) -> str:
    if node.title:
        return f"{node.number} {node.title}"
    text = " ".join(node.text.split())
    return f"{node.number} {text[:24]}{'…' if len(text) > 24 else ''}"
