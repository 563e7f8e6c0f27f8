"""The wordings the reader learnt from tests/data/reading_tune3.yaml, each on example texts of its own (none of
the held-out set's): whose turn a phase boundary is in, 「終了時まで」, 「〜がある場合」, the own graveyard count,
digits grouped by threes, 「，」 for 「、」, 「ひく」, the top card of a deck, and a draw as many as cards counted."""

from __future__ import annotations

import pytest

from adjudicator.engine import resolve
from adjudicator.reading import load_scenario
from adjudicator.reading import read_effect
from tests.scenario_builder import one_effect


def _when(text: str) -> dict | None:
    reading = read_effect(text)
    assert reading.unread == (), [(u.text, u.why) for u in reading.unread]
    return reading.when.model_dump(exclude_defaults=True) if reading.when else None


@pytest.mark.parametrize(
    ("text", "when", "sentences"),
    [
        ("相手のターンの召喚フェーズの初めに、カードを1枚引く。", {"phase_start": "summon", "turn": "opponent"},
         [{"do": [{"draw": 1}]}]),
        ("自分のターンのセットフェーズの終わりに、これをレストする。", {"phase_end": "set"}, [{"do": [{"rest": {"this": True}}]}]),
        ("次のターン終了時まで、これのパワーを＋500する。", None,
         [{"do": [{"power": {"target": {"this": True}, "add": 500, "until": "end_of_next_turn"}}]}]),
        ("このターン終了時まで、これのランクを＋1する。", None,
         [{"do": [{"rank": {"target": {"this": True}, "add": 1, "until": "end_of_turn"}}]}]),
        ("自分の場に【武将】のカードが2枚以上ある場合、相手の山札の上から1枚を墓地へ送る。", None,
         [{"if": {"field_count_at_least": {"count": 2, "where": {"attribute": "武将"}}}, "do": [{"mill": {"count": 1}}]}]),
        ("次の自分のターンの終了時まで、これはブロッカーを得る。", None,
         [{"do": [{"grant": {"target": {"this": True}, "role": "blocker", "until": "end_of_own_next_turn"}}]}]),
        ("相手の場に〈信長〉がいる場合、カードを2枚引く。", None,
         [{"if": {"field_count_at_least": {"player": "opponent", "count": 1, "where": {"name": "信長"}}}, "do": [{"draw": 2}]}]),
        ("自分の場にウラのカードがない場合、カードを1枚引く。", None,
         [{"if": {"field_count_at_most": {"count": 0, "where": {"face": "down"}}}, "do": [{"draw": 1}]}]),
        ("墓地のカードが10枚以上なら、これのパワーを＋1000する。", None,
         [{"if": {"graveyard_at_least": {"count": 10}}, "do": [{"power": {"target": {"this": True}, "add": 1000}}]}]),
        ("自分の墓地が2枚以上なら、その後、カードを1枚引く。", None,
         [{"if": {"graveyard_at_least": {"count": 2}}, "then": True, "do": [{"draw": 1}]}]),
        ("相手の場のパワー１，５００以上のカードを1枚選び、墓地へ送る。", None,
         [{"do": [{"send_to_graveyard": {"player": "opponent", "choose": 1, "where": {"power_at_least": 1500}}}]}]),
        ("これのパワーを+2,000する。", None, [{"do": [{"power": {"target": {"this": True}, "add": 2000}}]}]),
        ("このターン，相手は召喚できない。", None, [{"do": [{"restrict": {"cannot": "summon", "until": "end_of_turn"}}]}]),
        ("カードを2枚ひく。", None, [{"do": [{"draw": 2}]}]),
        ("カードを1枚ひき、手札を1枚墓地へ送る。", None, [{"do": [{"draw": 1}, {"discard": 1}]}]),
        ("カードを1枚ひいてもよい。", None, [{"optional": True, "do": [{"draw": 1}]}]),
        ("相手の山札の一番上のカードを墓地へ送る。", None, [{"do": [{"mill": {"count": 1}}]}]),
        ("自分の山札の一番上のカードを墓地に送る。", None, [{"do": [{"mill": {"player": "self", "count": 1}}]}]),
        ("自分の場の【武将】のカードの枚数だけ、カードを引く。", None,
         [{"do": [{"draw": {"count_of": {"where": {"attribute": "武将"}}}}]}]),
        ("相手の場のレストしているカードと同じ枚数カードを引く。", None,
         [{"do": [{"draw": {"count_of": {"player": "opponent", "where": {"state": "rest"}}}}]}]),
    ],
)
def test_a_new_wording_reads_into_the_format(text, when, sentences):
    assert _when(text) == when
    assert read_effect(text).sentence_dumps() == sentences


@pytest.mark.parametrize(
    ("text", "kind", "span"),
    [
        # The format counts a graveyard from below only (graveyard_at_least), and only one's own is read.
        ("自分の墓地が3枚以下なら、カードを1枚引く。", "condition", "自分の墓地が3枚以下なら"),
        ("相手の墓地が5枚以上なら、カードを1枚引く。", "condition", "相手の墓地が5枚以上なら"),
        # 「自分のターンの」 opens a phase boundary only: the turn's own start is no moment of the format.
        ("自分のターンの初めに、カードを1枚引く。", "trigger", "自分のターンの初めに"),
        # The span is the words as typed, 「，」 and all, at their offsets.
        ("手札を1枚見せ，カードを1枚引く。", "partial", "手札を1枚見せ，カードを1枚引く"),
        ("相手の場の最もパワーが高いカードの枚数だけ、カードを引く。", "partial", "相手の場の最もパワーが高いカードの枚数だけ、カードを引く"),
    ],
)
def test_what_the_new_wordings_do_not_cover_is_refused(text, kind, span):
    reading = read_effect(text)
    assert [(u.kind, u.text) for u in reading.unread] == [(kind, span)]
    assert text[reading.unread[0].start:reading.unread[0].end] == span


def test_a_comma_between_grouped_digits_is_no_clause_boundary():
    assert read_effect("これのパワーを＋１，０００する。").sentence_dumps() == [
        {"do": [{"power": {"target": {"this": True}, "add": 1000}}]}]
    # Not three digits after it: a clause boundary, and 「1、2枚」 is no count.
    assert read_effect("カードを1，2枚引く。").unread


def test_the_engine_resolves_the_new_readings():
    effect = {"name": "効果", "text": "相手の場のカードと同じ枚数カードを引く。相手の山札の一番上のカードを墓地へ送る。"
                                      "墓地のカードが1枚以上なら、カードを1枚ひく。"}
    scenario = one_effect(effect)
    scenario["players"]["A"]["graveyard"] = 1
    trace = resolve(load_scenario(scenario)).to_json()
    assert trace["decision"] is None and trace["gaps"] == []
    # 3 in hand, +2 (B has two field cards), +1 (the graveyard holds a card): 6; B's deck 10 -> 9.
    assert (trace["final"]["A"]["hand"], trace["final"]["B"]["deck"], trace["final"]["B"]["graveyard"]) == (6, 9, 1)


def test_a_draw_as_many_as_counted_cards_is_said_back_with_what_is_counted():
    [sentence] = read_effect("相手の場のレストしているカードの枚数だけ、カードを引く。").explanation
    assert sentence.text_ja == "相手の場のレストしているカードと同じ枚数（処理する時に数える）引く。"
    assert {"6.5.8", "8.2.1"} <= set(sentence.cites)
