"""Every kind of page at phone width (390 px) in a real browser: no sideways scrolling, no axe-core
violation at axe's default level, and a screenshot of each main page in test-artifacts/ (not committed).

axe-core is the axe.min.js shipped inside the ``axe-playwright-python`` package (a test dependency in
pyproject.toml), injected into the page by Playwright.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.phone import ARTIFACTS, PHONE, sideways, violations

EXAMPLE = "/scenarios/attack/block-deck-attack-excess"

# (path, screenshot name or None). The short link, its rerun and a stateless link are added by the fixture.
PAGES = (
    ("/", "home"),
    ("/rules/hi-story", "toc"),
    ("/rules/hi-story/v1.0.0", None),
    ("/rules/hi-story/ch11", None),
    ("/rules/hi-story/6.7.1", "clause"),
    ("/rules/hi-story/10.6.2", None),
    ("/rules/hi-story/glossary", "glossary"),
    ("/rules/duel-masters", None),
    ("/search?q=%E3%81%9D%E3%81%AE%E5%BE%8C", "search"),
    ("/search?q=%E5%A0%B4%E3%81%AE%E4%B8%8B&book=hi-story", None),
    ("/scenario/new", "builder-new"),
    ("/scenario/edit/attack/block-deck-attack-excess", None),
    ("/scenarios", "gallery"),
    ("/scenarios?q=%E8%BA%AB%E4%BB%A3%E3%82%8F%E3%82%8A", None),
    (EXAMPLE, "trace"),
    ("/rules/hi-story/99.9", None),
    ("/no-such-page", None),
)
# The whole books are long: checked for width and by axe too, in their own test (one page load each).
WHOLE_BOOKS = ("/rules/hi-story/all", "/rules/duel-masters/all")


def _short_link(page) -> str:
    page.goto(f"/scenario/edit/{EXAMPLE.removeprefix('/scenarios/')}")
    page.get_by_role("button", name="判定する").click()
    expect(page.locator("[data-verdict]")).to_be_visible()
    page.get_by_role("button", name="短縮リンクを作る").click()  # resolving stores nothing; this does
    expect(page).to_have_url(re.compile(r"/t/[a-z2-7]{16}$"))
    return page.url.removeprefix(page.url.split("/t/")[0])


def test_every_page_fits_a_phone_and_axe_finds_nothing(phone_page, axe):
    ARTIFACTS.mkdir(exist_ok=True)
    link = _short_link(phone_page)
    stateless = phone_page.locator("#stateless-link").input_value()
    problems = {}
    for path, shot in (*PAGES, (link, None), (f"{link}/rerun", None), (stateless, None)):
        phone_page.goto(path)
        phone_page.wait_for_load_state()
        found = sideways(phone_page) + violations(axe, phone_page)
        if found:
            problems[path] = found
        if shot:
            phone_page.screenshot(path=str(ARTIFACTS / f"{shot}-phone.png"), full_page=True)
    assert problems == {}


@pytest.mark.parametrize("path", WHOLE_BOOKS)
def test_the_whole_books_fit_a_phone_and_axe_finds_nothing(phone_page, axe, path):
    phone_page.goto(path)
    assert sideways(phone_page) == []
    assert violations(axe, phone_page) == []


def test_home_leads_to_the_three_jobs_and_the_gallery(phone_page):
    phone_page.goto("/")
    jobs = phone_page.get_by_role("navigation", name="メインメニュー")
    for name, url in (("裁定を調べる", "/scenario/new"), ("ルールを読む", "/rules/hi-story"),
                      ("条文を検索", "/search"), ("例題", "/scenarios")):
        expect(jobs.get_by_role("link", name=name)).to_have_attribute("href", url)
        expect(jobs.get_by_role("link", name=name)).to_be_in_viewport()
    phone_page.locator(".job-cards").get_by_role("link", name="裁定を調べる").tap()
    expect(phone_page.get_by_role("heading", level=1)).to_have_text("シナリオを作る")
    expect(jobs.get_by_role("link", name="裁定を調べる")).to_have_attribute("aria-current", "page")


def test_tap_targets_are_at_least_24_px(phone_page):
    """WCAG 2.2 2.5.8: the links of the tables of contents, clause numbers and the builder's checkboxes."""
    checks = (
        ("/rules/hi-story", ".toc a"),
        ("/rules/hi-story/10.6.2", "a.item-number"),
        ("/rules/hi-story/ch6", ".node-heading a.number"),
        ("/scenario/edit/attack/block-deck-attack-excess", "input[type=checkbox], input[type=radio]"),
    )
    for path, selector in checks:
        phone_page.goto(path)
        phone_page.locator("details").evaluate_all("(all) => all.forEach((d) => { d.open = true; })")
        small = phone_page.locator(selector).evaluate_all(
            """(all) => all.map((e) => [e.textContent || e.name, e.getBoundingClientRect()])
                .filter(([, r]) => r.width > 0 && (r.width < 24 || r.height < 24))
                .slice(0, 5).map(([t, r]) => t + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))""")
        count = phone_page.locator(selector).count()
        assert count > 0 and small == [], (path, small)


