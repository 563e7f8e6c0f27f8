"""The clause search as the web and the CLI use it: ranking, numbers, phrases, filters, odd input."""

from __future__ import annotations

import dataclasses
import os
import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from whoosh.fields import STORED

from adjudicator.rulebook import list_rulebooks, load_rulebook
from adjudicator.search.analysis import normalize
from adjudicator.search import documents, store
from adjudicator.search.store import fingerprint, open_or_build


def ids(result):
    return [hit.id for hit in result.hits]


def test_a_term_finds_the_clause_that_defines_it_first(search_engine):
    result = search_engine.search("その後", book="hi-story")
    assert ids(result)[0] == "6.7.1"
    assert all("その後" in "".join(hit.excerpt.highlights) for hit in result.hits[:3])


def test_a_clause_number_jumps_to_the_clause_in_any_width(search_engine):
    for typed in ("6.7.1", "６．７．１"):
        result = search_engine.search(typed)
        assert result.jump is not None and result.jump.id == "6.7.1"
        assert ids(result)[0] == "6.7.1"


def test_a_clause_number_lists_the_clauses_that_cite_it_after_it(search_engine):
    result = search_engine.search("6.7.1", book="hi-story")
    book = load_rulebook("hi-story")
    assert ids(result)[1:] == list(book.backlinks("6.7.1"))


def test_a_duel_masters_number_jumps_there(search_engine):
    result = search_engine.search("101.4a")
    assert result.jump is not None and (result.jump.book, result.jump.id) == ("duel-masters", "101.4a")


def test_a_section_number_lists_its_clauses_in_order(search_engine):
    result = search_engine.search("6.7", book="hi-story")
    book = load_rulebook("hi-story")
    assert result.section is not None and result.section.id == "6.7"
    assert ids(result) == list(book.get("6.7").children)


def _contains(hit, phrase):
    book = load_rulebook(hit.book)
    where = [hit.node.text, hit.node.title or ""] + [node.title or "" for node in book.heading_path(hit.id)]
    return any(phrase in normalize(text) for text in where)


def test_a_quoted_phrase_ranks_the_clauses_containing_it_first(search_engine):
    result = search_engine.search("「場の下」", book="hi-story", limit=100)
    contains = [_contains(hit, "場の下") for hit in result.hits]
    assert contains[0] and False in contains  # a boost, not a filter
    assert contains == sorted(contains, reverse=True)
    assert not result.notices


def test_ascii_double_quotes_make_a_phrase_too(search_engine):
    assert ids(search_engine.search('"場の下"', book="hi-story")) == ids(search_engine.search("「場の下」", book="hi-story"))


def test_a_player_word_finds_the_rulebook_word(search_engine):
    result = search_engine.search("タップ", book="hi-story")
    assert result.hits and all("レスト" in hit.node.text or "レスト" in hit.title for hit in result.hits[:5])


def test_the_book_filter_keeps_to_that_book(search_engine):
    result = search_engine.search("山札", book="duel-masters")
    assert result.hits and {hit.book for hit in result.hits} == {"duel-masters"}


def test_the_chapter_filter_keeps_to_that_chapter(search_engine):
    result = search_engine.search("攻撃", book="hi-story", chapter="ch11")
    book = load_rulebook("hi-story")
    assert result.hits and all(book.heading_path(hit.id)[0].id == "ch11" for hit in result.hits)


def test_an_unknown_book_or_chapter_is_a_key_error(search_engine):
    with pytest.raises(KeyError):
        search_engine.search("山札", book="no-such-book")
    with pytest.raises(KeyError):
        search_engine.search("山札", book="hi-story", chapter="ch99")


@pytest.mark.parametrize("odd", ['"', "「", "AND OR", "*", "？", "?", "(", "場 AND", "NOT", "「」", "''", "\\", "~2^3"])
def test_odd_syntax_answers_without_error(search_engine, odd):
    result = search_engine.search(odd)
    assert result.query.text == odd.strip()


def test_a_very_long_query_is_capped_and_still_answers(search_engine):
    result = search_engine.search("攻撃できる？" * 100)
    assert result.query.truncated and result.notices and result.hits


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=300))
def test_any_text_is_answered(search_engine, text):
    result = search_engine.search(text)
    assert len(result.hits) <= 20
    assert result.as_json()["query"] == result.query.text


def test_hits_carry_their_section_path(search_engine):
    hit = search_engine.search("その後", book="hi-story").hits[0]
    assert [node.id for node in hit.path] == ["ch6", "6.7"]
    assert hit.title.startswith("第6章 効果の基本構造 › 6.7 「その後」")


