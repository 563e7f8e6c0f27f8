"""Worked examples beside the clauses: the gallery's scenarios are answered questions.

A scenario file (scenarios/**.yaml) has a ``title``, a ``question`` and the clauses its answer cites
(``expect.cites``). The search page shows, after the clause hits, the examples whose question or title
shares the query's words, or whose answer cites the clauses the query found first. A small index read once
at start; nothing here changes the clause ranking. The ranking weighs the same examples, with their bigrams
kept here, in search/example_evidence.py.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import chain
from pathlib import Path

from adjudicator.rulebook.numbers import citation_covers, normalize_ref
from adjudicator.search import corpus
from adjudicator.search.corpus import Entry
from adjudicator.search.analysis import bigrams, normalize

MAX_EXAMPLES = 5
# A clause hit at rank r lends 1/r to the examples citing it; text shares its words as a fraction.
_CLAUSE_DEPTH = 3
_MIN_SCORE = 0.5
_HIRAGANA = frozenset(chr(code) for code in range(0x3041, 0x3097))


def content_bigrams(text: str) -> frozenset[str]:
    """Bigrams that carry meaning: not all hiragana (grammar: した, れる), not one character."""
    return frozenset(token for _, token in bigrams(normalize(text))
                     if len(token) > 1 and not all(char in _HIRAGANA for char in token))


def _may_cover(first: str, second: str) -> bool:
    """False only when neither normalized number can cover the other (citation_covers needs one to be a prefix
    of the other, or a chapter): the cheap test that spares citation_covers most citations."""
    return first.startswith(second) or second.startswith(first) or first.startswith("ch") or second.startswith("ch")


class ExampleIndex:
    def __init__(self, examples: Iterable[Entry], tokens: Iterable[frozenset[str]]):
        self._examples = tuple(examples)
        self._tokens = tuple(tokens)  # each example's content bigrams (its title and question), by position
        if len(self._tokens) != len(self._examples):
            raise ValueError("one set of bigrams per example")
        # Which examples cite a clause, worked out once per clause over the distinct citations: comparing every
        # citation of every example on every search was most of an uncached search's time
        # (bench/profile_routes.py search_uncached: examples.py and normalize_ref, 65 % of it).
        by_cite: dict[str, set[int]] = {}
        for position, example in enumerate(self._examples):
            for cite in example.cites:
                by_cite.setdefault(cite, set()).add(position)
        self._by_cite = {cite: frozenset(positions) for cite, positions in by_cite.items()}
        # And which examples hold each bigram, so a query counts shared words only where there are some.
        by_token: dict[str, list[int]] = {}
        for position, tokens in enumerate(self._tokens):
            for token in tokens:
                by_token.setdefault(token, []).append(position)
        self._by_token = {token: tuple(positions) for token, positions in by_token.items()}
        self._citing = functools.lru_cache(maxsize=4096)(self._examples_citing)
        self._matching = functools.lru_cache(maxsize=1024)(self._match)

    @classmethod
    def scan(cls, root: Path) -> ExampleIndex:
        """Every scenario under ``root`` (its title, question and cited clauses: ``corpus.entries``) with its
        content bigrams, both made once per corpus and kept beside the index; unreadable files are left out,
        so a bad file never breaks the search page."""
        found = corpus.entries(root)

        def read(rows: list) -> ExampleIndex:
            if not all(isinstance(token, str) for tokens in rows for token in tokens):
                raise TypeError("bigrams that are not text")
            return cls(found, (frozenset(tokens) for tokens in rows))

        return corpus.kept("examples", root, lambda: [sorted(content_bigrams(f"{entry.title} {entry.question}"))
                                                      for entry in found], read)

    def __len__(self) -> int:
        return len(self._examples)

    def pairs(self) -> tuple[tuple[Entry, frozenset[str]], ...]:
        """Every example with its content bigrams, in the corpus's order."""
        return tuple(zip(self._examples, self._tokens))

    def bigrams(self, example: Entry) -> frozenset[str]:
        """The content bigrams the index keeps for ``example`` (its title and question)."""
        return self._tokens[self._examples.index(example)]

    def matching(self, query: str, clause_ids: Sequence[str], limit: int = MAX_EXAMPLES) -> tuple[Entry, ...]:
        """The examples for ``query`` whose clause ranking starts with ``clause_ids`` (Hi!story ids), best first."""
        # Only the first clauses count: a search the result cache answers asks the same again.
        return self._matching(query, tuple(clause_ids[:_CLAUSE_DEPTH]), limit)

    def _match(self, query: str, clause_ids: tuple[str, ...], limit: int) -> tuple[Entry, ...]:
        wanted = content_bigrams(query)
        citing = [self._citing(clause) for clause in clause_ids]
        # How many of the query's bigrams each example holds (Counter counts in C: common bigrams such as
        # カード are in most examples).
        shared = Counter(chain.from_iterable(self._by_token.get(token, ()) for token in wanted))
        clauses: dict[int, float] = {}
        for rank, examples in enumerate(citing, start=1):
            for position in examples:
                clauses[position] = clauses.get(position, 0) + 1 / rank  # as sum() over the ranks, in order
        scored = []
        # Only an example that cites one of the clauses, or shares at least half the query's bigrams, can reach
        # _MIN_SCORE (0.5): n / len(wanted) >= 0.5 exactly when 2n >= len(wanted), the division being exact
        # enough at these sizes. The rest are not scored.
        size = len(wanted)
        reach = {position for position, count in shared.items() if 2 * count >= size}
        for position in reach.union(clauses):
            text = shared.get(position, 0) / size if wanted else 0.0
            score = text + clauses.get(position, 0)
            if score >= _MIN_SCORE:
                example = self._examples[position]
                scored.append((-score, example.name, example))
        return tuple(example for _, _, example in sorted(scored)[:limit])

    def _examples_citing(self, clause: str) -> frozenset[int]:
        """The positions of the examples one of whose citations covers ``clause`` or is covered by it."""
        wanted = normalize_ref(clause)
        return frozenset().union(*(positions for cite, normalized, positions in self._normalized_cites
                                   if _may_cover(wanted, normalized)
                                   and (citation_covers(clause, cite) or citation_covers(cite, clause))))

    @functools.cached_property
    def _normalized_cites(self) -> tuple[tuple[str, str, frozenset[int]], ...]:
        """Each distinct citation, its normalized number and the examples citing it; worked out at the first
        search, not at start. Comparing a clause with every citation normalized both on every call was most of
        a worker's first searches (py-spy under gunicorn: citation_covers and normalize_ref, 7 % of a worker)."""
        return tuple((cite, normalize_ref(cite), positions) for cite, positions in self._by_cite.items())


@functools.lru_cache(maxsize=4)
def shipped(root: Path) -> ExampleIndex:
    """The examples under ``root``, scanned once per process: the search page shows them and the ranking weighs
    them (search/example_evidence.py), from one index."""
    return ExampleIndex.scan(root)
