"""Which rulebook a question is about, when the person did not choose one.

Read from the question's nouns against the books' own vocabulary: a noun one book prints and the others never
do (クリーチャー, シールド, マナ; ウラ, 事変, 身代わり) is evidence for that book, and so is the book's name
(its title's words, and the short names players use: デュエマ). A noun the glossary reads as a Hi!story word
(タップ → レスト, クリーチャー → 人物カード) is no evidence: players bring those words from other games to
Hi!story questions. The book with the most evidence answers; without any, the first book (the service's
own, Hi!story). The search page says which book answered and offers the other.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from adjudicator.morphology import ThreadTaggers
from adjudicator.rulebook import Rulebook
from adjudicator.search.analysis import features, normalize
from adjudicator.search.glossary import Glossary

# The names players give a book besides its title: a question that names the game names the book.
SHORT_NAMES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "hi-story": ("ヒストリー", "ハイストーリー", "histo"),
    "duel-masters": ("デュエマ", "デュエル・マスターズ", "デュエルマスターズ"),
})
_NOUN_KINDS_SKIPPED = ("数", "代名詞", "非自立", "接尾")
_TITLE_WORD = re.compile(r"[^\s0-9.]{2,}")
_KATAKANA_RUN = re.compile(r"[a-z0-9\u30a1-\u30ffー・]{2,}")
_TAGGERS = ThreadTaggers()


@dataclass(frozen=True)
class BookChoice:
    """The book that answers (``book``), the evidence for it (the question's words), and whether any."""

    book: str
    evidence: tuple[str, ...]

    @property
    def decided(self) -> bool:
        """Whether the question's words chose the book (else the first book answers by default)."""
        return bool(self.evidence)


class BookChooser:
    def __init__(self, books: Iterable[Rulebook], glossary: Glossary):
        books = tuple(books)
        self._order = tuple(book.id for book in books)
        vocabularies = {book.id: {noun for run in _noun_runs("\n".join(node.text for node in book.walk()))
                                  for noun in run} for book in books}
        self._player_words = player_words = frozenset(normalize(entry.word) for entry in glossary.entries)
        self._own: dict[str, frozenset[str]] = {}
        for book in books:
            others = set().union(*(words for other, words in vocabularies.items() if other != book.id))
            self._own[book.id] = frozenset(vocabularies[book.id] - others - player_words)
        self._names = {book.id: tuple(normalize(name) for name in (*SHORT_NAMES.get(book.id, ()),
                                                                    *_title_words(book, books)))
                       for book in books}
        self.choose = functools.lru_cache(maxsize=4096)(self._choose)

    def _choose(self, text: str) -> BookChoice:
        folded = normalize(text)
        # A run the glossary reads as a Hi!story word is no evidence, nor are its parts (アンタップ: アン).
        nouns = {noun for run in _noun_runs(folded) if run[0] not in self._player_words for noun in run}
        named = {book: [name for name in self._names[book] if name in folded] for book in self._order}
        own = {book: sorted(noun for noun in nouns if noun in self._own[book]) for book in self._order}
        # A book named outright wins; else the one with the most nouns of its own; ties go to the earlier book.
        best = max(self._order, key=lambda book: (bool(named[book]), len(own[book]), -self._order.index(book)))
        return BookChoice(best, tuple(dict.fromkeys(named[best] + own[best])))


def _title_words(book: Rulebook, books: tuple[Rulebook, ...]) -> list[str]:
    """The words of the book's title no other title has (Hi!story; デュエル・マスターズ), not 総合ルール."""
    others = " ".join(other.title for other in books if other.id != book.id)
    return [word for word in _TITLE_WORD.findall(book.title) if word not in others]


def _noun_runs(text: str) -> list[tuple[str, ...]]:
    """Each run of nouns (MeCab's) and each run of katakana and letters (S・トリガー, ターン・プレイヤー) in
    ``text``, as (the whole run, its nouns…), the pieces of one letter left out."""
    text = normalize(text)
    runs: list[list[str]] = []
    current: list[str] = []
    for word in [*_TAGGERS.get()(text), None]:
        feature = features(word) if word is not None else ()
        if word is not None and feature[0] == "名詞" and feature[1] not in _NOUN_KINDS_SKIPPED \
                and not (current and word.white_space):
            current.append(word.surface)
            continue
        if current:
            runs.append(current)
        current = [word.surface] if word is not None and feature[0] == "名詞" \
            and feature[1] not in _NOUN_KINDS_SKIPPED else []
    found = [(("".join(run)), *run) for run in runs]
    found += [(run,) for run in _KATAKANA_RUN.findall(text)]
    return [tuple(part for part in dict.fromkeys(run) if len(part) > 1) or (run[0],) for run in found]
