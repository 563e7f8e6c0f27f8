"""The rulebook browser in a real browser (Debian's chromium through Playwright): what a player does."""

from __future__ import annotations

import re
import threading

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from adjudicator.rulebook import load_rulebook

HI_STORY = load_rulebook("hi-story")


def test_search_for_sono_ato_and_open_6_7_1(page):
    page.goto("/")
    page.fill("#q", "その後")
    page.press("#q", "Enter")
    expect(page).to_have_url(re.compile(r"/search\?q="))
    expect(page.locator(".hit").first).to_contain_text("6.7 「その後」")
    page.click("a.hit-number >> text='6.7.1'")
    expect(page).to_have_url(re.compile(r"/rules/hi-story/6\.7\.1$"))
    expect(page.locator("h1")).to_contain_text("6.7.1")
    expect(page.locator(".edition")).to_contain_text(HI_STORY.release)


def test_as_you_type_results_open_the_clause(page):
    page.goto("/")
    page.locator("#q").press_sequentially("その後", delay=30)
    first = page.locator("#live-results li a").first
    expect(first).to_contain_text("6.7.1")
    first.click()
    expect(page).to_have_url(re.compile(r"/rules/hi-story/6\.7\.1$"))


def test_follow_a_cross_reference(page):
    page.goto("/rules/hi-story/6.5.11")
    page.click("a.ref >> text='6.7.1'")
    expect(page).to_have_url(re.compile(r"/rules/hi-story/6\.7\.1$"))
    expect(page.locator(".backlinks")).to_contain_text("6.5.11")


def test_follow_a_reference_to_a_list_item(page):
    page.goto("/rules/hi-story/10.6.4")
    page.click("a.ref >> text='⑧'")
    expect(page).to_have_url(re.compile(r"/rules/hi-story/10\.6\.2-8$"))
    expect(page.locator("h1")).to_contain_text("10.6.2の8")


def test_copy_link_puts_the_pinned_url_on_the_clipboard(browser, live_server):
    context = browser.new_context(base_url=live_server, locale="ja-JP")
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server)
    page = context.new_page()
    try:
        page.goto("/rules/hi-story/6.7.1")
        page.click("button.copy-link")
        expect(page.locator(".copy-status")).to_have_text("コピーしました")
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied == f"{live_server}/rules/hi-story/{HI_STORY.release}/6.7.1"
    finally:
        context.close()


def test_jump_by_typing_a_clause_number(page):
    page.goto("/")
    page.locator("#q").press_sequentially("10.6.2", delay=30)
    expect(page.locator("#live-results li a").first).to_contain_text("10.6.2 へ移動")
    page.press("#q", "Enter")
    expect(page).to_have_url(re.compile(r"/rules/hi-story/10\.6\.2$"))
    expect(page.locator("#c-10\\.6\\.2-8")).to_be_visible()


def test_search_works_with_javascript_off(browser, live_server):
    context = browser.new_context(base_url=live_server, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto("/")
        page.fill("#q", "場の下")
        page.click("form.search button[type=submit]")
        expect(page.locator("a.hit-number").first).to_have_text("2.4.1")
    finally:
        context.close()


@pytest.mark.parametrize("url", ["/", "/rules/hi-story/6.7.1", "/rules/hi-story/10.6.2", "/search?q=その後"])
def test_phone_sized_viewport_fits_without_sideways_scrolling(browser, live_server, url):
    context = browser.new_context(base_url=live_server, viewport={"width": 360, "height": 740},
                                  is_mobile=True, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    try:
        page.goto(url)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0
        box = page.locator("input[type=search]").first.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
        if url.startswith("/rules/"):
            button = page.locator("button.copy-link").bounding_box()
            assert button is not None and button["x"] + button["width"] <= 360 and button["height"] >= 36
            page.tap("button.copy-link")  # a thumb can reach and press it
    finally:
        context.close()


@pytest.fixture()
def disposable_server(app):
    """A server of its own that the test can take down, so that the browser really goes offline."""
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    running = {"on": True}

    def stop():
        if running["on"]:
            server.shutdown()
            server.server_close()
            running["on"] = False

    yield f"http://127.0.0.1:{server.server_port}", stop
    stop()
    thread.join(timeout=10)


def test_the_rulebook_stays_readable_offline_once_opened(browser, disposable_server):
    base, stop = disposable_server
    context = browser.new_context(base_url=base)
    page = context.new_page()
    page.set_default_timeout(30_000)  # the worker fetches and keeps the whole book (the largest page)
    try:
        page.goto("/rules/hi-story/6.7.1")
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")  # installed, activating
        page.reload()  # now controlled by the worker, which keeps this page and the whole book
        # Go offline only once the worker is fully active and controls this page, and both copies are kept.
        page.wait_for_function(
            "navigator.serviceWorker.controller !== null && navigator.serviceWorker.controller.state === 'activated'",
            polling=200,
        )
        page.wait_for_function(
            "caches.open('adjudicator-pages-v1').then(c => c.match('/rules/hi-story/all')).then(r => !!r)",
            polling=200,
        )
        page.wait_for_function(
            "caches.open('adjudicator-pages-v1').then(c => c.match(location.href)).then(r => !!r)", polling=200
        )
        stop()
        page.goto("/rules/hi-story/6.7.1")
        expect(page.locator("#offline-banner")).to_be_visible()
        expect(page.locator("h1")).to_contain_text("6.7.1")
        page.goto("/rules/hi-story/2.4.1")  # never opened: shown inside the kept whole book
        expect(page).to_have_url(re.compile(r"/rules/hi-story/all#c-2\.4\.1$"))
        expect(page.locator("#offline-banner")).to_be_visible()
        expect(page.locator("#c-2\\.4\\.1")).to_contain_text("場の下")
    finally:
        context.close()


def test_choosing_a_book_offers_its_chapters(page):
    page.goto("/search?q=攻撃")
    expect(page.locator("select[name=chapter]")).to_have_count(0)
    page.select_option("select[name=book]", "hi-story")
    page.wait_for_url(re.compile(r"book=hi-story"))
    page.select_option("select[name=chapter]", "ch11")
    page.click("form.search button[type=submit]")
    expect(page).to_have_url(re.compile(r"chapter=ch11"))
    expect(page.locator("a.hit-number").first).to_be_visible()  # all_inner_texts() does not wait
    numbers = page.locator("a.hit-number").all_inner_texts()
    assert numbers and all(number.startswith("11.") for number in numbers)
