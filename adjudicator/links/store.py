"""Where short links live: SQLite by default, PostgreSQL when a database URL says so.

Both stores write a record once and never change it (the id is a content hash, so a second put of the same
ruling is a no-op). SQLite opens a short connection per operation, which keeps it safe under several gunicorn
workers (WAL mode with a busy timeout); PostgreSQL borrows from a small connection pool per process
(``psycopg_pool``) and inserts with ``ON CONFLICT DO NOTHING``, so several app instances share one store.

A store that cannot write (a read-only or full disk, a database that is down or read-only) raises
:class:`StoreUnavailable` (``links.faults``: its cause, and whether it was reading or writing), never a bare
driver error, and keeps serving reads where it can; past its quota it raises :class:`StoreFull`.
:meth:`~LinkStore.health` says whether writes work now (for ``/readyz``); a full quota is told apart
(``quota_reached``), as every read still works then.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Mapping
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol
from urllib.parse import urlsplit, urlunsplit

from adjudicator import paths, settings
from adjudicator.links import faults
from adjudicator.links.faults import Cause, Store, StoreFull, StoreUnavailable, disk_cause, unavailable
from adjudicator.links.postgres import ProcessPool, create_schema, driver_errors
from adjudicator.links.record import LinkRecord

DATABASE_URL_ENV = "ADJUDICATOR_DATABASE_URL"
SQLITE_PATH_ENV = "ADJUDICATOR_LINK_DB"
QUOTA_ENV = "ADJUDICATOR_LINK_QUOTA_MB"
DEFAULT_QUOTA_BYTES = int(settings.default(QUOTA_ENV)) * 1024 * 1024  # 1 GiB: ~250,000 rulings of ~4 KB
MIN_FREE_BYTES = faults.MIN_FREE_BYTES  # below this much free disk, writes are refused before SQLite runs out
RECENT_FAILURE_SECONDS = 30.0  # a write that failed this recently makes the store "not ready"

log = logging.getLogger(__name__)
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


@dataclass(frozen=True)
class StoreHealth:
    writable: bool
    reason: str = ""  # why not, for logs and /healthz (never a password)
    quota_reached: bool = False  # not writable only because the quota is reached: every read still works


class LinkStore(Protocol):
    def put(self, record: LinkRecord) -> LinkRecord:
        """Store ``record`` unless its id exists; return the stored record (the first one wins)."""

    def get(self, link_id: str) -> LinkRecord | None: ...

    def health(self) -> StoreHealth: ...

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

    A data directory that cannot be written at start does not stop the store from opening: reads go on (from
    an existing file, opened read-only), writes raise StoreUnavailable until the directory can be written.
    """

    def __init__(self, path: Path, quota_bytes: int = DEFAULT_QUOTA_BYTES):
        self.path = Path(path)
        self.quota_bytes = quota_bytes
        self._ready = False
        self._last_failure: tuple[float, str] | None = None
        try:
            self._prepare()
        except (sqlite3.Error, OSError) as error:
            log.warning("link store %s cannot be written (%s): starting read-only, new links answer 503",
                        self.describe(), error)
            self._failed(error)

    def _prepare(self) -> None:
        if self._ready:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with closing(self._connect()) as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(_SCHEMA)
        self._ready = True

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)
        db.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_SECONDS * 1000)}")
        db.execute("PRAGMA synchronous=NORMAL")
        return db

    def _failed(self, error: BaseException) -> StoreUnavailable:
        self._last_failure = (time.monotonic(), f"{type(error).__name__}: {error}")
        return unavailable(error, f"link store {self.describe()} cannot be written", store=Store.LINKS, writing=True,
                           directory=self.path.parent)

    def put(self, record: LinkRecord) -> LinkRecord:
        _checked(record)
        try:
            self._prepare()
            self._refuse_when_disk_is_short()
            with closing(self._connect()) as db:
                # Rulings are asked again and again: a record already stored needs only a read, which in WAL
                # mode takes no lock that writers wait on.
                stored = self._select(db, record.id)
                if stored is not None:
                    return _same_ruling(stored, record)
                if self._size(db) >= self.quota_bytes:
                    raise StoreFull(f"link store {self.describe()} has reached its quota of {self.quota_bytes} bytes")
                db.execute(
                    f"INSERT OR IGNORE INTO links ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' * len(_COLUMNS))})",
                    tuple(getattr(record, column) for column in _COLUMNS),
                )
                stored = self._select(db, record.id)
        except StoreFull:
            raise  # not a failure of the disk: reads and health go on as they were
        except StoreUnavailable as error:
            self._failed(error)
            raise
        except (sqlite3.Error, OSError) as error:
            # "attempt to write a readonly database", "database or disk is full", "disk I/O error", a lock held
            # past the busy timeout: the disk or the file is the problem, not the request.
            raise self._failed(error) from error
        assert stored is not None  # just inserted or already there; rows are never deleted
        return _same_ruling(stored, record)

    def get(self, link_id: str) -> LinkRecord | None:
        try:
            with closing(self._connect()) as db:
                return self._select(db, link_id)
        except (sqlite3.Error, OSError) as error:
            return self._get_read_only(link_id, error)

    def _get_read_only(self, link_id: str, error: BaseException) -> LinkRecord | None:
        """A read-only file system refuses even readers (WAL needs its shared-memory file): read it as
        immutable, which is exact once nothing can write it. Records still only in the WAL file would be
        missed, so with a WAL file present an absent record is 'unavailable', not 'not found'."""
        if not self.path.is_file():
            raise self._unreadable(error) from error
        try:
            with closing(sqlite3.connect(f"{self.path.resolve().as_uri()}?immutable=1", uri=True)) as db:
                found = self._select(db, link_id)
        except sqlite3.Error as second:
            raise self._unreadable(second) from second
        if found is None and self.path.with_name(self.path.name + "-wal").exists():
            raise self._unreadable(error) from error
        return found

    def _unreadable(self, error: BaseException) -> StoreUnavailable:
        return unavailable(error, f"link store {self.describe()} cannot be read", store=Store.LINKS, writing=False,
                           directory=self.path.parent)

    def health(self) -> StoreHealth:
        if self._last_failure and time.monotonic() - self._last_failure[0] < RECENT_FAILURE_SECONDS:
            return StoreHealth(False, self._last_failure[1])
        try:
            self._prepare()
            self._refuse_when_disk_is_short()
            with closing(self._connect()) as db:
                if self._size(db) >= self.quota_bytes:
                    return StoreHealth(False, f"quota of {self.quota_bytes} bytes reached", quota_reached=True)
                db.execute("BEGIN IMMEDIATE")  # takes the write lock: fails on a read-only file or directory
                db.execute("ROLLBACK")
        except (StoreUnavailable, sqlite3.Error, OSError) as error:
            return StoreHealth(False, f"{type(error).__name__}: {error}")
        return StoreHealth(True)

    def _refuse_when_disk_is_short(self) -> None:
        cause = disk_cause(self.path.parent, MIN_FREE_BYTES)
        if cause is Cause.READ_ONLY:
            raise StoreUnavailable(f"{self.path.parent} is on a read-only file system", cause=cause)
        if cause is Cause.DISK_FULL:
            raise StoreUnavailable(f"{self.path.parent} has less than {MIN_FREE_BYTES // (1024 * 1024)} MiB free",
                                   cause=cause)

    @staticmethod
    def _size(db: sqlite3.Connection) -> int:
        return db.execute("PRAGMA page_count").fetchone()[0] * db.execute("PRAGMA page_size").fetchone()[0]

    @staticmethod
    def _select(db: sqlite3.Connection, link_id: str) -> LinkRecord | None:
        row = db.execute(f"SELECT {', '.join(_COLUMNS)} FROM links WHERE id = ?", (link_id,)).fetchone()
        return LinkRecord(*row) if row else None

    def describe(self) -> str:
        return f"sqlite:{self.path}"


