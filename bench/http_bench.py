"""HTTP throughput and latency of the service under gunicorn, on loopback, with wrk.

    python bench/http_bench.py                  # table, then a 60-second mixed load
    python bench/http_bench.py --json           # {"rps": {...}, "ratio": {...}, "p99_ms": {...}, ...}
    python bench/http_bench.py --load-seconds 0 # no load run
    python bench/http_bench.py --database-url postgresql://… --routes stored_ruling,make_link  # links on PostgreSQL

Starts gunicorn on 127.0.0.1 on a free port with a fresh data directory and measures, in one run:

- cold start (process start until /healthz answers, the search index built on the way), warm start (the
  same with the index reused) and the index build time on its own (in this process);
- side by side, with the same wrk settings, requests/s and p50/p99 latency of: /healthz (the baseline,
  a route that does nothing), clause pages (in turn every clause of Hi!story), the search (realistic
  traffic, mostly unique: in turn 200+ distinct requests, every query of the shared query files and of
  ``bench/queries/`` as a results page, and the prefixes the as-you-type box sends while each is typed
  as ``/search.json?…&limit=8``), POST /api/resolve (in turn EVERY scenario file under scenarios/, as
  JSON, so no cache of rulings can answer), stored rulings ``/t/<id>`` (links made through ``POST /t``)
  and stateless links ``/s/<payload>``, and making a short link (``POST /t`` with those payloads in turn: the
  first of each a write, then a ruling already stored); each as a ratio to the baseline's requests/s;
- the search once more on a second server with the result cache off (``search_uncached``), and bounds
  of the cache's hit rate in the cached run (each worker misses each distinct request at most once, and
  every distinct request sent misses at least once unless the warm-up already sent it);
- a bounded mixed load (all routes in turn) for --load-seconds, with wrk's error counts and the resident
  memory (RSS) of the gunicorn master and workers before and after.

``--json`` prints one JSON line: ``{"rps": {...}, "ratio": {...}, "p50_ms": {...}, "p99_ms": {...}, ...}``.

``--database-url`` keeps the short links in that PostgreSQL database instead of SQLite; ``--routes`` measures
only the routes named (and the baseline).

Needs wrk (apt-get install wrk). Every wait is bounded; traffic goes to 127.0.0.1 only; the server is
stopped by its process id at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import random
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
# Resolve traffic is mostly new scenarios: every file of the corpus, in a fixed shuffled order.
SCENARIOS = tuple(sorted((ROOT / "scenarios").rglob("*.yaml")))
# The stored rulings and stateless links measured: a sample of the corpus (each needs a POST /t first).
LINKED_SCENARIOS = 60
# Search traffic: every query file we have, typed as people type (live prefixes) and then submitted.
QUERY_FILES = (
    ROOT.parent / "shared" / "search" / "dev-queries.tsv",
    ROOT.parent / "shared" / "search" / "more-queries.tsv",
    *sorted((ROOT / "bench" / "queries").glob("*.tsv")),
)
MIN_DISTINCT_SEARCHES = 200
# The targets, as ratios to the baseline measured in the same run.
TARGETS = {"clause": 0.6, "stored_ruling": 0.5, "search": 0.5, "resolve": 0.3}
LIVE_LIMIT = 8          # static/js/app.js: the as-you-type box asks for this many hits
SHUFFLE_SEED = 20261201
UNCACHED_APP = "adjudicator.web:create_app({'SEARCH_CACHE_SIZE': 0})"
BROWSER_HEADERS = {"Accept-Encoding": "gzip, deflate, br", "Accept": "text/html,application/json"}
START_TIMEOUT = 300.0   # seconds: a cold start builds the index
POLL_INTERVAL = 0.05
STOP_TIMEOUT = 15.0

# wrk prints one JSON line at the end (one wrk thread, so one Lua state sees every request).
WRK_DONE = r"""
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\nRESULT {"requests": %d, "duration_us": %d, "connect": %d, "read": %d, "write": %d, "status": %d, ' ..
    '"timeout": %d, "p50_us": %d, "p99_us": %d}\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
"""


@dataclass(frozen=True)
class Target:
    name: str
    method: str
    path: str
    body: str = ""
    content_type: str = ""


@dataclass(frozen=True)
class Measured:
    requests: int
    seconds: float
    errors: int
    p50_ms: float
    p99_ms: float

    @property
    def rps(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0


# The README's production command's options besides workers, bind and request line: the app loaded once.
PRODUCTION_OPTIONS = ("-c", "python:adjudicator.gunicorn_conf", "--preload")

# --- the server ---------------------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


class Server:
    """gunicorn serving create_app() on loopback; ``start()`` returns the seconds until /healthz answered.

    ``options``: gunicorn's own, by default the README's production ones (``--preload`` and its hooks)."""

    def __init__(self, data_dir: Path, workers: int, log: Path, app: str = "adjudicator.web:create_app()",
                 database_url: str = "", options: tuple[str, ...] = PRODUCTION_OPTIONS, no_bytecode: bool = False):
        self.data_dir, self.workers, self.log, self.app = data_dir, workers, log, app
        self.database_url, self.options, self.no_bytecode = database_url, options, no_bytecode
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://{HOST}:{self.port}"

    def start(self) -> float:
        # One client makes every short link here: writes are rate-limited per client (30 a minute by default).
        env = {**os.environ, "ADJUDICATOR_DATA_DIR": str(self.data_dir), "ADJUDICATOR_WRITE_LIMIT": "100000 per minute"}
        if self.database_url:
            env["ADJUDICATOR_DATABASE_URL"] = self.database_url
        # As in a deployment, the first start compiles the checkout's bytecode (__pycache__, git-ignored) and a
        # warm start reads it: this shell may set PYTHONDONTWRITEBYTECODE, which no deployment does.
        if not self.no_bytecode:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
        command = [sys.executable, "-m", "gunicorn", "--workers", str(self.workers), "--bind", f"{HOST}:{self.port}",
                   # Stateless links carry the scenario in the path; the app bounds URLs itself (414).
                   "--limit-request-line", "0", *self.options, self.app]
        started = time.perf_counter()
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=log)
        deadline = started + START_TIMEOUT
        while time.perf_counter() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited with {self.process.returncode}; see {self.log}")
            if self._answers("/healthz"):
                return time.perf_counter() - started
            time.sleep(POLL_INTERVAL)
        self.stop()
        raise RuntimeError(f"gunicorn did not answer within {START_TIMEOUT:.0f} s; see {self.log}")

    def _answers(self, path: str) -> bool:
        try:
            with urllib.request.urlopen(self.base + path, timeout=2) as response:
                return response.status == 200
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            return False

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=STOP_TIMEOUT)

    def rss_mib(self) -> dict[str, float]:
        """Resident memory of the master and each worker, from /proc."""
        master = self.process.pid
        children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
        return {"master": _rss_mib(master), **{f"worker {pid}": _rss_mib(int(pid)) for pid in children}}


def _rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


# --- requests -----------------------------------------------------------------------------------------------


def scenario_bodies(paths=SCENARIOS) -> list[str]:
    bodies = [json.dumps(yaml.safe_load(path.read_text("utf-8")), ensure_ascii=False) for path in paths]
    random.Random(SHUFFLE_SEED).shuffle(bodies)
    return bodies


def query_texts(files=QUERY_FILES) -> list[str]:
    """The first column of each query file that exists (a header line, then query<TAB>gold<TAB>note)."""
    texts: dict[str, None] = {}
    for path in files:
        if path.is_file():
            for line in path.read_text("utf-8").splitlines()[1:]:
                text = line.split("\t")[0].strip()
                if text:
                    texts.setdefault(text, None)
    return list(texts)


def search_paths(texts: list[str]) -> list[str]:
    """What a person's search sends: the live box's prefixes while typing (one per character, as a
    fast typist outruns the 200 ms delay only sometimes), then the submitted results page."""
    paths: dict[str, None] = {}
    for text in texts:
        for end in range(1, len(text)):
            prefix = text[:end].strip()
            if prefix:
                paths.setdefault(f"/search.json?q={urllib.request.quote(prefix)}&book=hi-story&limit={LIVE_LIMIT}")
        paths.setdefault("/search?q=" + urllib.request.quote(text))
    ordered = list(paths)
    random.Random(SHUFFLE_SEED).shuffle(ordered)
    return ordered


def clause_paths() -> list[str]:
    from adjudicator.rulebook import list_rulebooks

    book = next(book for book in list_rulebooks() if book.id == "hi-story")
    return [f"/rules/hi-story/{clause.id}" for clause in book.clauses()]


def post_scenario(base: str, body: str) -> dict:
    request = urllib.request.Request(base + "/api/resolve?short=true", data=body.encode("utf-8"), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.load(response)


def make_stored_ruling(base: str, body: str) -> tuple[str, str]:
    """(stored ruling path /t/<id>, stateless path /s/<payload>) for one scenario, the way a person makes a
    short link: resolve it, then POST its payload to /t (the 「短縮リンクを作る」 form)."""
    stateless = post_scenario(base, body)["links"]["stateless"]
    payload = stateless.removeprefix("/s/")
    request = urllib.request.Request(base + "/t", data=urllib.parse.urlencode({"payload": payload}).encode(),
                                     method="POST", headers={"Content-Type": "application/x-www-form-urlencoded"})
    opener = urllib.request.build_opener(_NoRedirect)
    try:
        opener.open(request, timeout=30)
    except urllib.error.HTTPError as answer:
        if answer.code != 303:
            raise
        return urllib.parse.urlsplit(answer.headers["Location"]).path, stateless
    raise RuntimeError("POST /t did not redirect to the stored ruling")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def routes(links: list[tuple[str, str]], bodies: list[str], searches: list[str],
           clauses: list[str]) -> dict[str, list[Target]]:
    """Each measured route and the requests wrk sends to it in turn."""
    return {
        "baseline": [Target("baseline", "GET", "/healthz")],
        "clause": [Target("clause", "GET", path) for path in clauses],
        "search": [Target("search", "GET", path) for path in searches],
        "resolve": [Target("resolve", "POST", "/api/resolve", body, "application/json") for body in bodies],
        "stored_ruling": [Target("stored_ruling", "GET", stored) for stored, _ in links],
        "stateless_link": [Target("stateless_link", "GET", stateless) for _, stateless in links],
        "make_link": [Target("make_link", "POST", "/t", urllib.parse.urlencode({"payload": stateless.removeprefix("/s/")}),
                             "application/x-www-form-urlencoded") for _, stateless in links],
    }


def _lua_string(text: str) -> str:
    level = "=" * 4
    assert f"]{level}]" not in text
    return f"[{level}[{text}]{level}]"


def _lua_request(target: Target) -> str:
    headers = dict(BROWSER_HEADERS)
    if target.content_type:
        headers["Content-Type"] = target.content_type
    table = "{" + ", ".join(f"[ {_lua_string(k)} ] = {_lua_string(v)}" for k, v in headers.items()) + "}"
    body = _lua_string(target.body) if target.body else "nil"
    return f"wrk.format({_lua_string(target.method)}, {_lua_string(target.path)}, {table}, {body})"


def wrk_script(chosen: list[Target]) -> str:
    """Requests in turn (one target: always that one), then the JSON summary."""
    requests = ",\n  ".join(_lua_request(target) for target in chosen)
    return (f"local requests = nil\nlocal turn = 0\n"
            f"init = function(args)\n  requests = {{\n  {requests}\n  }}\nend\n"
            f"request = function()\n  turn = turn % #requests + 1\n  return requests[turn]\nend\n{WRK_DONE}")


def run_wrk(base: str, chosen: list[Target], seconds: float, connections: int, scripts: Path) -> Measured:
    script = scripts / f"{'-'.join(dict.fromkeys(target.name for target in chosen))}.lua"
    script.write_text(wrk_script(chosen), "utf-8")
    command = ["wrk", "-t1", f"-c{connections}", f"-d{seconds:g}s", "--timeout", "10s", "-s", str(script), base]
    run = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 60, check=False)
    line = next((line for line in run.stdout.splitlines() if line.startswith("RESULT ")), None)
    if run.returncode != 0 or line is None:
        raise RuntimeError(f"wrk failed ({run.returncode}): {run.stderr.strip() or run.stdout.strip()}")
    data = json.loads(line.removeprefix("RESULT "))
    errors = sum(data[key] for key in ("connect", "read", "write", "status", "timeout"))
    return Measured(data["requests"], data["duration_us"] / 1e6, errors, data["p50_us"] / 1000, data["p99_us"] / 1000)


def index_build_seconds(directory: Path) -> float:
    from adjudicator.rulebook import list_rulebooks
    from adjudicator.search.store import open_or_build

    books = list_rulebooks()
    started = time.perf_counter()
    opened = open_or_build(books, directory)
    assert opened.built
    return time.perf_counter() - started


# --- the run ------------------------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object instead of the tables")
    parser.add_argument("--seconds", type=float, default=8.0, help="wrk run per route (default 8)")
    parser.add_argument("--connections", type=int, default=8, help="wrk connections (default 8)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (default 2: this machine's cores)")
    parser.add_argument("--load-seconds", type=float, default=60.0, help="mixed load run; 0 skips it (default 60)")
    parser.add_argument("--database-url", default="", help="keep short links in this PostgreSQL database")
    parser.add_argument("--routes", default="", help="comma-separated routes to measure (default: all)")
    parser.add_argument("--no-page-cache", action="store_true",
                        help="serve every page anew (stored rulings then read the store on every request)")
    options = parser.parse_args()
    if shutil.which("wrk") is None:
        print("http_bench needs wrk: apt-get install wrk", file=sys.stderr)
        return 2
    if not 0 < options.seconds <= 120 or not 0 <= options.load_seconds <= 600:
        print("--seconds must be in (0, 120] and --load-seconds in [0, 600]", file=sys.stderr)
        return 2

    with tempfile.TemporaryDirectory(prefix="http-bench-") as scratch:
        scratch = Path(scratch)
        report = measure(options, scratch)
    if options.json:
        print(json.dumps(report, ensure_ascii=False))
    else:
        print_report(report, options)
    return 0


def measure(options, scratch: Path) -> dict:
    data_dir, log = scratch / "data", scratch / "gunicorn.log"
    build = index_build_seconds(scratch / "index-only")

    cold = Server(data_dir, options.workers, log, database_url=options.database_url)
    cold_seconds = cold.start()
    cold.stop()

    app = "adjudicator.web:create_app({'PAGE_CACHE_SIZE': 0})" if options.no_page_cache else "adjudicator.web:create_app()"
    server = Server(data_dir, options.workers, log, app, database_url=options.database_url)
    warm_seconds = server.start()
    searches = search_paths(query_texts())
    if len(searches) < MIN_DISTINCT_SEARCHES:
        raise RuntimeError(f"only {len(searches)} distinct search requests; the realistic mix needs 200+")
    try:
        bodies = scenario_bodies()
        links = [make_stored_ruling(server.base, body) for body in bodies[:LINKED_SCENARIOS]]
        chosen = routes(links, bodies, searches, clause_paths())
        wanted = {"baseline", *filter(None, options.routes.split(","))} if options.routes else set(chosen) | {"search_uncached"}
        unknown = wanted - set(chosen) - {"search_uncached"}
        if unknown:
            raise SystemExit(f"unknown routes: {', '.join(sorted(unknown))}")
        chosen = {name: requests for name, requests in chosen.items() if name in wanted}
        results: dict[str, Measured] = {}
        warm_ups: dict[str, Measured] = {}
        for name, requests in chosen.items():
            warm_ups[name] = run_wrk(server.base, requests, 1, options.connections, scratch)  # not counted
            results[name] = run_wrk(server.base, requests, options.seconds, options.connections, scratch)
        load = None
        if options.load_seconds:
            memory_before = server.rss_mib()
            everything = [target for requests in chosen.values() for target in requests]
            mixed = run_wrk(server.base, everything, options.load_seconds, options.connections, scratch)
            load = {"seconds": options.load_seconds, "requests": mixed.requests, "rps": round(mixed.rps, 1),
                    "errors": mixed.errors, "p50_ms": round(mixed.p50_ms, 2), "p99_ms": round(mixed.p99_ms, 2),
                    "rss_mib_start": _rounded(memory_before), "rss_mib_end": _rounded(server.rss_mib())}
    finally:
        server.stop()

    if "search_uncached" in wanted:
        uncached = Server(data_dir, options.workers, log, UNCACHED_APP, database_url=options.database_url)
        uncached.start()
        try:
            uncached_searches = [Target("search_uncached", "GET", path) for path in searches]
            run_wrk(uncached.base, uncached_searches, 1, options.connections, scratch)  # warm-up, not counted
            results["search_uncached"] = run_wrk(uncached.base, uncached_searches, options.seconds,
                                                 options.connections, scratch)
        finally:
            uncached.stop()

    # Each worker misses each distinct request at most once (when the cache holds them all), the warm-up
    # included; and the measured run can hit at most on what it, or the warm-up, sent before.
    searched = warm_ups["search"].requests + results["search"].requests if "search" in results else 0
    distinct = len(set(searches))
    hit_rate_min = max(0.0, 1 - distinct * options.workers / searched) if searched else 0.0
    hit_rate_max = max(0.0, 1 - min(distinct, searched) / searched) if searched else 0.0
    baseline = results["baseline"].rps
    return {
        "rps": {name: round(m.rps, 1) for name, m in results.items()},
        "ratio": {name: round(m.rps / baseline, 3) for name, m in results.items()},
        "p50_ms": {name: round(m.p50_ms, 2) for name, m in results.items()},
        "p99_ms": {name: round(m.p99_ms, 2) for name, m in results.items()},
        "errors": {name: m.errors for name, m in results.items()},
        "paths": {name: _described(requests) for name, requests in chosen.items()}
        | ({"search_uncached": _described([Target("search", "GET", path) for path in searches]) + " (cache off)"}
           if "search_uncached" in results else {}),
        "search_cache_hit_rate_min": round(hit_rate_min, 4),
        "search_cache_hit_rate_max": round(hit_rate_max, 4),
        "search_requests_distinct": distinct,
        "search_requests_sent": searched,
        "resolve_scenarios": len(bodies),
        "linked_scenarios": len(links),
        "cold_start_s": round(cold_seconds, 2),
        "warm_start_s": round(warm_seconds, 2),
        "index_build_s": round(build, 2),
        "load": load,
        "settings": {"workers": options.workers, "connections": options.connections, "seconds": options.seconds,
                     "store": "postgresql" if options.database_url else "sqlite",
                     "page_cache": not options.no_page_cache},
    }


def _described(requests: list[Target]) -> str:
    first = requests[0].path
    return first if len(requests) == 1 else f"{first} (and {len(requests) - 1} more in turn)"


def _rounded(values: dict[str, float]) -> dict[str, float]:
    return {name: round(value, 1) for name, value in values.items()}


def print_report(report: dict, options) -> None:
    settings = report["settings"]
    print(f"gunicorn {settings['workers']} sync workers on {HOST}; wrk 1 thread, {settings['connections']} "
          f"connections, {settings['seconds']:g} s per route; short links in {settings['store']}"
          f"{'' if settings['page_cache'] else '; page cache off'}\n")
    print(f"{'route':<15} {'req/s':>9} {'ratio':>7} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7}  path")
    for name, rps in report["rps"].items():
        path = report["paths"][name]
        shown = path if len(path) <= 40 else path[:37] + "..."
        print(f"{name:<15} {rps:>9.1f} {report['ratio'][name]:>6.3f}x {report['p50_ms'][name]:>8.2f} "
              f"{report['p99_ms'][name]:>8.2f} {report['errors'][name]:>7}  {shown}")
    if "search" in report["rps"]:
        print(f"\nsearch: {report['search_requests_distinct']} distinct requests in turn, "
              f"{report['search_requests_sent']} sent; result cache hit rate between "
              f"{report['search_cache_hit_rate_min']:.1%} and {report['search_cache_hit_rate_max']:.1%} "
              f"(search_uncached: the same with the cache off)")
    print(f"resolve: every scenario of the corpus in turn ({report['resolve_scenarios']} files); stored rulings "
          f"and stateless links: {report['linked_scenarios']} of them")
    ratio = report["ratio"]
    for name, target in TARGETS.items():
        if name not in ratio:
            continue
        print(f"target {name} >= {target}x baseline: {ratio[name]:.3f}x ({'met' if ratio[name] >= target else 'MISSED'})")
    print(f"cold start {report['cold_start_s']:.2f} s (index built), warm start {report['warm_start_s']:.2f} s, "
          f"index build alone {report['index_build_s']:.2f} s")
    load = report["load"]
    if load:
        print(f"\nmixed load {load['seconds']:g} s (every request of the five routes in turn): {load['requests']} requests, "
              f"{load['rps']} req/s, p50 {load['p50_ms']} ms, p99 {load['p99_ms']} ms, errors {load['errors']}")
        for moment in ("start", "end"):
            memory = load[f"rss_mib_{moment}"]
            listed = ", ".join(f"{name} {value:.1f}" for name, value in memory.items())
            print(f"RSS MiB at {moment}: {listed} (total {sum(memory.values()):.1f})")


if __name__ == "__main__":
    sys.exit(main())
