"""HTTP throughput and latency of the service under gunicorn, on loopback, with wrk.

    python -m bench.http_bench                  # table, then a 60-second mixed load
    python -m bench.http_bench --json           # {"rps": {...}, "ratio": {...}, "p99_ms": {...}, ...}
    python -m bench.http_bench --load-seconds 0 # no load run
    python -m bench.http_bench --database-url postgresql://… --routes stored_ruling,make_link  # links on PostgreSQL

Starts gunicorn on 127.0.0.1 on a free port with a fresh data directory and measures, in one run:

- cold start (process start until /healthz answers, the search index built on the way), warm start (the
  same with the index reused) and the index build time on its own (in this process); the latency of the
  first live-box request and of the first submitted search after a start (each on a fresh server);
- side by side, with the same wrk settings, requests/s and p50/p99 latency of: /healthz (the baseline,
  a route that does nothing), clause pages (in turn every clause of Hi!story), the search (below),
  POST /api/resolve (in turn EVERY scenario file under scenarios/, as
  JSON, so no cache of rulings can answer), stored rulings ``/t/<id>`` (links made through ``POST /t``)
  and stateless links ``/s/<payload>``, and making a short link (``POST /t`` with those payloads in turn: the
  first of each a write, then a ruling already stored); each as a ratio to the baseline's requests/s;
- the search once more on a second server with the result cache off (``search_uncached``);
- a bounded mixed load (all routes in turn) for --load-seconds, with wrk's error counts and the resident
  memory (RSS) of the gunicorn master and workers before and after.

The search traffic. Every query of the shared query files and of ``bench/queries/`` (300+ distinct
questions) is typed by its own person, in a fixed shuffled order of people: each sends the prefixes the
as-you-type box asks for while typing (``/search.json?…&limit=8``, one per character: a fast typist outruns
the box's 200 ms delay only sometimes), then the results page ``/search?q=…``. ``search`` sends exactly
that, nothing deduplicated (everyone who types その後 sends そ and その, so shared prefixes repeat as they
would) and nothing repeated that people would not repeat (each question once per turn).
``search_live`` and ``search_submit`` are that traffic's two parts alone (the prefixes, sent where the home
page's live box sends them, its ``data-live-search``; the submitted pages). ``search_distinct`` is the harsh case: every distinct request of that traffic once, shuffled, so no cache
can answer; ``search_uncached`` sends the same with the result cache off. Each measured run goes on from
where its 1-second warm-up stopped (one stream, so the run does not resend the warm-up's requests), and
the hit rate printed is measured, not bounded: the app tells the bench whether its result cache answered
(``X-Search-Cache``, only with ``SEARCH_CACHE_HEADER``), and wrk counts it.

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
import re
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
# Search traffic: every query file we have, typed as people type (live prefixes) and then submitted. The
# shared sets sit beside the checkout (--shared names their folder when the checkout is elsewhere).
SHARED = ROOT.parent / "shared" / "search"


def query_files(shared: Path = SHARED) -> tuple[Path, ...]:
    return (shared / "dev-queries.tsv", shared / "more-queries.tsv", *sorted((ROOT / "bench" / "queries").glob("*.tsv")))


# Where the live box sends its prefixes when the home page does not say (its data-live-search attribute).
DEFAULT_LIVE_ENDPOINT = "/search.json"
MIN_DISTINCT_SEARCHES = 200
# The targets, as ratios to the baseline measured in the same run.
TARGETS = {"clause": 0.6, "stored_ruling": 0.5, "search": 0.5, "resolve": 0.3}
LIVE_LIMIT = 8          # static/js/app.js: the as-you-type box asks for this many hits
# The first request of each search route after a start: the search (and the card reader) must be ready before it.
FIRST_QUERIES = ("「その後、1枚引く」が途中で止まったら", "ブロック")
SHUFFLE_SEED = 20261201
# The search says whether its result cache answered (X-Search-Cache), so the bench counts the hit rate.
SEARCH_COUNTED_APP = "adjudicator.web:create_app({{{}'SEARCH_CACHE_HEADER': True}})"
UNCACHED_APP = SEARCH_COUNTED_APP.format("'SEARCH_CACHE_SIZE': 0, ")
SPLIT_SEARCH_ROUTES = ("search_live", "search_submit")  # ``search`` in two parts: not again in the mixed load
SEARCH_ROUTES = ("search", "search_distinct", *SPLIT_SEARCH_ROUTES)
BROWSER_HEADERS = {"Accept-Encoding": "gzip, deflate, br", "Accept": "text/html,application/json"}
START_TIMEOUT = 300.0   # seconds: a cold start builds the index
POLL_INTERVAL = 0.01  # seconds between /healthz tries: the start is timed to within this
STOP_TIMEOUT = 15.0
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")  # /proc's unit of CPU time

# wrk prints one JSON line at the end (one wrk thread, so one Lua state sends every request in turn). done()
# runs in wrk's main Lua state: the search cache's counts are read from the thread's state.
WRK_DONE = r"""
local threads = {}
setup = function(thread)
  table.insert(threads, thread)
