"""The live box's suggestions from memory (search/suggest.py): numbers, terms, titles, player words, phrases."""

from __future__ import annotations

import pytest

from adjudicator.rulebook import list_rulebooks
from adjudicator.search.glossary import Glossary
from adjudicator.search.suggest import MAX_PREFIX, SuggestionIndex


@pytest.fixture(scope="module")
def index() -> SuggestionIndex:
    books = list_rulebooks()
    return SuggestionIndex.for_books(books, Glossary.for_books(books))


def labels(found) -> list[str]:
    return [entry.label for entry in found]


def test_a_defined_term_leads_to_its_clause_before_its_section(index):
    found = index.suggest("その後", "hi-story")
    assert (found[0].node_id, found[1].node_id) == ("6.7.1", "6.7")


def test_a_clause_number_is_matched_from_its_start_in_the_book_asked(index):
    found = index.suggest("６．７", "hi-story")  # full-width, as a phone types it
    assert [entry.node_id for entry in found][:3] == ["6.7", "6.7.1", "6.7.2"]
    assert all(entry.kind == "number" for entry in found)
    assert index.suggest("101.4", "hi-story") == ()  # a Duel Masters number is not Hi!story's
    assert index.suggest("101.4", "duel-masters")[0].node_id == "101.4"


def test_kana_find_the_rulebooks_word_and_a_player_word_its_reading(index):
    assert "手札" in labels(index.suggest("てふだ", "hi-story"))
    assert labels(index.suggest("タップ", "hi-story"))[0] == "タップ → レスト"


def test_a_question_being_typed_is_matched_by_its_last_word(index):
    found = index.suggest("相手の手札が0枚の", "hi-story")
    assert found and all("手札" in entry.key for entry in found)


def test_no_duplicates_and_at_most_the_limit(index):
    found = index.suggest("そ", None, 8)
    assert len(found) == 8
    targets = [(entry.book, entry.node_id) if entry.node_id else entry.query for entry in found]
    assert len(targets) == len(set(targets))
    assert len(index.suggest("カード", "hi-story", 3)) == 3


@pytest.mark.parametrize("typed", ["", "   ", "<script>", "x" * (MAX_PREFIX * 10), "\u0000", "🀄"])
def test_anything_typed_gives_an_answer(index, typed):
    assert isinstance(index.suggest(typed, "hi-story"), tuple)
    assert index.suggest(typed, "no-such-book") == ()
