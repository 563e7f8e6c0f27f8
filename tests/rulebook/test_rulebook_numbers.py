"""Clause numbers as text: normalisation and the citation rule of the scenario spec."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.rulebook.numbers import citation_covers, normalize_ref, sort_key


@pytest.mark.parametrize(("typed", "canonical"), [
    ("6.7.1", "6.7.1"),
    ("６．７．１", "6.7.1"),
    (" 6.7.1 ", "6.7.1"),
    ("100.1.", "100.1"),
    ("103.2．", "103.2"),
    ("101.4a", "101.4a"),
    ("ch12", "ch12"),
    ("CH12", "ch12"),
    ("第12章", "ch12"),
    ("第１２章", "ch12"),
    ("10.6.2-8", "10.6.2-8"),
    ("10.6.2の⑧", "10.6.2-8"),
    ("10.6.2-⑧", "10.6.2-8"),
    ("10.6.2-08", "10.6.2-8"),
])
def test_normalize_ref(typed, canonical):
    assert normalize_ref(typed) == canonical


@pytest.mark.parametrize(("expected", "cited", "covers"), [
    ("10.6.2", "10.6.2", True),
    ("10.6.2", "10.6.2-3", True),
    ("10.6.2", "１０．６．２", True),
    ("5.8", "5.8.3", True),
    ("5.8", "5.8.3-1", True),
    ("ch6", "6.7.1", True),
    ("ch1", "1.2", True),
    ("ch1", "101.4a", True),
    ("100", "100.2a", True),
    ("100.2", "100.2a", True),
    ("6.7.1", "6.7.10", False),
    ("6.7.1", "6.7", False),
    ("5.8", "5.80.1", False),
    ("10.6.2-3", "10.6.2", False),
    ("ch1", "12.1.1", False),
    ("ch1", "11.2.3", False),
    ("ch11", "1.1", False),
    ("100.2a", "100.2", False),
    ("6.7.1", "", False),
])
def test_citation_covers(expected, cited, covers):
    assert citation_covers(expected, cited) is covers


numbers = st.lists(st.integers(min_value=1, max_value=40), min_size=1, max_size=3).map(
    lambda parts: ".".join(map(str, parts)))


@given(numbers)
def test_a_number_covers_itself_and_its_items(number):
    assert citation_covers(number, number)
    assert citation_covers(number, number + "-3")


@given(numbers, st.integers(min_value=0, max_value=9))
def test_a_number_never_covers_a_longer_number(number, digit):
    assert not citation_covers(number, f"{number}{digit}")


@given(numbers)
def test_full_width_forms_normalise_to_the_same_id(number):
    full_width = number.translate(str.maketrans("0123456789.", "０１２３４５６７８９．"))
    assert normalize_ref(full_width) == normalize_ref(number) == number


def test_sort_key_orders_like_the_books():
    ids = ["6.7.10", "6.7.2", "6.7", "100.2a", "100.3", "100.2"]
    assert sorted(ids, key=sort_key) == ["6.7", "6.7.2", "6.7.10", "100.2", "100.2a", "100.3"]


@given(st.text(alphabet="0123456789０１２３４５６７８９.．-の第章chCHab ①⑧⑩", max_size=16))
def test_normalize_ref_is_idempotent(text):
    once = normalize_ref(text)
    assert normalize_ref(once) == once
