"""CPU per request of the gunicorn workers, route by route, under the real server and traffic of http_bench.py.

    python -m bench.worker_cpu                                   # every route of http_bench.py
    python -m bench.worker_cpu --routes baseline,search,resolve --seconds 6
    python -m bench.worker_cpu --routes resolve --config '{"COMPRESS_BR_LEVEL": 2}'   # the same with a setting

Requests per second move with whatever else the machine runs (the baseline by ±20 % within minutes on this
2-core machine); the CPU a worker spends on one request moves less (it still grows by up to half when every
core is busy). This starts gunicorn as http_bench.py does (the README's production options, 2 sync workers),
sends each route's requests in turn with wrk after a 1-second warm-up, and reads, each divided by the requests
answered: the user+system CPU the workers used during the run (/proc), the CPU wrk used (getrusage), and the
workers' minor page faults (memory handed out anew: copy-on-write after the fork, allocator arenas returned
and taken again). When the workers are the bottleneck, a route's ratio to the baseline is about baseline CPU
/ route CPU.

``--config`` passes a JSON object to ``create_app`` (with http_bench's own settings): measure a setting by
running this twice. ``--profile ROUTE=FILE`` also samples one worker with py-spy (``pip install py-spy``)
while that route runs and writes py-spy's raw collapsed stacks to FILE; ``bench/stack_shares.py FILE`` sums them.
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from bench import http_bench  # one server, one list of routes

WARM_UP_SECONDS = 1
PROFILE_RATE = 200  # py-spy samples per second


@dataclass(frozen=True)
class Cost:
    requests: int
    rps: float
    worker_ms: float  # worker CPU per request
    wrk_ms: float     # wrk's CPU per request (it shares the machine's cores with the workers)
    faults: float     # the workers' minor page faults per request (memory the kernel hands out anew)


def minor_faults(pid: int) -> int:
    return int(http_bench.proc_stat(pid)[7])  # proc(5) field 10, minflt


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure(server: http_bench.Server, requests: list[http_bench.Target], seconds: float, scratch: Path,
            profile: Path | None = None) -> Cost:
    warm_up = http_bench.run_wrk(server.base, requests, WARM_UP_SECONDS, 8, scratch)
    workers = server.worker_pids()
    spy = _py_spy(workers[0], seconds, profile) if profile else None
    workers_before, wrk_before = sum(map(http_bench.cpu_seconds, workers)), children_cpu()
    faults_before = sum(map(minor_faults, workers))
    run = http_bench.run_wrk(server.base, requests, seconds, 8, scratch, start=warm_up.requests)
    workers_used, wrk_used = sum(map(http_bench.cpu_seconds, workers)) - workers_before, children_cpu() - wrk_before
    faults = sum(map(minor_faults, workers)) - faults_before
    if spy is not None:
        spy.wait(timeout=seconds + 30)
    answered = max(run.requests, 1)
    return Cost(run.requests, run.rps, 1000 * workers_used / answered, 1000 * wrk_used / answered, faults / answered)


def _py_spy(pid: int, seconds: float, output: Path) -> subprocess.Popen:
    if shutil.which("py-spy") is None:
        raise SystemExit("--profile needs py-spy: pip install py-spy")
    # A second short of the run, so every sample falls inside it.
    return subprocess.Popen(["py-spy", "record", "--pid", str(pid), "--duration", str(max(int(seconds) - 1, 1)),
                             "--rate", str(PROFILE_RATE), "--format", "raw", "--output", str(output), "--nonblocking"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def app_string(config: dict) -> str:
    settings = {"SEARCH_CACHE_HEADER": True, **config}
    return f"adjudicator.web:create_app({settings!r})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--routes", default="", help="comma-separated routes of http_bench.py (default: all)")
    parser.add_argument("--seconds", type=float, default=6.0, help="wrk run per route (default 6)")
    parser.add_argument("--config", default="{}", help="JSON object of settings for create_app")
    parser.add_argument("--profile", action="append", default=[], metavar="ROUTE=FILE",
                        help="sample a worker with py-spy during ROUTE into FILE (repeatable)")
    parser.add_argument("--json", action="store_true", help="print one JSON line instead of the table")
    options = parser.parse_args()
    if shutil.which("wrk") is None:
        print("worker_cpu needs wrk: apt-get install wrk", file=sys.stderr)
        return 2
    if not 1 < options.seconds <= 120:
        print("--seconds must be in (1, 120]", file=sys.stderr)
        return 2
    config = json.loads(options.config)
    profiles = dict(item.split("=", 1) for item in options.profile)

    with tempfile.TemporaryDirectory(prefix="worker-cpu-") as scratch:
        scratch = Path(scratch)
        server = http_bench.Server(scratch / "data", 2, scratch / "gunicorn.log", app_string(config))
        server.start()
        try:
            texts = http_bench.query_texts()
            bodies = http_bench.scenario_bodies()
            wanted = options.routes.split(",") if options.routes else None
            needs_links = wanted is None or {"stored_ruling", "stateless_link", "make_link"} & set(wanted)
            links = [http_bench.make_stored_ruling(server.base, body)
                     for body in bodies[:http_bench.LINKED_SCENARIOS]] if needs_links else []
            chosen = http_bench.routes(links, bodies, http_bench.typed_search_paths(texts),
                                       http_bench.search_paths(texts), http_bench.clause_paths())
            unknown = set(wanted or ()) - set(chosen)
            if unknown:
                raise SystemExit(f"unknown routes: {', '.join(sorted(unknown))}")
            costs = {name: measure(server, chosen[name], options.seconds, scratch,
                                   Path(profiles[name]) if name in profiles else None)
                     for name in (wanted or chosen)}
        finally:
            server.stop()
    if options.json:
        print(json.dumps({name: cost.__dict__ for name, cost in costs.items()}))
        return 0
    baseline = costs.get("baseline")
    print(f"{'route':16} {'req/s':>7} {'worker CPU/req':>15} {'wrk CPU/req':>12} {'faults/req':>10} "
          f"{'baseline/route CPU':>19}")
    for name, cost in costs.items():
        ratio = f"{baseline.worker_ms / cost.worker_ms:.3f}" if baseline and cost.worker_ms else "—"
        print(f"{name:16} {cost.rps:7.0f} {cost.worker_ms:12.3f} ms {cost.wrk_ms:9.3f} ms {cost.faults:10.1f} "
              f"{ratio:>19}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
