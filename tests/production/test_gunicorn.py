"""The README's production command, run for real: gunicorn lets long stateless links through to the app, and
its forked workers keep their own PostgreSQL connections."""

from __future__ import annotations

import http.client
import os
import random
import re
import socket
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest
import yaml

from adjudicator import paths
from adjudicator.reading import load_scenario
from adjudicator.links import encode_payload
from adjudicator.web.common.security import MAX_URL_CHARS
from tests.production.gunicorn_command import readme_gunicorn_argv

README = Path(__file__).resolve().parents[2] / "README.md"
EXAMPLE = paths.scenarios_dir() / "attack" / "block-deck-attack-excess.yaml"
GUNICORN_REQUEST_LINE = 4094  # gunicorn's default --limit-request-line
STARTUP_SECONDS = 60


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", "replace")


@contextmanager
def _running(port: int, log: Path, workers: int = 1) -> Iterator[str]:
    """The README's production command on ``port``, until /healthz answers; stopped at the end."""
    with log.open("wb") as sink:  # a file, not a pipe: nothing blocks gunicorn however much it logs
        server = subprocess.Popen(readme_gunicorn_argv(port, workers), stdout=sink, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        while True:
            try:
                if _get(f"{base}/healthz")[0] == 200:
                    break
            except OSError:
                pass
            assert server.poll() is None, log.read_text(encoding="utf-8", errors="replace")
            assert time.monotonic() < deadline, "gunicorn did not answer /healthz in time"
            time.sleep(0.2)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=30)


@pytest.fixture()
def production_server(data_dir, monkeypatch, tmp_path) -> Iterator[str]:
    monkeypatch.setenv("ADJUDICATOR_DATA_DIR", str(data_dir))
    with _running(_free_port(), tmp_path / "gunicorn.log") as base:
        yield base


@pytest.fixture()
def production_server_on_postgresql(data_dir, monkeypatch, tmp_path) -> Iterator[str]:
    """The production command (``--preload``: the app is made in the master, then forked) with two workers
    keeping their short links in PostgreSQL."""
    url = os.environ.get("ADJUDICATOR_TEST_DATABASE_URL")
    if not url:
        pytest.skip("the PostgreSQL link store needs a server: set ADJUDICATOR_TEST_DATABASE_URL (.ci/run starts one)")
    monkeypatch.setenv("ADJUDICATOR_DATA_DIR", str(data_dir))
    monkeypatch.setenv("ADJUDICATOR_DATABASE_URL", url)
    monkeypatch.setenv("ADJUDICATOR_WRITE_LIMIT", "10000 per minute")
    with _running(_free_port(), tmp_path / "gunicorn.log", workers=2) as base:
        yield base


def _long_stateless_link() -> str:
    """A real scenario whose payload is longer than gunicorn's default request line (random text compresses badly)."""
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    words = random.Random(7)
    data["question"] = "".join(chr(words.randrange(0x4E00, 0x9FA0)) for _ in range(1_500))
    link = f"/s/{encode_payload(load_scenario(data))}"
    assert len(link) > GUNICORN_REQUEST_LINE
    return link


def _make_link(base: str, payload: str) -> str:
    """POST /t as the trace page's form does; the short link it answers with (a 303 to /t/<id>)."""
    connection = http.client.HTTPConnection("127.0.0.1", int(base.rsplit(":", 1)[1]), timeout=30)
    try:
        connection.request("POST", "/t", body=urllib.parse.urlencode({"payload": payload}),
                           headers={"Content-Type": "application/x-www-form-urlencoded"})
        answer = connection.getresponse()
        answer.read()
        assert answer.status == 303, answer.status
        return answer.getheader("Location")
    finally:
        connection.close()


def test_forked_workers_share_no_postgresql_connection(production_server_on_postgresql):
    """Each worker opens its own pool: a connection made in the master and used by two workers at once would
    mix their messages on one socket. Many links at once, from both workers, all made and all readable."""
    scenarios = sorted(paths.scenarios_dir().rglob("*.yaml"))[:48]
    payloads = [encode_payload(load_scenario(yaml.safe_load(path.read_text(encoding="utf-8")))) for path in scenarios]
    with ThreadPoolExecutor(max_workers=8) as pool:
        links = list(pool.map(lambda payload: _make_link(production_server_on_postgresql, payload), payloads * 2))
    assert len(set(links)) == len(scenarios)
    with ThreadPoolExecutor(max_workers=8) as pool:
        pages = list(pool.map(lambda link: _get(urllib.parse.urljoin(production_server_on_postgresql, link)), links))
    assert all(status == 200 and "data-verdict" in page for status, page in pages)


def test_the_readme_production_command_serves_long_stateless_links(production_server):
    status, page = _get(production_server + _long_stateless_link())
    assert status == 200 and "data-verdict" in page
    # Past the app's own bound it is the app that refuses, in Japanese.
    status, page = _get(f"{production_server}/s/1.{'A' * MAX_URL_CHARS}")
    assert status == 414 and "アドレスが長すぎます" in page
