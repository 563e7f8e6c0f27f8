"""`adjudicator match` on chapter 7's conditions and 13.6's old attributes, in three values (issue 28).

Each case is a condition in the card's words, a card as a judge types it (information not given is unknown), the
answer (yes / no / unknown) and a clause the answer must cite. Written from the clauses, one case per reading.
"""

from __future__ import annotations

import pytest

from adjudicator.cards.match import CardQuery, match

NOBUNAGA = CardQuery("第六天魔王\u3000織田信長", "person", rank=3, power=5000, role="attacker",
                     attributes=("戦国時代", "武将"), effect_names=("天下布武",))
OLD_SAMURAI = CardQuery("剣豪\u3000宮本武蔵", "person", rank=2, attributes=("戦国/江戸時代の武士",))
OLD_DOTS = CardQuery("茶聖\u3000千利休", "person", rank=1, attributes=("戦国時代の文化人・茶人",))
PLAYER = CardQuery("名人", "person", rank=1, attributes=("現代のプレイヤー",))
NAMELESS = CardQuery("織田信長")  # nothing but the name: everything else unknown

CASES = [
    # 7.1.1 / 7.1.2: each bracket against its own information, by consecutive containment
    ("〈信長〉", NOBUNAGA, "yes", "7.1.2"),
    ("〈織田〉", NOBUNAGA, "yes", "7.1.2"),
    ("〈田信〉", NOBUNAGA, "yes", "7.1.2"),
    ("〈信秀〉", NOBUNAGA, "no", "7.1.2"),
    ("【武将】", NOBUNAGA, "yes", "7.1.1"),
    ("【信長】", NOBUNAGA, "no", "7.1.1"),
    ("｛天下｝", NOBUNAGA, "yes", "7.1.1"),
    # 7.1.4: the epithet is not the name
    ("〈魔王〉", NOBUNAGA, "no", "7.1.4"),
    # 7.1.5: the old 「」 notation, read from its context
    ("属性が「武将」の人物", NOBUNAGA, "yes", "7.1.5"),
    ("効果名に「天下」を含む", NOBUNAGA, "yes", "7.1.5"),
    ("効果名に「天下」を含む効果を持つ", NOBUNAGA, "yes", "7.1.5"),
    # ｛効果名｝を持つ, 【属性】を持つ (read as the reader reads them)
    ("｛天下｝を持つ", NOBUNAGA, "yes", "7.1.1"),
    ("｛身代わり｝を持つ", NOBUNAGA, "no", "7.1.1"),
    ("【武将】を持つ", NOBUNAGA, "yes", "7.1.1"),
    # 7.3.1 AND, 7.3.2 OR, 7.3.3 NOT
    ("【戦国時代】の【武将】", NOBUNAGA, "yes", "7.3.1"),
    ("【戦国時代】かつ【文化人】", NOBUNAGA, "no", "7.3.1"),
    ("【文化人】か【武将】", NOBUNAGA, "yes", "7.3.2"),
    ("〈秀吉〉または〈家康〉", NOBUNAGA, "no", "7.3.2"),
    ("〈信長〉でない", NOBUNAGA, "no", "7.3.3"),
    ("〈秀吉〉でない【武将】", NOBUNAGA, "yes", "7.3.3"),
    ("【武将】でない人物", NOBUNAGA, "no", "7.3.3"),
    # 7.3.4: the noun at the end applies to the whole
    ("【武将】か【文化人】の事変", NOBUNAGA, "no", "7.3.4"),
    # 7.3.5: AND units, then OR between them; a rank bound opens a unit with no connector
    ("ランク2以上の【武将】か〈秀吉〉", NOBUNAGA, "yes", "7.3.5"),
    ("ランク1の【武将】ランク3の【文化人】", NOBUNAGA, "no", "7.3.5"),
    ("ランク3の【武将】ランク1の【文化人】", NOBUNAGA, "yes", "7.3.5"),
    # 7.3.6 adjacent brackets, 7.3.7 「と」, 7.3.9 a list with commas
    ("〈秀吉〉〈信長〉", NOBUNAGA, "yes", "7.3.6"),
    ("〈秀吉〉と〈信長〉", NOBUNAGA, "yes", "7.3.7"),
    ("〈秀吉〉と〈家康〉", NOBUNAGA, "no", "7.3.7"),
    ("【文化人】、【茶人】、【武将】", NOBUNAGA, "yes", "7.3.9"),
    ("【文化人】,【茶人】", NOBUNAGA, "no", "7.3.9"),
    # 13.6: an old-format printed attribute is split; the raw string is never compared whole
    ("【時代の武士】", OLD_SAMURAI, "no", "13.6"),
    ("【武士】", OLD_SAMURAI, "yes", "13.6"),
    ("【江戸時代】", OLD_SAMURAI, "yes", "13.6"),
    ("【戦国時代】", OLD_SAMURAI, "yes", "13.6"),
    ("【茶人】", OLD_DOTS, "yes", "13.6"),
    ("【文化人・茶人】", OLD_DOTS, "no", "13.6"),
    ("【現代のプレイヤー】", PLAYER, "yes", "7.1.2"),
    # three values: what the card was not given is unknown, and only when the answer turns on it
    ("【武将】", NAMELESS, "unknown", "7.1.1"),
    ("〈信長〉か【武将】", NAMELESS, "yes", "7.3.2"),
    ("〈信長〉かつ【武将】", NAMELESS, "unknown", "7.3.1"),
    ("〈秀吉〉かつ【武将】", NAMELESS, "no", "7.3.1"),
    ("ランク2以上の〈信長〉", NAMELESS, "unknown", "7.3.1"),
    ("｛天下｝を持つ", NAMELESS, "unknown", "7.1.1"),
]


@pytest.mark.parametrize(("condition", "card", "answer", "clause"), CASES, ids=[c[0] for c in CASES])
def test_match_answers_as_chapter_7_reads_it(condition, card, answer, clause):
    judged = match(condition, card)
    assert judged.answer == answer, [c.looked_at for c in judged.checks]
    assert clause in judged.cites or clause in _clauses(judged), judged.cites


def _clauses(judged) -> set[str]:
    return {clause for check in judged.to_json()["checks"] for clause in check["cites"]}


def test_there_are_thirty_cases_and_every_answer_is_reached():
    assert len(CASES) >= 30
    assert {answer for _, _, answer, _ in CASES} == {"yes", "no", "unknown"}


@pytest.mark.parametrize(("ruby", "answer"), [(None, "unknown"), ("おだのぶなが", "yes"), ("おだのぶかつ", "no")])
def test_a_word_with_its_ruby_matches_when_the_cards_ruby_is_given(ruby, answer):
    """7.1.3: 〈信長（のぶなが）〉 needs the ruby too; without the card's ruby the answer turns on it: unknown."""
    judged = match("〈信長（のぶなが）〉", CardQuery("織田信長", "person", ruby=ruby))
    assert judged.answer == answer
    assert "7.1.3" in judged.cites
    assert ("ルビ" in judged.missing) is (ruby is None)


def test_a_ruby_word_is_judged_only_where_every_part_must_hold():
    with pytest.raises(Exception, match="7.1.3"):
        match("〈信長（のぶなが）〉か【武将】", CardQuery("織田信長", "person", ruby="おだのぶなが"))
    assert match("【武将】の〈信長（のぶなが）〉", CardQuery("織田信長", "person", attributes=("武士",), ruby="おだのぶなが")).answer == "no"
