"""The search's own summing of postings gives Whoosh's scores exactly, for the same documents."""

from __future__ import annotations

from pathlib import Path

import pytest
from whoosh import query as wq
from whoosh.fields import ID, TEXT, Schema
from whoosh.filedb.filestore import RamStorage

from adjudicator.search.analysis import BigramTokenizer
from adjudicator.search.query import parse_query
from adjudicator.search.ranking import is_term_query
from adjudicator.search.scoring import TermScores

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


def test_several_segments_and_a_deleted_document_score_as_in_whoosh():
    schema = Schema(book=ID(stored=True), node_id=ID(stored=True), chapter=ID(stored=True),
                    body=TEXT(analyzer=BigramTokenizer()))
    index = RamStorage().create_index(schema)
    for batch in (("1.1", "1.2", "1.3"), ("2.1", "2.2")):
        writer = index.writer()
        for node in batch:
            writer.add_document(book="b", node_id=node, chapter=f"ch{node[0]}",
                                body=f"カードを{node}枚引く。その後、山札の上のカードを見る。" * int(node[-1]))
        writer.commit(merge=False)
    writer = index.writer()
    writer.delete_by_term("node_id", "1.2")
    writer.commit(merge=False)
    searcher = index.searcher()
    assert len(searcher.leaf_searchers()) == 2
    query = wq.Or([wq.Term("body", "カー", boost=2.0), wq.Term("body", "山札"), wq.Term("body", "その"),
                   wq.Term("body", "ない")])
    expected = _whoosh(searcher, query, ("b",))
    assert ("b", "1.2") not in expected and len(expected) == 4
    assert _ours(TermScores(searcher), query, ("b",)) == expected
    assert _ours(TermScores(searcher), query, ("b",), "ch2") == _whoosh(searcher, query, ("b",), "ch2")


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
