"""The held-out effect texts (tests/data/reading_heldout.yaml): written before the grammar, never tuned on.

Their readable and exact shares are measured by bench/reading.py, not asserted here (asserting each
reading would make this file a development set). What is asserted is what must hold whatever the
grammar knows: a text that must be refused is refused — the reader never guesses — and every text
gives a reading, never an error.
"""

from __future__ import annotations

import pytest

from tests.reading.text_sets import assert_every_text_gives_a_reading, assert_refused_at_its_words, items

ITEMS = items("reading_heldout.yaml")


def test_the_set_is_large_and_varied():
    assert len(ITEMS) >= 40
    assert sum("refuse" in item for item in ITEMS) >= 5
    assert sum(bool(item.get("when")) for item in ITEMS) >= 5
    assert sum(len(item.get("sentences", [])) >= 2 for item in ITEMS) >= 5


@pytest.mark.parametrize("item", [i for i in ITEMS if "refuse" in i], ids=lambda i: i["text"][:20])
def test_a_text_that_must_be_refused_is_refused(item):
    assert_refused_at_its_words(item)


def test_every_text_gives_a_reading():
    assert_every_text_gives_a_reading(ITEMS)
