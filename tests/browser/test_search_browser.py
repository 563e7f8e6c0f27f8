"""Searching as a player at a table does, in a real browser (Debian chromium), on a desktop and a phone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect


def _ask(page, question: str) -> None:
    page.goto("/search")
    page.fill("#q", question)
    page.press("#q", "Enter")
    expect(page).to_have_url(re.compile(r"/search\?q="))


def test_a_question_with_slang_shows_how_it_was_read_then_an_example_opens(page):
    _ask(page, "タップしたカードでブロックできる？")
    expect(page.locator(".search-readings")).to_contain_text("タップ → レスト")
    expect(page.locator(".hit").first).to_be_visible()
    example = page.locator(".search-examples li a").first
    expect(example).to_be_visible()
    title = example.inner_text()
    example.click()
    expect(page).to_have_url(re.compile(r"/scenarios/"))
    expect(page.locator("body")).to_contain_text(title.split(" — ")[0])


def test_a_mistyped_number_offers_the_nearest_clause(page):
    _ask(page, "6.7.10")
    expect(page.locator(".notice").first).to_contain_text("6.7.10 という条文はありません")
    page.click(".search-suggestions a")
    expect(page).to_have_url(re.compile(r"/rules/hi-story/6\.7\.6$"))


def test_the_next_page_continues_the_numbering(page):
    _ask(page, "攻撃")
    expect(page.locator(".count")).to_contain_text("1–20 件")
    page.click("a[rel=next]")
    expect(page.locator(".count")).to_contain_text("21–")
    expect(page.locator("ol.hits")).to_have_attribute("start", "21")
    page.click("a[rel=prev]")
    expect(page.locator(".count")).to_contain_text("1–20 件")


@pytest.mark.parametrize("question", ["タップしたカードでブロックできる？", "11.2.2 ブロック", "6.7.10"])
def test_at_phone_width_nothing_scrolls_sideways_and_links_are_reachable(browser, live_server, question):
    from axe_playwright_python.sync_playwright import Axe

    context = browser.new_context(base_url=live_server, viewport={"width": 390, "height": 844},
                                  is_mobile=True, has_touch=True, device_scale_factor=2, locale="ja-JP")
    page = context.new_page()
    try:
        page.goto("/search?" + re.sub(r"\s", "+", f"q={question}"))
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
        for selector in (".hit-number", ".search-suggestions a", ".search-examples li a", "a[rel=next]"):
            for box in [page.locator(selector).nth(i).bounding_box() for i in range(min(3, page.locator(selector).count()))]:
                assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, selector
        if page.locator(".pin").count():
            expect(page.locator(".hit.pinned .hit-number").first).to_have_text("11.2.2")
        found = Axe().run(page).response["violations"]  # readings, suggestions, badges and examples too
        assert [violation["id"] for violation in found] == []
    finally:
        context.close()
