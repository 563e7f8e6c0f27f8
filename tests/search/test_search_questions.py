"""The search on questions as people type them: phrases that boost, numbers inside text, marks, paging."""

from __future__ import annotations

import dataclasses

import pytest

from adjudicator import paths
from adjudicator.rulebook import load_rulebook
from adjudicator.search.analysis import normalize
from adjudicator.search.examples import ExampleIndex


def ids(result):
    return [hit.id for hit in result.hits]


# -- 「」 is a boost with a fallback, not a filter -------------------------------------------------------------


def test_a_quote_no_clause_contains_falls_back_to_its_words_and_says_so(search_engine):
    result = search_engine.search("「相手の攻撃中に発動できる」事変", book="hi-story")
    assert result.hits, "a quote that is not verbatim must not empty the results"
    assert any("そのまま含む条文はありません" in notice for notice in result.notices)


def test_a_verbatim_quote_lifts_the_clauses_containing_it_without_hiding_the_rest(search_engine):
    plain = search_engine.search("見ずに 手札", book="hi-story", limit=100)
    quoted = search_engine.search("「見ずに」 手札", book="hi-story", limit=100)
    assert len(quoted.hits) == len(plain.hits)  # nothing is filtered out
    containing = ["見ずに" in normalize(hit.node.text) for hit in quoted.hits]
    assert containing == sorted(containing, reverse=True) and not quoted.notices


# -- results do not depend on limit ---------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["「場の下」 カード", "ウラのカードで攻撃できる？", "「その後」 引く", "タップ"])
def test_a_shorter_limit_is_a_prefix_of_a_longer_one(search_engine, text):
    whole = search_engine.search(text, book="hi-story", limit=100)
    for limit in (1, 3, 10, 20):
        assert ids(search_engine.search(text, book="hi-story", limit=limit)) == ids(whole)[:limit]


def test_pages_follow_each_other_and_the_total_counts_them_all(search_engine):
    whole = search_engine.search("攻撃", book="hi-story", limit=100)
    first = search_engine.search("攻撃", book="hi-story", limit=20)
    second = search_engine.search("攻撃", book="hi-story", limit=20, offset=20)
    assert first.total == second.total == whole.total > 20
    assert ids(first) + ids(second) == ids(whole)[:40]
    assert second.offset == 20


# -- clause numbers inside free text --------------------------------------------------------------------------


@pytest.mark.parametrize(("typed", "first"), [
    ("11.2.2 ブロック", ["11.2.2"]), ("6.7.1とは", ["6.7.1"]), ("「6.7.1」", ["6.7.1"]),
    ("6.7.1 6.7.2", ["6.7.1", "6.7.2"]), ("10.6.2‐8", ["10.6.2-8"]), ("ルール4.4.1の補完シャッフル", ["4.4.1"]),
    ("10.1.9と4.4.1どっちが先？", ["10.1.9", "4.4.1"]),
])
def test_a_number_in_the_text_is_pinned_first(search_engine, typed, first):
    result = search_engine.search(typed, book="hi-story")
    assert ids(result)[: len(first)] == first
    assert result.pinned == len(first) and not result.notices


def test_the_words_around_a_number_still_rank_the_rest(search_engine):
    result = search_engine.search("11.2.2 ブロック", book="hi-story")
    assert len(result.hits) > 1 and "11.2.2" not in ids(result)[1:]
    assert all("ブロック" in hit.node.text or "ブロック" in hit.title for hit in result.hits[1:4])


def test_a_chapter_or_section_named_in_a_question_puts_its_clauses_first(search_engine):
    result = search_engine.search("6.7 その後 引けない", book="hi-story", limit=100)
    inside = [hit.id.startswith("6.7.") for hit in result.hits]
    assert inside[0] and inside == sorted(inside, reverse=True)
    assert "6.5.11" in ids(result)  # the rest still follows
    result = search_engine.search("第12章 勝敗", book="hi-story")
    assert all(hit.id.startswith("12.") for hit in result.hits[:4])


