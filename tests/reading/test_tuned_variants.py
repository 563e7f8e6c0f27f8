"""The second development set (tests/data/reading_dev2.yaml): natural variants the reader was widened for.

Unlike the held-out sets, this one is tuned on, so every item is asserted: a text to read reads with no
unread span into exactly the expected `when` and sentences; a text to refuse comes back with the
expected span and kind of refusal.
"""

from __future__ import annotations

import pytest

from adjudicator.reading import read_effect
from tests.reading.text_sets import assert_reads_as_expected, assert_refused_as_expected, items

ITEMS = items("reading_dev2.yaml")


@pytest.mark.parametrize("item", [i for i in ITEMS if "refuse" not in i], ids=lambda i: i["text"][:24])
def test_a_dev2_text_reads_as_expected(item):
    assert_reads_as_expected(item)


@pytest.mark.parametrize("item", [i for i in ITEMS if "refuse" in i], ids=lambda i: i["text"][:24])
def test_a_dev2_text_to_refuse_is_refused_with_its_span_and_kind(item):
    assert_refused_as_expected(item)


def test_the_opponent_as_subject_is_said_in_the_plain_japanese_reading():
    from adjudicator.reading.explain import sentence_words

    (sentence,) = read_effect("相手は手札を1枚墓地へ送る。").sentences
    assert sentence_words(sentence).startswith("相手は手札を1枚")
    (sentence,) = read_effect("カードを1枚引く。").sentences
    assert not sentence_words(sentence).startswith("相手は")


def test_adjacent_names_are_read_as_any_one_and_said_as_the_card_writes_them():
    from adjudicator.reading.explain import sentence_words

    (sentence,) = read_effect("相手の場の〈信長〉〈秀吉〉を全てレストする。").sentences
    assert sentence.do[0].rest.where.name == ["信長", "秀吉"]
    assert "〈信長〉〈秀吉〉の" in sentence_words(sentence)
