"""A judge at a phone-width table (390 px), in Debian's chromium, types a card's effect as the phone keyboard gives
it — half-width katakana, kana for the rulebook's kanji, 「．」 for 「。」 — and sees it read in the rulebook's words,
with the sentence it cannot read marked in the words they typed (issue 28); then asks /match about an old-format
attribute (13.6)."""

from __future__ import annotations

from playwright.sync_api import expect

from adjudicator.reading import read_effect

from tests.browser.phone import ARTIFACTS, no_sideways_scroll, settled
from tests.browser.test_card_text_browser import _paste_effect, _place

TYPED = "相手の場のカードを１枚えらび、そのパワーを－２０００する．その後、ｶｰﾄﾞを1枚ひく．相手の場のカードをすべてはかいする．"


def test_typed_text_is_read_in_the_rulebooks_words_and_marked_where_typed(phone):
    read_effect("カードを1枚引く。")  # the reader's parser tables, built once in the server's process before the page asks
    page = phone
    page.goto("/scenario/new")
    path = _place(page, "A1")
    page.locator(f'[name="{path}.name"]').fill("謀将")  # no library card: no round trip fills it
    settled(page)
    # read back as one types (static/js/cards.js asks the server, which reads it with the reader's one grammar)
    reading = _paste_effect(page, path, "謀略", TYPED)
    expect(reading).to_contain_text("1文が読めません")
    sentences = reading.locator(".reading-sentence")
    expect(sentences).to_have_count(3)                        # 「．」 ends a sentence as 「。」 does
    expect(sentences.nth(0)).to_contain_text("相手の場のカードから選んだ1枚のパワーを-2000する。")
    expect(sentences.nth(0).locator('a.chip[data-clause="7.2.3"]')).to_be_visible()
    expect(sentences.nth(1)).to_contain_text("その後（前の文が完全に解決していれば）、カードを1枚引く。")
    expect(sentences.nth(2).locator("mark.unread")).to_have_text("相手の場のカードをすべてはかいする")  # as typed
    expect(reading.locator(".respelled")).to_contain_text("えらび→選び")
    expect(reading.locator(".respelled")).to_contain_text("ｶｰﾄﾞ→カード")
    no_sideways_scroll(page)
    ARTIFACTS.mkdir(exist_ok=True)
    reading.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "typed-text-phone.png"), full_page=True)
    reading.screenshot(path=str(ARTIFACTS / "typed-text-reading-phone.png"))


def test_an_old_format_attribute_is_split_on_the_match_page(phone):
    page = phone
    page.goto("/match")
    page.get_by_label("条件").fill("【時代の武士】")
    page.get_by_label("カード名").fill("剣豪　宮本武蔵")
    page.locator("summary", has_text="カード情報を入れる").click()
    page.get_by_label("属性").fill("戦国/江戸時代の武士")
    page.get_by_role("button", name="判定する").click()
    expect(page.locator(".match-answer h2")).to_contain_text("一致しない")
    expect(page.locator(".match-answer .checks")).to_contain_text("「戦国時代」、「江戸時代」、「武士」")
    expect(page.locator('.match-answer a.chip[data-clause="13.6"]').first).to_be_visible()
    no_sideways_scroll(page)
    page.screenshot(path=str(ARTIFACTS / "match-old-attribute-phone.png"), full_page=True)
    # 7.1.3: a word with its ruby, judged against the ruby the judge types for the card
    page.get_by_label("条件").fill("〈武蔵（むさし）〉")
    page.get_by_label("属性").fill("")
    page.get_by_label("名前のルビ（7.1.3）").fill("けんごう みやもとむさし")
    page.get_by_role("button", name="判定する").click()
    expect(page.locator(".match-answer h2")).to_contain_text("一致する")
    expect(page.locator('.match-answer a.chip[data-clause="7.1.3"]').first).to_be_visible()
