"""Where the time of each benchmarked route goes: pyinstrument over the Flask app, in process.

    python bench/profile_routes.py                 # every route of bench/http_bench.py
    python bench/profile_routes.py search resolve  # some of them
    python bench/profile_routes.py --flat          # self time per function instead of the call tree

Runs each route of http_bench.py (same paths, same scenario body, same Accept-Encoding) a fixed number of
times through the test client, prints the mean time per request and pyinstrument's call tree (frames
under 2 % hidden). No server and no network: this explains the numbers http_bench.py measures.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from pyinstrument import Profiler

sys.path.insert(0, str(Path(__file__).resolve().parent))
import http_bench  # noqa: E402  (the sibling script: one list of routes for both)

REQUESTS = 40
MIN_SHARE = 0.02


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("routes", nargs="*", help="baseline, clause, search, resolve, short_link (default: all)")
    parser.add_argument("--flat", action="store_true", help="self time per function instead of the tree")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="profile-routes-") as data_dir:
        os.environ["ADJUDICATOR_DATA_DIR"] = data_dir
        from adjudicator.web import create_app

        client = create_app().test_client()
        body = http_bench.scenario_json()
        resolved = client.post("/api/resolve", data=body.encode("utf-8"), content_type="application/json")
        targets = http_bench.targets(resolved.get_json()["links"]["short"], body)
        wanted = set(options.routes) or {target.name for target in targets}
        unknown = wanted - {target.name for target in targets}
        if unknown:
            parser.error(f"unknown routes: {', '.join(sorted(unknown))}")
        for target in targets:
            if target.name in wanted:
                profile(client, target, options.flat)
    return 0


def profile(client, target: http_bench.Target, flat: bool) -> None:
    def call():
        response = client.open(target.path, method=target.method, data=target.body.encode("utf-8") or None,
                               content_type=target.content_type or None, headers=http_bench.BROWSER_HEADERS)
        assert response.status_code == 200, (target.path, response.status_code)

    call()  # first request: lazy imports and caches, not counted
    profiler = Profiler(interval=0.0005)
    started = time.perf_counter()
    with profiler:
        for _ in range(REQUESTS):
            call()
    per_request = (time.perf_counter() - started) / REQUESTS * 1000
    print(f"\n=== {target.name}: {target.method} {target.path[:60]}  {per_request:.2f} ms per request "
          f"(in process, {REQUESTS} requests, profiled)")
    print(profiler.output_text(unicode=False, color=False, flat=flat, time="percent_of_total",
                               processor_options={"filter_threshold": MIN_SHARE}))


if __name__ == "__main__":
    sys.exit(main())
