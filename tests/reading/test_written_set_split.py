"""Written sets 3 and 4 (tests/data/reading_written3.yaml, reading_written4.yaml: card texts as judges type them,
issue 28), each split by bench/split_set.py into a tune half and a held-out half.

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
WRITTEN4, TUNE4, HELDOUT4 = items("reading_written4.yaml"), items("reading_tune4.yaml"), items("reading_heldout4.yaml")
# tune4 texts the reader does not read, on purpose: one mora (ば) is too common a sound to stand for 「場」.
TUNE4_LEFT_UNREAD = ("相手のばのカードを全てレストする。",)


@pytest.mark.parametrize(("written", "tune", "heldout", "size"), [(WRITTEN, TUNE, HELDOUT, 60), (WRITTEN4, TUNE4, HELDOUT4, 80)],
                         ids=["set3", "set4"])
def test_the_set_is_large_varied_and_split_by_the_hash_of_each_text(written, tune, heldout, size):
    assert len(written) >= size and sum("refuse" in item for item in written) >= 12
    assert sum(bool(item.get("when")) for item in written) >= 10
    assert sorted(map(repr, tune + heldout)) == sorted(map(repr, written))
    assert all(is_heldout(item["text"]) for item in heldout) and not any(is_heldout(item["text"]) for item in tune)


@pytest.mark.parametrize("item", [i for i in HELDOUT + HELDOUT4 if "refuse" in i], ids=lambda i: i["text"][:20])
def test_a_heldout_text_that_must_be_refused_is_refused(item):
    assert_refused_at_its_words(item)


def test_every_heldout_text_gives_a_reading():
    assert_every_text_gives_a_reading(HELDOUT + HELDOUT4)


@pytest.mark.parametrize("item", [i for i in TUNE4 if "refuse" not in i and i["text"] not in TUNE4_LEFT_UNREAD],
                         ids=lambda i: i["text"][:24])
def test_a_tune4_text_reads_as_expected(item):
    assert_reads_as_expected(item)


@pytest.mark.parametrize("item", [i for i in TUNE4 if "refuse" in i or i["text"] in TUNE4_LEFT_UNREAD], ids=lambda i: i["text"][:24])
def test_a_tune4_text_to_refuse_is_refused_at_its_words(item):
    assert_refused_at_its_words(item)


@pytest.mark.parametrize("item", [i for i in TUNE if "refuse" not in i], ids=lambda i: i["text"][:24])
def test_a_tune3_text_reads_as_expected(item):
    assert_reads_as_expected(item)


@pytest.mark.parametrize("item", [i for i in TUNE if "refuse" in i], ids=lambda i: i["text"][:24])
def test_a_tune3_text_to_refuse_is_refused_with_its_span_and_kind(item):
    assert_refused_as_expected(item)
