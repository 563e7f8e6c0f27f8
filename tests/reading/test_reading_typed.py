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


@pytest.mark.parametrize(("text", "sentences", "clause"), [
    ("カードを1枚引き、さらに手札を1枚墓地へ送る。", [{"do": [{"draw": 1}, {"discard": 1}]}], "10.1.5"),
    ("カードを2枚引く。さらに、相手の山札の上から2枚を墓地へ送る。",
     [{"do": [{"draw": 2}]}, {"do": [{"mill": {"count": 2}}]}], "10.1.5"),
    ("これをレストすることで、カードを1枚引く。", [{"do": [{"rest": {"this": True}}, {"draw": 1}]}], "10.1.5"),
])
def test_the_connectors_of_10_1_5_are_a_plain_sequence(text, sentences, clause):
    assert _read(text) == sentences
    assert clause in read_effect(text).cites


@pytest.mark.parametrize(("text", "power"), [
    ("これのパワーを3000にする。", {"target": {"this": True}, "set": 3000}),
    ("このターン、これのパワーは5000になる。", {"target": {"this": True}, "set": 5000, "until": "end_of_turn"}),
    ("相手の場のカードを1枚選び、そのパワーは0になる。", {"target": {"player": "opponent", "choose": 1}, "set": 0}),
    ("相手の場のカードを1枚選び、このターン、それのパワーを1000にする。",
     {"target": {"player": "opponent", "choose": 1}, "set": 1000, "until": "end_of_turn"}),
])
def test_power_set_to_a_value_is_10_4_3(text, power):
    [sentence] = _read(text)
    assert sentence["do"] == [{"power": power}]
    assert "10.4.3" in read_effect(text).cites


@pytest.mark.parametrize(("text", "per"), [
    ("自分の場の【武士】のカード1枚につき、これのパワーを＋1000する。", {"where": {"attribute": "武士"}}),
    ("このターン、これのパワーを自分の場の【武士】1枚につき+1000する。", {"where": {"attribute": "武士"}}),
    ("このターン、相手の場のカード1枚につき、これのパワーを＋500する。", {"player": "opponent"}),
])
def test_one_card_each_is_the_formats_per(text, per):
    [sentence] = _read(text)
    assert sentence["do"][0]["power"]["per"] == per
    assert "7.3.2" in read_effect(text).cites


def test_every_card_gains_a_role_or_need_not_leave():
    assert _read("自分の場の【武士】のカードは全てアタッカーを得る。") == [
        {"do": [{"grant": {"target": {"all": True, "where": {"attribute": "武士"}}, "role": "attacker"}}]}]
    # 8.2.6 in the rulebook's own words
    for text in ("次のターン、自分の場のカードは全て場を離れなくてよい。", "次のターン、自分の場の全てのカードは場を離れなくてよい。"):
        assert _read(text) == [{"do": [{"protect": {"target": {"all": True}, "from": "leave_field", "until": "next_turn"}}]}]
        assert "8.2.6" in read_effect(text).cites


@pytest.mark.parametrize(("text", "where"), [
    ("自分の場の【武将】を持つカードを1枚選び、アクティブにする。", {"attribute": "武将"}),
    ("相手の場の効果名に「天下」を含む効果を持つカードを1枚選び、持ち主の手札に戻す。", {"effect_name": "天下"}),
    ("相手の場の【武士】、【武将】、【文化人】のカードを1枚選び、レストする。", {"attribute": ["武士", "武将", "文化人"]}),
    ("相手の場の〈信長〉と〈秀吉〉を全てレストする。", {"name": ["信長", "秀吉"]}),
    ("相手の場のランク1の【武士】かランク2の【武将】のカードを全てレストする。",
     {"any_of": [{"rank": 1, "attribute": "武士"}, {"rank": 2, "attribute": "武将"}]}),
])
def test_a_condition_is_read_by_chapter_7s_one_grammar(text, where):
    from adjudicator.format.wording import read_condition

    [sentence] = _read(text)
    [step] = sentence["do"]
    read = next(iter(step.values()))["where"]
    assert read == where
    start, end = text.index("場の") + 2, max(text.find("のカード"), text.find("を全て"), text.find("を持つ"))
    if "効果名" not in text:
        assert read_condition(text[start:end]).where == where  # what `adjudicator match` reads of the same words


def test_seven_three_five_makes_and_units_before_or():
    [sentence] = _read("自分の場にランク2以上の【武将】か〈信長〉があるなら、カードを1枚引く。")
    assert sentence["if"]["field_count_at_least"]["where"] == {
        "any_of": [{"rank_at_least": 2, "attribute": "武将"}, {"name": "信長"}]}


@pytest.mark.parametrize(("text", "kind", "words"), [
    ("自分の場に〈信長〉と〈秀吉〉があるなら、カードを2枚引く。", "condition", "自分の場に〈信長〉と〈秀吉〉があるなら"),  # 7.3.7: AND
    ("手札を1枚捨てる。そうしたら、カードを2枚引く。", "verb", "手札を1枚捨てる"),
    ("相手の場のカードを1枚選び、破壊する。", "verb", "破壊する"),
    ("相手の場の〈信長（のぶなが）〉のカードを1枚選び、レストする。", "partial", "相手の場の〈信長（のぶなが）〉のカードを1枚選び、レストする"),
])
def test_what_nothing_defines_is_still_refused(text, kind, words):
    reading = read_effect(text)
    assert (kind, words) in [(u.kind, u.text) for u in reading.unread]
    assert not reading.sentences


def test_the_unknown_verb_is_named_without_its_count():
    [first, _] = read_effect("手札を1枚捨てる。そうしたら、カードを2枚引く。").unread
    assert "「捨てる」" in first.why