def test_numbers_are_printed_once(phone_page):
    """「1. 1.1 目的」 and 「8. 8.」 came from a list's own numbers beside the printed ones."""
    phone_page.goto("/rules/hi-story")
    first = phone_page.locator(".toc li").first
    assert first.evaluate("(e) => getComputedStyle(e).listStyleType") == "none"
    phone_page.goto("/rules/hi-story/10.6.2")
    item = phone_page.locator("ol.items > li").first
    assert item.evaluate("(e) => getComputedStyle(e).listStyleType") == "none"
    expect(item.locator("a.item-number")).to_have_text("1.")


def test_a_rested_card_shows_its_rank_and_power_whole(phone_page):
    phone_page.goto(EXAMPLE)
    rested = phone_page.locator(".boards figure").last.locator(".slot.rest .card").first
    expect(rested).to_be_visible()
    # Upright (no ancestor turned), and its name, power and rank whole inside the card and inside the slot.
    turned = rested.evaluate(
        """(card) => { const turned = []; for (let e = card; e && !e.classList.contains('slot'); e = e.parentElement) {
              if (getComputedStyle(e).transform !== 'none') turned.push(e.className); } return turned; }""")
    clipped = rested.evaluate(
        """(card) => { const slot = card.closest('.slot').getBoundingClientRect(), box = card.getBoundingClientRect();
            return [...card.querySelectorAll('*')].filter((e) => { const r = e.getBoundingClientRect();
              return r.width > 0 && [box, slot].some((o) => r.left < o.left - 1 || r.right > o.right + 1
                || r.top < o.top - 1 || r.bottom > o.bottom + 1); }).map((e) => e.className); }""")
    assert turned == [] and clipped == [], (turned, clipped)
    expect(rested).to_contain_text("5000")


def test_a_stored_ruling_shows_japan_time_with_the_iso_time_in_the_markup(phone_page):
    link = _short_link(phone_page)
    stamp = phone_page.locator(".share time")
    expect(stamp).to_contain_text("（日本時間）")
    iso = stamp.get_attribute("datetime")
    assert iso and iso.endswith("+00:00")
    assert phone_page.request.get("/favicon.ico").status == 200
    assert link.startswith("/t/")


def test_the_sticky_bar_never_covers_the_field_being_filled(phone_page):
    """The bar is one short row, and a field scrolled into view (the phone's next-field keys, find in page,
    a link from the error summary) stops above it, not under it (scroll-padding)."""
    phone_page.goto("/scenario/edit/attack/block-deck-attack-excess")
    bar = phone_page.locator(".submit-bar")
    assert bar.bounding_box()["height"] <= 64
    for name in ("players.A.deck.count", "players.B.field.2.cards.0.power", "players.B.graveyard.count"):
        phone_page.evaluate("window.scrollTo(0, 0)")
        field = phone_page.locator(f'[name="{name}"]')
        field.evaluate("(e) => e.scrollIntoView({block: 'nearest'})")
        box, cover = field.bounding_box(), bar.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= cover["y"], (name, box, cover)


def test_the_gallery_filters_as_you_type(phone_page):
    phone_page.goto("/scenarios")
    cards = phone_page.locator(".gallery-card:visible")
    everything = cards.count()
    box = phone_page.get_by_label("例題を絞り込む")
    box.fill("身代わり")
    expect(phone_page.locator("#gallery-count")).to_contain_text("（「身代わり」で絞り込み）")
    shown = cards.count()
    assert 2 <= shown < everything
    expect(phone_page).to_have_url(re.compile(r"/scenarios\?q=%E8%BA%AB"))  # the same address filters without JS
    expect(cards.filter(has_text="身代わり — パワー2500は0になり").first).to_be_visible()
    box.fill("")
    expect(cards).to_have_count(everything)
    cards.filter(has_text="山札への攻撃をブロック — パワー差分だけ").get_by_role("link", name="判定を見る").tap()
    expect(phone_page.locator("[data-happened]")).to_have_text("石田三成はバトルに敗れ墓地へ。Bの山札から3枚墓地へ")


def test_the_gallery_filters_without_javascript(browser, live_server):
    context = browser.new_context(base_url=live_server, locale="ja-JP", viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto("/scenarios")
        page.get_by_label("例題を絞り込む").fill("勝敗")
        page.get_by_role("button", name="絞り込む").click()
        expect(page).to_have_url(re.compile(r"/scenarios\?q="))
        expect(page.locator(".gallery-group:visible h2")).to_have_text(["勝敗（3）"])
        assert sideways(page) == []
    finally:
        context.close()
