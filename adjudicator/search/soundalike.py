"""Words spelt by their sound: kana for kanji (てふだ → 手札, ばをはなれる → 場を離れる), hiragana for the
rulebook's katakana (しゃっふる → シャッフル, うら → ウラ), and the homophones a Japanese input method offers
in place of the word meant (召還 → 召喚, 専攻 → 先攻).

People type a question on a phone as it sounds, and the input method converts it, not always to the
rulebook's kanji. A span of a query that the rulebook never prints, but whose reading is the reading of a
span the rulebook does print, is read as that span: the query keeps its own words and gains the rulebook's
as alternatives, as the glossary's player words do. The readings come from the rulebook's own text, read by
MeCab with IPADIC, and from ``TERM_READINGS`` for the few game words IPADIC reads otherwise.

A two-kanji compound the rulebook never prints, one kanji off one or two compounds it does print (墓池 →
墓地), is read as those too (``typos``): a slip of the input method that MeCab has no reading for.
"""

from __future__ import annotations

import functools
import re
import threading
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from adjudicator.morphology import ThreadTaggers
from adjudicator.rulebook import Rulebook
from adjudicator.search import corpus
from adjudicator.search.analysis import features, normalize
from adjudicator.search.names import NameFinder
from adjudicator.spelling import TERM_READINGS, is_hiragana as _is_hiragana
from adjudicator.spelling import is_kana as _is_kana, katakana, reading_spans, word_reading

_CONTENT_POS = ("名詞", "動詞", "形容詞", "副詞", "接頭詞")
_QUERY_SPAN = 10  # units (a kana or a kanji word): やまふだへ is five
_MIN_READING = 2  # one mora (ば, て) is too common a sound to stand for a word
_SURFACES_PER_READING = 2
_NEAR_PAIRS = 2
_KANJI_RUN = re.compile("[\u4e00-\u9fff々]{2,}")
_BUILT: dict[tuple[tuple[str, str], ...], SoundAlikes] = {}
_BUILT_LOCK = threading.Lock()
_TAGGERS = ThreadTaggers()  # a query's words and the books' words, one tagger per thread


@dataclass(frozen=True)
class SoundAlike:
    """A span of the query (``word``, as typed after NFKC) read as the rulebook's ``terms``, first printed at
    ``source`` (book:clause)."""

    word: str
    terms: tuple[str, ...]
    source: str


class SoundAlikes:
    """The readings of the rulebook's words, and the spans of a query they read."""

    def __init__(self, readings: dict[str, tuple[str, ...]], sources: dict[str, str], printed: str,
                 names: NameFinder | None = None):
        self._names = names if names is not None else NameFinder.shipped()  # spans never read as another word
        self._readings = readings  # katakana reading → the rulebook's spans with it, most printed first
        self._sources = sources  # span → the first clause that prints it
        self._printed = printed  # every clause's folded text, joined
        # The rulebook's two-kanji pairs, by their first and by their second kanji, most printed first.
        pairs = Counter(run[index:index + 2] for run in _KANJI_RUN.findall(printed) for index in range(len(run) - 1))
        self._pairs = frozenset(pairs)
        self._by_kanji: dict[tuple[int, str], list[str]] = {}
        for pair, _ in pairs.most_common():
            for place in (0, 1):
                self._by_kanji.setdefault((place, pair[place]), []).append(pair)
        # Every beginning of a reading: a span whose reading begins none of them cannot grow into one.
        self._prefixes = frozenset(reading[:end] for reading in readings for end in range(1, len(reading) + 1))
        self.read = functools.lru_cache(maxsize=4096)(self._read)
        self.typos = functools.lru_cache(maxsize=4096)(self._typos)

    @classmethod
    def for_books(cls, books: Iterable[Rulebook]) -> SoundAlikes:
        """Made once per process for the same books, from the readings kept beside the index
        (:func:`corpus.kept_for_books`): MeCab over every clause costs a sixth of a second, which every start
        paid before the first search."""
        books = tuple(books)
        key = tuple((book.id, book.sha256) for book in books)
        with _BUILT_LOCK:
            if key not in _BUILT:
                if len(_BUILT) >= 4:  # a test run opens a handful of book sets; bounded all the same
                    _BUILT.clear()
                _BUILT[key] = corpus.kept_for_books("sounds", key, lambda: _read_readings(books),
                                                    lambda data: cls._from_kept(data, books))
            return _BUILT[key]

    @classmethod
    def _from_kept(cls, data: dict, books: tuple[Rulebook, ...]) -> SoundAlikes:
        readings, sources = data["readings"], data["sources"]
        if not (isinstance(readings, dict) and isinstance(sources, dict)
                and all(isinstance(terms, list) and all(isinstance(term, str) for term in terms)
                        for terms in readings.values())
                and all(isinstance(source, str) for source in sources.values())):
            raise TypeError("not the sound-alike readings")
        printed = "\n".join(normalize(node.text) for book in books for node in book.walk())
        return cls({reading: tuple(terms) for reading, terms in readings.items()}, sources, printed)

    def _read(self, text: str) -> tuple[SoundAlike, ...]:
        """The spans of ``text`` the rulebook never prints that sound like a span it does, left to right,
        longest first, not overlapping."""
        folded = normalize(text)
        split = _units(_TAGGERS.get(), folded)
        units = split.units
        found: list[SoundAlike] = []
        start = 0
        while start < len(units):
            match = self._longest_match(units, start)
            if match is None:
                start += 1
                continue
            end, terms = match
            surface = "".join(unit[0] for unit in units[start:end])
            at = split.offsets[start]
            if surface in terms or surface in self._printed:
                start = end  # the rulebook's own word: nothing inside it is read as another
            elif self._names.covers(folded, at, at + len(surface)):
                start += 1  # a card's or a person's name (謙信, 坂本) is read as nothing else
            elif end not in split.inside \
                    and self._plausible(units, start, end, surface):
                found.append(SoundAlike(surface, terms, self._sources.get(terms[0], "")))
                start = end
            else:
                start += 1
        return tuple(found)

    def _typos(self, text: str) -> tuple[SoundAlike, ...]:
        """Two-kanji pairs of ``text`` the rulebook never prints, each with the one or two printed pairs that
        keep one of its kanji in place (more would be a guess)."""
        found = []
        folded = normalize(text)
        for match in _KANJI_RUN.finditer(folded):
            run = match.group(0)
            for index in range(len(run) - 1):
                pair = run[index:index + 2]
                at = match.start() + index
                if pair in self._pairs or self._names.covers(folded, at, at + 2):
                    continue
                near = [other for place in (0, 1) for other in self._by_kanji.get((place, pair[place]), ())]
                near = list(dict.fromkeys(near))
                if 0 < len(near) <= _NEAR_PAIRS:
                    found.append(SoundAlike(pair, tuple(near), self._sources.get(near[0], "")))
        return tuple(found)

    def _plausible(self, units: list[tuple[str, str]], start: int, end: int, surface: str) -> bool:
        """Whether a span that sounds like the rulebook's words was meant as them.

        A span that starts with a kanji word the rulebook prints is that word and its okurigana (見た is not
        満た): only a kanji compound the rulebook never prints is a mis-conversion (召還, 制現). Two kana are
        a word only at the start of a run of hiragana (ぼちに, not the もつ of でもつかえる).
        """
        if not _is_kana(units[start][0]):
            kanji = "".join(char for char in surface if "\u4e00" <= char <= "\u9fff")
            return len(kanji) >= 2 and kanji not in self._printed  # one kanji (宗 of 政宗) is no compound
        if len(surface) > _MIN_READING:
            return True
        return start == 0 or not _is_hiragana(units[start - 1][0])

    def _longest_match(self, units: list[tuple[str, str]], start: int) -> tuple[int, tuple[str, ...]] | None:
        reading = ""
        best = None
        for end in range(start + 1, min(len(units), start + _QUERY_SPAN) + 1):
            reading += units[end - 1][1]
            if reading not in self._prefixes:
                break
            if len(reading) >= _MIN_READING and reading in self._readings:
                best = (end, self._readings[reading])
        return best


