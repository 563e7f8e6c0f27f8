"""adjudicator.spelling: what a judge types, folded to the rulebook's spelling, offsets kept (issue 28)."""

from __future__ import annotations

import pytest

from adjudicator.reading import read_effect
from adjudicator.reading.grammar import spelling
from adjudicator.spelling import Spelling, fold_widths


def _fold(text: str) -> str:
    return spelling().fold(fold_widths(text)).text


@pytest.mark.parametrize(("typed", "read"), [
    ("カードを１枚ひく．", "カードを1枚ひく。"),              # the grammar reads 「ひく」 itself: left as typed
    ("相手の場のカードをすべてレストする。", "相手の場のカードを全てレストする。"),
    ("持ち主の手札にもどす。", "持ち主の手札に戻す。"),
    ("墓地へおくる。", "墓地へ送る。"),
    ("自分の場のうらのカードを1枚えらび、おもてにする。", "自分の場のウラのカードを1枚選び、オモテにする。"),
    ("てふだを2まい墓地へ送る。", "手札を2枚墓地へ送る。"),
    ("手札を１枚ぼちへ送る。", "手札を1枚墓地へ送る。"),
    ("次のあいてのターン終了時まで", "次の相手のターン終了時まで"),
    ("これが召還された時、", "これが召喚された時、"),            # the homophone an input method offers
    ("そのあと、カードを3枚引く。", "その後、カードを3枚引く。"),
    ("ｶｰﾄﾞを1枚引く.", "カードを1枚引く。"),
    ("【武士】,【武将】", "【武士】、【武将】"),
    ("パワーを－２０００する", "パワーを-2000する"),
    ("パワー3,000以下", "パワー3,000以下"),                    # a thousands separator is no comma between words
])
def test_typed_words_are_read_in_the_rulebooks_spelling(typed, read):
    assert _fold(typed) == read


@pytest.mark.parametrize("kept", [
    "これがレストした時、",      # 「した」 is the grammar's own kana (攻撃した), never 「下」
    "これが攻撃した時、",
    "カードを2枚引いてもよい。",
    "相手のばのカード",          # one mora (ば) is too common a sound to stand for 「場」
])
def test_the_vocabularys_own_kana_and_single_morae_are_left_as_typed(kept):
    assert _fold(kept) == kept


def test_a_reading_two_words_share_names_neither():
    folded = Spelling(["引く", "弾く"]).fold("ひく")
    assert folded.text == "ひく"


def test_unread_spans_and_explanations_point_at_what_was_typed():
    text = "ｶｰﾄﾞをすべてはかいする。カードを１枚ひく．"
    reading = read_effect(text)
    [unread] = reading.unread
    assert text[unread.start:unread.end] == unread.text
    assert unread.text.startswith("ｶｰﾄﾞ") or "はかいする" in unread.text
    [said] = reading.explanation
    assert text[said.start:said.end] == "カードを１枚ひく"
    assert ("ｶｰﾄﾞ" in [typed for _, _, typed, _ in reading.respelled])


def test_respelled_spans_are_reported():
    reading = read_effect("相手の場のカードをすべてレストする。")
    assert reading.complete
    assert reading.to_json()["respelled"] == [{"start": 9, "end": 12, "typed": "すべて", "read_as": "全て"}]
