"""The reader's wordings for chapter 7 conditions and the newer mechanics: each family reads into the format,
and a near-miss of it comes back as an unread span naming its words, never approximated (issue 11)."""

from __future__ import annotations

import pytest

from adjudicator.reading import read_effect

READINGS = [
    # 7.3.3 (NOT): the bracket unit just before 「でない」 only; what follows is read as usual.
    ("相手の場の〈信長〉でない【武将】【文化人】を全てレストする。", "7.3.3",
     [{"do": [{"rest": {"player": "opponent", "all": True, "where": {"not": {"name": "信長"}, "attribute": ["武将", "文化人"]}}}]}]),
    # 「でない」 negates the element just before it only (7.3.3), read as `adjudicator match` reads it (one grammar).
    ("相手の場の【武将】か【文化人】でないカードを全てレストする。", "7.3.3",
     [{"do": [{"rest": {"player": "opponent", "all": True, "where": {"any_of": [{"attribute": "武将"}, {"not": {"attribute": "文化人"}}]}}}]}]),
    ("相手の場の【武将】【文化人】でない人物を全て墓地へ送る。", "7.3.3",
     [{"do": [{"send_to_graveyard": {"player": "opponent", "all": True,
                                     "where": {"not": {"attribute": ["武将", "文化人"]}, "type": "person"}}}]}]),
    # 7.3.1 (AND) and 7.3.2 (OR) between brackets.
    ("相手の場の【武将】かつ【文化人】のカードを全て墓地へ送る。", "7.3.1",
     [{"do": [{"send_to_graveyard": {"player": "opponent", "all": True,
                                     "where": {"all_of": [{"attribute": "武将"}, {"attribute": "文化人"}]}}}]}]),
    ("自分の場に【戦国時代】か【江戸時代】のカードが2枚以上あるなら、2枚引く。", "7.3.2",
     [{"do": [{"draw": 2}], "if": {"field_count_at_least": {"count": 2, "where": {"attribute": ["戦国時代", "江戸時代"]}}}}]),
    ("相手の場の｛天下｝を持つカードを全てレストする。", "7.1.2",
     [{"do": [{"rest": {"player": "opponent", "all": True, "where": {"effect_name": "天下"}}}]}]),
    ("相手の場のカードを1枚選び、墓地へ送る。その後、それが【武将】でないなら、カードを1枚引く。", "7.3.3",
     [{"do": [{"send_to_graveyard": {"player": "opponent", "choose": 1}}]},
      {"do": [{"draw": 1}], "then": True, "if": {"it": {"not": {"attribute": "武将"}}}}]),
    ("これがレストしているなら、カードを1枚引く。", "6.11.4", [{"do": [{"draw": 1}], "if": {"this": {"state": "rest"}}}]),
    ("このターン、自分が｛鼓舞｝を発動していたなら、カードを1枚引く。", "6.11.8", [{"do": [{"draw": 1}], "if": {"activated": "鼓舞"}}]),
    ("相手の場のランク2の【武将】ランク1の【文化人】を全てレストする。", "7.3.5",
     [{"do": [{"rest": {"player": "opponent", "all": True,
                        "where": {"any_of": [{"rank": 2, "attribute": "武将"}, {"rank": 1, "attribute": "文化人"}]}}}]}]),
    # Hidden zones (chapter 4) and whole zones (11.4).
    ("相手の山札をシャッフルする。", "4.4.1", [{"do": [{"shuffle": {"player": "opponent"}}]}]),
    ("相手の山札と墓地を入れ替える。", "11.4.1", [{"do": [{"swap_zones": {"player": "opponent"}}]}]),
    ("自分の墓地から【武士】の人物カードを2枚まで手札に加える。", "6.5.6",
     [{"do": [{"search": {"zones": ["graveyard"], "where": {"attribute": "武士", "type": "person"}, "up_to": 2}}]}]),
    ("山札から見ずに1枚を手札に加える。", "4.3.1", [{"do": [{"search": {"random": True}}]}]),
    ("自分の場のウラのカードを1枚見る。それがランク2ならオモテにする。", "3.1.6",
     [{"do": [{"look": {"target": {"choose": 1, "where": {"face": "down"}}}}]},
      {"do": [{"flip_up": {"it": True}}], "if": {"it": {"rank": 2}}}]),
    ("相手の場のレストしているカードを1枚選び、それは次の自分のターンの初めにアクティブにできない。", "3.2.2",
     [{"do": [{"no_refresh": {"player": "opponent", "choose": 1, "where": {"state": "rest"}}}]}]),
    # A step with its object left out: the one card just named (7.2.3).
    ("A1をレストし、ウラにする。", "7.2.3", [{"do": [{"rest": "A1"}, {"flip_down": "A1"}]}]),
    # Choices between effects (6.5.7, 10.1.6, 7.3.10).
    ("相手の場のカードを全てレストする。またはカードを2枚引く。または相手の山札の上から1枚を墓地へ送る。", "7.3.10",
     [{"do": [{"choose_effects": {"or": True, "options": [
         {"text": "相手の場のカードを全てレストする", "do": [{"rest": {"player": "opponent", "all": True}}]},
         {"text": "カードを2枚引く", "do": [{"draw": 2}]},
         {"text": "相手の山札の上から1枚を墓地へ送る", "do": [{"mill": {"count": 1}}]}]}}]}]),
    # 「または全てBする」: B, its object left out, on every card the other side is done to (7.3.10).
    ("相手の場のカードを全てレストする。または全てアクティブにする。", "7.3.10",
     [{"do": [{"choose_effects": {"or": True, "options": [
         {"text": "相手の場のカードを全てレストする", "do": [{"rest": {"player": "opponent", "all": True}}]},
         {"text": "全てアクティブにする", "do": [{"activate_cards": {"player": "opponent", "all": True}}]}]}}]}]),
    ("自分の場の【武士】を全てウラにする。または、全て墓地へ送る。", "7.3.10",
     [{"do": [{"choose_effects": {"or": True, "options": [
         {"text": "自分の場の【武士】を全てウラにする", "do": [{"flip_down": {"all": True, "where": {"attribute": "武士"}}}]},
         {"text": "全て墓地へ送る", "do": [{"send_to_graveyard": {"all": True, "where": {"attribute": "武士"}}}]}]}}]}]),
    ("次の2個から1個を選ぶ。「カードを1枚引く」「これをアクティブにする」", "6.5.7",
     [{"do": [{"choose_effects": {"options": [{"text": "カードを1枚引く", "do": [{"draw": 1}]},
                                             {"text": "これをアクティブにする", "do": [{"activate_cards": {"this": True}}]}]}}]}]),
    # Independent slots (6.5.9).
    ("相手の場の【武士】を1枚と〈信長〉を1枚と【武将】を1枚墓地へ送る。", "6.5.9",
     [{"do": [{"send_to_graveyard": {"player": "opponent",
                                     "slots": [{"attribute": "武士"}, {"name": "信長"}, {"attribute": "武将"}]}}]}]),
    # Once more (2.3.5), and the card a trigger names (7.2.3).
    ("相手の場のカードを1枚選び、レストする。もう一度行う。", "2.3.5",
     [{"do": [{"rest": {"player": "opponent", "choose": 1}}]}, {"do": [{"rest": {"player": "opponent", "choose": 1}}]}]),
    ("自分のカードが墓地へ送られた時、そのカードを持ち主の山札の下に置く。", "10.1.9",
     [{"do": [{"to_deck": {"target": {"trigger": True}}}]}]),
]


