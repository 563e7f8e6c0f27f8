"""The write limiter's counters: a ``limits`` storage in one SQLite file, shared by every gunicorn worker.

Registered for the ``adjudicator+sqlite://`` scheme when this module is imported, which
:mod:`adjudicator.web.common.rate_limits` does only when it makes the limiter (at the first write).
"""

from __future__ import annotations

import sqlite3
import time
from contextlib import closing
from pathlib import Path

from limits.storage import Storage

from adjudicator.web.common.rate_limits import SQLITE_SCHEME

BUSY_TIMEOUT_SECONDS = 2.0

_SCHEMA = "CREATE TABLE IF NOT EXISTS counters (key TEXT PRIMARY KEY, count INTEGER NOT NULL, expires REAL NOT NULL)"


class SQLiteStorage(Storage):
    """A ``limits`` storage in one SQLite file (fixed windows only): shared by the processes of one host."""

    STORAGE_SCHEME = [SQLITE_SCHEME]

    def __init__(self, uri: str, wrap_exceptions: bool = False, **options: float | str | bool):
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)
        self.path = Path(uri.split("://", 1)[1])
        self._ready = False

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return (sqlite3.Error, OSError)

    def _connect(self) -> sqlite3.Connection:
        if not self._ready:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with closing(sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)) as db:
                db.execute("PRAGMA journal_mode=WAL")
                db.execute(_SCHEMA)
            self._ready = True
        db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)
        db.execute("PRAGMA synchronous=OFF")  # counters: losing the last second of them to a power cut is fine
        return db

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        with closing(self._connect()) as db:
            db.execute("BEGIN IMMEDIATE")
            row = db.execute("SELECT count, expires FROM counters WHERE key = ?", (key,)).fetchone()
            if row is None or row[1] <= now:
                count, expires = amount, now + expiry
            else:
                count, expires = row[0] + amount, row[1]
            db.execute("INSERT OR REPLACE INTO counters (key, count, expires) VALUES (?, ?, ?)", (key, count, expires))
            # Expired windows of other clients go a few at a time, so the file stays as small as the active set.
            db.execute("DELETE FROM counters WHERE rowid IN (SELECT rowid FROM counters WHERE expires <= ? LIMIT 10)",
                       (now,))
            db.execute("COMMIT")
        return count

    def _row(self, key: str) -> tuple[int, float] | None:
        with closing(self._connect()) as db:
            row = db.execute("SELECT count, expires FROM counters WHERE key = ?", (key,)).fetchone()
        return row if row is not None and row[1] > time.time() else None

    def get(self, key: str) -> int:
        row = self._row(key)
        return row[0] if row else 0

    def get_expiry(self, key: str) -> float:
        row = self._row(key)
        return row[1] if row else time.time()

    def check(self) -> bool:
        try:
            with closing(self._connect()) as db:
                db.execute("SELECT 1").fetchone()
        except (sqlite3.Error, OSError):
            return False
        return True

    def reset(self) -> int | None:
        with closing(self._connect()) as db:
            return db.execute("DELETE FROM counters").rowcount

    def clear(self, key: str) -> None:
        with closing(self._connect()) as db:
            db.execute("DELETE FROM counters WHERE key = ?", (key,))
