"""Faults of the disk and of derived data: the service keeps serving what it can and says what it cannot.

- A damaged search index (a changed segment, a truncated table of contents, a missing file) is found when it
  is opened and rebuilt: searches answer, the service boots.
- A read-only or full data directory, at start and while running: the rulebook and the search keep working,
  stored links keep opening where the disk can still be read, new links answer 503 in Japanese with
  Retry-After, ``/healthz`` says what is degraded and ``/readyz`` answers 503.

Read-only and full disks are real: a small tmpfs mounted for the test (remounted read-only, or filled up),
which needs root (``.ci/run`` runs as root); elsewhere those tests skip and say why.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import yaml

from adjudicator import paths
from adjudicator.reading import load_scenario
from adjudicator.links import encode_payload
from adjudicator.rulebook import list_rulebooks
from adjudicator.search.store import MANIFEST_NAME, open_or_build
from tests.production.disks import fill as _fill
from tests.production.disks import remount as _remount
from tests.production.disks import tmpfs as _tmpfs

EXAMPLE = paths.scenarios_dir() / "attack" / "block-deck-attack-excess.yaml"
RETRY_AFTER = "Retry-After"


@pytest.fixture(scope="module")
def books():
    """The smaller book alone: each damage test rebuilds its index, which takes seconds for both books."""
    return tuple(book for book in list_rulebooks() if book.id == "duel-masters")


@pytest.fixture(scope="module")
def small_index(books, tmp_path_factory) -> Path:
    """One clean index, copied by each test that damages it."""
    root = tmp_path_factory.mktemp("clean-index")
    open_or_build(books, root)
    return root


@pytest.fixture(scope="module")
def built_index(app, data_dir) -> Path:
    """The session's index of both books (the app fixture built it), copied into each test's data directory."""
    return data_dir / "index"


def _copy_of(built_index: Path, tmp_path: Path) -> tuple[Path, Path]:
    root = tmp_path / "index"
    subprocess.run(["cp", "-a", str(built_index), str(root)], check=True)
    (directory,) = [entry for entry in root.iterdir() if entry.is_dir() and not entry.name.startswith(".")]
    return root, directory


def _hits(opened, books, text="クリーチャー") -> int:
    from adjudicator.search.engine import ClauseSearch

    return len(ClauseSearch(opened.index, books, cache_size=0).search(text).hits)


# --- the search index ---------------------------------------------------------------------------------------


def test_a_damaged_index_segment_is_found_on_open_and_rebuilt(books, small_index, tmp_path):
    root, directory = _copy_of(small_index, tmp_path)
    (segment,) = directory.glob("*.seg")
    data = bytearray(segment.read_bytes())
    data[len(data) // 2: len(data) // 2 + 64] = b"\xff" * 64  # the same size: only the checksum tells
    segment.write_bytes(bytes(data))
    opened = open_or_build(books, root)
    assert opened.repaired and opened.built and not opened.in_memory
    assert _hits(opened, books) > 0
    assert not open_or_build(books, root).built  # repaired for good: the next start reuses it


@pytest.mark.parametrize("damage", ["truncated-toc", "missing-manifest"])
def test_a_broken_table_of_contents_is_rebuilt(books, small_index, tmp_path, damage):
    root, directory = _copy_of(small_index, tmp_path)
    (toc,) = directory.glob("*.toc")
    if damage == "truncated-toc":
        toc.write_bytes(toc.read_bytes()[:40])
    elif damage == "missing-toc":
        toc.unlink()
    elif damage == "missing-manifest":
        (directory / MANIFEST_NAME).unlink()
    else:
        (directory / MANIFEST_NAME).write_text("{not json", "utf-8")
    opened = open_or_build(books, root)
    assert opened.repaired and _hits(opened, books) > 0


def test_the_service_boots_and_searches_on_a_truncated_table_of_contents(built_index, tmp_path, monkeypatch):
    root, directory = _copy_of(built_index, tmp_path)
    (toc,) = directory.glob("*.toc")
    toc.write_bytes(b"")
    data_dir = tmp_path
    assert root == data_dir / "index"
    monkeypatch.setenv("ADJUDICATOR_DATA_DIR", str(data_dir))
    from adjudicator.web import create_app

    client = create_app({"TESTING": True}).test_client()
    answer = client.get("/search.json", query_string={"q": "身代わり"})
    assert answer.status_code == 200 and answer.get_json()["hits"]


# --- read-only and full data directories --------------------------------------------------------------------


def _app(data_dir: Path, monkeypatch, built_index: Path | None = None):
    monkeypatch.setenv("ADJUDICATOR_DATA_DIR", str(data_dir))
    if built_index is not None:
        subprocess.run(["cp", "-a", str(built_index), str(data_dir / "index")], check=True)
    from adjudicator.web import create_app

    return create_app({"TESTING": True})  # the default rate-limit counters too: a file in the same directory


def _payload(title: str) -> str:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    data["title"] = title
    return encode_payload(load_scenario(data))


def _assert_reads_work(client) -> None:
    assert client.get("/rules/hi-story/6.7.1").status_code == 200
    found = client.get("/search.json", query_string={"q": "身代わり"})
    assert found.status_code == 200 and found.get_json()["hits"]
    assert client.get(f"/s/{_payload('読むだけ')}").status_code == 200  # resolving writes nothing


def _assert_writes_refused(client, status: int = 503) -> None:
    page = client.post("/t", data={"payload": _payload("新しい判定")})
    assert page.status_code == status
    assert "短縮リンク" in page.get_data(as_text=True)
    api = client.post("/api/resolve?short=true", json=yaml.safe_load(EXAMPLE.read_text(encoding="utf-8")))
    assert api.status_code == status and "短縮リンク" in api.get_json()["error"]
    if status == 503:
        assert page.headers[RETRY_AFTER] == api.headers[RETRY_AFTER] == "60"
    assert client.get("/readyz").status_code == 503
    assert client.get("/healthz").get_data(as_text=True).startswith("degraded: links read-only")


def test_a_read_only_data_directory_at_start(tmp_path, monkeypatch, built_index):
    with _tmpfs(tmp_path / "disk") as disk:
        writable = _app(disk, monkeypatch, built_index).test_client()
        stored = writable.post("/t", data={"payload": _payload("保存済み")}).headers["Location"]
        _remount(disk, "ro")
        client = _app(disk, monkeypatch).test_client()  # starts: the master would no longer exit
        _assert_reads_work(client)
        assert client.get(stored).status_code == 200  # stored links keep opening
        _assert_writes_refused(client)


def test_a_read_only_data_directory_with_nothing_in_it_yet(tmp_path, monkeypatch):
    """No index and no store yet, and nothing can be written: the index is built in memory."""
    with _tmpfs(tmp_path / "disk") as disk:
        _remount(disk, "ro")
        client = _app(disk, monkeypatch).test_client()
        _assert_reads_work(client)
        _assert_writes_refused(client)
        assert "search index in memory" in client.get("/healthz").get_data(as_text=True)


def test_a_data_directory_that_becomes_read_only_while_running(tmp_path, monkeypatch, built_index):
    with _tmpfs(tmp_path / "disk") as disk:
        client = _app(disk, monkeypatch, built_index).test_client()
        stored = client.post("/t", data={"payload": _payload("保存済み")}).headers["Location"]
        assert client.get("/readyz").status_code == 200
        _remount(disk, "ro")
        _assert_reads_work(client)
        assert client.get(stored).status_code == 200 and client.get(f"{stored}.json").status_code == 200
        _assert_writes_refused(client)
        _remount(disk, "rw")
        assert client.post("/t", data={"payload": _payload("書ける")}).status_code == 303  # and recovers


def test_a_full_data_directory_at_start(tmp_path, monkeypatch):
    with _tmpfs(tmp_path / "disk", size="1m") as disk:
        _fill(disk)
        client = _app(disk, monkeypatch).test_client()
        _assert_reads_work(client)
        _assert_writes_refused(client)


def test_a_data_directory_that_fills_up_while_running(tmp_path, monkeypatch, built_index):
    """Free space below the store's margin refuses writes before SQLite runs out; with no margin at all,
    SQLite's own 'database or disk is full' is a 503 too."""
    from adjudicator.links import store as store_module

    with _tmpfs(tmp_path / "disk", size="24m") as disk:
        client = _app(disk, monkeypatch, built_index).test_client()
        stored = client.post("/t", data={"payload": _payload("保存済み")}).headers["Location"]
        _fill(disk)
        _assert_reads_work(client)
        assert client.get(stored).status_code == 200
        _assert_writes_refused(client)
        monkeypatch.setattr(store_module, "MIN_FREE_BYTES", 0)
        monkeypatch.setattr(store_module, "RECENT_FAILURE_SECONDS", 0)
        big = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
        big["question"] = "長い問い" * 400  # a record larger than any page left
        answer = client.post("/api/resolve?short=true", json=big)
        assert answer.status_code == 503 and answer.headers[RETRY_AFTER] == "60"
        (disk / "filler").unlink()
        assert client.post("/t", data={"payload": _payload("空いた")}).status_code == 303


def test_a_store_past_its_quota_answers_507(tmp_path, monkeypatch, built_index):
    monkeypatch.setenv("ADJUDICATOR_DATA_DIR", str(tmp_path))
    subprocess.run(["cp", "-a", str(built_index), str(tmp_path / "index")], check=True)
    from adjudicator.web import create_app

    client = create_app({"TESTING": True, "LINK_QUOTA_BYTES": 1, "RATELIMIT_STORAGE_URI": "memory://"}).test_client()
    page = client.post("/t", data={"payload": _payload("上限")})
    assert page.status_code == 507 and "上限" in page.get_data(as_text=True)
    assert RETRY_AFTER not in page.headers  # waiting does not help: an operator must make room
    ready = client.get("/readyz")  # ready: every read works, and no other instance would store the link either
    assert ready.status_code == 200 and ready.get_json()["writes"] is False and ready.get_json()["quota_reached"]
    assert "quota" in ready.get_json()["reason"]
    assert client.get("/rules/hi-story/6.7.1").status_code == 200