def test_the_index_is_reused_until_a_book_changes(tmp_path):
    books = list_rulebooks()
    first = open_or_build(books, tmp_path)
    again = open_or_build(books, tmp_path)
    assert first.built and not again.built and again.directory == first.directory
    changed = (dataclasses.replace(books[0], sha256="0" * 64), *books[1:])
    assert fingerprint(changed) != fingerprint(books)
    rebuilt = open_or_build(changed, tmp_path)
    assert rebuilt.built and rebuilt.directory != first.directory
    assert not first.directory.exists()  # the stale index is removed


def test_the_index_is_rebuilt_when_the_schema_changes(tmp_path, monkeypatch):
    books = list_rulebooks()
    first = open_or_build(books, tmp_path)

    def schema_with_one_more_field():
        schema = documents.build_schema()
        schema.add("note", STORED)
        return schema

    # The same SCHEMA_VERSION: the changed schema alone must lead to a new index.
    monkeypatch.setattr(store, "build_schema", schema_with_one_more_field)
    rebuilt = open_or_build(books, tmp_path)
    assert rebuilt.built and rebuilt.directory != first.directory
    assert "note" in rebuilt.index.schema.names()
    assert not open_or_build(books, tmp_path).built  # and reused while it stays the same


def test_the_index_is_rebuilt_when_the_morphological_analysis_changes(tmp_path, monkeypatch):
    from adjudicator.search import analysis

    books = list_rulebooks()
    first = open_or_build(books, tmp_path)
    # The same SCHEMA_VERSION and fields: another tokenizer's words alone must not reuse the index.
    monkeypatch.setattr(analysis, "MORPH_ANALYSIS", "janome+mecab-ipadic-2.7.0-20070801")
    rebuilt = open_or_build(books, tmp_path)
    assert rebuilt.built and rebuilt.directory != first.directory


def test_workers_starting_together_build_the_index_once(tmp_path):
    books = list_rulebooks()
    outcomes = []

    def start_worker():
        outcomes.append(open_or_build(books, tmp_path))

    workers = [threading.Thread(target=start_worker) for _ in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert sum(outcome.built for outcome in outcomes) == 1
    assert len({outcome.directory for outcome in outcomes}) == 1
    assert all(outcome.index.doc_count() == outcomes[0].index.doc_count() > 0 for outcome in outcomes)


# -- the long-lived searcher and the result cache ------------------------------------------------------------


def _engine(tmp_path, cache_size):
    from adjudicator.search.engine import ClauseSearch

    books = list_rulebooks()
    return ClauseSearch(open_or_build(books, tmp_path).index, books, cache_size=cache_size)


def test_a_repeated_search_is_answered_from_the_cache_with_the_same_result(tmp_path):
    cached, uncached = _engine(tmp_path, 8), _engine(tmp_path, 0)
    first = cached.search("攻撃 ブロック", book="hi-story")
    again = cached.search(" 攻撃  ブロック ", book="hi-story")  # the same query once its spaces are collapsed
    assert again is first
    assert cached.cache_info().hits == 1 and cached.cache_info().misses == 1
    assert again == uncached.search("攻撃 ブロック", book="hi-story")
    assert uncached.cache_info().currsize == 0


def test_the_cache_keys_on_filters_and_limit_and_stays_bounded(tmp_path):
    engine = _engine(tmp_path, 2)
    whole = engine.search("山札", limit=5)
    assert engine.search("山札", book="hi-story", limit=5) is not whole
    assert len(engine.search("山札", limit=3).hits) == 3
    assert engine.cache_info().misses == 3 and engine.cache_info().currsize == 2


@pytest.mark.parametrize("settled", [False, True], ids=["index just built", "index folder untouched for a while"])
def test_a_changed_index_is_searched_again_not_answered_from_the_cache(tmp_path, settled):
    engine = _engine(tmp_path, 8)
    if settled:  # the search then trusts the folder's time instead of listing it (engine._settled_stamp)
        os.utime(engine.index.storage.folder, ns=(time.time_ns() - 60 * 10**9,) * 2)
        assert engine.search("攻撃", book="hi-story") is engine.search("攻撃", book="hi-story")
        assert engine.cache_info().hits == 1
    before = engine.search("その後", book="hi-story")
    assert ids(before)[0] == "6.7.1"
    index = open_or_build(list_rulebooks(), tmp_path).index
    writer = index.writer()
    writer.delete_by_term("key", documents.document_key("hi-story", "6.7.1"))
    writer.commit()
    after = engine.search("その後", book="hi-story")
    assert "6.7.1" not in ids(after) and ids(after)
    assert engine.cache_info().hits == (1 if settled else 0)


def test_each_thread_searches_with_its_own_searcher(tmp_path):
    engine = _engine(tmp_path, 0)
    expected = ids(engine.search("身代わり"))
    seen: list[list[str]] = []
    threads = [threading.Thread(target=lambda: seen.append(ids(engine.search("身代わり")))) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert seen == [expected] * 4
