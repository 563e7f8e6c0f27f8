"""The read-back of a pasted text shows everything it read (issue 27: it said 「全て読めました」 without the trigger):
the trigger, each condition, a duration and a property of the card, each as a chip beside the sentences."""

from __future__ import annotations

import re

import pytest

CASES = [
    ("これが攻撃した時、カードを1枚引く。", ["誘発これが攻撃した時"]),
    ("攻撃フェーズの初めに、カードを1枚引く。", ["誘発自分のターンの攻撃フェーズの初めに"]),
    ("自分の手札が3枚以上なら、カードを1枚引く。", ["条件（文1）手札が3枚以上"]),
    ("このカードは相手の攻撃時にも発動できる。その攻撃中、攻撃しているカードのパワーを-2000する。",
     ["期間その攻撃中", "カードの性質相手の攻撃時にも発動できる"]),
    ("カードを2枚引く。", []),
]


@pytest.mark.parametrize(("text", "chips"), CASES)
def test_the_read_back_shows_the_trigger_conditions_durations_and_properties(client, text, chips):
    html = client.post("/scenario/card-text", data={"text": text, "prefix": "x.effects.0"}).get_data(as_text=True)
    assert "全て読めました" in html
    shown = [re.sub(r"<[^>]+>", "", chip) for chip in re.findall(r'<span class="facet-chip">(.*?)</span> ', html)]
    assert shown == chips
