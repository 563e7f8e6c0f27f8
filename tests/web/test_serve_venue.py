"""The venue path: ``adjudicator serve --host 0.0.0.0`` (or ``::``) started for real, then opened at the addresses
it prints, as a phone on the same network would: 200, never the 400 of an untrusted host. Over ``--tls`` the
same with a certificate made as the README's venue section says (openssl; the client trusts its ca.pem as a
phone that installed it would). A phone on plain http is told that it cannot keep an offline copy; on loopback
(a secure context) the service worker installs and nothing is said.
"""

from __future__ import annotations

import http.client
import ssl
import subprocess
import sys
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest

from tests.venue import Served, certificate, serve, stop

def _get(url: str, *, host_header: str | None = None, via: str | None = None, tls: ssl.SSLContext | None = None):
    """GET ``url``; ``via`` connects to another address than the URL's (the Host header stays the URL's)."""
    parts = urlsplit(url)
    address = via or parts.hostname
    if tls is not None:
        connection = http.client.HTTPSConnection(address, parts.port, timeout=20, context=tls)
    else:
        connection = http.client.HTTPConnection(address, parts.port, timeout=20)
    try:
        connection.request("GET", parts.path or "/", headers={"Host": host_header or parts.netloc})
        answer = connection.getresponse()
        return answer.status, answer.read().decode("utf-8", "replace")
    finally:
        connection.close()


def _interface_addresses(host: str) -> list[str]:
    from adjudicator.commands.addresses import reachable_addresses

    return reachable_addresses(host)


@pytest.fixture(scope="module")
def plain(search_engine, data_dir) -> Iterator[Served]:
    """``serve --host 0.0.0.0``, its search index already built in the session's data directory."""
    served = serve(data_dir, "0.0.0.0")
    yield served
    stop(served)


def test_serving_on_all_interfaces_prints_this_machines_addresses(plain):
    expected = _interface_addresses("0.0.0.0")
    if not expected:
        pytest.skip("this machine has no network address besides loopback")
    assert plain.printed == [f"http://{address}:{plain.port}" for address in expected]


def test_each_printed_address_answers_200_not_400(plain):
    assert plain.printed, plain.output
    for url in plain.printed:
        status, body = _get(url + "/")  # connected to the printed (non-loopback) address, Host as printed
        assert status == 200, (url, body[:200])
        assert "ADJUDICATOR_ALLOWED_HOSTS" not in body
        # The minimum of the brief: the printed Host over loopback.
        assert _get(f"http://127.0.0.1:{plain.port}/healthz", host_header=urlsplit(url).netloc)[0] == 200


def test_loopback_names_and_ipv6_loopback_are_accepted_and_others_refused(plain):
    port = plain.port
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}", "[::1]"):
        assert _get(f"http://127.0.0.1:{port}/healthz", host_header=host)[0] == 200, host
    for host in (f"evil.example:{port}", f"[::2]:{port}", f"192.0.2.250:{port}"):
        status, body = _get(f"http://127.0.0.1:{port}/healthz", host_header=host)
        assert status == 400, host
        assert "ADJUDICATOR_ALLOWED_HOSTS" in body


def test_serving_ipv6_wildcard_over_tls_answers_at_every_printed_address(search_engine, data_dir, tmp_path):
    addresses = _interface_addresses("::")
    # the printed addresses, and 127.0.0.1 for this test
    authority, cert, key = certificate(tmp_path, [f"IP:{address}" for address in ["127.0.0.1", *addresses]])
    served = serve(data_dir, "::", "--tls", str(cert), str(key))
    try:
        assert served.printed == [f"https://{'[' + a + ']' if ':' in a else a}:{served.port}" for a in addresses]
        trusted = ssl.create_default_context(cafile=str(authority))  # what a phone that installed ca.pem checks
        for url in served.printed:
            status, _ = _get(url + "/", tls=trusted)
            assert status == 200, url
        status, _ = _get(f"https://127.0.0.1:{served.port}/", tls=trusted, host_header=f"[::1]:{served.port}")
        assert status == 200
        assert "注意: http では" not in "\n".join(served.output)
    finally:
        stop(served)


def test_a_bad_certificate_is_refused_in_japanese(tmp_path):
    cert = tmp_path / "cert.pem"
    cert.write_text("not a certificate")
    answer = subprocess.run([sys.executable, "-m", "adjudicator", "serve", "--tls", str(cert), str(cert)],
                            capture_output=True, text=True, timeout=60)
    assert answer.returncode == 2
    assert "証明書と鍵を読み込めません" in answer.stderr


def test_plain_http_on_a_network_address_says_the_offline_copy_is_not_available(plain, browser):
    """Chromium treats http://<LAN address> as a phone does: not a secure context, so no service worker."""
    from playwright.sync_api import expect

    if not plain.printed:
        pytest.skip("this machine has no network address besides loopback")
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="ja-JP")
    try:
        page = context.new_page()
        page.goto(plain.printed[0] + "/")
        note = page.locator("#no-offline-copy")
        expect(note).to_be_visible()
        expect(note).to_contain_text("オフライン用のコピーを保存できません（https で開いていないため）")
        page.screenshot(path="test-artifacts/venue-no-offline-copy-390.png")
        page.goto(f"http://127.0.0.1:{plain.port}/")  # loopback is a secure context: the worker installs
        page.wait_for_function("navigator.serviceWorker.ready.then(() => true)")
        expect(page.locator("#no-offline-copy")).to_be_hidden()
    finally:
        context.close()
