"""Writes are rate-limited per client (Flask-Limiter), with counters every gunicorn worker shares.

Only what writes is limited: making a short link (``POST /t``, ``POST /api/resolve?short=true``). Reading,
resolving and searching write nothing, so they are not. Flask-Limiter's memory storage would count per worker
(four workers, four times the limit); its shared storages need a Redis, Memcached or MongoDB server. The
counters live instead in a small SQLite file beside the link store, through a ``limits`` storage registered
for the ``adjudicator+sqlite://`` scheme (``rate_limit_storage.py``): one fixed window per client, updated in one
short transaction. The limiter is made at the first write (:func:`limiter`), so no start pays for its imports.

Settings: ``RATELIMIT_WRITES`` or ``$ADJUDICATOR_WRITE_LIMIT`` (default ``"30 per minute"``), ``RATELIMIT_STORAGE_URI`` (default
``adjudicator+sqlite://<data dir>/ratelimits.sqlite3``; ``memory://`` in tests that want their own counts),
``RATELIMIT_ENABLED``. The client is the connecting address; behind nginx, ProxyFix (settings.py) makes it the
address nginx saw.

The one limit is counted where a write happens (:func:`write_limit`), so Flask-Limiter's per-request hooks are
not installed: its ``before_request`` check found no limit to apply on any route and still cost about 0.15 ms
of every request (a fifth of ``/healthz``, bench/http_bench.py's baseline; Flask-Limiter 4.1 has no switch for
it), and its ``after_request`` adds headers only for limits checked in that hook.
"""

from __future__ import annotations

import os
import threading
from contextlib import contextmanager

from flask import Flask, current_app, request

from adjudicator import paths

EXTENSION = "adjudicator.write_limiter"
DEFAULT_WRITE_LIMIT = "30 per minute"
WRITE_LIMIT_ENV = "ADJUDICATOR_WRITE_LIMIT"
SQLITE_SCHEME = "adjudicator+sqlite"  # the scheme of rate_limit_storage.SQLiteStorage

_MAKING = threading.Lock()  # the threaded development server: one limiter per app even if two writes race


def default_storage_uri() -> str:
    return f"{SQLITE_SCHEME}://{paths.user_data_dir() / 'ratelimits.sqlite3'}"


def init_app(app: Flask) -> None:
    app.config.setdefault("RATELIMIT_WRITES", os.environ.get(WRITE_LIMIT_ENV) or DEFAULT_WRITE_LIMIT)
    app.config.setdefault("RATELIMIT_STORAGE_URI", default_storage_uri())
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
    # Imported here, not at the top: only a write needs them (see limiter()); the storage module registers
    # the adjudicator+sqlite:// scheme that the limiter's storage URI names.
    from flask_limiter import Limiter

    from adjudicator.web.common import rate_limit_storage  # noqa: F401

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