def _read_readings(books: tuple[Rulebook, ...]) -> dict:
    """What :class:`SoundAlikes` reads from the books, as plain data to keep: each katakana reading with the
    rulebook's spans that have it (most printed first), and the first clause that prints each span."""
    tagger = _TAGGERS.get()
    counts: dict[str, Counter] = {}
    sources: dict[str, str] = {}
    printed = []
    for book in books:
        for node in book.walk():
            text = normalize(node.text)
            printed.append(text)
            for surface, reading in _rulebook_spans(tagger, text):
                counts.setdefault(reading, Counter())[surface] += 1
                sources.setdefault(surface, f"{book.id}:{node.id}")
    joined = "\n".join(printed)
    for surface, reading in TERM_READINGS.items():
        if surface in joined:
            counts.setdefault(katakana(reading), Counter())[surface] += 1_000_000
    return {"readings": {reading: [surface for surface, _ in surfaces.most_common(_SURFACES_PER_READING)]
                         for reading, surfaces in counts.items()},
            "sources": sources}


def _reading(word) -> str | None:
    return word_reading(word, features(word))


def _rulebook_spans(tagger, text: str) -> Iterable[tuple[str, str]]:
    """(surface, reading) of each run of one to three words that starts and ends with a content word and
    holds kanji or katakana (a hiragana span is its own reading)."""
    words = [(word.surface, _reading(word), features(word)[0] in _CONTENT_POS, bool(word.white_space))
             for word in tagger(text)]
    yield from reading_spans(words)


@dataclass(frozen=True)
class _Units:
    """The query as (surface, reading) units: each hiragana on its own (MeCab cuts a kana word it does not know
    anywhere: ぼちの as ぼ + ちの), a katakana or kanji word whole with its reading (a kanji word IPADIC does not
    know has none: it cannot sound like anything). ``offsets``: where each unit starts in the text; ``inside``:
    the unit indices that fall inside a hiragana word IPADIC knows (the き of さっき): no span ends before one,
    so 「さっ」 of さっき is not read as 去っ."""

    units: list[tuple[str, str]]
    offsets: list[int]
    inside: frozenset[int]


def _units(tagger, text: str) -> _Units:
    units: list[tuple[str, str]] = []
    offsets: list[int] = []
    inside: set[int] = set()
    offset = 0
    for word in tagger(text):
        if word.white_space:
            units.append((" ", "\0"))  # nothing reads across a space
            offsets.append(offset)
            offset += len(word.white_space)
        if _is_hiragana(word.surface):
            if len(word.surface) > 1 and not word.is_unk:
                inside.update(range(len(units) + 1, len(units) + len(word.surface)))
            units += [(char, katakana(char)) for char in word.surface]
            offsets += range(offset, offset + len(word.surface))
        else:
            units.append((word.surface, _reading(word) or "\0"))
            offsets.append(offset)
        offset += len(word.surface)
    return _Units(units, offsets, frozenset(inside))
