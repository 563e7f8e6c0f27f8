"""The browser tests' pages: a phone-sized page (``phone``, which may use the clipboard; ``phone_page``) and axe-core."""

from __future__ import annotations

import pytest

from tests.browser.phone import PHONE


@pytest.fixture()
def phone(browser, live_server):
    """A phone-sized context that may use the clipboard; dialogs (alert) are recorded, never expected."""
    context = browser.new_context(base_url=live_server, locale="ja-JP", viewport=PHONE, has_touch=True,
                                  is_mobile=True, device_scale_factor=2)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=live_server)
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.dialogs = []
    page.on("dialog", lambda dialog: (page.dialogs.append(dialog.message), dialog.dismiss()))
    yield page
    context.close()


@pytest.fixture(scope="module")
def axe():
    from axe_playwright_python.sync_playwright import Axe

    return Axe()


@pytest.fixture()
def phone_page(browser, live_server):
    context = browser.new_context(base_url=live_server, locale="ja-JP", viewport=PHONE, is_mobile=True,
                                  has_touch=True, device_scale_factor=1)
    page = context.new_page()
    yield page
    context.close()
