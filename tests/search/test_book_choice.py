"""The book a question is about, chosen from its words when nobody chose one (search/book_choice.py)."""

from __future__ import annotations

import pytest

from adjudicator.rulebook import list_rulebooks
from adjudicator.search.book_choice import BookChooser
from adjudicator.search.glossary import Glossary


@pytest.fixture(scope="module")
def chooser() -> BookChooser:
    books = list_rulebooks()
    return BookChooser(books, Glossary.for_books(books))


@pytest.mark.parametrize("question, book, evidence", [
    # The Hi!story questions that the default 「すべて」 answered with Duel Masters first.
    ("手札が0枚のとき", "hi-story", ()),
    ("山札が0枚になったら負け？", "hi-story", ()),
    ("ぱわーがおなじとき", "hi-story", ()),
    ("ウラのカードは攻撃できる？", "hi-story", ("ウラ",)),
    ("身代わりを使ったらブロックできない？", "hi-story", ("身代わり",)),
    # Words only Duel Masters prints, and the game named outright.
    ("シールドは何枚で始まる", "duel-masters", ("シールド",)),
    ("封印がついたクリーチャーは攻撃できる？", "duel-masters", ("封印",)),
    ("デュエマで山札が0枚になったら負けるの？", "duel-masters", ("デュエマ",)),
])
def test_the_choice_follows_the_question(chooser, question, book, evidence):
    choice = chooser.choose(question)
    assert choice.book == book
    assert choice.evidence == evidence
    assert choice.decided == bool(evidence)


def test_a_player_word_from_another_game_is_no_evidence(chooser):
    # タップ and クリーチャー are Duel Masters' words, and the glossary reads them as Hi!story's (レスト, 人物カード).
    assert chooser.choose("タップしたクリーチャーに攻撃できる？").book == "hi-story"
    assert chooser.choose("アンタップするのはいつ？").evidence == ()


def test_the_game_named_outright_wins_over_the_other_books_words(chooser):
    assert chooser.choose("デュエマのウラのカード").book == "duel-masters"
