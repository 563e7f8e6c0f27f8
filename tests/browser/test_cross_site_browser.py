"""In chromium, at 390 px: the 「短縮リンクを作る」 button on a ruling's page makes the short link (the browser says
the form is this site's own), and the same form on another site's page (another port of 127.0.0.1, served here)
is refused with the Japanese page, nothing stored. Screenshots: test-artifacts/cross-site-*.png."""

from __future__ import annotations

import html
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
import yaml
from playwright.sync_api import expect

from adjudicator import paths
from adjudicator.reading import load_scenario
from adjudicator.links import encode_payload
from tests.browser.phone import ARTIFACTS, fresh_page, no_sideways_scroll

EXAMPLE = paths.scenarios_dir() / "attack" / "block-deck-attack-excess.yaml"


def _payload(title: str) -> str:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    data["title"] = title
    return encode_payload(load_scenario(data))


@pytest.fixture()
def other_site(live_server):
    """Another origin (the same machine, another port) serving one page with a form that posts to our /t."""
    payload = _payload("よそのページから")

    class Page(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - http.server's name
            body = (f'<!doctype html><html lang="ja"><meta charset="utf-8"><title>よそ</title>'
                    f'<form method="post" action="{html.escape(live_server)}/t">'
                    f'<input type="hidden" name="payload" value="{html.escape(payload)}">'
                    f'<button>おまけを受け取る</button></form></html>').encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        thread.join(timeout=10)


def test_the_share_button_makes_a_link_and_another_sites_form_is_refused(browser, live_server, other_site):
    context, phone = fresh_page(browser, live_server)
    try:
        phone.goto(f"/s/{_payload('このサイトから')}")
        phone.get_by_role("button", name="短縮リンクを作る").click()
        expect(phone).to_have_url(re.compile(r"/t/[a-z2-7]{16}$"))
        phone.screenshot(path=str(ARTIFACTS / "cross-site-own-page.png"), full_page=True)

        phone.goto(other_site)
        phone.get_by_role("button", name="おまけを受け取る").click()
        expect(phone.locator("body")).to_contain_text("別のサイトのページから送られた操作は受け付けません")
        assert "/t" in phone.url and not re.search(r"/t/[a-z2-7]{16}", phone.url)
        no_sideways_scroll(phone)
        phone.screenshot(path=str(ARTIFACTS / "cross-site-refused.png"), full_page=True)
    finally:
        context.close()
