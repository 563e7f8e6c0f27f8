"""``adjudicator search`` and ``adjudicator serve`` as a person runs them."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request

import pytest
from click.testing import CliRunner

from adjudicator.cli import main


@pytest.fixture()
def run(_session_env):
    runner = CliRunner()
    return lambda *args: runner.invoke(main, list(args), catch_exceptions=False)


def test_search_json_prints_ranked_hits(run, search_engine):
    result = run("search", "その後", "--book", "hi-story", "--json")
    assert result.exit_code == 0
    data = json.loads(result.output)
    expected = search_engine.search("その後", book="hi-story")
    assert data["query"] == "その後"
    assert [(hit["book"], hit["id"]) for hit in data["hits"]] == [(hit.book, hit.id) for hit in expected.hits]
    assert data["hits"][0]["id"] == "6.7.1" and data["hits"][0]["snippet"]


def test_search_text_output_names_clause_path_and_snippet(run):
    result = run("search", "場の下", "--book", "hi-story", "--limit", "3")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0].startswith("hi-story 2.4.1\t第2章") and len(lines) == 6


def test_search_on_duel_masters_only(run):
    data = json.loads(run("search", "タップ状態", "--book", "duel-masters", "--json").output)
    assert data["hits"] and {hit["book"] for hit in data["hits"]} == {"duel-masters"}


@pytest.mark.parametrize("odd", ['"', "AND OR", "*", "？"])
def test_search_answers_odd_syntax(run, odd):
    result = run("search", odd, "--json")
    assert result.exit_code == 0 and json.loads(result.output)["query"] == odd


def test_search_rejects_an_unknown_book_or_chapter(_session_env):
    runner = CliRunner()
    assert runner.invoke(main, ["search", "山札", "--book", "nope"]).exit_code == 2
    assert runner.invoke(main, ["search", "山札", "--book", "hi-story", "--chapter", "ch99"]).exit_code == 2
    assert runner.invoke(main, ["search", "山札", "--chapter", "ch6"]).exit_code == 2


def test_serve_answers_on_the_given_port(data_dir):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "ADJUDICATOR_DATA_DIR": str(data_dir)}
    server = subprocess.Popen(
        [sys.executable, "-c", "from adjudicator.cli import main; main()", "serve", "--port", str(port)],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    try:
        body = None
        for _ in range(120):  # up to 60 s for start-up on a slow machine
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/index.json", timeout=2) as response:
                    body = json.load(response)
                break
            except OSError:
                if server.poll() is not None:
                    break
                time.sleep(0.5)
        assert body is not None, server.stdout.read().decode() if server.poll() is not None else "no answer"
        assert [book["id"] for book in body["rulebooks"]] == ["hi-story", "duel-masters"]
    finally:
        server.terminate()
        server.wait(timeout=10)
