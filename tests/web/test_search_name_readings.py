"""Names are names: a card's or a person's name in a question is never shown read as a rulebook word (issue 29).

Before, the sound-alike and near-kanji readings (search/soundalike.py) showed a person 謙信 → 「田信」,
信玄 → 「信長」, 秀吉 → 「谷吉」, 政宗 → 「旨」, 坂本 → 「基本」 and さっき → 「去っ」.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from adjudicator.search.names import NameFinder

ODD = [
    ("上杉謙信で攻撃して身代わりを使われたら", "謙信", "田信"),
    ("武田信玄の効果でパワーが上がったカード", "信玄", "信長"),
    ("豊臣秀吉の「1」を使ったターン", "秀吉", "谷吉"),
    ("伊達政宗の効果で手札に戻したカード", "宗", "旨"),
    ("政宗の効果", "宗", "旨"),
    ("坂本龍馬を召喚したターン", "坂本", "基本"),
    ("坂本を召喚したターン", "坂本", "基本"),
    ("さっき使った「召」の効果", "さっ", "去っ"),
]


def readings_line(client, query: str) -> str:
    page = client.get("/search", query_string={"q": query, "book": "hi-story"}).get_data(as_text=True)
    found = re.search(r'<p class="search-readings">(.*?)</p>', page, re.S)
    return unescape(re.sub(r"<[^>]+>", "", found.group(1))) if found else ""


@pytest.mark.parametrize("query, word, odd", ODD)
def test_the_odd_readings_are_gone_from_the_page(client, query, word, odd):
    line = readings_line(client, query)
    assert f"{word} → {odd}" not in line
    assert odd not in line


@pytest.mark.parametrize("query, word, term", [
    ("てふだが0枚", "てふだ", "手札"),
    ("ぼちに送る", "ぼち", "墓地"),
    ("召還したターン", "召還し", "召喚し"),
    ("墓池に送る", "墓池", "墓地"),
    ("上杉謙信でてふだを捨てる", "てふだ", "手札"),  # a name beside a word spelt by its sound
])
def test_words_spelt_by_their_sound_are_still_read(client, query, word, term):
    assert f"{word} → {term}" in readings_line(client, query)


def test_the_library_gives_each_card_its_person_and_the_halves_of_a_long_name():
    names = NameFinder.shipped()
    assert all(name in names for name in ("上杉謙信", "謙信", "上杉", "徳川家康", "三河の天下人"))
    assert names.spans("上杉謙信で攻撃") == ((0, 4),)


def test_a_person_ipadic_knows_is_a_name_without_the_library():
    names = NameFinder([])
    assert names.spans("坂本龍馬を召喚") == ((0, 4),)  # a surname: its run of kanji is the name
    assert names.spans("伊達政宗の効果") == ((0, 4),)
    assert names.spans("墓池に送る") == ()  # IPADIC reads 墓池 as a place: a slip of the input method, not a name
