"""What the garbage collector walks in a search worker, and how long it pauses.

    python -m bench.gc_pauses                   # a table
    python -m bench.gc_pauses --json            # one JSON line

Builds the app as gunicorn's production hooks do (``adjudicator/gunicorn_conf.py``: the collector off while the
app loads, everything frozen, the search routes warmed up, frozen again), then sends http_bench's realistic
search traffic (every query typed as people type it, then submitted) through the WSGI app in this process, with
``gc.callbacks`` timing every collection. After the traffic: the tracked objects not frozen (what each full
collection walks) by type, and the pause of full collections asked for on purpose. Wall-clock times: run it on
a quiet machine, and compare runs of one session only.
"""

from __future__ import annotations

import argparse
import collections
import gc
import json
import statistics
import time
from pathlib import Path

from bench.http_bench import BROWSER_HEADERS, SHARED, query_files, query_texts, typed_search_paths

FULL_COLLECTIONS = 5  # asked for after the traffic; the median is reported
TOP_TYPES = 8


class Pauses:
    """Each collection's generation and milliseconds, from gc.callbacks."""

    def __init__(self) -> None:
        self.by_generation: dict[int, list[float]] = collections.defaultdict(list)
        self._started = 0.0

    def __call__(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.by_generation[info["generation"]].append((time.perf_counter() - self._started) * 1000)


def worker_app():
    """The app as a gunicorn worker has it when it takes its first request (gunicorn_conf's hooks, in order)."""
    from adjudicator.web import create_app
    from adjudicator.web.search.warm_up import warm_up

    gc.disable()
    app = create_app({"SEARCH_CACHE_HEADER": True})
    gc.freeze()
    gc.enable()
    warm_up(app)
    gc.freeze()
    return app


def tracked_by_type() -> collections.Counter:
    """The tracked objects outside the permanent generation (gc.get_objects skips frozen ones), by type name."""
    return collections.Counter(type(thing).__qualname__ for thing in gc.get_objects())


def measure(rounds: int, shared: Path = SHARED) -> dict:
    app = worker_app()
    client = app.test_client()
    paths = typed_search_paths(query_texts(query_files(shared)))
    pauses = Pauses()
    gc.callbacks.append(pauses)
    hits = 0
    started = time.process_time()
    try:
        for _ in range(rounds):
            for path in paths:
                response = client.get(path, headers={**BROWSER_HEADERS, "Host": "127.0.0.1"})
                hits += response.headers.get("X-Search-Cache") == "hit"
                response.close()
        cpu_seconds = time.process_time() - started
        during = {generation: list(times) for generation, times in pauses.by_generation.items()}
        pauses.by_generation.clear()
        for _ in range(FULL_COLLECTIONS):
            gc.collect()
        full = pauses.by_generation[2]
    finally:
        gc.callbacks.remove(pauses)
    counts = tracked_by_type()
    return {
        "requests": len(paths) * rounds,
        "cache_hits": hits,
        "traffic_cpu_s": round(cpu_seconds, 1),  # the requests and the collections during them
        "tracked": sum(counts.values()),
        "tracked_by_type": dict(counts.most_common(TOP_TYPES)),
        "full_collection_ms": round(statistics.median(full), 1),
        "during_traffic": {f"gen{generation}": {"count": len(times), "median_ms": round(statistics.median(times), 2),
                                                "max_ms": round(max(times), 1),
                                                "total_ms": round(sum(times))}
                           for generation, times in sorted(during.items())},
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=2, help="times the traffic is sent (default 2)")
    parser.add_argument("--shared", type=Path, default=SHARED, help="the folder of the shared query sets")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    options = parser.parse_args()
    report = measure(options.rounds, options.shared)
    if options.json:
        print(json.dumps(report, ensure_ascii=False))
        return 0
    print(f"{report['requests']} requests, {report['cache_hits']} answered by the result cache, "
          f"{report['traffic_cpu_s']} s of CPU")
    print(f"tracked objects not frozen: {report['tracked']:,}")
    for name, count in report["tracked_by_type"].items():
        print(f"  {count:>8,}  {name}")
    print(f"full collection (median of {FULL_COLLECTIONS}): {report['full_collection_ms']} ms")
    for generation, figures in report["during_traffic"].items():
        print(f"  during the traffic, {generation}: {figures['count']} x median {figures['median_ms']} ms, "
              f"max {figures['max_ms']} ms, {figures['total_ms']} ms in all")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
