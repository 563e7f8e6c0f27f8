"""The search index damaged while the service runs (files deleted, overwritten in place): the next search
notices it, the index is rebuilt without a restart, and no search answers 500. The cached results and scored
postings of the old index go with it; /healthz says what happened (tests/production covers the HTTP side)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

QUERIES = ("身代わり", "ブロック", "山札", "その後", "召喚", "クリーチャー", "攻撃")


@pytest.fixture()
def serving(app, data_dir, tmp_path, monkeypatch):
    """An app of its own over a copy of the session's index, its caches warmed by every query."""
    monkeypatch.setenv("ADJUDICATOR_DATA_DIR", str(tmp_path))
    subprocess.run(["cp", "-a", str(data_dir / "index"), str(tmp_path / "index")], check=True)
    from adjudicator.web import create_app
    from adjudicator.web.common.services import EXTENSION

    made = create_app({"TESTING": True, "RATELIMIT_STORAGE_URI": "memory://"})
    client = made.test_client()
    before = {query: _hits(client, query) for query in QUERIES}
    assert all(before.values())
    return client, made.extensions[EXTENSION].kept, before


def _hits(client, query: str) -> list[str]:
    answer = client.get("/search.json", query_string={"q": query})
    assert answer.status_code == 200, answer.status_code
    return [hit["id"] for hit in answer.get_json()["hits"]]


def _index_files(kept) -> list[Path]:
    return [path for path in Path(kept.opened.directory).iterdir() if path.is_file()]


def test_index_files_deleted_while_serving_are_rebuilt_on_the_next_search(serving):
    client, kept, before = serving
    damaged_directory = kept.opened.directory
    for path in _index_files(kept):
        path.unlink()
    assert not kept.health().intact and "missing" in kept.health().reason
    after = {query: _hits(client, query) for query in QUERIES}  # every search 200, with the same hits
    assert after == before
    assert kept.repairs == 1 and kept.health().intact and "rebuilt" in kept.health().reason
    assert kept.opened.directory == damaged_directory and kept.opened.built  # rebuilt in place, on disk


def test_index_files_overwritten_in_place_while_serving_are_rebuilt(serving):
    client, kept, before = serving
    for path in _index_files(kept):
        if path.suffix in (".seg", ".toc"):
            size = path.stat().st_size
            with open(path, "r+b") as file:  # the same inode and size: only the content (and its time) changes
                file.write(b"\x80\x04garbage" * (size // 9))
    assert not kept.health().intact and "changed" in kept.health().reason
    assert {query: _hits(client, query) for query in QUERIES} == before
    assert kept.repairs == 1 and kept.health().intact


def test_a_search_that_fails_on_a_damaged_index_is_answered_from_a_rebuilt_one(serving, monkeypatch):
    """Damage the stat check cannot see (the same inode, size and time) fails inside Whoosh: the index is then
    verified against its checksums, rebuilt, and the search answered."""
    client, kept, before = serving
    (segment,) = [path for path in _index_files(kept) if path.suffix == ".seg"]
    stat = segment.stat()
    data = bytearray(segment.read_bytes())
    data[: len(data) // 2] = b"\xff" * (len(data) // 2)
    segment.write_bytes(bytes(data))
    import os

    os.utime(segment, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    assert kept.health().intact  # the stat check cannot tell
    search = kept.search
    calls = []
    original = search.search_counted

    def failing_once(*args, **kwargs):  # what Whoosh raises on a segment it can no longer read
        calls.append(args)
        if len(calls) == 1:
            raise EOFError("Ran out of input")
        return original(*args, **kwargs)

    monkeypatch.setattr(search, "search_counted", failing_once)
    assert _hits(client, "新しい問い ブロック") == _hits(client, "新しい問い ブロック")
    assert kept.repairs == 1 and kept.search is not search


def test_an_error_that_is_not_the_index_is_raised_as_it_was(serving, monkeypatch):
    client, kept, _ = serving

    def broken(*args, **kwargs):
        raise ZeroDivisionError("a bug in the ranking")

    monkeypatch.setattr(kept.search, "search_counted", broken)
    with pytest.raises(ZeroDivisionError):
        client.get("/search.json", query_string={"q": "まったく新しい問い"})
    assert kept.repairs == 0
