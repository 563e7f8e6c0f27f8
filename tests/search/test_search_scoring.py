"""The search's own summing of postings gives Whoosh's scores exactly, for the same documents, whether the postings
are read as the search goes or all at start-up (scoring.ScoreTable)."""

from __future__ import annotations

from pathlib import Path

import pytest
from whoosh import query as wq
from whoosh.fields import ID, TEXT, Schema
from whoosh.filedb.filestore import RamStorage

from adjudicator.search.analysis import BigramTokenizer
from adjudicator.search.query import parse_query
from adjudicator.search.ranking import is_term_query
from adjudicator.search.engine import ClauseSearch
from adjudicator.search.scoring import ScoreTable, TermScores

QUERY_FILE = Path(__file__).resolve().parents[2] / "bench" / "queries" / "heldout.tsv"


def _whoosh(searcher, query, books, chapter=None) -> dict[tuple[str, str], float]:
    filters = [wq.Or([wq.Term("book", book) for book in books])] + ([wq.Term("chapter", chapter)] if chapter else [])
    return {(hit["book"], hit["node_id"]): hit.score
            for hit in searcher.search(query, limit=None, filter=wq.And(filters))}


def _ours(scores: TermScores, query, books, chapter=None) -> dict[tuple[str, str], float]:
    return {(document.book, document.node_id): score for document, score in scores.search(query, books, chapter)}


def _questions(count: int) -> list[str]:
    lines = QUERY_FILE.read_text(encoding="utf-8").splitlines()
    return [line.split("\t")[0] for line in lines if line.strip() and not line.startswith("#")][:count]


def test_scores_of_the_rulebook_queries_are_whooshs_to_the_bit(search_engine):
    ranker = search_engine._ranker
    searcher = search_engine.index.searcher(weighting=ranker.weighting())
    scores = TermScores(searcher)
    compared = 0
    for text in _questions(40) + ["その後", "「1」マーク", "ブロック"]:
        query = ranker.build_query(parse_query(text), question=True)
        if query is None:
            continue
        for books, chapter in ((("hi-story", "duel-masters"), None), (("hi-story",), None), (("hi-story",), "ch11")):
            expected = _whoosh(searcher, query, books, chapter)
            assert _ours(scores, query, books, chapter) == expected, text
            compared += len(expected)
    assert compared > 1000  # the queries really match clauses


def _segmented_index():
    """Two segments and a deleted document, in memory."""
    schema = Schema(book=ID(stored=True), node_id=ID(stored=True), chapter=ID(stored=True),
                    body=TEXT(analyzer=BigramTokenizer()))
    index = RamStorage().create_index(schema)
    for batch in (("1.1", "1.2", "1.3"), ("2.1", "2.2")):
        _add(index, batch)
    writer = index.writer()
    writer.delete_by_term("node_id", "1.2")
    writer.commit(merge=False)
    return index


def _add(index, nodes) -> None:
    writer = index.writer()
    for node in nodes:
        writer.add_document(book="b", node_id=node, chapter=f"ch{node[0]}",
                            body=f"カードを{node}枚引く。その後、山札の上のカードを見る。" * int(node[-1]))
    writer.commit(merge=False)


_SEGMENTED_QUERY = wq.Or([wq.Term("body", "カー", boost=2.0), wq.Term("body", "山札"), wq.Term("body", "その"),
                          wq.Term("body", "ない")])


def test_several_segments_and_a_deleted_document_score_as_in_whoosh():
    searcher = _segmented_index().searcher()
    assert len(searcher.leaf_searchers()) == 2
    query = _SEGMENTED_QUERY
    expected = _whoosh(searcher, query, ("b",))
    assert ("b", "1.2") not in expected and len(expected) == 4
    for table in (None, ScoreTable(searcher)):  # read as the search goes, and all at once
        assert _ours(TermScores(searcher, table), query, ("b",)) == expected
        assert _ours(TermScores(searcher, table), query, ("b",), "ch2") == _whoosh(searcher, query, ("b",), "ch2")


