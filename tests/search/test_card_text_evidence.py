"""Quoted card text read by the card reader as ranking evidence (search/card_text.py), and what a question
asks (search/asked.py)."""

from __future__ import annotations

import dataclasses

import pytest

from adjudicator.search.asked import asked, clause_kinds
from adjudicator.search.card_text import NOTHING, CardTextReader, unquoted_spans


@pytest.fixture(scope="module")
def reader() -> CardTextReader:
    return CardTextReader()


def test_a_quote_the_reader_reads_gives_its_citations_and_mechanics(reader):
    read = reader.read("このターン、これは攻撃できない")
    assert {"5.6.3", "8.2.5"} <= read.cites  # このターン; a card's restriction
    assert ("できない", "このターン", "攻撃") == read.mechanics
    assert not read.cites & {"10.1.5", "6.5.1", "6.5.2"}  # cited by every reading: no evidence of this one


def test_a_quote_the_reader_cannot_read_is_left_to_its_words(reader):
    assert reader.read("攻撃できない") is NOTHING
    assert reader.read("その後") is NOTHING
    assert reader.read("x" * 5000) is NOTHING  # past the reader's bound: refused, not raised


def test_the_reading_moves_the_clause_it_cites_up(search_engine):
    from adjudicator.search.engine import DEFAULT_PROFILE

    question = "「手札を2枚捨てる。その後、3枚引く」を手札1枚のときに使ったら3枚引ける？"
    without = search_engine.with_profile(dataclasses.replace(DEFAULT_PROFILE, reader_bonus=0.0))

    def rank(engine) -> int:
        return [hit.id for hit in engine.search(question, book="hi-story", limit=20).hits].index("6.7.1")

    assert DEFAULT_PROFILE.reader_bonus > 0
    assert rank(search_engine.with_profile(DEFAULT_PROFILE)) < rank(without)


@pytest.mark.parametrize("question, kinds", [
    ("身代わりを使ったらブロックはもうできない？", {"permission"}),
    ("パワーが0になったカードは墓地に行かないの？", set()),  # a consequence asked about, not a permission
    ("相手のターンに事変を発動してもいい？", {"permission"}),
    ("「常」の効果はいつから効くようになる", {"timing"}),
    ("攻撃時効果と身代わりってどっちが先？", {"order"}),
    ("身代わりは1回の攻撃に何枚まで使える", {"count"}),
    ("その後", set()),
])
def test_what_a_question_asks(question, kinds):
    assert asked(question) == kinds


def test_clause_kinds_come_from_the_rulebooks_words():
    kinds = clause_kinds({("b", "1"): "「場を離れる」とは、カードが移動することを指す。",
                          ("b", "2"): "事変は1ターンに1枚しか発動できない。",
                          ("b", "3"): "処理順はターンプレイヤーが選ぶ。"})
    assert kinds[("b", "1")] == {"definition"}
    assert kinds[("b", "2")] == {"permission"}
    assert kinds[("b", "3")] == {"order"}


def test_a_rule_stated_as_a_duty_is_no_permission():
    kinds = clause_kinds({("b", "1"): "攻撃フェーズには攻撃しなければならない。"})
    assert "permission" not in kinds[("b", "1")]


def test_the_intent_bonus_reranks_only_clauses_that_match_the_situation(search_engine):
    from adjudicator.search.engine import DEFAULT_PROFILE
    from adjudicator.search.query import parse_query
    from adjudicator.search.ranking import _Adjustment

    assert DEFAULT_PROFILE.intent_bonus > 0 and DEFAULT_PROFILE.intent_kinds == {"permission"}
    question = parse_query("ウラのカードで攻撃できる？")
    without = search_engine.with_profile(dataclasses.replace(DEFAULT_PROFILE, intent_bonus=0.0))
    on = _Adjustment(search_engine.with_profile(DEFAULT_PROFILE)._ranker, question, False)
    off = _Adjustment(without._ranker, question, False)
    # 3.1.4 (ウラのカード … できない) holds the situation's words: it gains. 5.4.1 (「攻撃できない」) states a
    # permission too but holds a quarter of the words, below the gate: unchanged.
    assert on.score(("hi-story", "3.1.4"), 1.0) == pytest.approx(off.score(("hi-story", "3.1.4"), 1.0) * 1.1)
    assert on.score(("hi-story", "5.4.1"), 1.0) == off.score(("hi-story", "5.4.1"), 1.0)


@pytest.mark.parametrize("question, spans", [
    ("手札を2枚捨てる。その後、3枚引く効果を手札1枚のときに使ったら？",
     ("手札を2枚捨てる", "手札を2枚捨てる。その後、3枚引く", "その後、3枚引く")),
    ("相手は次のターン攻撃できないって効果、いつまで続く？", ("相手は次のターン攻撃できない",)),
    ("身代わりは1回の攻撃に何枚まで使える", ()),  # no place card text would end
])
def test_where_card_text_typed_without_brackets_may_end(question, spans):
    assert unquoted_spans(question) == spans


def test_card_text_typed_without_brackets_is_read(reader):
    read = reader.read_unquoted("相手は次のターン攻撃できないって効果、いつまで続く？")
    assert "5.6.2" in read.cites  # 次のターン
    assert "次のターン" in read.mechanics


def test_a_question_s_own_words_are_not_card_text(reader):
    # 「身代わりを使ったらブロックはもう」 ends where card text could, but the reader does not read all of it.
    assert not reader.read_unquoted("身代わりを使ったらブロックはもうできない？").read
    assert not reader.read_unquoted("ドロー&リフレッシュフェーズは何枚まで引ける").read


def test_the_clauses_unquoted_card_text_cites_move_up(search_engine):
    from adjudicator.search.engine import DEFAULT_PROFILE

    question = "相手は次のターン攻撃できないって効果、いつまで続く？"
    without = search_engine.with_profile(dataclasses.replace(DEFAULT_PROFILE, read_unquoted=False))

    def rank(engine) -> int:
        return [hit.id for hit in engine.search(question, book="hi-story", limit=20).hits].index("5.6.2")

    assert DEFAULT_PROFILE.read_unquoted
    assert rank(search_engine.with_profile(DEFAULT_PROFILE)) == 0
    assert rank(search_engine.with_profile(DEFAULT_PROFILE)) < rank(without)