class PostgresLinkStore:
    """A PostgreSQL table shared by every instance; the schema is created once under an advisory lock.

    Connections come from a pool per process (``links.postgres``) that waits at most a second for one, so a
    database that is down costs a request a second at most, and a 503, while the rest of the service goes on.
    """

    _LOCK_KEY = 0x68697374  # any fixed number: serialises concurrent CREATE TABLE IF NOT EXISTS at start-up

    def __init__(self, url: str, quota_bytes: int = DEFAULT_QUOTA_BYTES):
        self.url = url
        self.quota_bytes = quota_bytes
        self._last_failure: tuple[float, str] | None = None
        self._pool = ProcessPool(url, "adjudicator-links")
        create_schema(url, _SCHEMA, self._LOCK_KEY)

    def close(self) -> None:
        self._pool.close()

    def _unavailable(self, error: BaseException, writing: bool) -> StoreUnavailable:
        self._last_failure = (time.monotonic(), f"{type(error).__name__}: {error}")
        return unavailable(error, f"link store {self.describe()} is unavailable", store=Store.LINKS, writing=writing)

    def put(self, record: LinkRecord) -> LinkRecord:
        _checked(record)
        try:
            with self._pool.connection() as db:
                stored = self._select(db, record.id)
                if stored is not None:
                    return _same_ruling(stored, record)
                size = db.execute("SELECT pg_total_relation_size('links')").fetchone()[0]
                if size >= self.quota_bytes:
                    raise StoreFull(f"link store {self.describe()} has reached its quota of {self.quota_bytes} bytes")
                db.execute(
                    f"INSERT INTO links ({', '.join(_COLUMNS)}) VALUES ({', '.join(['%s'] * len(_COLUMNS))})"
                    " ON CONFLICT (id) DO NOTHING",
                    tuple(getattr(record, column) for column in _COLUMNS),
                )
                stored = self._select(db, record.id)
        except driver_errors() as error:
            raise self._unavailable(error, writing=True) from error
        assert stored is not None
        return _same_ruling(stored, record)

    def get(self, link_id: str) -> LinkRecord | None:
        try:
            with self._pool.connection() as db:
                return self._select(db, link_id)
        except driver_errors() as error:
            raise self._unavailable(error, writing=False) from error

    def health(self) -> StoreHealth:
        if self._last_failure and time.monotonic() - self._last_failure[0] < RECENT_FAILURE_SECONDS:
            return StoreHealth(False, self._last_failure[1])
        try:
            with self._pool.connection() as db:
                if db.execute("SHOW transaction_read_only").fetchone()[0] == "on":
                    return StoreHealth(False, "the database is read-only")
                if db.execute("SELECT pg_total_relation_size('links')").fetchone()[0] >= self.quota_bytes:
                    return StoreHealth(False, f"quota of {self.quota_bytes} bytes reached", quota_reached=True)
        except Exception as error:  # noqa: BLE001 - any failure means: not ready for writes
            return StoreHealth(False, f"{type(error).__name__}: {error}")
        return StoreHealth(True)

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
    url = config.get("DATABASE_URL") or settings.environment(DATABASE_URL_ENV)
    if url:
        return url
    path = config.get("LINK_DB_PATH") or settings.environment(SQLITE_PATH_ENV)
    return f"sqlite:{Path(path) if path else paths.user_data_dir() / DEFAULT_SQLITE_NAME}"


def quota_bytes(config: Mapping[str, Any] | None = None) -> int:
    """``LINK_QUOTA_BYTES`` (config) or ``$ADJUDICATOR_LINK_QUOTA_MB``; 1 GiB by default."""
    config = config or {}
    if config.get("LINK_QUOTA_BYTES"):
        return int(config["LINK_QUOTA_BYTES"])
    megabytes = settings.environment(QUOTA_ENV)
    return int(megabytes) * 1024 * 1024 if megabytes.isascii() and megabytes.isdigit() else DEFAULT_QUOTA_BYTES


def open_store(config: Mapping[str, Any] | None = None) -> LinkStore:
    """The link store the configuration names (see :func:`store_location`)."""
    location = store_location(config)
    quota = quota_bytes(config)
    if location.startswith(("postgresql://", "postgres://")):
        return PostgresLinkStore(location, quota_bytes=quota)
    if location.startswith("sqlite:"):
        return SQLiteLinkStore(Path(location.removeprefix("sqlite:").removeprefix("//")), quota_bytes=quota)
    raise ValueError(f"unknown link store {redacted(location)!r}: use postgresql://… or sqlite:<path>")
