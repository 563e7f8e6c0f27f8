"""Warm start of the service under gunicorn, and the first request of each main route after it.

    python -m bench.start_bench                 # 5 runs per route, 2 sync workers
    python -m bench.start_bench --runs 9 --json
    python -m bench.start_bench --no-preload    # each worker imports the app itself (no --preload, no hooks)
    python -m bench.start_bench --routes clause,gallery
    python -m bench.start_bench --cold          # every start in a new data directory: it builds the index

Builds the search index once in a fresh data directory, starts the server once uncounted (it compiles the
checkout's bytecode, unless ``--no-bytecode``), then, for each run and each route (a clause page, a search
nobody asked before, the gallery, ``POST /api/read`` of a card text, ``POST /api/resolve`` of a scenario, the
same with ``?short=true``), starts gunicorn (``bench/http_bench.py``'s ``Server``: the same command line),
times process start until ``/healthz`` answers (the warm start), reads the CPU seconds the master and its workers have used by then (``/proc``: steadier
than wall time on a shared machine), then times that route's first request, reads the memory of all the
processes, and stops the server. Prints min / median / max of each. The uncounted start is also sent each
route once, as a deployment's first start is, so what the service keeps beside the index is there (the
corpus scan, ``adjudicator/search/corpus.py``); ``--cold`` gives every start a new data directory instead.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path


from bench.http_bench import PRODUCTION_OPTIONS, ROOT, Server, index_build_seconds
from bench.http_bench import cpu_seconds as process_cpu_seconds

CLAUSE = "/rules/hi-story/6.7.1"
SEARCH = "/search?q=" + urllib.parse.quote("身代わり 墓地")
GALLERY = "/scenarios"
CARD_TEXT = "相手の場のカードを1枚選び墓地へ送る。その後、1枚引く"
ROUTES = ("clause", "search", "gallery", "resolve", "short_link", "read")
SCENARIO = ROOT / "scenarios" / "attack" / "block-stronger-blocker.yaml"


def first_request(base: str, route: str) -> float:
    if route == "clause":
        request = urllib.request.Request(base + CLAUSE)
    elif route == "search":
        request = urllib.request.Request(base + SEARCH)
    elif route == "gallery":
        request = urllib.request.Request(base + GALLERY)
    elif route == "read":  # a card's text read by the reader (its grammar's tables on first use)
        request = urllib.request.Request(base + "/api/read", data=json.dumps({"text": CARD_TEXT}).encode(),
                                         method="POST", headers={"Content-Type": "application/json"})
    else:  # resolve; short_link also stores the ruling (the first write makes the write limiter)
        query = "?short=true" if route == "short_link" else ""
        request = urllib.request.Request(base + "/api/resolve" + query, data=_scenario_body(), method="POST",
                                         headers={"Content-Type": "application/yaml"})
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=60) as response:
        response.read()
        if response.status != 200:
            raise RuntimeError(f"{route}: {response.status}")
    return time.perf_counter() - started


def _scenario_body() -> bytes:
    return SCENARIO.read_bytes()


def cpu_seconds(server: Server) -> float:
    """User + system CPU of the gunicorn master and its live workers."""
    return sum(map(process_cpu_seconds, (server.process.pid, *server.worker_pids())))


def pss_mib(server: Server) -> float:
    """Proportional set size of the master and its workers (pages shared after a fork counted once in all)."""
    total = 0
    for each in (server.process.pid, *server.worker_pids()):
        for line in Path(f"/proc/{each}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                total += int(line.split()[1])
    return total / 1024


def spread(values: list[float]) -> dict[str, float]:
    return {"min": round(min(values), 3), "median": round(statistics.median(values), 3), "max": round(max(values), 3)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="starts per route (default 5, at most 50)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (default 2)")
    parser.add_argument("--no-preload", action="store_true",
                        help="without the production command's --preload and its hooks")
    parser.add_argument("--no-bytecode", action="store_true",
                        help="keep this shell's PYTHONDONTWRITEBYTECODE: every start compiles the checkout")
    parser.add_argument("--cold", action="store_true",
                        help="every start in a new data directory (builds the index, nothing kept yet)")
    parser.add_argument("--routes", default=",".join(ROUTES), help=f"comma-separated, of {', '.join(ROUTES)}")
    parser.add_argument("--json", action="store_true", help="print one JSON line")
    options = parser.parse_args()
    if not 1 <= options.runs <= 50:
        print("--runs must be in [1, 50]", file=sys.stderr)
        return 2
    chosen_routes = [route for route in options.routes.split(",") if route]
    if not chosen_routes or not set(chosen_routes) <= set(ROUTES):
        print(f"--routes must name some of {', '.join(ROUTES)}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="start-bench-") as scratch:
        data_dir, log = Path(scratch) / "data", Path(scratch) / "gunicorn.log"
        index_build_seconds(data_dir / "index")
        warm_up = Server(data_dir, options.workers, log, options=(), no_bytecode=options.no_bytecode)
        warm_up.start()  # not counted: the first start writes the bytecode (as a deployment's first start does)
        try:
            for route in ROUTES:  # and what its first requests keep beside the index
                first_request(warm_up.base, route)
        finally:
            warm_up.stop()
        starts, cpus, memory, firsts = [], [], [], {route: [] for route in chosen_routes}
        for run in range(options.runs):
            for route in firsts:
                chosen = () if options.no_preload else PRODUCTION_OPTIONS
                if options.cold:
                    data_dir = Path(scratch) / f"data-{run}-{route}"
                server = Server(data_dir, options.workers, log, options=chosen, no_bytecode=options.no_bytecode)
                try:
                    starts.append(server.start())
                    cpus.append(cpu_seconds(server))
                    firsts[route].append(first_request(server.base, route))
                    memory.append(pss_mib(server))
                finally:
                    server.stop()
    report = {"workers": options.workers, "preload": not options.no_preload, "bytecode": not options.no_bytecode,
              "cold": options.cold, "runs": options.runs,
              "warm_start_s": spread(starts), "cpu_at_healthz_s": spread(cpus),
              "pss_after_first_request_mib": spread(memory),
              "first_request_s": {route: spread(values) for route, values in firsts.items()}}
    if options.json:
        print(json.dumps(report))
        return 0
    print(f"{options.workers} workers{'' if options.no_preload else ' --preload'}"
          f"{', no bytecode' if options.no_bytecode else ''}{', cold (index built)' if options.cold else ''}, "
          f"{len(starts)} starts "
          f"(min / median / max)")
    print(f"  {'cold' if options.cold else 'warm'} start until /healthz   {_row(report['warm_start_s'])}")
    print(f"  CPU of master+workers then  {_row(report['cpu_at_healthz_s'])}")
    for route, values in report["first_request_s"].items():
        print(f"  first {route:<10} request   {_row(values)}")
    pss = report["pss_after_first_request_mib"]
    print(f"  memory (PSS, all processes) {pss['min']:6.0f} / {pss['median']:6.0f} / {pss['max']:6.0f} MiB, after it")
    return 0


def _row(values: dict[str, float]) -> str:
    return " / ".join(f"{values[key] * 1000:6.0f} ms" for key in ("min", "median", "max"))


if __name__ == "__main__":
    sys.exit(main())
