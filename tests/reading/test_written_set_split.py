"""Written set 3 (tests/data/reading_written3.yaml), split by bench/split_set.py into tune3 and heldout3.

heldout3 is never tuned on: as in tests/reading/test_held_out_texts.py, its shares are measured by bench/reading.py,
not asserted; what is asserted holds whatever the grammar knows (a text to refuse is refused, with offsets
that point at its words; every text gives a reading, never an error). tune3 is tuned on, so, as dev2, every
item is asserted. The split itself is checked: it is the set, and it follows the hash of each text.
"""

from __future__ import annotations

import pytest

from bench.queries.split import is_heldout
from tests.reading.text_sets import (
    assert_every_text_gives_a_reading,
    assert_reads_as_expected,
    assert_refused_as_expected,
    assert_refused_at_its_words,
    items,
)

WRITTEN, TUNE, HELDOUT = items("reading_written3.yaml"), items("reading_tune3.yaml"), items("reading_heldout3.yaml")


def test_the_set_is_large_varied_and_split_by_the_hash_of_each_text():
    assert len(WRITTEN) >= 60 and sum("refuse" in item for item in WRITTEN) >= 12
    assert sum(bool(item.get("when")) for item in WRITTEN) >= 10
    assert sorted(map(repr, TUNE + HELDOUT)) == sorted(map(repr, WRITTEN))
    assert all(is_heldout(item["text"]) for item in HELDOUT) and not any(is_heldout(item["text"]) for item in TUNE)


@pytest.mark.parametrize("item", [i for i in HELDOUT if "refuse" in i], ids=lambda i: i["text"][:20])
def test_a_heldout3_text_that_must_be_refused_is_refused(item):
    assert_refused_at_its_words(item)


def test_every_heldout3_text_gives_a_reading():
    assert_every_text_gives_a_reading(HELDOUT)


@pytest.mark.parametrize("item", [i for i in TUNE if "refuse" not in i], ids=lambda i: i["text"][:24])
def test_a_tune3_text_reads_as_expected(item):
    assert_reads_as_expected(item)


@pytest.mark.parametrize("item", [i for i in TUNE if "refuse" in i], ids=lambda i: i["text"][:24])
def test_a_tune3_text_to_refuse_is_refused_with_its_span_and_kind(item):
    assert_refused_as_expected(item)
