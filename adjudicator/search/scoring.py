"""Whoosh's BM25F scores of a flat OR of terms, summed from postings read once per opened searcher.

Whoosh answers such a query by building a matcher for every term of every field on every search, scoring
each posting (its field length read on the way) and reading the stored fields of every hit: with the
realistic mix, 60 % of an uncached search went there (bench/profile_routes.py search_uncached:
``ArrayUnionMatcher._read_part``, ``BM25FScorer.score``, ``doc_field_length``, ``stored_fields``). An opened
searcher sees one fixed generation of the index, so each term's scored postings and each document's key are
read once per searcher through Whoosh itself (its postings, its scorer) and kept; a search then only adds
them up, per document in the order of the query's terms and with the same multiplications as Whoosh's
``ArrayUnionMatcher``, so each score is Whoosh's to the last bit (tests/search/test_search_scoring.py compares them).

The index is small (both books: 383 documents, 7,606 terms in every field, 39,675 postings), so
:class:`ScoreTable` reads every term's scored postings at start-up, before gunicorn forks its workers: no
search reads a posting from the index, and the first search of a worker costs what the hundredth does. The
table is only used by a searcher of the generation it was read from; any other reads its postings as it goes.
"""

from __future__ import annotations

import functools
from collections.abc import Collection
from itertools import compress
from dataclasses import dataclass
from typing import NamedTuple

from whoosh import query as wq
from whoosh.searching import Searcher

# Distinct (field, term) pairs kept per searcher: a term's postings are at most one entry per document (a
# few hundred), and the books' whole vocabulary in every field is about this size.
MAX_TERMS = 50_000
_POSITIVE = (0.0).__lt__  # total > 0: a document some term matched


@dataclass(frozen=True)
class Document:
    book: str
    node_id: str
    chapter: str


class Matches(NamedTuple):
    """The documents a query matches in document order, as (book, node id), their scores, and the positions
    of those in the order of their scores, best first (ties in document order)."""

    keys: list[tuple[str, str]]
    scores: list[float]
    order: list[int]


class ScoreTable:
    """Every document and every term's scored postings of one generation of an index, read through Whoosh.

    ``complete``: every term is read now and the searcher is not kept (nothing of it is needed after); otherwise
    each term is read from the searcher when asked. Read-only once built, so threads and forked workers share it.
    """

    def __init__(self, searcher: Searcher, complete: bool = True):
        self.generation = searcher.reader().generation()
        self.documents: dict[int, Document] = {}
        for leaf, offset in searcher.leaf_searchers():
            reader = leaf.reader()
            for docnum in reader.all_doc_ids():  # deleted documents are left out, as Whoosh's matchers do
                fields = reader.stored_fields(docnum)
                self.documents[offset + docnum] = Document(fields["book"], fields["node_id"], fields["chapter"])
        self.doc_count = searcher.doc_count_all()
        self._schema = searcher.schema
        self._searcher: Searcher | None = None if complete else searcher
        self._postings: dict[tuple[str, bytes], tuple[tuple[int, float], ...]] = {}
        if complete:
            for fieldname, term in searcher.reader().all_terms():
                self._postings[(fieldname, term)] = _read_postings(searcher, fieldname, term)

    @property
    def complete(self) -> bool:
        return self._searcher is None

    def scored_postings(self, fieldname: str, text: str) -> tuple[tuple[int, float], ...]:
        """(docnum, Whoosh's score) of every posting of the term; nothing for a term the index lacks."""
        if fieldname not in self._schema:
            return ()
        try:
            term = self._schema[fieldname].to_bytes(text)
        except ValueError:
            return ()
        if self._searcher is None:
            return self._postings.get((fieldname, term), ())
        return _read_postings(self._searcher, fieldname, term)


