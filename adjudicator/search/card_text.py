"""Card text quoted in a question, read by the card reader (:mod:`adjudicator.reading`) for the ranking.

A player quotes the card (「このターン、これは攻撃できない」) to describe the situation; the question is what
follows. The quote is rarely in the rulebook word for word, and its words, searched as words, make the
clauses that define them the topic (5.4.1 for 攻撃できない). Read by the reader, the quote gives what decides
the case instead: the clauses the reading cites (5.6.3 for このターン, 8.2.5 for a card's restriction) and the
mechanics it names (a duration, a restriction, leaving the field), in the rulebook's words from
:mod:`adjudicator.vocabulary`. A quote the reader cannot read at all is searched by its words, as before.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from adjudicator import vocabulary
from adjudicator.reading import BadText, read_effect

# What the reader cites for any sentence at all (the sentence ending, the default of a step): cited by every
# reading, they say nothing of this one. Found by reading sentences of different kinds, not listed by hand.
_PLAIN_SENTENCES = ("1枚引く", "これをレストする", "相手は次のターン、召喚できない")
# A step's or a setting's rulebook words, by the key or value the reading's JSON holds them under.
_WORDS_BY_KEY = {**vocabulary.STEPS, "restrict": "できない", "protect": "場を離れない"}
_WORDS_BY_VALUE = {"until": vocabulary.DURATIONS, "cannot": vocabulary.ACTS, "from_": vocabulary.PROTECTIONS,
                   "event": vocabulary.EVENTS}


@dataclass(frozen=True)
class CardText:
    """What a quoted card text says to the ranking: the clauses its reading cites, the mechanics it names."""

    cites: frozenset[str]
    mechanics: tuple[str, ...]

    @property
    def read(self) -> bool:
        return bool(self.cites or self.mechanics)


NOTHING = CardText(frozenset(), ())


class CardTextReader:
    def __init__(self) -> None:
        readings = [read_effect(text).cites for text in _PLAIN_SENTENCES]
        self._everywhere = frozenset.intersection(*map(frozenset, readings))
        self.read = functools.lru_cache(maxsize=2048)(self._read)

    def _read(self, phrase: str) -> CardText:
        """The reading of ``phrase`` as card text; NOTHING when the reader reads no sentence of it."""
        try:
            reading = read_effect(phrase)
        except (BadText, ValueError):
            return NOTHING
        if not reading.sentences and reading.when is None:
            return NOTHING
        data = reading.to_json()
        mechanics = tuple(dict.fromkeys(_mechanics(data)))
        return CardText(frozenset(reading.cites) - self._everywhere, mechanics)


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
