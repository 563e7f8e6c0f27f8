"""The second development set (tests/data/reading_dev2.yaml): natural variants the reader was widened for.

Unlike the held-out sets, this one is tuned on, so every item is asserted: a text to read reads with no
unread span into exactly the expected `when` and sentences; a text to refuse comes back with the
expected span and kind of refusal.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from adjudicator.format.effects import Sentence, When
from adjudicator.reading import read_effect
from adjudicator.reading.compare import align

ITEMS = yaml.safe_load((Path(__file__).parent / "data" / "reading_dev2.yaml").read_text(encoding="utf-8"))["items"]


@pytest.mark.parametrize("item", [i for i in ITEMS if "refuse" not in i], ids=lambda i: i["text"][:24])
def test_a_dev2_text_reads_as_expected(item):
    assert_reads_as_expected(item)


def assert_reads_as_expected(item: dict) -> None:
    """An item of a tuned-on set reads with no unread span into exactly its `when` and `sentences`."""
    reading = read_effect(item["text"])
    assert not reading.unread, [(u.text, u.why) for u in reading.unread]
    expected = [Sentence.model_validate(s).model_dump(mode="json", by_alias=True, exclude_defaults=True)
                for s in item["sentences"]]
    alignment = align(reading.sentence_dumps(), expected)
    assert alignment.equal, alignment.difference
    assert reading.when == (When.model_validate(item["when"]) if item.get("when") else None)


@pytest.mark.parametrize("item", [i for i in ITEMS if "refuse" in i], ids=lambda i: i["text"][:24])
def test_a_dev2_text_to_refuse_is_refused_with_its_span_and_kind(item):
    assert_refused_as_expected(item)


def assert_refused_as_expected(item: dict) -> None:
    reading = read_effect(item["text"])
    assert (item["refuse"]["span"], item["refuse"]["why"]) in {(u.text, u.kind) for u in reading.unread}


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
