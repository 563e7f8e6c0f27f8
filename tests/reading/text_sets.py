"""The effect-text sets of tests/data/ (tuned-on and held-out) and what every test of them asserts.

A tuned-on set asserts each item (:func:`assert_reads_as_expected`, :func:`assert_refused_as_expected`); a
held-out set asserts only what must hold whatever the grammar knows (:func:`assert_refused_at_its_words`,
:func:`assert_every_text_gives_a_reading`): its shares are measured by bench/reading.py.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from adjudicator.format.effects import Sentence, When
from adjudicator.reading import read_effect
from adjudicator.reading.compare import align

DATA = Path(__file__).resolve().parents[1] / "data"


def items(name: str) -> list[dict]:
    """The items of ``tests/data/<name>``."""
    return yaml.safe_load((DATA / name).read_text(encoding="utf-8"))["items"]


def assert_reads_as_expected(item: dict) -> None:
    """An item of a tuned-on set reads with no unread span into exactly its `when` and `sentences`."""
    reading = read_effect(item["text"])
    assert not reading.unread, [(u.text, u.why) for u in reading.unread]
    expected = [Sentence.model_validate(s).model_dump(mode="json", by_alias=True, exclude_defaults=True)
                for s in item["sentences"]]
    alignment = align(reading.sentence_dumps(), expected)
    assert alignment.equal, alignment.difference
    assert reading.when == (When.model_validate(item["when"]) if item.get("when") else None)


def assert_refused_as_expected(item: dict) -> None:
    reading = read_effect(item["text"])
    assert (item["refuse"]["span"], item["refuse"]["why"]) in {(u.text, u.kind) for u in reading.unread}


def assert_refused_at_its_words(item: dict) -> None:
    """A text that must be refused is refused, and each unread span's offsets point at its words."""
    reading = read_effect(item["text"])
    assert reading.unread, f"read as {reading.sentence_dumps()}"
    for unread in reading.unread:
        assert item["text"][unread.start:unread.end] == unread.text


def assert_every_text_gives_a_reading(items: list[dict]) -> None:
    for item in items:
        reading = read_effect(item["text"])
        assert reading.sentences or reading.unread
