"""Writes are rate-limited per client (Flask-Limiter), with counters every gunicorn worker shares.

Only what writes is limited: making a short link (``POST /t``, ``POST /api/resolve?short=true``). Reading,
resolving and searching write nothing, so they are not. Flask-Limiter's memory storage would count per worker
(four workers, four times the limit); its shared storages need a Redis, Memcached or MongoDB server. The
counters live instead in a small SQLite file beside the link store, through a ``limits`` storage registered
for the ``adjudicator+sqlite://`` scheme (:func:`sqlite_storage`): one fixed window per client, updated in one
short transaction. The limiter is made at the first write (:func:`limiter`), so no start pays for its imports.

Settings: ``RATELIMIT_WRITES`` or ``$ADJUDICATOR_WRITE_LIMIT`` (default ``"30 per minute"``), ``RATELIMIT_STORAGE_URI`` or
``$ADJUDICATOR_RATELIMIT_STORAGE`` (default ``adjudicator+sqlite://<data dir>/ratelimits.sqlite3``; ``redis://host:6379/0``
for several instances behind one front server, which then count one client once; ``memory://`` in tests that
want their own counts), ``RATELIMIT_ENABLED``. A Redis that does not answer within a second lets the write
through uncounted (``RATELIMIT_SWALLOW_ERRORS``) rather than holding a worker. The client is the connecting address; behind nginx, ProxyFix (security.py) makes it the
address nginx saw.

The one limit is counted where a write happens (:func:`write_limit`), so Flask-Limiter's per-request hooks are
not installed: its ``before_request`` check found no limit to apply on any route and still cost about 0.15 ms
of every request (a fifth of ``/healthz``, bench/http_bench.py's baseline; Flask-Limiter 4.1 has no switch for
it), and its ``after_request`` adds headers only for limits checked in that hook.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from contextlib import closing, contextmanager
from functools import cache
from pathlib import Path

from flask import Flask, current_app, request

from adjudicator import paths, settings

EXTENSION = "adjudicator.write_limiter"
WRITE_LIMIT_ENV = "ADJUDICATOR_WRITE_LIMIT"
DEFAULT_WRITE_LIMIT = settings.default(WRITE_LIMIT_ENV)  # "30 per minute"
STORAGE_ENV = "ADJUDICATOR_RATELIMIT_STORAGE"
REDIS_TIMEOUT_SECONDS = 1.0  # connect and answer: a Redis that is down costs a write a second at most
SQLITE_SCHEME = "adjudicator+sqlite"  # the scheme of sqlite_storage()
BUSY_TIMEOUT_SECONDS = 2.0

_MAKING = threading.Lock()  # the threaded development server: one limiter per app even if two writes race


def default_storage_uri() -> str:
    return f"{SQLITE_SCHEME}://{paths.user_data_dir() / 'ratelimits.sqlite3'}"


def init_app(app: Flask) -> None:
    app.config.setdefault("RATELIMIT_WRITES", settings.environment(WRITE_LIMIT_ENV) or DEFAULT_WRITE_LIMIT)
    app.config.setdefault("RATELIMIT_STORAGE_URI", settings.environment(STORAGE_ENV) or default_storage_uri())
    if app.config["RATELIMIT_STORAGE_URI"].startswith(("redis://", "rediss://")):
        app.config.setdefault("RATELIMIT_STORAGE_OPTIONS", {"socket_connect_timeout": REDIS_TIMEOUT_SECONDS,
                                                            "socket_timeout": REDIS_TIMEOUT_SECONDS})
    app.config.setdefault("RATELIMIT_STRATEGY", "fixed-window")
    # A storage that fails (a read-only data directory) must not refuse the request by itself: the write it
    # guards then fails on its own and answers 503.
    app.config.setdefault("RATELIMIT_SWALLOW_ERRORS", True)


def limiter(app: Flask):
    """The app's Flask-Limiter, made at the first write that needs it: Flask-Limiter and ``limits`` (which
    import asyncio) were some 45 ms of every worker's start (``python -X importtime``), for writes alone."""
    made = app.extensions.get(EXTENSION)
    if made is None:
        with _MAKING:
            made = app.extensions.get(EXTENSION)
            if made is None:
                made = app.extensions[EXTENSION] = _make_limiter(app)
    return made


def _make_limiter(app: Flask):
    # Imported here, not at the top: only a write needs it (see limiter()).
    from flask_limiter import Limiter

    sqlite_storage()  # registers the adjudicator+sqlite:// scheme that the limiter's storage URI names
    made = Limiter(get_remote_address, default_limits=[])
    # Flask-Limiter installs its request hooks only for a limiter the app does not list yet: listed first, it
    # configures itself (storage, strategy, settings) and counts only when write_limit() asks.
    app.extensions.setdefault("limiter", set()).add(made)
    made.init_app(app)
    return made


def get_remote_address() -> str:
    """The client, as Flask-Limiter's ``util.get_remote_address`` names it (here, to spare its import)."""
    return request.remote_addr or "127.0.0.1"


def hooks_installed(app: Flask) -> bool:
    """Whether Flask-Limiter checks every request itself (it must not: see the module's docstring)."""
    made = limiter(app)
    registered = [*app.before_request_funcs.get(None, ()), *app.after_request_funcs.get(None, ()),
                  *app.teardown_request_funcs.get(None, ())]
    return any(getattr(getattr(hook, "func", hook), "__self__", None) is made
               or made in getattr(hook, "args", ()) for hook in registered)


@contextmanager
def write_limit():
    """Count one write for this client; past the limit raises RateLimitExceeded (a 429 in Japanese)."""
    # One count for every route that writes (POST /t and POST /api/resolve?short=true share it).
    with limiter(current_app).shared_limit(lambda: current_app.config["RATELIMIT_WRITES"], scope="writes"):
        yield


_SCHEMA = "CREATE TABLE IF NOT EXISTS counters (key TEXT PRIMARY KEY, count INTEGER NOT NULL, expires REAL NOT NULL)"


@cache
def sqlite_storage() -> type:
    """The write limiter's counters: a ``limits`` storage in one SQLite file, shared by every gunicorn worker.
    Defining it registers it for the ``adjudicator+sqlite://`` scheme; it is defined at the first write, as
    ``limits`` itself is imported only then (some 50 ms of a start: ``python -X importtime``)."""
    from limits.storage import Storage  # here, not at the top: only a write needs it (see the docstring)

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

    return SQLiteStorage
