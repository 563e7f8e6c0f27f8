"""Where short links live: SQLite by default, PostgreSQL when a database URL says so.

Both stores write a record once and never change it (the id is a content hash, so a second put of the same
ruling is a no-op). Every operation opens its own short connection, which keeps them safe under several
gunicorn workers (SQLite in WAL mode with a busy timeout; PostgreSQL with ``ON CONFLICT DO NOTHING``), and
several app instances behind a load balancer share one PostgreSQL store.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Mapping
from contextlib import closing
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit, urlunsplit

from adjudicator import paths
from adjudicator.links.record import LinkRecord

DATABASE_URL_ENV = "ADJUDICATOR_DATABASE_URL"
SQLITE_PATH_ENV = "ADJUDICATOR_LINK_DB"
DEFAULT_SQLITE_NAME = "links.sqlite3"
MAX_RECORD_BYTES = 16 * 1024 * 1024  # the engine bounds a trace far below this; past it the program is wrong
BUSY_TIMEOUT_SECONDS = 10.0

_COLUMNS = ("id", "scenario", "rulebook_id", "release", "engine", "trace", "created")
_SCHEMA = """
CREATE TABLE IF NOT EXISTS links (
    id TEXT PRIMARY KEY,
    scenario TEXT NOT NULL,
    rulebook_id TEXT NOT NULL,
    release TEXT NOT NULL,
    engine TEXT NOT NULL,
    trace TEXT NOT NULL,
    created TEXT NOT NULL
)
"""


class LinkCollision(RuntimeError):
    """Two different rulings hashed to one id: never expected with 80-bit ids, so the program is wrong."""


class LinkStore(Protocol):
    def put(self, record: LinkRecord) -> LinkRecord:
        """Store ``record`` unless its id exists; return the stored record (the first one wins)."""

    def get(self, link_id: str) -> LinkRecord | None: ...

    def describe(self) -> str: ...


def _checked(record: LinkRecord) -> LinkRecord:
    if len(record.trace.encode("utf-8")) + len(record.scenario.encode("utf-8")) > MAX_RECORD_BYTES:
        raise ValueError(f"link record {record.id} is larger than {MAX_RECORD_BYTES} bytes")
    return record


def _same_ruling(stored: LinkRecord, record: LinkRecord) -> LinkRecord:
    if (stored.scenario, stored.versions) != (record.scenario, record.versions):
        raise LinkCollision(f"link id {record.id} already names a different ruling")
    return stored


class SQLiteLinkStore:
    """One SQLite file in WAL mode: readers never wait for the writer, writers wait up to the busy timeout.

    ``synchronous=NORMAL``: in WAL mode a commit is then never corrupted and never half-applied, and the
    last commits before a power loss (not a process crash) may be lost. A lost record is a short link that
    no longer opens while its stateless /s/ link, which carries the scenario itself, still does; FULL would
    fsync on every new ruling to prevent that.
    """

    def __init__(self, path: Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with closing(self._connect()) as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(_SCHEMA)

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)
        db.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_SECONDS * 1000)}")
        db.execute("PRAGMA synchronous=NORMAL")
        return db

    def put(self, record: LinkRecord) -> LinkRecord:
        _checked(record)
        with closing(self._connect()) as db:
            # Rulings are asked again and again: a record already stored needs only a read, which in WAL
            # mode takes no lock that writers wait on.
            stored = self._select(db, record.id)
            if stored is not None:
                return _same_ruling(stored, record)
            db.execute(
                f"INSERT OR IGNORE INTO links ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' * len(_COLUMNS))})",
                tuple(getattr(record, column) for column in _COLUMNS),
            )
            stored = self._select(db, record.id)
        assert stored is not None  # just inserted or already there; rows are never deleted
        return _same_ruling(stored, record)

    def get(self, link_id: str) -> LinkRecord | None:
        with closing(self._connect()) as db:
            return self._select(db, link_id)

    @staticmethod
    def _select(db: sqlite3.Connection, link_id: str) -> LinkRecord | None:
        row = db.execute(f"SELECT {', '.join(_COLUMNS)} FROM links WHERE id = ?", (link_id,)).fetchone()
        return LinkRecord(*row) if row else None

    def describe(self) -> str:
        return f"sqlite:{self.path}"


class PostgresLinkStore:
    """A PostgreSQL table shared by every instance; the schema is created once under an advisory lock."""

    _LOCK_KEY = 0x68697374  # any fixed number: serialises concurrent CREATE TABLE IF NOT EXISTS at start-up

    def __init__(self, url: str, connect_timeout: int = 10):
        import psycopg  # imported here: SQLite users never need the driver loaded

        self._psycopg = psycopg
        self.url = url
        self.connect_timeout = connect_timeout
        with self._connect() as db:
            db.execute("SELECT pg_advisory_xact_lock(%s)", (self._LOCK_KEY,))
            db.execute(_SCHEMA)

    def _connect(self):
        return self._psycopg.connect(self.url, connect_timeout=self.connect_timeout)

    def put(self, record: LinkRecord) -> LinkRecord:
        _checked(record)
        with self._connect() as db:
            db.execute(
                f"INSERT INTO links ({', '.join(_COLUMNS)}) VALUES ({', '.join(['%s'] * len(_COLUMNS))})"
                " ON CONFLICT (id) DO NOTHING",
                tuple(getattr(record, column) for column in _COLUMNS),
            )
            stored = self._select(db, record.id)
        assert stored is not None
        return _same_ruling(stored, record)

    def get(self, link_id: str) -> LinkRecord | None:
        with self._connect() as db:
            return self._select(db, link_id)

    @staticmethod
    def _select(db: Any, link_id: str) -> LinkRecord | None:
        row = db.execute(f"SELECT {', '.join(_COLUMNS)} FROM links WHERE id = %s", (link_id,)).fetchone()
        return LinkRecord(*row) if row else None

    def describe(self) -> str:
        return f"postgresql:{redacted(self.url)}"


def redacted(url: str) -> str:
    """The URL without its password, for logs and status pages."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


def store_location(config: Mapping[str, Any] | None = None) -> str:
    """The configured store: a PostgreSQL URL, or ``sqlite:<path>``. Config wins over the environment."""
    config = config or {}
    url = config.get("DATABASE_URL") or os.environ.get(DATABASE_URL_ENV)
    if url:
        return url
    path = config.get("LINK_DB_PATH") or os.environ.get(SQLITE_PATH_ENV)
    return f"sqlite:{Path(path) if path else paths.user_data_dir() / DEFAULT_SQLITE_NAME}"


def open_store(config: Mapping[str, Any] | None = None) -> LinkStore:
    """The link store the configuration names (see :func:`store_location`)."""
    location = store_location(config)
    if location.startswith(("postgresql://", "postgres://")):
        return PostgresLinkStore(location)
    if location.startswith("sqlite:"):
        return SQLiteLinkStore(Path(location.removeprefix("sqlite:").removeprefix("//")))
    raise ValueError(f"unknown link store {redacted(location)!r}: use postgresql://… or sqlite:<path>")
