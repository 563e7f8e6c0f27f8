"""The live search box at phone width (390 px), in Debian's chromium: suggestions from memory while typing,
the full ranking on Enter, and the book the question's words chose. Screenshots go to test-artifacts/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

PHONE = {"width": 390, "height": 844}
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture()
def phone(browser, live_server):
    context = browser.new_context(base_url=live_server, viewport=PHONE, locale="ja-JP", is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    yield page
    context.close()


def test_kana_typed_on_a_phone_suggest_the_rulebooks_word_and_open_its_search(phone):
    phone.goto("/")
    phone.locator("#q").press_sequentially("てふだ", delay=40)
    box = phone.locator("#live-results")
    expect(box.locator("li a").first).to_contain_text("手札")
    expect(box.locator("li.live-submit a")).to_contain_text("「てふだ」 で条文を検索（Enter）")
    ARTIFACTS.mkdir(exist_ok=True)
    phone.screenshot(path=str(ARTIFACTS / "live-suggestions-phone.png"), full_page=True)
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways at 390 px ({width} px)"
    box.locator("li a").first.click()
    expect(phone).to_have_url(re.compile(r"/search\?q="))
    expect(phone.locator(".hit").first).to_be_visible()


def test_a_term_leads_to_its_clause_and_enter_runs_the_full_search(phone):
    phone.goto("/")
    phone.locator("#q").press_sequentially("場を離", delay=40)
    expect(phone.locator("#live-results li a").first).to_contain_text("3.5.1")
    phone.locator("#q").press_sequentially("れたら手札に戻る？", delay=20)
    expect(phone.locator("#live-results li.live-submit a")).to_contain_text("で条文を検索")
    phone.press("#q", "Enter")
    expect(phone).to_have_url(re.compile(r"/search\?q="))
    expect(phone.locator(".book-choice")).to_contain_text("Hi!story 総合ルールブックで答えました")
    expect(phone.locator(".hit").first).to_be_visible()
    phone.screenshot(path=str(ARTIFACTS / "search-book-choice-phone.png"))


def test_a_duel_masters_question_is_answered_by_its_book_and_offers_the_other(phone):
    phone.goto("/")
    phone.fill("#q", "シールドは何枚で始まる")
    phone.press("#q", "Enter")
    expect(phone.locator(".book-choice")).to_contain_text("質問の「シールド」から選びました")
    expect(phone.locator(".hit-path").first).to_contain_text("デュエル・マスターズ")
    phone.click(".book-choice a >> text=Hi!story 総合ルールブックで探す")
    expect(phone).to_have_url(re.compile(r"book=hi-story"))
    expect(phone.locator(".book-choice")).to_have_count(0)
