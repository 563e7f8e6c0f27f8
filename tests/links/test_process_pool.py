"""The stores' PostgreSQL pools while the database is down: a request that needs two stores (a stored ruling and the
official rulings beside it) waits once, not once per store; a wait that ran out makes the other pools on the
same database fail at once for a moment (links.postgres.RECENTLY_DOWN_SECONDS)."""

from __future__ import annotations

import socket
import time

import pytest

from adjudicator.links.faults import Cause, Store, StoreUnavailable
from adjudicator.links.postgres import RECENTLY_DOWN_SECONDS, ProcessPool


@pytest.fixture()
def nobody_url() -> str:
    """A PostgreSQL URL on a loopback port where nothing listens (taken, then let go)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"postgresql://nobody@127.0.0.1:{port}/none"


def _failed_in(pool: ProcessPool, store: Store) -> tuple[StoreUnavailable, float]:
    started = time.monotonic()
    with pytest.raises(StoreUnavailable) as failed:
        pool.run(lambda db: db.execute("SELECT 1"), what="test", store=store, writing=False)
    return failed.value, time.monotonic() - started


def test_after_one_pool_waited_in_vain_the_others_on_that_database_fail_at_once(nobody_url):
    links, rulings = ProcessPool(nobody_url, "test-links", 0.5), ProcessPool(nobody_url, "test-rulings", 0.5)
    try:
        first, waited = _failed_in(rulings, Store.RULINGS)
        second, at_once = _failed_in(links, Store.LINKS)
        assert first.cause is second.cause is Cause.DATABASE_DOWN
        assert waited >= 0.45 and at_once < 0.2  # the second store did not wait its own half second
        time.sleep(RECENTLY_DOWN_SECONDS)
        _, waited_again = _failed_in(links, Store.LINKS)
        assert waited_again >= 0.45  # the moment is over: the database is asked again, with the whole wait
    finally:
        links.close()
        rulings.close()
