"""Card texts as judges type them (issue 28): the words people use are read as the rulebook's, never guessed."""

from __future__ import annotations

import pytest

from adjudicator.reading import read_effect


def _read(text: str) -> list[dict]:
    reading = read_effect(text)
    assert not reading.unread, [u.to_json() for u in reading.unread]
    return reading.sentence_dumps()


def test_its_power_after_a_choice_is_the_chosen_cards_power():
    """「そのパワー」 after 「…を1枚選び、」 is the chosen card's, as 「それのパワー」 is (7.2.3, 8.4.1)."""
    assert _read("相手の場のカードを1枚選び、そのパワーを-2000する。その後、カードを1枚引く。") == [
        {"do": [{"power": {"target": {"player": "opponent", "choose": 1}, "add": -2000}}]},
        {"then": True, "do": [{"draw": 1}]},
    ]
    assert "7.2.3" in read_effect("相手の場のカードを1枚選び、そのパワーを-2000する。").cites
