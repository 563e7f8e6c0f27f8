"""Worked examples as evidence for the clause ranking: a described situation whose answer is known.

A player describes a situation (「相手のカードが場を離れて戻ってきたら、攻撃できない効果は…」); the rulebook
states rules in its own words, so the words of the question often find the clauses that define them, not the
one that decides the case. The scenarios under ``scenarios/`` are the same kind of text, a situation in
players' words (``title``, ``question``), with the clauses that decide it (``expect.cites``). So the
examples whose title and question best match the query lend their cited clauses a bonus:

- how well an example matches: the share of the query's content bigrams (examples.content_bigrams) the example
  holds, each bigram weighted by its rarity among the examples (IDF: カード is in most of them, 離れ in few),
  measured against the larger of the two texts, so that a long example holding every word does not win;
- only the best ``depth`` examples at or above ``floor`` count: a bounded, small amount of work per search;
- how specific a citation is: a clause cited by a hundred examples (11.1.2, the attack's start) says little
  about this one; each citation weighs log(N / examples citing it) / log N, 1 for a clause only one cites.

A clause's evidence is the sum over the counted examples of match × specificity, at most 1; the ranking
multiplies the clause's score by 1 + bonus × evidence (search/ranking.py, ``Profile.example_bonus``). The
examples cite Hi!story clauses only. Built once, with the search, from the corpus read at start
(``corpus.entries``) and its kept bigrams, the search page's own index (``examples.shipped``).
"""

from __future__ import annotations

import functools
import heapq
import math
from collections.abc import Iterable, Mapping
from pathlib import Path

from adjudicator.search.corpus import Entry
from adjudicator.search import examples

BOOK = "hi-story"  # the book the scenarios' citations are clauses of


class ExampleEvidence:
    """The clauses that worked examples like a query cite, with how strongly. Safe to share between threads."""

    def __init__(self, examples: Iterable[tuple[Entry, frozenset[str]]]):
        # Examples citing nothing lend nothing; they are left out of every count.
        kept = [(entry, tokens) for entry, tokens in examples if entry.cites and tokens]
        self._cites = tuple(tuple(dict.fromkeys(entry.cites)) for entry, _ in kept)
        size = len(kept)
        frequency: dict[str, int] = {}
        holding: dict[str, list[int]] = {}
        for position, (_, tokens) in enumerate(kept):
            for token in tokens:
                frequency[token] = frequency.get(token, 0) + 1
                holding.setdefault(token, []).append(position)
        self._idf = {token: math.log((size + 1) / count) for token, count in frequency.items()}
        self._unseen = math.log(size + 1)
        self._holding = {token: tuple(positions) for token, positions in holding.items()}
        # Each example's own weight: the IDF of its bigrams, what a perfect match would share.
        self._mass = tuple(sum(self._idf[token] for token in tokens) for _, tokens in kept)
        citing: dict[str, int] = {}
        for cites in self._cites:
            for cite in cites:
                citing[cite] = citing.get(cite, 0) + 1
        scale = math.log(size) if size > 1 else 1.0
        self.specificity: Mapping[str, float] = {cite: max(0.0, math.log(size / count) / scale) if size > 1 else 1.0
                                                for cite, count in citing.items()}
        self._names = tuple(entry.name for entry, _ in kept)

    @classmethod
    def scan(cls, root: Path, leave_out: frozenset[str] = frozenset()) -> ExampleEvidence:
        """The examples under ``root`` (read and kept as the search page's examples are), but ``leave_out``
        (scenario names: the benchmark leaves out copies of its own queries, bench/example_leakage.py)."""
        return _scanned(root, leave_out)

    def __len__(self) -> int:
        return len(self._cites)

    def evidence(self, text: str, depth: int, floor: float, specific: bool = True) -> Mapping[str, float]:
        """Clause id (Hi!story) → evidence in (0, 1] for a query ``text``: empty when no example matches.
        ``specific``: each citation weighed by its specificity (else every citation counts fully)."""
        return self._compute(text, depth, floor, specific)

    def matches(self, text: str, depth: int, floor: float) -> list[tuple[float, str]]:
        """The counted examples for ``text``: (match, scenario name), best first."""
        return [(match, self._names[position]) for match, position in self._best(text, depth, floor)]

    def _best(self, text: str, depth: int, floor: float) -> list[tuple[float, int]]:
        tokens = examples.content_bigrams(text)
        wanted = [token for token in tokens if token in self._idf]
        if not wanted:
            return []
        # A bigram no example holds is the rarest of all: it still counts in what the query says.
        query_mass = sum(self._idf.get(token, self._unseen) for token in tokens)
        shared: dict[int, float] = {}
        for token in wanted:
            weight = self._idf[token]
            for position in self._holding[token]:
                shared[position] = shared.get(position, 0.0) + weight
        scored = ((weight / max(query_mass, self._mass[position]), position) for position, weight in shared.items())
        return [(match, position) for match, position in heapq.nlargest(depth, scored) if match >= floor]

    def _compute(self, text: str, depth: int, floor: float, specific: bool) -> Mapping[str, float]:
        gains: dict[str, float] = {}
        for match, position in self._best(text, depth, floor):
            for cite in self._cites[position]:
                gains[cite] = gains.get(cite, 0.0) + match * (self.specificity[cite] if specific else 1.0)
        return {cite: min(1.0, gain) for cite, gain in gains.items() if gain > 0}


@functools.lru_cache(maxsize=4)
def _scanned(root: Path, leave_out: frozenset[str]) -> ExampleEvidence:
    return ExampleEvidence((entry, tokens) for entry, tokens in examples.shipped(root).pairs() if entry.name not in leave_out)
