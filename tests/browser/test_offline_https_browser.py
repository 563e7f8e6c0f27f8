"""Offline at a venue over trusted https, as a phone that installed the venue's ca.pem sees it (issue 27).

``adjudicator serve --tls CERT KEY`` runs for real with a certificate made as the README says, for the name
``venue.test``, which is not a loopback name: Chromium treats it as any address on the hall's network and keeps
an offline copy only in a secure context. The browser resolves the name to 127.0.0.1 (``--host-resolver-rules``,
so no traffic leaves this machine) and trusts the authority the way Chromium on Linux does, from the NSS
database in its user's home (``certutil -A -t C,,`` into ``$HOME/.pki/nssdb``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.browser.phone import ARTIFACTS, PHONE
from tests.conftest import CHROMIUM, CHROMIUM_ARGS
from tests.venue import certificate, serve, stop

VENUE = "venue.test"


def _home_trusting(home: Path, authority: Path | None) -> Path:
    """A home whose NSS database trusts ``authority`` to issue server certificates (none trusted if None)."""
    nssdb = home / ".pki" / "nssdb"
    nssdb.mkdir(parents=True)
    subprocess.run(["certutil", "-d", f"sql:{nssdb}", "-N", "--empty-password"], check=True, capture_output=True)
    if authority is not None:
        subprocess.run(["certutil", "-d", f"sql:{nssdb}", "-A", "-t", "C,,", "-n", "venue-CA", "-i", str(authority)],
                       check=True, capture_output=True)
    return home


def _launch(browser, home: Path):
    return browser.browser_type.launch(
        executable_path=str(CHROMIUM), headless=True, env={**os.environ, "HOME": str(home)},
        args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {VENUE} 127.0.0.1"],
    )


@pytest.fixture()
def venue_over_tls(search_engine, data_dir, tmp_path):
    if shutil.which("certutil") is None:  # .ci/run installs it: a machine without it fails, never skips
        pytest.fail("this test needs certutil (apt-get install libnss3-tools)")
    authority, cert, key = certificate(tmp_path, [f"DNS:{VENUE}"])
    served = serve(data_dir, "127.0.0.1", "--tls", str(cert), str(key), allowed_hosts=VENUE)
    yield authority, f"https://{VENUE}:{served.port}"
    stop(served)


def test_untrusted_the_venue_certificate_is_refused(browser, venue_over_tls, tmp_path):
    _, url = venue_over_tls
    untrusting = _launch(browser, _home_trusting(tmp_path / "untrusting", None))
    try:
        page = untrusting.new_page()
        with pytest.raises(PlaywrightError, match="ERR_CERT_AUTHORITY_INVALID"):
            page.goto(url + "/")
    finally:
        untrusting.close()


def test_trusted_the_service_worker_installs_and_the_offline_copy_is_shown(browser, venue_over_tls, tmp_path):
    authority, url = venue_over_tls
    trusting = _launch(browser, _home_trusting(tmp_path / "trusting", authority))
    try:
        context = trusting.new_context(viewport=PHONE, locale="ja-JP", is_mobile=True, has_touch=True)
        page = context.new_page()
        page.set_default_timeout(60_000)  # installing stores both whole books
        page.goto(url + "/")
        assert page.evaluate("window.isSecureContext")
        expect(page.locator("#no-offline-copy")).to_be_hidden()
        page.wait_for_function("navigator.serviceWorker.ready.then(() => true)")
        page.reload()
        page.wait_for_function("navigator.serviceWorker.controller !== null")
        page.wait_for_function(
            "caches.open('adjudicator-pages-v1').then((c) => Promise.all(['/', '/rules/hi-story'].map((p) => c.match(p))))"
            ".then((found) => found.every(Boolean))", polling=300)

        context.set_offline(True)
        page.reload()
        expect(page.locator("html")).to_have_attribute("data-offline-copy", "1")
        expect(page.locator("#offline-banner")).to_be_visible()
        page.screenshot(path=str(ARTIFACTS / "offline-https-home-390.png"))
        page.goto(url + "/rules/hi-story")  # never opened: stored when the worker installed
        expect(page.locator(".toc")).to_contain_text("第6章")
        page.screenshot(path=str(ARTIFACTS / "offline-https-toc-390.png"))
        context.close()
    finally:
        trusting.close()
