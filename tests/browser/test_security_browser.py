"""The Content-Security-Policy in a real browser (Debian's chromium): every page works under it, the browser
reports no violation, and markup typed by users never runs."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

XSS = '<script>alert("x")</script><img src=x onerror=alert(1)>'
PAGES = ["/", "/rules/hi-story/6.7.1", "/rules/hi-story/all", "/search?q=その後", "/scenarios", "/scenario/new"]


@pytest.fixture()
def watched(page):
    """The page, with every console message about the policy and every dialog (alert) recorded."""
    page.violations, page.dialogs = [], []
    page.on("console", lambda message: page.violations.append(message.text)
            if "Content Security Policy" in message.text or "Refused to" in message.text else None)
    page.on("dialog", lambda dialog: (page.dialogs.append(dialog.message), dialog.dismiss()))
    return page


@pytest.mark.parametrize("path", PAGES)
def test_pages_work_under_the_policy_without_violations(watched, path):
    response = watched.goto(path)
    assert "script-src 'self'" in response.headers["content-security-policy"]
    watched.wait_for_load_state("networkidle")
    assert watched.violations == []
    assert watched.dialogs == []


def test_search_as_you_type_still_fetches_under_connect_src(watched):
    watched.goto("/")
    watched.locator("#q").press_sequentially("その後", delay=30)
    expect(watched.locator("#live-results li a").first).to_contain_text("6.7.1")
    assert watched.violations == []


def test_markup_in_a_search_never_runs(watched):
    watched.goto("/search?q=" + XSS.replace("#", "%23"))
    watched.wait_for_load_state("networkidle")
    assert watched.dialogs == []
    assert watched.locator("script:not([src])").count() == 0


def test_markup_in_a_shared_ruling_never_runs(watched, live_server):
    from tests.production.hostile_input import hostile_scenario  # the headers' tests' scenario, for the browser

    resolved = watched.request.post(f"{live_server}/api/resolve?short=true", data=hostile_scenario())
    assert resolved.ok
    for link in resolved.json()["links"].values():
        watched.goto(link)
        watched.wait_for_load_state("networkidle")
        expect(watched.locator("h1")).to_have_text(XSS)  # shown as the text it is
        assert watched.title().startswith(XSS)
    assert watched.dialogs == []
    assert watched.violations == []