@pytest.mark.parametrize(("text", "clause", "sentences"), READINGS, ids=lambda v: v[:20] if isinstance(v, str) else "")
def test_a_wording_reads_into_the_format_citing_its_clause(text, clause, sentences):
    reading = read_effect(text)
    assert reading.unread == (), [(u.text, u.why) for u in reading.unread]
    assert reading.sentence_dumps() == sentences
    assert clause in reading.cites
    assert all(e.text_ja and not e.text_ja.isascii() for e in reading.explanation)


def test_the_effects_own_clauses_are_properties_not_sentences():
    reading = read_effect("カードを2枚引く。この効果は他の｛豊臣秀吉｝｛徳川家康｝と合わせて1つの効果となる。")
    assert reading.sentence_dumps() == [{"do": [{"draw": 2}]}]
    assert reading.shared_with == ("豊臣秀吉", "徳川家康") and "6.12.1" in reading.cites
    once = read_effect("カードを1枚引く。この効果は他のカードも含めて1ターンに1度しか発動できない。")
    assert once.once_per_turn_by_name and once.sentence_dumps() == [{"do": [{"draw": 1}]}] and "6.11.6" in once.cites
    assert once.to_json()["once_per_turn_by_name"] is True


# Near-misses: each must be an unread span naming the words, and nothing of that sentence read.
REFUSALS = [
    ("相手の場の【武将】かつカードを全て墓地へ送る。", "partial", "相手の場の【武将】かつカードを全て墓地へ送る"),
    ("相手の場の｛天下｝を使うカードを全てレストする。", "partial", "相手の場の｛天下｝を使うカードを全てレストする"),
    ("相手の場のランク2の【武将】ランク1を全てレストする。", "partial", "相手の場のランク2の【武将】ランク1を全てレストする"),
    ("相手の場の〈信長（のぶなが）〉を全てレストする。", "partial", "相手の場の〈信長（のぶなが）〉を全てレストする"),
    ("これが強いなら、カードを1枚引く。", "condition", "これが強いなら"),
    ("次のターン、自分が｛鼓舞｝を発動していたなら、カードを1枚引く。", "condition", "自分が｛鼓舞｝を発動していたなら"),
    ("自分の手札から【武士】のカードを1枚まで手札に加える。", "partial", "自分の手札から【武士】のカードを1枚まで手札に加える"),
    ("自分の山札と手札を入れ替える。", "partial", "自分の山札と手札を入れ替える"),
    ("相手の手札を1枚見る。", "partial", "相手の手札を1枚見る"),
    ("オモテにする。", "partial", "オモテにする"),
    ("相手の場のカードを1枚選び、レストし、墓地へ送る。", "partial", "相手の場のカードを1枚選び、レストし、墓地へ送る"),
    ("または、カードを1枚引く。", "partial", "または、カードを1枚引く"),
    ("手札が3枚以上なら、カードを1枚引く。または相手の山札の上から2枚を墓地へ送る。", "partial", "または相手の山札の上から2枚を墓地へ送る"),
    ("次の3個から2個を選ぶ。「カードを1枚引く」「相手の山札の上から1枚を墓地へ送る」", "partial",
     "次の3個から2個を選ぶ。「カードを1枚引く」「相手の山札の上から1枚を墓地へ送る」"),
    ("次の2個から1個を選ぶ。「カードを1枚引く」「相手の場のカードを1枚破壊する」", "verb", "相手の場のカードを1枚破壊する"),
    ("相手の場の【武士】を1枚と【武将】を2枚レストする。", "partial", "相手の場の【武士】を1枚と【武将】を2枚レストする"),
    ("もう一度行う。", "partial", "もう一度行う"),
    # 「または全て」 takes every card of the other side: a side on one card, or on a chosen few, gives it none.
    ("これをレストする。または全てアクティブにする。", "partial", "または全てアクティブにする"),
    ("相手の場のカードを1枚レストする。または全てアクティブにする。", "partial", "または全てアクティブにする"),
    ("または全てアクティブにする。", "partial", "または全てアクティブにする"),
    ("相手の場のカードを全てレストする。または全て1枚引く。", "partial", "または全て1枚引く"),
]


@pytest.mark.parametrize(("text", "kind", "span"), REFUSALS, ids=lambda v: v[:20])
def test_a_near_miss_is_an_unread_span_naming_its_words(text, kind, span):
    reading = read_effect(text)
    assert (kind, span) in [(u.kind, u.text) for u in reading.unread]
    unread = next(u for u in reading.unread if u.text == span)
    assert text[unread.start:unread.end] == span and unread.why
    read_spans = [(e.start, e.end) for e in reading.explanation]
    assert not any(start < unread.end and unread.start < end for start, end in read_spans)
