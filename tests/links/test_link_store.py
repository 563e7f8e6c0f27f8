"""The short-link store on SQLite and on PostgreSQL: write once, read back verbatim, safe across processes.

PostgreSQL tests run when ADJUDICATOR_TEST_DATABASE_URL names a reachable server (.ci/run starts one);
otherwise they skip and say so.
"""

from __future__ import annotations

import multiprocessing
import os
from dataclasses import replace
from pathlib import Path

import pytest

from adjudicator import paths
from adjudicator.reading import load_scenario
from adjudicator.links import PostgresLinkStore, SQLiteLinkStore, make_record, open_store, store_location
from adjudicator.links.record import Versions
from adjudicator.links.store import LinkCollision, StoreUnavailable, redacted
from tests.links.postgres import fresh_postgres_store, postgres_url

EXAMPLE = paths.scenarios_dir() / "attack" / "block-deck-attack-excess.yaml"
V1 = Versions("hi-story", "v1.0.0", "0.1.0")


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path: Path):
    if request.param == "sqlite":
        yield SQLiteLinkStore(tmp_path / "links.sqlite3")
        return
    opened = fresh_postgres_store(postgres_url())
    yield opened
    opened.close()  # its pool's connections and threads


def test_postgresql_operations_share_a_pool_of_connections():
    """One connection serves operation after operation (no connection per put/get), and a connection the
    server drops is replaced, not handed out: the next operation simply works."""
    import psycopg

    store = fresh_postgres_store(postgres_url())
    try:
        record = store.put(_record(deck=7))
        backends = {_backend(store) for _ in range(10)}
        assert len(backends) <= 2  # ten operations, one or two server processes: pooled connections
        with psycopg.connect(postgres_url(), autocommit=True) as admin:
            for backend in backends:
                admin.execute("SELECT pg_terminate_backend(%s)", (backend,))
        assert store.get(record.id) == record  # the dead connection was checked and replaced
        assert store.health().writable
    finally:
        store.close()


def _backend(store: PostgresLinkStore) -> int:
    with store._pool.connection() as db:  # noqa: SLF001
        return db.execute("SELECT pg_backend_pid()").fetchone()[0]


def _record(deck: int = 9, versions: Versions = V1, text: str = "山札を攻撃する。"):
    data = load_scenario(EXAMPLE.read_text(encoding="utf-8")).dump()
    data["players"]["B"]["deck"] = deck
    trace = {"legal": True, "winner": None, "steps": [{"n": 1, "text": text, "cites": ["10.6.2-1"]}]}
    return make_record(load_scenario(data), trace, versions)


def test_put_then_get_returns_the_record_verbatim(store):
    record = _record()
    assert store.put(record) == record
    assert store.get(record.id) == record


def test_unknown_id_is_none(store):
    assert store.get("a" * 16) is None


def test_the_first_record_of_an_id_is_kept(store):
    first = _record(text="最初の判定")
    store.put(first)
    later = replace(_record(text="最初の判定"), created="2099-01-01T00:00:00+00:00")
    assert store.put(later) == first
    assert store.get(first.id).created == first.created


def test_a_hash_collision_is_an_error_not_an_overwrite(store):
    first = _record(deck=9)
    store.put(first)
    impostor = replace(_record(deck=8), id=first.id)
    with pytest.raises(LinkCollision):
        store.put(impostor)
    assert store.get(first.id) == first


def test_new_versions_make_a_new_record_and_keep_the_old(store):
    old = store.put(_record(versions=V1, text="旧エンジンの文"))
    new = store.put(_record(versions=Versions("hi-story", "v1.0.0", "0.2.0"), text="新エンジンの文"))
    assert old.id != new.id
    assert store.get(old.id).trace_data()["steps"][0]["text"] == "旧エンジンの文"
    assert store.get(new.id).trace_data()["steps"][0]["text"] == "新エンジンの文"


def test_sqlite_store_uses_wal(tmp_path: Path):
    import sqlite3

    SQLiteLinkStore(tmp_path / "links.sqlite3")
    with sqlite3.connect(tmp_path / "links.sqlite3") as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_sqlite_put_of_a_stored_ruling_only_reads(tmp_path: Path, monkeypatch):
    """While another connection holds the write lock, a ruling already stored is still answered at once
    (a write would wait for the lock and fail); a new ruling is the one that needs the lock."""
    import sqlite3

    from adjudicator.links import store as store_module

    monkeypatch.setattr(store_module, "BUSY_TIMEOUT_SECONDS", 0.05)
    store = SQLiteLinkStore(tmp_path / "links.sqlite3")
    known = store.put(_record(deck=9))
    writer = sqlite3.connect(tmp_path / "links.sqlite3", isolation_level=None)
    try:
        writer.execute("BEGIN IMMEDIATE")
        assert store.put(replace(known, created="2099-01-01T00:00:00+00:00")) == known
        with pytest.raises(StoreUnavailable, match="locked"):  # a 503 with Retry-After, not a 500
            store.put(_record(deck=8))
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    assert store.get(_record(deck=8).id) is None


def _writer(location: str, worker: int, count: int, results) -> None:
    store = open_store({"DATABASE_URL": location} if "://" in location else {"LINK_DB_PATH": location})
    ids = [store.put(_record(deck=worker * 20 + n)).id for n in range(count)]
    results.put((worker, ids))


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_several_processes_write_one_store_at_once(backend, tmp_path: Path):
    if backend == "sqlite":
        location = str(tmp_path / "shared.sqlite3")
        reader = SQLiteLinkStore(Path(location))
    else:
        reader = fresh_postgres_store(postgres_url())
        location = reader.url
    context = multiprocessing.get_context("spawn")
    results = context.Queue()
    workers = [context.Process(target=_writer, args=(location, w, 15, results)) for w in range(4)]
    for process in workers:
        process.start()
    written = dict(results.get(timeout=60) for _ in workers)
    for process in workers:
        process.join(timeout=60)
        assert process.exitcode == 0
    ids = [i for worker_ids in written.values() for i in worker_ids]
    assert len(set(ids)) == 60
    assert all(reader.get(i) is not None for i in ids)


def test_configuration_picks_the_store(tmp_path: Path, monkeypatch):
    monkeypatch.delenv("ADJUDICATOR_DATABASE_URL", raising=False)
    monkeypatch.setenv("ADJUDICATOR_DATA_DIR", str(tmp_path / "data"))
    assert store_location({}) == f"sqlite:{tmp_path / 'data' / 'links.sqlite3'}"
    assert store_location({"LINK_DB_PATH": str(tmp_path / "x.db")}) == f"sqlite:{tmp_path / 'x.db'}"
    monkeypatch.setenv("ADJUDICATOR_DATABASE_URL", "postgresql://u:secret@db.example:5432/links")
    assert store_location({}).startswith("postgresql://")
    assert store_location({"DATABASE_URL": f"sqlite:///{tmp_path}/y.db"}) == f"sqlite:///{tmp_path}/y.db"
    assert isinstance(open_store({"DATABASE_URL": f"sqlite:///{tmp_path}/y.db"}), SQLiteLinkStore)
    assert (tmp_path / "y.db").exists()
    with pytest.raises(ValueError):
        open_store({"DATABASE_URL": "mysql://nope"})


def test_password_is_redacted_from_descriptions():
    assert redacted("postgresql://user:hunter2@host:5432/db") == "postgresql://user:***@host:5432/db"
    assert "hunter2" not in redacted("postgresql://user:hunter2@host/db")