@pytest.mark.parametrize("typed", ["101.4 a", "dm:101.4a", "101.4a"])
def test_duel_masters_numbers_in_any_spelling(search_engine, typed):
    result = search_engine.search(typed)
    assert (result.hits[0].book, result.hits[0].id) == ("duel-masters", "101.4a")


def test_an_unknown_number_says_so_and_offers_the_nearest_clause_not_unrelated_hits(search_engine):
    result = search_engine.search("6.7.10", book="hi-story")
    assert result.hits == () and result.jump is None
    assert any("6.7.10" in notice and "ありません" in notice for notice in result.notices)
    assert [hit.id for hit in result.suggestions] == ["6.7.6"]


def test_a_number_of_the_other_book_says_which_book_has_it(search_engine):
    result = search_engine.search("101.4a", book="hi-story")
    assert result.hits == () and any("デュエル・マスターズ" in notice for notice in result.notices)
    assert [(hit.book, hit.id) for hit in result.suggestions] == [("duel-masters", "101.4a")]


@pytest.mark.parametrize(("typed", "expected"), [("6.7.1", "6.7.1"), ("10.6.2-8", "10.6.2-8"), ("101.4a", "101.4a"),
                                                 ("６．７．１", "6.7.1"), ("10.6.2の⑧", "10.6.2-8")])
def test_exact_lookups_still_jump_to_exactly_that_clause(search_engine, typed, expected):
    result = search_engine.search(typed)
    assert result.jump is not None and result.jump.id == expected and ids(result)[0] == expected
    assert "6.7.10" not in ids(result)


# -- marks and brackets ---------------------------------------------------------------------------------------


def test_the_1_mark_is_the_mark_not_the_digit_of_one_card(search_engine):
    result = search_engine.search("「1」の効果は何回使える", book="hi-story")
    assert "6.4.2" in ids(result)[:3]
    assert all("「1」" in hit.node.text for hit in result.hits[:3])
    assert [reading.word for reading in result.readings] == ["1"]


def test_brackets_find_the_chapter_7_syntax(search_engine):
    result = search_engine.search("〈〉", book="hi-story")
    assert "7.1.1" in ids(result)[:3] and all("〈〉" in hit.node.text for hit in result.hits[:3])
    result = search_engine.search("【】の中身", book="hi-story")
    assert "7.1.1" in ids(result)[:3]


# -- player vocabulary ----------------------------------------------------------------------------------------


def test_the_result_says_which_words_it_read_as_rulebook_terms(search_engine):
    result = search_engine.search("デッキ切れで負け？", book="hi-story")
    assert [(reading.word, reading.terms[0]) for reading in result.readings] == [("デッキ切れ", "山札が0枚"), ("負け", "敗北")]
    assert {"2.5.2", "12.1.1"} & set(ids(result)[:3])
    assert result.as_json()["readings"][0] == {"word": "デッキ切れ", "terms": ["山札が0枚", "敗北"], "source": "TCG"}


def test_an_alias_from_the_rulebook_is_credited_to_its_clause(search_engine):
    result = search_engine.search("ランダムに選ぶ", book="hi-story")
    assert [(reading.word, reading.source) for reading in result.readings] == [("ランダムに", "hi-story:4.3.1")]
    assert ids(result)[0] == "4.3.1"


# -- worked examples ------------------------------------------------------------------------------------------


def test_examples_match_by_question_and_by_cited_clauses():
    index = ExampleIndex.scan(paths.scenarios_dir())
    assert len(index) > 100
    by_clause = index.matching("zzz", ["6.7.1"])
    assert by_clause and all(any(cite.startswith("6.7") for cite in example.cites) for example in by_clause)
    by_words = index.matching("ウラのカードで攻撃できる？", [])
    assert by_words and all("攻撃" in example.title + example.question for example in by_words)
    assert "ウラ" in by_words[0].title + by_words[0].question
    assert index.matching("", []) == ()


def test_hits_keep_their_book_and_clause_text(search_engine):
    book = load_rulebook("hi-story")
    for hit in search_engine.search("身代わりとブロックは同時に使える？", book="hi-story").hits[:5]:
        assert hit.node.text == book.get(hit.id).text


