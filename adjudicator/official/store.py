"""The imported official rulings, kept where the service keeps its other shared data.

- **Without a database** (the default data directory): one JSON file, ``official-rulings.json``, replaced whole
  on each import (written to a temporary file renamed over the old one), so every reader sees the rulings before
  or after an import, never part of one. Its change stamp is the file's modification time. A JSON file rather
  than a table beside the cards' SQLite file: one instance reads it, the import was already all or nothing, and
  the files imported by earlier releases keep working unmoved.
- **With PostgreSQL** (``ADJUDICATOR_DATABASE_URL``, as the short links and the card library): a table
  ``official_rulings`` and a one-row counter ``official_rulings_version``, so a ruling imported through any
  instance is seen by all. An import is one transaction (rows and counter together, or nothing). A process
  reads the counter at most every :data:`STAMP_SECONDS` and the rulings again only when it moved: a ruling
  imported elsewhere is seen within that long (bounded staleness), for one cheap query a second per worker.

Both merge an import into the rulings kept by id (a ruling imported again is replaced, keeping its place) and
refuse to keep more than :data:`MAX_KEPT`. A store that cannot be read or written raises the links' typed
:class:`~adjudicator.links.faults.StoreUnavailable` (``store=rulings``), which the web answers in Japanese.
"""

from __future__ import annotations

import functools
import json
import logging
import os
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Protocol

from adjudicator.links.faults import Cause, Store, StoreUnavailable, unavailable
from adjudicator.links.postgres import POOL_WAIT_SECONDS, ProcessPool, create_schema, driver_errors
from adjudicator.links.store import redacted, store_location
from adjudicator.official.model import OfficialRuling
from adjudicator.paths import user_data_dir

FILE_NAME = "official-rulings.json"
MAX_KEPT = 10_000  # far above the official Q&A page's size; an import past it is refused
STAMP_SECONDS = 1.0  # how stale a process's rulings may be when PostgreSQL keeps them (the counter's re-read)
# The web's wait for a connection: the rulings are shown beside a page's own content (a clause, a stored ruling
# whose own store waits POOL_WAIT_SECONDS), so a database that is down must cost that page little.
PAGE_WAIT_SECONDS = 0.25

_LOG = logging.getLogger(__name__)


class TooManyRulings(ValueError):
    pass


class RulingStore(Protocol):
    def load(self) -> tuple[OfficialRuling, ...]: ...
    def save(self, rulings: Iterable[OfficialRuling]) -> tuple[int, int]: ...
    def stamp(self) -> str: ...
    def describe(self) -> str: ...
    def close(self) -> None: ...


def _merged(kept: Iterable[OfficialRuling], rulings: Iterable[OfficialRuling]) -> tuple[dict[str, OfficialRuling], int]:
    """The kept rulings with ``rulings`` merged in by id, and how many of those were new; refused past MAX_KEPT."""
    merged = {ruling.id: ruling for ruling in kept}
    new = 0
    for ruling in rulings:
        new += ruling.id not in merged
        merged[ruling.id] = ruling
    if len(merged) > MAX_KEPT:
        raise TooManyRulings(f"{MAX_KEPT}件を超えるため読み込まない")
    return merged, new