end
done = function(summary, latency, requests)
  local e = summary.errors
  local hits, misses = 0, 0
  for _, thread in ipairs(threads) do
    hits = hits + (thread:get("cache_hits") or 0)
    misses = misses + (thread:get("cache_misses") or 0)
  end
  io.write(string.format(
    '\nRESULT {"requests": %d, "duration_us": %d, "connect": %d, "read": %d, "write": %d, "status": %d, ' ..
    '"timeout": %d, "p50_us": %d, "p99_us": %d, "cache_hits": %d, "cache_misses": %d}\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99), hits, misses))
end
"""
# Counts the search result cache's answers (X-Search-Cache, sent when the app has SEARCH_CACHE_HEADER set).
# Only in the search runs: a response() callback makes wrk hand every response's headers to Lua.
WRK_COUNT_CACHE = r"""
cache_hits, cache_misses = 0, 0
response = function(status, headers, body)
  local said = headers["X-Search-Cache"]
  if said == "hit" then cache_hits = cache_hits + 1 elseif said == "miss" then cache_misses = cache_misses + 1 end
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
    cache_hits: int = 0  # search result cache answers counted from X-Search-Cache (search runs only)
    cache_misses: int = 0

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

    def worker_pids(self) -> list[int]:
        """The master's live workers, from /proc."""
        master = self.process.pid
        return [int(pid) for pid in Path(f"/proc/{master}/task/{master}/children").read_text().split()]

    def rss_mib(self) -> dict[str, float]:
        """Resident memory of the master and each worker, from /proc."""
        return {"master": _rss_mib(self.process.pid), **{f"worker {pid}": _rss_mib(pid) for pid in self.worker_pids()}}


def proc_stat(pid: int) -> list[str]:
    """/proc/<pid>/stat's fields after the process name (which may hold spaces): proc(5)'s field 3 is [0]."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def cpu_seconds(pid: int) -> float:
    """User + system CPU a process has used (proc(5) fields 14 and 15)."""
    fields = proc_stat(pid)
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS



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


def query_texts(files=None) -> list[str]:
    """The first column of each query file that exists (a header line, then query<TAB>gold<TAB>note). A missing
    file is named on stderr: run from a worktree, the shared sets are not beside the checkout, and a traffic
    without them would be measured without a word (--shared names their folder)."""
    texts: dict[str, None] = {}
    for path in files if files is not None else query_files():
        if not path.is_file():
            print(f"query file not found, left out of the traffic: {path} (--shared names the shared sets' folder)",
                  file=sys.stderr)
        else:
            for line in path.read_text("utf-8").splitlines()[1:]:
                text = line.split("\t")[0].strip()
                if text:
                    texts.setdefault(text, None)
    return list(texts)


def live_path(prefix: str, endpoint: str = DEFAULT_LIVE_ENDPOINT) -> str:
    return f"{endpoint}?q={urllib.request.quote(prefix)}&book=hi-story&limit={LIVE_LIMIT}"


def submitted_path(text: str) -> str:
    return "/search?q=" + urllib.request.quote(text)


def typed_requests(text: str, endpoint: str = DEFAULT_LIVE_ENDPOINT) -> list[str]:
    """What one person's search sends: the live box's prefixes while typing (one per character, as a
    fast typist outruns the 200 ms delay only sometimes), then the submitted results page."""
    paths = []
    for end in range(1, len(text)):
        prefix = text[:end].strip()
        if prefix:
            paths.append(live_path(prefix, endpoint))
    return paths + [submitted_path(text)]


def live_endpoint(base: str) -> str:
    """Where the home page's live box sends its prefixes (its data-live-search attribute): the bench sends what
    the page of the code under test sends."""
    with urllib.request.urlopen(base + "/", timeout=30) as response:
        page = response.read().decode("utf-8")
    found = re.search(r'data-live-search="([^"]+)"', page)
    return found.group(1) if found else DEFAULT_LIVE_ENDPOINT


def first_request_ms(base: str, path: str) -> float:
    started = time.perf_counter()
    with urllib.request.urlopen(base + path, timeout=60) as response:
        response.read()
    return (time.perf_counter() - started) * 1000


def typed_search_paths(texts: list[str], endpoint: str = DEFAULT_LIVE_ENDPOINT) -> list[str]:
    """The realistic search traffic: each query typed by its own person, the people in a fixed shuffled
    order, each one's requests in the order typed. Nothing is deduplicated (everyone who types その後
    sends そ and その), and nothing is repeated that people would not repeat: each query once."""
    people = list(texts)
    random.Random(SHUFFLE_SEED).shuffle(people)
    return [path for text in people for path in typed_requests(text, endpoint)]


def search_paths(texts: list[str], endpoint: str = DEFAULT_LIVE_ENDPOINT) -> list[str]:
    """The harsh search traffic: every distinct request of typed_search_paths once, shuffled, so no
    request repeats within a turn and no result cache can answer (the cost of a miss)."""
    ordered = list(dict.fromkeys(path for text in texts for path in typed_requests(text, endpoint)))
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


def routes(links: list[tuple[str, str]], bodies: list[str], typed: list[str], distinct: list[str],
           clauses: list[str]) -> dict[str, list[Target]]:
    """Each measured route and the requests wrk sends to it in turn."""
    return {
        "baseline": [Target("baseline", "GET", "/healthz")],
        "clause": [Target("clause", "GET", path) for path in clauses],
        "search": [Target("search", "GET", path) for path in typed],
        "search_distinct": [Target("search_distinct", "GET", path) for path in distinct],
        # The same realistic traffic split in two: the live box's prefixes alone, the submitted pages alone.
        "search_live": [Target("search_live", "GET", path) for path in typed if not path.startswith("/search?")],
        "search_submit": [Target("search_submit", "GET", path) for path in typed if path.startswith("/search?")],
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


def wrk_script(chosen: list[Target], count_cache: bool = False) -> str:
    """Requests in turn (one target: always that one), then the JSON summary."""
    requests = ",\n  ".join(_lua_request(target) for target in chosen)
    return (f"local requests = nil\nlocal turn = 0\n"
            f"init = function(args)\n  requests = {{\n  {requests}\n  }}\n  turn = (tonumber(args[1]) or 0) % #requests\nend\n"
            f"request = function()\n  turn = turn % #requests + 1\n  return requests[turn]\nend\n"
            f"{WRK_COUNT_CACHE if count_cache else ''}{WRK_DONE}")


def run_wrk(base: str, chosen: list[Target], seconds: float, connections: int, scripts: Path,
            count_cache: bool = False, start: int = 0) -> Measured:
    """wrk over ``chosen`` in turn, from request ``start`` (a run that goes on from a warm-up's last request)."""
    script = scripts / f"{'-'.join(dict.fromkeys(target.name for target in chosen))}.lua"
    script.write_text(wrk_script(chosen, count_cache), "utf-8")
    command = ["wrk", "-t1", f"-c{connections}", f"-d{seconds:g}s", "--timeout", "10s", "-s", str(script), base,
               "--", str(start)]
    run = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 60, check=False)
    line = next((line for line in run.stdout.splitlines() if line.startswith("RESULT ")), None)
    if run.returncode != 0 or line is None:
        raise RuntimeError(f"wrk failed ({run.returncode}): {run.stderr.strip() or run.stdout.strip()}")
    data = json.loads(line.removeprefix("RESULT "))
    errors = sum(data[key] for key in ("connect", "read", "write", "status", "timeout"))
    return Measured(data["requests"], data["duration_us"] / 1e6, errors, data["p50_us"] / 1000, data["p99_us"] / 1000,
                    data["cache_hits"], data["cache_misses"])


def measure_route(base: str, requests: list[Target], options, scratch: Path, count_cache: bool = False) -> Measured:
    """A 1-second warm-up (not counted), then the measured run going on from the warm-up's last request: one
    stream of traffic, so the run does not send again what the warm-up just sent (a repeat that would be the
    bench's, not the traffic's)."""
    warm_up = run_wrk(base, requests, 1, options.connections, scratch)
    return run_wrk(base, requests, options.seconds, options.connections, scratch, count_cache,
                   start=warm_up.requests)


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
    parser.add_argument("--shared", type=Path, default=SHARED, help="the folder of the shared query sets")
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
    first_search_ms = first_searches(data_dir, options, log)

    app = SEARCH_COUNTED_APP.format("'PAGE_CACHE_SIZE': 0, " if options.no_page_cache else "")
    server = Server(data_dir, options.workers, log, app, database_url=options.database_url)
    warm_seconds = server.start()
    texts = query_texts(query_files(options.shared))
    endpoint = live_endpoint(server.base)
    typed, distinct = typed_search_paths(texts, endpoint), search_paths(texts, endpoint)
    if len(texts) < MIN_DISTINCT_SEARCHES:
        raise RuntimeError(f"only {len(texts)} distinct queries; the realistic mix needs 200+")
    try:
        bodies = scenario_bodies()
        links = [make_stored_ruling(server.base, body) for body in bodies[:LINKED_SCENARIOS]]
        chosen = routes(links, bodies, typed, distinct, clause_paths())
        wanted = {"baseline", *filter(None, options.routes.split(","))} if options.routes else set(chosen) | {"search_uncached"}
        unknown = wanted - set(chosen) - {"search_uncached"}
        if unknown:
            raise SystemExit(f"unknown routes: {', '.join(sorted(unknown))}")
        chosen = {name: requests for name, requests in chosen.items() if name in wanted}
        results: dict[str, Measured] = {}
        for name, requests in chosen.items():
            results[name] = measure_route(server.base, requests, options, scratch, count_cache=name in SEARCH_ROUTES)
        load = None
        if options.load_seconds:
            memory_before = server.rss_mib()
            everything = [target for name, requests in chosen.items() if name not in SPLIT_SEARCH_ROUTES
                          for target in requests]
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
            uncached_searches = [Target("search_uncached", "GET", path) for path in distinct]
            results["search_uncached"] = measure_route(uncached.base, uncached_searches, options, scratch,
                                                       count_cache=True)
        finally:
            uncached.stop()

    baseline = results["baseline"].rps
    return {
        "rps": {name: round(m.rps, 1) for name, m in results.items()},
        "ratio": {name: round(m.rps / baseline, 3) for name, m in results.items()},
        "p50_ms": {name: round(m.p50_ms, 2) for name, m in results.items()},
        "p99_ms": {name: round(m.p99_ms, 2) for name, m in results.items()},
        "errors": {name: m.errors for name, m in results.items()},
        "paths": {name: _described(requests) for name, requests in chosen.items()}
        | ({"search_uncached": _described([Target("search", "GET", path) for path in distinct]) + " (cache off)"}
           if "search_uncached" in results else {}),
        # Measured: the share of the run's search requests the result cache answered (X-Search-Cache).
        "search_cache_hit_rate": {name: round(m.cache_hits / (m.cache_hits + m.cache_misses), 4)
                                  for name, m in results.items() if m.cache_hits + m.cache_misses},
        "search_queries": len(texts),
        "search_requests_in_turn": {"search": len(typed), "search_distinct": len(distinct)},
        "search_requests_distinct": len(set(typed)),
        "resolve_scenarios": len(bodies),
        "linked_scenarios": len(links),
        "cold_start_s": round(cold_seconds, 2),
        "warm_start_s": round(warm_seconds, 2),
        "first_search_ms": first_search_ms,
        "live_endpoint": endpoint,
        "index_build_s": round(build, 2),
        "load": load,
        "settings": {"workers": options.workers, "connections": options.connections, "seconds": options.seconds,
                     "store": "postgresql" if options.database_url else "sqlite",
                     "page_cache": not options.no_page_cache},
    }


def first_searches(data_dir: Path, options, log: Path) -> dict[str, float]:
    """The latency of the first request to each search route after a (warm) start, each on a server of its own:
    nothing a search needs may wait for its first request."""
    measured = {}
    for route in ("search_live", "search_submit"):
        server = Server(data_dir, options.workers, log, database_url=options.database_url)
        server.start()
        try:
            endpoint = live_endpoint(server.base) if route == "search_live" else ""
            # Two requests: with two workers, each may be a worker's first.
            times = [first_request_ms(server.base, live_path(text, endpoint) if endpoint else submitted_path(text))
                     for text in FIRST_QUERIES]
        finally:
            server.stop()
        measured[route] = round(times[0], 1)
        measured[route + "_second"] = round(times[1], 1)
    return measured


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
    rates = report["search_cache_hit_rate"]
    if rates:
        turns = report["search_requests_in_turn"]
        print(f"\nsearch: {report['search_queries']} queries, each typed by its own person (every prefix, then the "
              f"page): {turns['search']} requests in turn, {report['search_requests_distinct']} distinct; "
              f"search_distinct: the {turns['search_distinct']} distinct requests once each; search_uncached: those "
              f"with the cache off")
        print("result cache hit rate (measured, X-Search-Cache): "
              + ", ".join(f"{name} {rate:.1%}" for name, rate in rates.items()))
    print(f"resolve: every scenario of the corpus in turn ({report['resolve_scenarios']} files); stored rulings "
          f"and stateless links: {report['linked_scenarios']} of them")
    ratio = report["ratio"]
    for name, target in TARGETS.items():
        if name not in ratio:
            continue
        print(f"target {name} >= {target}x baseline: {ratio[name]:.3f}x ({'met' if ratio[name] >= target else 'MISSED'})")
    print(f"cold start {report['cold_start_s']:.2f} s (index built), warm start {report['warm_start_s']:.2f} s, "
          f"index build alone {report['index_build_s']:.2f} s")
    first = report["first_search_ms"]
    print(f"first search after a start (ms, first / second request): live box ({report['live_endpoint']}) "
          f"{first['search_live']} / {first['search_live_second']}, submitted page {first['search_submit']} / "
          f"{first['search_submit_second']}")
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