class TermScores:
    """The scored postings and the documents of one opened searcher; not shared between threads.

    ``table``: the postings read beforehand (at start-up), used when it is of the searcher's generation."""

    def __init__(self, searcher: Searcher, table: ScoreTable | None = None):
        self._searcher = searcher
        if table is None or table.generation != searcher.reader().generation():
            table = ScoreTable(searcher, complete=False)
        self._table = table
        self._documents = table.documents
        self._doc_count = table.doc_count
        self._keys = {docnum: (document.book, document.node_id) for docnum, document in self._documents.items()}
        self._postings = functools.lru_cache(maxsize=MAX_TERMS)(table.scored_postings)
        self._in_scope = functools.lru_cache(maxsize=256)(self._documents_in)  # a book, a chapter, or all

    @property
    def table(self) -> ScoreTable:
        return self._table

    @property
    def searcher(self) -> Searcher:
        return self._searcher

    def search(self, query: wq.Query, books: Collection[str], chapter: str | None = None
               ) -> list[tuple[Document, float]]:
        """Each document of ``books`` (and ``chapter``) that ``query`` matches, with Whoosh's score for it.

        ``query`` is a term or an OR of terms with no boost of its own (what the ranking builds); anything
        else is the program's mistake.
        """
        documents = self._documents
        docnums, totals = self._totals([(term.fieldname, term.text, term.boost) for term in _terms(query)],
                                       books, chapter)
        return [(documents[docnum], totals[docnum]) for docnum in docnums]

    def matches(self, terms: list[tuple[str, str, float]], books: Collection[str], chapter: str | None = None,
                leave_out: Collection[tuple[str, str]] = ()) -> Matches:
        """As :meth:`search`, for the (field, text, boost) of each term, without the documents ``leave_out``
        names, and with their order by score."""
        docnums, totals = self._totals(terms, books, chapter)
        keys = list(map(self._keys.__getitem__, docnums))  # map and compress: no Python loop per document
        if leave_out:
            kept = [key not in leave_out for key in keys]
            docnums, keys = list(compress(docnums, kept)), list(compress(keys, kept))
        scores = list(map(totals.__getitem__, docnums))
        # Best first; sorted() is stable with reverse=True too, so equal scores stay in document order.
        return Matches(keys, scores, sorted(range(len(scores)), key=scores.__getitem__, reverse=True))

    def _totals(self, terms: list[tuple[str, str, float]], books: Collection[str], chapter: str | None
                ) -> tuple[list[int], list[float]]:
        """The document numbers in scope that the terms match, in document order, and every document's total."""
        # One total per document number, from 0.0, as ArrayUnionMatcher's array (the index holds a few hundred).
        totals = [0.0] * self._doc_count
        for fieldname, text, boost in terms:
            postings = self._postings(fieldname, text)
            # WrappingMatcher multiplies a boosted term's score; ArrayUnionMatcher adds it up in this order.
            if boost == 1.0:
                for docnum, score in postings:
                    totals[docnum] += score
            else:
                for docnum, score in postings:
                    totals[docnum] += score * boost
        scope = self._in_scope(frozenset(books), chapter)
        return list(compress(scope, map(_POSITIVE, map(totals.__getitem__, scope)))), totals

    def _documents_in(self, books: frozenset[str], chapter: str | None) -> tuple[int, ...]:
        """The document numbers of ``books`` (and ``chapter``), in document order."""
        return tuple(docnum for docnum, document in self._documents.items()
                     if document.book in books and (chapter is None or document.chapter == chapter))



def _read_postings(searcher: Searcher, fieldname: str, term: bytes) -> tuple[tuple[int, float], ...]:
    """(docnum, Whoosh's score) of every posting of a term (as bytes) in every segment of the searcher."""
    if (fieldname, term) not in searcher.reader():
        return ()
    scored = []
    for leaf, offset in searcher.leaf_searchers():
        if (fieldname, term) not in leaf.reader():
            continue
        matcher = leaf.postings(fieldname, term, weighting=searcher.weighting)
        while matcher.is_active():
            scored.append((offset + matcher.id(), matcher.score()))
            matcher.next()
    return tuple(scored)


def _terms(query: wq.Query) -> list[wq.Term]:
    if isinstance(query, wq.Term):
        return [query]
    if type(query) is wq.Or and query.boost == 1.0 and not query.scale \
            and all(type(sub) is wq.Term for sub in query.subqueries):
        return list(query.subqueries)
    raise TypeError(f"not a flat OR of terms: {query!r}")