@dataclass
class RulingsFile:
    directory: Path

    @property
    def path(self) -> Path:
        return self.directory / FILE_NAME

    def load(self) -> tuple[OfficialRuling, ...]:
        """The rulings kept, oldest import first; () when none were imported."""
        try:
            stamp = self.path.stat().st_mtime_ns
        except FileNotFoundError:
            return ()
        except OSError as error:
            raise self._failed(error, writing=False) from error
        try:
            return _read(self.path, stamp)
        except OSError as error:
            raise self._failed(error, writing=False) from error
        except (ValueError, KeyError, TypeError) as error:  # not the JSON this store writes (edited or cut short)
            raise StoreUnavailable(f"official rulings {self.describe()} are damaged: {error}", cause=Cause.DAMAGED,
                                   store=Store.RULINGS, writing=False) from error

    def save(self, rulings: Iterable[OfficialRuling]) -> tuple[int, int]:
        """Merge ``rulings`` into those kept and write them whole: (how many were new, how many kept in all)."""
        kept, new = _merged(self.load(), rulings)
        document = {"imported": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                    "rulings": [ruling.model_dump() for ruling in kept.values()]}
        try:
            self._replace(document)
        except OSError as error:
            raise self._failed(error, writing=True) from error
        return new, len(kept)

    def _replace(self, document: dict) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=self.directory, prefix=".rulings-", suffix=".json")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(document, out, ensure_ascii=False)
            os.replace(temporary, self.path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    def stamp(self) -> str:
        """The file's modification time (one stat), or "" while there is none."""
        try:
            return str(self.path.stat().st_mtime_ns)
        except OSError:
            return ""

    def describe(self) -> str:
        return f"file:{self.path}"

    def close(self) -> None:
        """Nothing is held open between reads."""

    def _failed(self, error: OSError, writing: bool) -> StoreUnavailable:
        what = "written" if writing else "read"
        return unavailable(error, f"official rulings {self.describe()} cannot be {what}", store=Store.RULINGS,
                           writing=writing, directory=self.directory)


@functools.lru_cache(maxsize=4)
def _read(path: Path, stamp: int) -> tuple[OfficialRuling, ...]:
    """The file's rulings as of its modification time ``stamp`` (a new import is a new key)."""
    document = json.loads(path.read_text(encoding="utf-8"))
    return tuple(OfficialRuling.model_validate(entry) for entry in document["rulings"])


# ``position`` keeps the order of first import (a ruling imported again keeps its place), as the file's does.
_SCHEMA = """
CREATE TABLE IF NOT EXISTS official_rulings (
    id TEXT PRIMARY KEY,
    position BIGINT NOT NULL,
    data TEXT NOT NULL,
    imported TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS official_rulings_version (
    one BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one),
    version BIGINT NOT NULL
);
INSERT INTO official_rulings_version (one, version) VALUES (TRUE, 0) ON CONFLICT (one) DO NOTHING
"""
_UPSERT = ("INSERT INTO official_rulings (id, position, data, imported) VALUES (%s, %s, %s, %s) "
           "ON CONFLICT (id) DO UPDATE SET data = excluded.data, imported = excluded.imported")


@dataclass(frozen=True)
class _Seen:
    version: str
    rulings: tuple[OfficialRuling, ...] | None  # None: the counter was read, the rulings not yet


class PostgresRulingStore:
    """Two tables beside the links' and the cards' in the same database, through a pool that fails fast."""

    _LOCK_KEY = 0x72756C65  # serialises CREATE TABLE at start-up and imports against each other

    def __init__(self, url: str, stamp_seconds: float = STAMP_SECONDS, wait_seconds: float = POOL_WAIT_SECONDS,
                 clock: Callable[[], float] = time.monotonic):
        self.url = url
        self.stamp_seconds = stamp_seconds
        self._clock = clock
        self._pool = ProcessPool(url, "adjudicator-rulings", wait_seconds)
        self._lock = threading.Lock()
        self._seen: _Seen | None = None
        self._checked_at = float("-inf")
        self._failure: StoreUnavailable | None = None  # the last failed read, repeated until the next check
        self._schema_made = False
        self._make_schema()

    def close(self) -> None:
        self._pool.close()

    def describe(self) -> str:
        return f"postgresql:{redacted(self.url)}"

    def _make_schema(self) -> None:
        try:
            create_schema(self.url, _SCHEMA, self._LOCK_KEY)
            self._schema_made = True
        except driver_errors() as error:  # the database is down at start: made at the first use instead
            _LOG.warning("official rulings %s: tables not made yet (%s)", self.describe(), error)

    def _run(self, writing: bool, work: Callable[[Any], Any]) -> Any:
        return self._pool.run(lambda db: work(self._made(db)), what=f"official rulings {self.describe()}",
                              store=Store.RULINGS, writing=writing)

    def _made(self, db: Any) -> Any:
        """The connection, once the tables exist (made in this transaction when the start could not)."""
        if not self._schema_made:
            db.execute("SELECT pg_advisory_xact_lock(%s)", (self._LOCK_KEY,))
            db.execute(_SCHEMA)
            self._schema_made = True
        return db

    def stamp(self) -> str:
        """The import counter, read again at most every ``stamp_seconds``; a failed read is repeated (without
        waiting on the database again) until then, so an outage costs one wait a second, not one a request."""
        with self._lock:
            now = self._clock()
            if now - self._checked_at < self.stamp_seconds:
                if self._failure is not None:
                    raise self._failure
                return self._seen.version if self._seen else ""
            self._checked_at = now
            try:
                version = str(self._run(False, _version))
            except StoreUnavailable as error:
                self._failure = error
                raise
            self._failure = None
            if self._seen is None or self._seen.version != version:
                self._seen = _Seen(version, None)
            return version

    def load(self) -> tuple[OfficialRuling, ...]:
        """The rulings kept, oldest import first, read again only when the counter moved."""
        version = self.stamp()
        with self._lock:
            seen = self._seen
            if seen is not None and seen.version == version and seen.rulings is not None:
                return seen.rulings
        try:
            read_version, rulings = self._run(False, _rulings_and_version)
        except StoreUnavailable as error:
            with self._lock:
                self._failure, self._checked_at = error, self._clock()  # the page cache keeps nothing meanwhile
            raise
        with self._lock:
            self._seen = _Seen(str(read_version), rulings)
        return rulings

    def save(self, rulings: Iterable[OfficialRuling]) -> tuple[int, int]:
        """Merge ``rulings`` into those kept and bump the counter, in one transaction: (new, kept in all)."""
        given = list(rulings)

        def write(db) -> tuple[int, int]:
            db.execute("SELECT pg_advisory_xact_lock(%s)", (self._LOCK_KEY,))  # imports one at a time
            _, kept = _rulings_and_version(db)
            merged, new = _merged(kept, given)
            places = {ruling.id: place for place, ruling in enumerate(kept)}
            now = datetime.now(timezone.utc).isoformat(timespec="seconds")
            rows = [(ruling.id, places.get(ruling.id, len(kept) + index), json.dumps(ruling.model_dump(),
                     ensure_ascii=False), now) for index, ruling in enumerate(given)]
            with db.cursor() as cursor:
                cursor.executemany(_UPSERT, rows)
            db.execute("UPDATE official_rulings_version SET version = version + 1")
            return new, len(merged)

        found = self._run(True, write)
        with self._lock:
            self._checked_at = float("-inf")  # this process sees its own import on its next read
        return found


def _version(db) -> int:
    return db.execute("SELECT version FROM official_rulings_version").fetchone()[0]


def _rulings_and_version(db) -> tuple[int, tuple[OfficialRuling, ...]]:
    version = _version(db)
    rows = db.execute("SELECT data FROM official_rulings ORDER BY position, id").fetchall()
    try:
        return version, tuple(OfficialRuling.model_validate(json.loads(row[0])) for row in rows)
    except (ValueError, TypeError) as error:  # a row not as an import wrote it (edited by hand in the database)
        raise StoreUnavailable(f"official rulings in PostgreSQL are damaged: {error}", cause=Cause.DAMAGED,
                               store=Store.RULINGS, writing=False) from error


def open_rulings(config: Mapping[str, Any] | None = None, wait_seconds: float = POOL_WAIT_SECONDS) -> RulingStore:
    """The store the configuration names: PostgreSQL when the links are kept there (a connection waited for at
    most ``wait_seconds``), else the data directory's file (:func:`adjudicator.links.store.store_location`)."""
    location = store_location(config)
    if location.startswith(("postgresql://", "postgres://")):
        return PostgresRulingStore(location, wait_seconds=wait_seconds)
    return RulingsFile(user_data_dir())


def imported_rulings(config: Mapping[str, Any] | None = None) -> tuple[OfficialRuling, ...]:
    """The rulings imported into this service's store (a command's one read; the web keeps one store)."""
    with closing(open_rulings(config)) as store:
        return store.load()
