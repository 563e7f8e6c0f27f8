"""Where the time of each benchmarked route goes: pyinstrument over the Flask app, in process.

    python -m bench.profile_routes                         # every route of bench/http_bench.py
    python -m bench.profile_routes search_uncached resolve # some of them
    python -m bench.profile_routes --flat                  # self time per function instead of the call tree
    python -m bench.profile_routes search_uncached --skip 2000 --requests 1000  # past the first requests
    python -m bench.profile_routes --cpu resolve make_link # CPU per request, no profiler: median, mean, total

Runs each route of http_bench.py (the same requests in the same turn: the realistic search mix, every
scenario, every clause, the same Accept-Encoding) a fixed number of times through the test client, prints the mean time per request
and pyinstrument's call tree (frames under 2 % hidden); for the search, the result cache's hits and misses.
``search_uncached`` is the search on an app with the cache off. ``--skip N`` first sends N requests of the
turn uncounted: a worker in the bench has read the postings of the common terms by then, but still meets
new texts (the turn is thousands of distinct requests). No server and no network: this explains the
numbers http_bench.py measures.

``--cpu`` measures instead, without a profiler, the app's own CPU time (``time.process_time``) of each request
of the route, called as WSGI with its environ built beforehand (no test client, no server): each request
``--rounds`` times, its fastest kept; it prints the median, mean and total over the route's requests, and the
slowest. The machine may be shared: CPU time is what other processes disturb least.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

from pyinstrument import Profiler

from bench import http_bench  # one list of routes for both

REQUESTS = int(os.environ.get("PROFILE_REQUESTS", "200"))
MIN_SHARE = 0.02


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("routes", nargs="*",
                        help="baseline, clause, search, search_distinct, search_uncached, resolve, stored_ruling, "
                             "stateless_link "
                             "(default: all)")
    parser.add_argument("--flat", action="store_true", help="self time per function instead of the tree")
    parser.add_argument("--requests", type=int, default=REQUESTS, help=f"requests profiled (default {REQUESTS})")
    parser.add_argument("--skip", type=int, default=0, help="requests of the turn sent first, not counted")
    parser.add_argument("--cpu", action="store_true", help="CPU time per request without the profiler")
    parser.add_argument("--rounds", type=int, default=5, help="with --cpu: calls of each request (default 5)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="profile-routes-") as data_dir:
        os.environ["ADJUDICATOR_DATA_DIR"] = data_dir
        from adjudicator.web import create_app

        # As http_bench.py: the links measured are made in one go, past the per-client write limit.
        unlimited = {"RATELIMIT_WRITES": "100000 per minute"}
        apps = {"cached": create_app(unlimited), "uncached": create_app({**unlimited, "SEARCH_CACHE_SIZE": 0})}
        client = apps["cached"].test_client()
        bodies = http_bench.scenario_bodies()
        links = [_stored_ruling(client, body) for body in bodies[:http_bench.LINKED_SCENARIOS]]
        texts = http_bench.query_texts()
        routes = http_bench.routes(links, bodies, http_bench.typed_search_paths(texts),
                                   http_bench.search_paths(texts), http_bench.clause_paths())
        routes["search_uncached"] = routes["search_distinct"]
        wanted = set(options.routes) or set(routes)
        unknown = wanted - set(routes)
        if unknown:
            parser.error(f"unknown routes: {', '.join(sorted(unknown))}")
        for name, requests in routes.items():
            if name in wanted:
                app = apps["uncached" if name == "search_uncached" else "cached"]
                if options.cpu:
                    cpu_per_request(app, name, requests, options.rounds)
                else:
                    profile(app, name, requests, options)
    return 0


def _stored_ruling(client, body: str) -> tuple[str, str]:
    """As http_bench.make_stored_ruling, through the test client."""
    stateless = client.post("/api/resolve", data=body.encode("utf-8"), content_type="application/json") \
        .get_json()["links"]["stateless"]
    made = client.post("/t", data={"payload": stateless.removeprefix("/s/")})
    assert made.status_code == 303, made.status_code
    return made.headers["Location"].split("://", 1)[-1].partition("/")[2].join(("/", "")), stateless


def profile(app, name: str, requests: list[http_bench.Target], options) -> None:
    from adjudicator.web.common.services import services

    client = app.test_client()
    turn = iter(range(10**9))

    def call():
        target = requests[next(turn) % len(requests)]
        response = client.open(target.path, method=target.method, data=target.body.encode("utf-8") or None,
                               content_type=target.content_type or None, headers=http_bench.BROWSER_HEADERS)
        assert response.status_code in (200, 302, 303), (target.path, response.status_code)  # 302: a clause number, 303: a link made

    for _ in range(max(1, options.skip)):  # the first request's lazy imports, and --skip: not counted
        call()
    with app.app_context():
        before = services().search.cache_info()
    profiler = Profiler(interval=0.0005)
    started = time.perf_counter()
    with profiler:
        for _ in range(options.requests):
            call()
    per_request = (time.perf_counter() - started) / options.requests * 1000
    with app.app_context():
        after = services().search.cache_info()
    print(f"\n=== {name}: {requests[0].method} {requests[0].path[:60]} ({len(requests)} requests in turn)  "
          f"{per_request:.2f} ms per request (in process, {options.requests} requests after {options.skip}, profiled)")
    if name.startswith("search"):
        print(f"search result cache: {after.hits - before.hits} hits, {after.misses - before.misses} misses")
    print(profiler.output_text(unicode=False, color=False, flat=options.flat, time="percent_of_total",
                               processor_options={"filter_threshold": MIN_SHARE}))


def cpu_per_request(app, name: str, requests: list[http_bench.Target], rounds: int) -> None:
    from werkzeug.test import EnvironBuilder

    def environ(target: http_bench.Target) -> tuple[dict, bytes]:
        built = EnvironBuilder(path=target.path, method=target.method, data=target.body.encode("utf-8") or None,
                               content_type=target.content_type or None, headers=http_bench.BROWSER_HEADERS)
        prepared = built.get_environ()
        return prepared, prepared["wsgi.input"].read()

    def call(prepared: tuple[dict, bytes]) -> None:
        answered: list[str] = []
        body = b"".join(app({**prepared[0], "wsgi.input": io.BytesIO(prepared[1])},
                            lambda status, headers, exc_info=None: answered.append(status)))
        assert answered[0][:3] in ("200", "302", "303"), (answered, body[:200])

    prepared = [environ(target) for target in requests]
    for one in prepared:  # lazy imports and first readings, not counted
        call(one)
    best = [float("inf")] * len(prepared)
    for _ in range(rounds):
        for index, one in enumerate(prepared):
            started = time.process_time()
            call(one)
            best[index] = min(best[index], time.process_time() - started)
    slowest = max(range(len(best)), key=best.__getitem__)
    print(f"{name}: {len(best)} requests, CPU per request (fastest of {rounds}): median "
          f"{statistics.median(best) * 1000:.3f} ms, mean {statistics.fmean(best) * 1000:.3f} ms, total "
          f"{sum(best) * 1000:.0f} ms; slowest {best[slowest] * 1000:.2f} ms ({requests[slowest].path[:60]})")


if __name__ == "__main__":
    sys.exit(main())
