"""How specific a clause is among card readings: the weight of a clause a quoted card text's reading cites (issue 29).

The card reader (search/card_text.py) cites every clause that reading a card text rests on: the sentence's
grammar (6.5.x), who is named (7.2.x), what is counted (7.3.x), and the clause that decides the card's point
(7.3.10 for 「または全てBする」). Given the same ranking bonus each, a long quote spreads it thin, and the
clauses every card text cites outrank the one the question is about. Weighed by how rarely card readings cite
them (an inverse document frequency over a corpus of readings), the grammar weighs little and the specific
clause fully.

The corpus is the effect texts of the repository's scenarios (``scenarios/**.yaml``), each distinct text read
once: they include every card of the library's starter list (cards/starter.yaml is made from them) and the
invented cards of the rule examples, so they are the card texts a player quotes. Counted once per distinct
text, so a card used in many scenarios weighs as one card. The counts are made once per corpus and code and kept
beside the index (search/corpus.py), read at start: no search builds them.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from adjudicator import paths
from adjudicator.format.loading import SAFE_LOADER
from adjudicator.reading import BadText, read_effect
from adjudicator.search import corpus
from adjudicator.search.card_text import named_mechanics

MAX_TEXTS = 20_000  # the corpus holds a few hundred distinct effect texts; a bound all the same


class Specificity:
    """How many of a corpus's card readings cite a clause (or name a mechanic), and the weight that gives it."""

    def __init__(self, counts: Mapping[str, int], readings: int):
        if readings < 0 or any(count < 0 or count > readings for count in counts.values()):
            raise ValueError("a clause is cited by between none and every reading")
        self._counts = dict(counts)
        self.readings = readings
        self._most = math.log(readings + 1)  # the weight of what no reading cites, by which all are divided

    def cited_by(self, key: str) -> int:
        return self._counts.get(key, 0)

    def weight(self, key: str) -> float:
        """From 0 (every reading cites it: it says nothing of this one) to 1 (no reading cites it):
        log((N + 1) / (n + 1)) / log(N + 1) for what ``n`` of the ``N`` readings cite."""
        if not self._most:
            return 1.0
        return math.log((self.readings + 1) / (self.cited_by(key) + 1)) / self._most

    def as_json(self) -> dict[str, int]:
        return dict(sorted(self._counts.items()))


NOWHERE = Specificity({}, 0)  # no corpus: everything weighs fully


@dataclass(frozen=True)
class Readings:
    """The specificity of the clauses a corpus's card readings cite and of the mechanics they name
    (search/card_text.py: 「このターン」, 「できない」, 「レストする」)."""

    clauses: Specificity
    mechanics: Specificity

    @classmethod
    def of_texts(cls, texts: Iterable[str]) -> Readings:
        """The counts over the readings of ``texts`` (each distinct text once; one the reader refuses is left out)."""
        clauses: Counter[str] = Counter()
        mechanics: Counter[str] = Counter()
        readings = 0
        for text in dict.fromkeys(texts):
            try:
                reading = read_effect(text)
            except (BadText, ValueError):
                continue
            readings += 1
            clauses.update(set(reading.cites))
            mechanics.update(named_mechanics(reading))
        return cls(Specificity(clauses, readings), Specificity(mechanics, readings))

    def as_json(self) -> dict[str, Any]:
        return {"readings": self.clauses.readings, "clauses": self.clauses.as_json(),
                "mechanics": self.mechanics.as_json()}

    @classmethod
    def from_json(cls, data: Any) -> Readings:
        """What :meth:`as_json` gave; raises one of corpus.UNREADABLE on anything else."""
        readings, tables = data["readings"], (data["clauses"], data["mechanics"])
        if not isinstance(readings, int) or not all(
                isinstance(key, str) and isinstance(count, int) for table in tables for key, count in table.items()):
            raise TypeError(f"not reading counts: {data!r}")
        return cls(*(Specificity(table, readings) for table in tables))


@functools.lru_cache(maxsize=4)
def shipped(root: Path | None = None) -> Readings:
    """The counts over the effect texts of the scenarios under ``root`` (the shipped ones by default), made once
    per corpus and code (the reader's citations come from the whole package) and kept beside the index."""
    root = root or paths.scenarios_dir()
    return corpus.kept("readings", root, lambda: Readings.of_texts(effect_texts(root)).as_json(), Readings.from_json)


def effect_texts(root: Path) -> list[str]:
    """Every distinct effect text of the scenario files under ``root``, in file order; a file that does not parse
    is left out (the scenario tests report it)."""
    texts: dict[str, None] = {}
    for path in sorted(root.rglob("*.yaml"))[: corpus.MAX_FILES]:
        try:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER)
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            continue
        texts.update(dict.fromkeys(_texts(data)))
    return list(texts)[:MAX_TEXTS]


def _texts(node: Any) -> Iterator[str]:
    """The ``text`` of each effect, wherever cards stand in a scenario (zones, stacks, under cards)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "effects" and isinstance(value, list):
                yield from (effect["text"] for effect in value
                            if isinstance(effect, dict) and isinstance(effect.get("text"), str))
            yield from _texts(value)
    elif isinstance(node, list):
        for item in node:
            yield from _texts(item)
