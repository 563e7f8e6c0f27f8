"""Card text quoted in a question, read by the card reader (:mod:`adjudicator.reading`) for the ranking.

A player quotes the card (「このターン、これは攻撃できない」) to describe the situation; the question is what
follows. The quote is rarely in the rulebook word for word, and its words, searched as words, make the
clauses that define them the topic (5.4.1 for 攻撃できない). Read by the reader, the quote gives what decides
the case instead: the clauses the reading cites (5.6.3 for このターン, 8.2.5 for a card's restriction) and the
mechanics it names (a duration, a restriction, leaving the field), in the rulebook's words from
:mod:`adjudicator.vocabulary`. A quote the reader cannot read at all is searched by its words, as before.

Card text is also typed without brackets (「1枚墓地へ送り、2枚引く。で…」, 「相手は次のターン攻撃できないって…」):
:func:`unquoted_spans` cuts the question where card text would end (a sentence's end, or the words that
take card text as their object: って／という／を使／の効果) and the reader reads each span. There an
unquoted span counts only when the reader reads all of it: a question's own words are no card text.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from adjudicator import vocabulary
from adjudicator.reading import BadText, Reading, read_effect
from adjudicator.search.fragments import FRAMES

# What the reader cites for any sentence at all (the sentence ending, the default of a step): cited by every
# reading, they say nothing of this one. Found by reading sentences of different kinds, not listed by hand.
_PLAIN_SENTENCES = ("1枚引く", "これをレストする", "相手は次のターン、召喚できない")
# A step's or a setting's rulebook words, by the key or value the reading's JSON holds them under.
_WORDS_BY_KEY = {**vocabulary.STEPS, "restrict": "できない", "protect": "場を離れない"}
_WORDS_BY_VALUE = {"until": vocabulary.DURATIONS, "cannot": vocabulary.ACTS, "from_": vocabulary.PROTECTIONS,
                   "event": vocabulary.EVENTS}
# Where card text typed without brackets ends: a sentence's end (。), or a word that takes the card text as
# its object or names it (「…引く」って, 「…引く」という, 「…引く」を使う, 「…引く」の効果, 「…引く」で).
# The span before it ends in a verb or its negation, as an effect's sentence does (6.5.1).
_UNQUOTED_END = re.compile(r"(?<=[うくぐすつぬぶむるい])(?:。|って|という|を使|の効果|効果|カード|で[、,]?)")
_MAX_UNQUOTED_SPANS = 3  # each is one reading (a few ms): the question's first few candidate ends
_MIN_UNQUOTED_LENGTH = 4  # 「引く」 alone is a word of the question, not card text


@dataclass(frozen=True)
class CardText:
    """What a quoted card text says to the ranking: the clauses its reading cites, the mechanics it names."""

    cites: frozenset[str]
    mechanics: tuple[str, ...]
    whole: bool = False  # every part of the text was read (nothing unread)

    @property
    def read(self) -> bool:
        return bool(self.cites or self.mechanics)


NOTHING = CardText(frozenset(), ())


class CardTextReader:
    def __init__(self) -> None:
        readings = [read_effect(text).cites for text in _PLAIN_SENTENCES]
        self._everywhere = frozenset.intersection(*map(frozenset, readings))
        self.read = functools.lru_cache(maxsize=2048)(self._read)
        self.read_quote = functools.lru_cache(maxsize=2048)(self._read_quote)
        self._framed = {frame: _shared(self.read(frame.sentence(sample)) for sample in frame.samples)
                        for frame in FRAMES}

    def _read(self, phrase: str) -> CardText:
        """The reading of ``phrase`` as card text; NOTHING when the reader reads no sentence of it."""
        try:
            reading = read_effect(phrase)
        except (BadText, ValueError):
            return NOTHING
        if not reading.sentences and reading.when is None:
            return NOTHING
        return CardText(frozenset(reading.cites) - self._everywhere, named_mechanics(reading), not reading.unread)

    def _read_quote(self, quote: str) -> CardText:
        """The reading of a quote: as card text, or else as the fragment of a card sentence it is
        (search/fragments.py), without what the frame added; the plain reading when no frame reads it whole."""
        plain = self.read(quote)
        if plain.whole:
            return plain
        for frame in FRAMES:
            if frame.fitting(quote) and (framed := self.read(frame.sentence(quote))).whole:
                return _without(framed, self._framed[frame])
        return plain

    def read_unquoted(self, words: str) -> CardText:
        """The card text a question holds without brackets: the readings of the spans the reader reads whole."""
        return combined(reading for span in unquoted_spans(words)
                        if (reading := self.read(span)).whole and reading.read)


def unquoted_spans(words: str) -> tuple[str, ...]:
    """The spans of ``words`` that may be card text typed without brackets: from the question's start, and
    from the start of its sentence, to each place card text would end; the first few."""
    spans: list[str] = []
    sentence = 0  # where the current sentence starts; card text of several sentences starts at the question's start
    for match in _UNQUOTED_END.finditer(words):
        for start in dict.fromkeys((0, sentence)):
            span = words[start:match.start()].strip(" 、,")
            if len(span) >= _MIN_UNQUOTED_LENGTH and span not in spans and len(spans) < _MAX_UNQUOTED_SPANS:
                spans.append(span)
        if match.group(0) == "。":
            sentence = match.end()
    return tuple(spans)


def _shared(readings: Iterable[CardText]) -> CardText:
    """What every one of ``readings`` cites and names."""
    readings = list(readings)
    mechanics = set.intersection(*(set(r.mechanics) for r in readings))
    return CardText(frozenset.intersection(*(r.cites for r in readings)),
                    tuple(word for word in readings[0].mechanics if word in mechanics))


def _without(reading: CardText, frame: CardText) -> CardText:
    """A framed fragment's reading without what its frame brought: whole, since the frame made it read whole."""
    return CardText(reading.cites - frame.cites, tuple(w for w in reading.mechanics if w not in frame.mechanics), True)


def named_mechanics(reading: Reading) -> tuple[str, ...]:
    """The mechanics a reading names, in the rulebook's words, each once, in the order the reading holds them."""
    return tuple(dict.fromkeys(_mechanics(reading.to_json())))


def _mechanics(node: Any) -> Iterator[str]:
    """The rulebook's words for the steps, durations, restrictions, protections and events of a reading."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in _WORDS_BY_KEY:
                yield _WORDS_BY_KEY[key]
            table = _WORDS_BY_VALUE.get(key)
            if table is not None and isinstance(value, str) and value in table:
                yield table[value]
            yield from _mechanics(value)
    elif isinstance(node, list):
        for item in node:
            yield from _mechanics(item)


def combined(readings: Iterable[CardText]) -> CardText:
    readings = list(readings)
    return CardText(frozenset().union(*(r.cites for r in readings)),
                    tuple(dict.fromkeys(word for r in readings for word in r.mechanics)))