def test_card_text_quoted_from_memory_is_read_for_the_rulebooks_own_terms(search_engine):
    from adjudicator.search.query import parse_query

    ranker = search_engine._ranker
    terms = ranker.card_text_terms(parse_query("「相手の場のカードを1枚選び墓地へ送る。その後、1枚引く」で対象がいなかったら"))
    assert "「その後」" in terms and "「引く」" in terms
    assert ranker.card_text_terms(parse_query("「その後」は？")) == ()  # verbatim in the rulebook: a plain phrase
    result = search_engine.search("「相手の場のカードを1枚選び墓地へ送る。その後、1枚引く」で対象がいなかったら", book="hi-story")
    assert any("「その後」" in hit.node.text for hit in result.hits[:3])


def test_a_question_in_kana_finds_the_clauses_of_its_words(search_engine):
    result = search_engine.search("やまふだのまいすうはこうかい？", book="hi-story")
    assert ids(result)[0] in ("2.5.3", "4.1.1")
    assert ("やまふだ", ("山札",)) in [(reading.word, reading.terms) for reading in result.readings]


def test_a_clause_number_written_with_dashes_is_that_clause():
    from adjudicator.search.mentions import find_mentions

    assert [mention.ref for mention in find_mentions("10-6-2 攻撃の順番")] == ["10.6.2"]
    assert [mention.ref for mention in find_mentions("10-6-2-5")] == ["10.6.2-5"]
    assert find_mentions("2026-12-01 の大会") == ()  # a date is not a clause


def test_a_mis_converted_summon_is_not_the_summon_mark():
    from adjudicator.search.query import parse_query

    assert parse_query("召還フェーズ").marks == ()  # 召還, the input method's 召喚
    assert parse_query("召効果").marks == ("召",) and parse_query("召と1").marks[0] == "召"


def test_ascii_and_duel_masters_brackets_are_the_rulebooks_brackets():
    from adjudicator.search.query import parse_query

    assert parse_query("<守護>").marks == ("〈〉",) and parse_query("＜守護＞").marks == ("〈〉",)
    assert parse_query("《信長》").marks == ("〈〉",) and parse_query("[武士]").marks == ("【】",)


def test_a_phase_s_own_clause_comes_before_the_list_entry_that_only_names_it(search_engine):
    from adjudicator.search.engine import DEFAULT_PROFILE

    # 5.2.1-1 is 「ドロー&リフレッシュフェーズ」 alone, an entry of 5.2.1's list: it states no rule. 5.2.2 rules on it.
    question = "ドロー&リフレッシュフェーズでは何をする？"
    ids = [hit.id for hit in search_engine.search(question, book="hi-story").hits]
    assert ids.index("5.2.2") < 2 and "5.2.1-1" not in ids[:3]
    # By its words alone 5.2.2 comes first. The worked examples like this question are about attacking from that
    # phase: they cite 5.2.1 (the order of the phases) a little more than 5.2.2, and 5.2.1 comes just above it.
    words = search_engine.with_profile(dataclasses.replace(DEFAULT_PROFILE, example_bonus=0.0))
    assert [hit.id for hit in words.search(question, book="hi-story").hits][0] == "5.2.2"


def test_a_question_of_order_gets_the_ordered_list_before_its_step(search_engine):
    from adjudicator.search.engine import DEFAULT_PROFILE

    question = "身代わりとブロックの選択はどっちが先？"
    ids_ = ids(search_engine.search(question, book="hi-story"))
    assert ids_[:2] == ["10.6.2", "10.6.2-3"]  # 「攻撃1回は、以下の順序で処理する」 before its step 3
    unlisted = search_engine.with_profile(dataclasses.replace(DEFAULT_PROFILE, order_lists=False))
    assert ids(unlisted.search(question, book="hi-story"))[:2] == ["10.6.2-3", "10.6.2"]
    # Not a question of order: the step stays where its words put it.
    assert ids(search_engine.search("攻撃した後の効果はいつ？", book="hi-story"))[0] == "10.6.2-10"
