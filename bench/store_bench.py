"""The link store's own cost per operation, in process: PostgreSQL (through its connection pool) and SQLite.

    python -m bench.store_bench postgresql://user:password@127.0.0.1:5432/db   # both stores
    python -m bench.store_bench                                                 # SQLite only

Writes 2,000 records of ~4 KB (a trace's size) with ids of their own, puts them again (a ruling already
stored: one read) and reads each; prints mean, p50 and p99 per operation. The PostgreSQL records stay in
that database (use a scratch one).
"""

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path


from adjudicator.links.record import LinkRecord
from adjudicator.links.store import PostgresLinkStore, SQLiteLinkStore

RECORDS = 2000
TRACE = "x" * 4000


def bench(store, name: str) -> None:
    records = [LinkRecord(f"bench{i:06d}{os.getpid()}{int(time.time())}", "scenario " * 50, "hi-story", "1.0.0",
                          "bench", TRACE, "2026-12-01") for i in range(RECORDS)]

    def timed(operation) -> str:
        times = []
        for record in records:
            started = time.perf_counter()
            operation(record)
            times.append((time.perf_counter() - started) * 1000)
        times.sort()
        return (f"mean {statistics.mean(times):.3f} p50 {times[len(times) // 2]:.3f} "
                f"p99 {times[int(len(times) * 0.99)]:.3f} ms")

    print(f"{name} put (new):      {timed(store.put)}")
    print(f"{name} put (existing): {timed(store.put)}")
    print(f"{name} get:            {timed(lambda record: store.get(record.id))}")


def main() -> int:
    if len(sys.argv) > 1:
        bench(PostgresLinkStore(sys.argv[1]), "postgresql (pool)")
    with tempfile.TemporaryDirectory(prefix="store-bench-") as scratch:
        bench(SQLiteLinkStore(Path(scratch) / "links.sqlite3"), "sqlite")
    return 0


if __name__ == "__main__":
    sys.exit(main())
