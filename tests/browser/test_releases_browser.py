"""A player on a phone (390 px, Debian's chromium) after a new release landed (tests/data/releases) and the
official rulings were imported (tests/data/official): a clause page with its history and an official ruling,
and the diff page with its renumbering toggle. Screenshots go to test-artifacts/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from adjudicator.official import RulingsFile, read_rulings_file

TESTS = Path(__file__).resolve().parents[1]
ARTIFACTS = TESTS.parent / "test-artifacts"
PHONE = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def landed_server(tmp_path_factory, landed_rulebook_dir, serve):
    from adjudicator.web import create_app

    data = tmp_path_factory.mktemp("landed-browser-data")
    patcher = pytest.MonkeyPatch()
    patcher.setenv("ADJUDICATOR_DATA_DIR", str(data))
    patcher.setenv("ADJUDICATOR_RULEBOOK_DIR", str(landed_rulebook_dir))
    RulingsFile(data).save(read_rulings_file(TESTS / "data" / "official" / "rulings.yaml"))
    yield from serve(create_app({"TESTING": True, "RATELIMIT_STORAGE_URI": "memory://"}))
    patcher.undo()


@pytest.fixture()
def phone(browser, landed_server):
    context = browser.new_context(base_url=landed_server, locale="ja-JP", viewport=PHONE, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    yield page
    context.close()


def _fits_the_screen(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways: {width}px"


def test_a_clause_page_with_its_history_and_an_official_ruling(phone):
    phone.goto("/rules/hi-story/6.7.1")
    history = phone.locator("section.history")
    expect(history.locator("li[data-release='v1.0.0'] a")).to_have_attribute("href", "/rules/hi-story/v1.0.0/6.7.1")
    expect(history.locator("li[data-release='v1.1.0']")).to_contain_text("文言の変更")
    expect(history.locator("del")).to_have_text("完全に終了していなければ")
    expect(history.locator("ins")).to_have_text("一部でも行えなかった場合は")
    current = phone.locator("#ruling-q-2026-001")
    expect(current).to_contain_text("いいえ、引けません")
    expect(current.locator("[data-agrees='yes']")).to_be_visible()
    expect(phone.locator("#ruling-q-2025-014 [data-superseded]")).to_contain_text("q-2026-001 に差し替えられました")
    _fits_the_screen(phone)
    phone.screenshot(path=str(ARTIFACTS / "releases-clause-phone.png"), full_page=True)
    # The older release's text, one tap away.
    history.locator("li[data-release='v1.0.0'] a").click()
    expect(phone).to_have_url(re.compile(r"/rules/hi-story/v1\.0\.0/6\.7\.1$"))
    expect(phone.locator("article.clause-page")).to_contain_text("直前の動作が完全に終了していなければ")
    expect(phone.locator("[data-newer]")).to_contain_text("v1.1.0")


def test_the_diff_page_and_its_renumbering_toggle(phone):
    phone.goto("/rules/hi-story/diff/v1.0.0..v1.1.0")
    changes = phone.locator("article.change")
    expect(changes).to_have_count(4)
    expect(phone.locator("article[data-kind='changed'] del")).to_have_text("完全に終了していなければ")
    expect(phone.locator("[data-hidden]")).to_contain_text("1件")
    _fits_the_screen(phone)
    phone.screenshot(path=str(ARTIFACTS / "releases-diff-phone.png"), full_page=True)
    phone.get_by_role("link", name="番号だけの変更も表示する").click()
    expect(phone).to_have_url(re.compile(r"renumbered=1"))
    expect(changes).to_have_count(5)
    expect(phone.locator("article[data-kind='renumbered']")).to_contain_text("4.3.3")
    phone.screenshot(path=str(ARTIFACTS / "releases-diff-renumbered-phone.png"), full_page=True)
    phone.locator("article[data-kind='removed'] a[data-old]").click()
    expect(phone).to_have_url(re.compile(r"/rules/hi-story/v1\.0\.0/4\.4\.2$"))
    expect(phone.locator("[data-newer]")).to_contain_text("最新版にはこの条文はありません")


def test_a_clause_page_says_when_the_official_rulings_cannot_be_read(browser, landed_server, serve, monkeypatch):
    """PostgreSQL keeping the rulings is down: the clause is read as ever, the rulings' place says why they are
    missing (never an empty block that reads as "no rulings")."""
    from adjudicator.links.faults import Cause, Store, StoreUnavailable
    from adjudicator.web import create_app

    def down():
        raise StoreUnavailable("down", cause=Cause.DATABASE_DOWN, store=Store.RULINGS, writing=False)

    app = create_app({"TESTING": True, "RATELIMIT_STORAGE_URI": "memory://"})
    store = app.extensions["adjudicator.official"]
    monkeypatch.setattr(store, "stamp", down)
    monkeypatch.setattr(store, "load", down)
    served = serve(app)
    context = browser.new_context(base_url=next(served), locale="ja-JP", viewport=PHONE, is_mobile=True,
                                  has_touch=True)
    try:
        phone = context.new_page()
        phone.goto("/rules/hi-story/6.7.1")
        expect(phone.locator("article.clause-page")).to_contain_text("直前の動作が一部でも行えなかった場合は")
        notice = phone.locator("section.official-rulings [data-unavailable]")
        expect(notice).to_contain_text("いまは公式裁定を読めません（データベース（PostgreSQL）に接続できません）")
        expect(phone.locator("li.official-ruling")).to_have_count(0)
        _fits_the_screen(phone)
        phone.screenshot(path=str(ARTIFACTS / "releases-clause-rulings-unavailable-phone.png"), full_page=True)
    finally:
        context.close()
        served.close()
