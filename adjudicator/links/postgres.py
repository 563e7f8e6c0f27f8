"""PostgreSQL connections for the stores (links and cards): a small pool per process that fails fast.

A sync gunicorn worker serves one request at a time: while the database is down, a request that needs it must
not hold the worker for long (routes that need no database wait behind it), so a connection is waited for at
most :data:`POOL_WAIT_SECONDS` and the pool's error is the store's :class:`StoreUnavailable` (a 503). The pool is
made at the first use in a process, so a worker forked from a ``--preload`` master never shares its parent's
connections, and each connection is checked before use (an empty query), so a restarted server costs a failed
check, not a failed request.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any

from adjudicator.links.faults import Store, unavailable

POOL_MAX_SIZE = 4  # connections per process and store: gunicorn's sync workers use one at a time
POOL_WAIT_SECONDS = 1.0  # the longest a request waits for a connection (the "fails fast")
CONNECT_TIMEOUT_SECONDS = 2  # libpq's least: 1 is read as 2
# How long the pool keeps retrying in the background (with a backoff that doubles from 1 s) before it gives up
# and leaves the next request to start a fresh attempt at once: short, so that a server started again is used
# within a request or two, not after a backoff grown during a long outage.
RECONNECT_SECONDS = 2.0
# After a wait for a connection ran out, every pool of this process on the same database (the links, the cards
# and the official rulings share it) fails at once for this long instead of waiting again: a request that needs
# two stores during an outage waits once, not once per store. A connection that answers ends it at once.
RECENTLY_DOWN_SECONDS = 1.0
_SHORTEST_WAIT = 0.01
_ran_out: dict[str, float] = {}  # database URL → when this process's last wait for it ran out (monotonic)


def driver_errors() -> tuple[type[BaseException], ...]:
    """What psycopg and its pool raise when the database cannot serve (loaded only by PostgreSQL users)."""
    import psycopg  # here: SQLite users never need the driver loaded
    from psycopg_pool import PoolTimeout  # nor the pool

    return (psycopg.Error, PoolTimeout)


class ProcessPool:
    """One ``psycopg_pool.ConnectionPool`` per process, opened lazily, waited on for at most a second."""

    def __init__(self, url: str, name: str, wait_seconds: float = POOL_WAIT_SECONDS):
        self.url = url
        self.name = name
        self.wait_seconds = wait_seconds
        self._pool: Any = None
        self._pid: int | None = None

    @contextmanager
    def connection(self) -> Iterator[Any]:
        """A checked connection for one transaction: committed on success, rolled back on an error."""
        import psycopg  # here: SQLite users never need the driver loaded

        pool = self._opened()
        connection = self._checked(pool, psycopg.Error)
        try:
            yield connection
        except BaseException:
            with suppress(psycopg.Error):  # a connection that broke in the middle cannot roll back either
                connection.rollback()
            raise
        else:
            connection.commit()
        finally:
            pool.putconn(connection)  # a broken one is discarded by the pool, which opens another

    def run(self, work: Callable[[Any], Any], *, what: str, store: Store, writing: bool) -> Any:
        """``work(connection)`` in one transaction; the driver's error as ``what``'s typed :class:`StoreUnavailable`."""
        try:
            with self.connection() as db:
                return work(db)
        except driver_errors() as error:
            done = "written" if writing else "read"
            raise unavailable(error, f"{what} cannot be {done}", store=store, writing=writing) from error

    def _opened(self) -> Any:
        if self._pid != os.getpid():  # first use in this process: a pool of its own (a fork inherits none)
            from psycopg_pool import ConnectionPool  # here: SQLite users never need the pool loaded

            self._pool = ConnectionPool(
                self.url, min_size=1, max_size=POOL_MAX_SIZE, open=False, timeout=self.wait_seconds,
                kwargs={"connect_timeout": CONNECT_TIMEOUT_SECONDS}, reconnect_timeout=RECONNECT_SECONDS,
                name=self.name)
            self._pool.open(wait=False)
            self._pid = os.getpid()
        return self._pool

    def _checked(self, pool: Any, errors: type[BaseException]) -> Any:
        """A pooled connection that answers, within the wait. Checked here rather than by the pool's own
        ``check``: with it, connections the server had closed (a restart) made the next request wait the whole
        timeout although new ones were ready (psycopg_pool 3.3.3), where this loop takes them at once."""
        from psycopg_pool import PoolTimeout  # here: SQLite users never need the pool loaded

        started = time.monotonic()
        recently_down = started - _ran_out.get(self.url, float("-inf")) < RECENTLY_DOWN_SECONDS
        deadline = started + (_SHORTEST_WAIT if recently_down else self.wait_seconds)
        while True:
            try:
                connection = pool.getconn(timeout=max(_SHORTEST_WAIT, deadline - time.monotonic()))
            except PoolTimeout:
                if not recently_down:  # a real wait ran out: the window starts now (a short one does not extend it)
                    _ran_out[self.url] = time.monotonic()
                raise
            try:
                connection.execute("")  # an empty query: one round trip (it opens the transaction the work then uses)
            except errors:
                pool.putconn(connection)  # closed by the server: the pool discards it and opens another
                continue
            _ran_out.pop(self.url, None)
            return connection

    def close(self) -> None:
        # Only the process that opened the pool closes it: closing an inherited one would end the parent's
        # connections on the sockets they share.
        if self._pool is not None and self._pid == os.getpid():
            self._pool.close()


def create_schema(url: str, schema: str, lock_key: int) -> None:
    """``schema`` on a connection of its own, under an advisory lock (several instances start at once), closed
    at once: the process that makes the store (gunicorn's master under --preload) must hold no pooled
    connection that its forked workers would then share."""
    import psycopg  # here: SQLite users never need the driver loaded

    with psycopg.connect(url, connect_timeout=CONNECT_TIMEOUT_SECONDS) as db:
        db.execute("SELECT pg_advisory_xact_lock(%s)", (lock_key,))
        db.execute(schema)