def test_the_table_read_at_start_holds_each_terms_postings_as_read_one_by_one(search_engine):
    """Every term of every field of the real index, and terms it lacks, as read from the searcher when asked."""
    searcher = search_engine.index.searcher(weighting=search_engine._ranker.weighting())
    complete, as_asked = ScoreTable(searcher), ScoreTable(searcher, complete=False)
    assert complete.complete and not as_asked.complete
    assert complete.documents == as_asked.documents and complete.doc_count == as_asked.doc_count
    terms = [(fieldname, searcher.schema[fieldname].from_bytes(term))
             for fieldname, term in searcher.reader().all_terms()]
    assert len(terms) > 5000
    missing = [("body", "存在しない語"), ("marks", "無"), ("no_such_field", "山札"), ("position", "not a number")]
    for fieldname, text in terms + missing:
        assert complete.scored_postings(fieldname, text) == as_asked.scored_postings(fieldname, text), (fieldname, text)
    assert all(not complete.scored_postings(*term) for term in missing)


def test_a_table_of_another_generation_of_the_index_is_not_used():
    index = _segmented_index()
    table = ScoreTable(index.searcher())
    _add(index, ("3.1",))  # a commit: a new generation, other documents
    searcher = index.searcher()
    scores = TermScores(searcher, table)
    assert scores.table is not table and not scores.table.complete
    assert _ours(scores, _SEGMENTED_QUERY, ("b",)) == _whoosh(searcher, _SEGMENTED_QUERY, ("b",))
    assert ("b", "3.1") in _ours(scores, _SEGMENTED_QUERY, ("b",))


def test_a_prepared_search_answers_as_one_that_reads_postings_as_it_goes(search_engine):
    """prepare() reads every term's postings before the first search (the fork under --preload); the answers,
    scores included, are those of the search that reads them as it goes."""
    books = tuple(search_engine.books.values())
    prepared, as_it_goes = (ClauseSearch(search_engine.index, books, cache_size=0) for _ in range(2))
    prepared.prepare()
    assert prepared._term_scores().table.complete and not as_it_goes._term_scores().table.complete
    for text in _questions(60) + ["その後", "「1」マーク", "ブロック", "〈織田〉 召", "6.7 その後"]:
        for book in (None, "hi-story"):
            assert prepared.search(text, book, limit=50) == as_it_goes.search(text, book, limit=50), (text, book)


def test_a_query_that_is_not_a_flat_or_of_terms_is_refused(search_engine):
    scores = TermScores(search_engine.index.searcher())
    with pytest.raises(TypeError):
        scores.search(wq.And([wq.Term("body", "山札"), wq.Term("body", "墓地")]), ("hi-story",))


def test_the_best_of_the_ranking_are_the_start_of_the_whole_ranking(search_engine):
    """Ranker.best adjusts only the clauses that can still reach the first ``count``: the same clauses, scores
    and order as adjusting every clause (Ranker.rescore), at every depth, and the same count of clauses."""
    ranker = search_engine._ranker
    scores = TermScores(search_engine.index.searcher(weighting=ranker.weighting()))
    pruned = 0
    for text in _questions(60) + ["その後", "「1」マーク", "ブロック", "「山札の上から」見る", "〈織田〉 召"]:
        parsed = parse_query(text)
        term_query = is_term_query(parsed, ranker.content_words(parsed))
        for books in (("hi-story", "duel-masters"), ("hi-story",)):
            found = scores.matches(ranker.terms(parsed, question=not term_query), books)
            whole = [(entry.book.id, entry.node.id, entry.score)
                     for entry in ranker.rescore(parsed, list(zip(found.keys, found.scores)), term_query)]
            for count in (1, 3, 8, 20):
                best, total = ranker.best(parsed, found, term_query, count)
                assert [(entry.book.id, entry.node.id, entry.score) for entry in best] == whole[:count], (text, count)
                assert total == len(whole)
                pruned += len(whole) > count
    assert pruned > 300  # most rankings are longer than the page
