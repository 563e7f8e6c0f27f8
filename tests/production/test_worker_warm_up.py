"""Nothing a search needs waits for its first request: every gunicorn worker of the README's production command
asks the search routes once before it serves (gunicorn_conf.post_worker_init, web/search/warm_up.py), on the
scored postings the master read before the fork."""

from __future__ import annotations

import re
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

from adjudicator.web.common.services import services
from adjudicator.web.search.warm_up import WARM_UP_PATHS, _a_served_host, warm_up
from tests.production.gunicorn_command import readme_gunicorn_argv

STARTUP_SECONDS = 90
WORKERS = 2
_WARMED = re.compile(r"worker (\d+) warmed up in \d+ ms: (.*)")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _warmed_workers(log: Path) -> dict[str, str]:
    text = log.read_text(encoding="utf-8", errors="replace")
    return {found.group(1): found.group(2) for found in _WARMED.finditer(text)}


def test_every_worker_asks_each_search_route_before_serving(data_dir, monkeypatch, tmp_path):
    monkeypatch.setenv("ADJUDICATOR_DATA_DIR", str(data_dir))
    port, log = _free_port(), tmp_path / "gunicorn.log"
    with log.open("wb") as sink:
        server = subprocess.Popen(readme_gunicorn_argv(port, WORKERS), stdout=sink, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + STARTUP_SECONDS
        while len(_warmed_workers(log)) < WORKERS:
            assert server.poll() is None, log.read_text(encoding="utf-8", errors="replace")
            assert time.monotonic() < deadline, log.read_text(encoding="utf-8", errors="replace")
            time.sleep(0.2)
        warmed = _warmed_workers(log)
        assert len(warmed) == WORKERS  # two processes, each warmed itself
        for said in warmed.values():
            for path in WARM_UP_PATHS:
                assert f"{path.partition('?')[0]} 200 " in said, said
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{WARM_UP_PATHS[0]}", timeout=30) as response:
            assert response.status == 200
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_the_warm_up_answers_every_search_route_through_the_whole_app(app):
    answered = warm_up(app)
    assert [path for path, _, _ in answered] == list(WARM_UP_PATHS)
    assert all(status == 200 for _, status, _ in answered), answered
    with app.app_context():  # and this process's search has its searcher on the table read at start
        assert services().search._term_scores().table.complete


def test_the_warm_up_names_a_host_the_app_accepts():
    assert _a_served_host(["localhost", "127.0.0.1"]) == "localhost"
    assert _a_served_host(["::1"]) == "[::1]"
    assert _a_served_host([".example.org"]) == "www.example.org"
    assert _a_served_host([]) is None
