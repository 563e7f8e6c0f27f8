"""Several instances of the service behind one nginx, sharing PostgreSQL (links, cards) and Redis (the write
limit): the harness of tests/production/test_many_instances.py, and a load through nginx with one instance
killed halfway (loopback only, every wait bounded, every process stopped by its id).

    python -m bench.instances --database-url postgresql://user:pass@127.0.0.1:5432/db           # 60 s, 2 instances
    python -m bench.instances --database-url … --seconds 20 --instances 3 --workers 2 --json

Each instance is the README's production command (gunicorn, sync workers, ``--preload``) on a loopback port of
its own, in its own process group and data directory (its own search index), with ``ADJUDICATOR_DATABASE_URL``
(a schema made for the run and dropped after) and ``ADJUDICATOR_RATELIMIT_STORAGE`` (a redis-server started for
the run, nothing saved). nginx runs deploy/nginx.conf with one ``server`` line per instance. The load is
``--threads`` clients on keep-alive connections to nginx, each sending in turn: /healthz, clause pages, the
search's requests, stored rulings (/t/<id>) and POST /api/resolve (a POST: nginx must send it again to the
other instance when the one it reached dies). Halfway, the last instance's whole process group gets SIGKILL.
It prints the requests, the errors (no answer, or an answer that is not 2xx/3xx; by status), p50/p99 latency,
and the same for the seconds after the kill.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from bench import http_bench
from bench.front_server import NGINX, start_nginx, wait_for_port
from bench.http_bench import HOST, PRODUCTION_OPTIONS, ROOT, free_port

REDIS = shutil.which("redis-server") or "/usr/bin/redis-server"
START_SECONDS = 120.0
REQUEST_TIMEOUT = 30.0


# --- the processes ------------------------------------------------------------------------------------------


def start_redis(directory: Path, port: int) -> subprocess.Popen:
    """A redis-server on loopback that keeps nothing on disk (the counters live a minute at most)."""
    directory.mkdir(parents=True, exist_ok=True)
    return subprocess.Popen([REDIS, "--port", str(port), "--bind", HOST, "--save", "", "--appendonly", "no",
                             "--dir", str(directory)], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)


def schema_url(url: str) -> tuple[str, str]:
    """A new schema in the database ``url`` names (the run's tables go there): (its URL, its name)."""
    import psycopg

    name = f"instances_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(url, autocommit=True) as db:
        db.execute(f"CREATE SCHEMA {name}")
    separator = "&" if "?" in url else "?"
    return f"{url}{separator}options=-csearch_path%3D{name}", name


def drop_schema(url: str, name: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as db:
        db.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")


@dataclass
class Instance:
    """One gunicorn (the README's production command) in a process group of its own."""

    port: int
    data_dir: Path
    log: Path
    process: subprocess.Popen | None = None

    def start(self, environment: dict[str, str], workers: int) -> None:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        command = [sys.executable, "-m", "gunicorn", "-w", str(workers), "-b", f"{HOST}:{self.port}",
                   "--limit-request-line", "0", *PRODUCTION_OPTIONS, "adjudicator.web:create_app()"]
        with self.log.open("ab") as sink:
            self.process = subprocess.Popen(command, cwd=ROOT, stdout=sink, stderr=subprocess.STDOUT,
                                            env={**environment, "ADJUDICATOR_DATA_DIR": str(self.data_dir)},
                                            start_new_session=True)

    def wait(self, seconds: float = START_SECONDS) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn on port {self.port} exited; see {self.log}")
            try:
                if request(self.port, "GET", "/healthz", timeout=2)[0] == 200:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise RuntimeError(f"gunicorn on port {self.port} did not answer in {seconds:.0f} s; see {self.log}")

    def kill(self) -> None:
        """kill -9 of the master and every worker at once (the machine or the container died)."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)


class Fleet:
    """``count`` instances behind nginx on one PostgreSQL schema and one Redis; a context manager."""

    def __init__(self, directory: Path, database_url: str, count: int = 2, workers: int = 2,
                 write_limit: str = "100000 per minute", index: Path | None = None):
        """``index``: a built index directory copied into each data directory (the tests' own), else each
        instance builds its own at its first start, as in a deployment."""
        self.directory, self.database_url, self.count, self.workers = directory, database_url, count, workers
        self.write_limit, self.index = write_limit, index
        self.instances = [Instance(free_port(), directory / f"data-{n}", directory / f"gunicorn-{n}.log")
                          for n in range(count)]
        self.nginx_port, self.redis_port = free_port(), free_port()
        self.url, self._schema = "", ""
        self._redis: subprocess.Popen | None = None
        self._nginx: subprocess.Popen | None = None

    def __enter__(self) -> Fleet:
        self.url, self._schema = schema_url(self.database_url)
        try:
            self._redis = start_redis(self.directory / "redis", self.redis_port)
            wait_for_port(self.redis_port)
            environment = {**os.environ, "ADJUDICATOR_DATABASE_URL": self.url,
                           "ADJUDICATOR_RATELIMIT_STORAGE": f"redis://{HOST}:{self.redis_port}/0",
                           "ADJUDICATOR_WRITE_LIMIT": self.write_limit, "ADJUDICATOR_PROXY_HOPS": "1",
                           "ADJUDICATOR_ALLOWED_HOSTS": "127.0.0.1,localhost"}
            environment.pop("PYTHONDONTWRITEBYTECODE", None)  # as a deployment: compiled once, read after
            for instance in self.instances:
                if self.index is not None:
                    instance.data_dir.mkdir(parents=True, exist_ok=True)
                    shutil.copytree(self.index, instance.data_dir / "index", symlinks=True)
                instance.start(environment, self.workers)
            for instance in self.instances:
                instance.wait()
            self._nginx = start_nginx(self.directory / "nginx", self.nginx_port,
                                      [instance.port for instance in self.instances])
            wait_for_port(self.nginx_port)
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc) -> None:
        if self._nginx is not None and self._nginx.poll() is None:
            self._nginx.send_signal(signal.SIGTERM)
            self._nginx.wait(timeout=15)
        for instance in self.instances:
            instance.stop()
        if self._redis is not None and self._redis.poll() is None:
            self._redis.terminate()
            self._redis.wait(timeout=15)
        if self._schema:
            drop_schema(self.database_url, self._schema)

    def upstream_failures(self) -> int:
        """Requests that failed on the instance nginx chose (its error log's lines): each one is sent on to the
        next instance where proxy_next_upstream allows it, else its client gets a 502."""
        log = self.directory / "nginx" / "error.log"
        text = log.read_text(encoding="utf-8", errors="replace") if log.exists() else ""
        return sum("upstream" in line and ("failed" in line or "prematurely" in line or "reset" in line)
                   for line in text.splitlines())

    def redis_keys(self) -> list[str]:
        import redis

        return [key.decode() for key in redis.Redis(host=HOST, port=self.redis_port).keys("*")]


def request(port: int, method: str, path: str, body: bytes | None = None, headers: dict | None = None,
            timeout: float = REQUEST_TIMEOUT, connection: http.client.HTTPConnection | None = None
            ) -> tuple[int, bytes, dict]:
    """One request (on ``connection`` if given, kept open): status, body, headers."""
    own = connection is None
    connection = connection or http.client.HTTPConnection(HOST, port, timeout=timeout)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        answer = connection.getresponse()
        return answer.status, answer.read(), dict(answer.getheaders())
    finally:
        if own:
            connection.close()


# --- the load -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Call:
    method: str
    path: str
    body: bytes | None = None
    headers: tuple[tuple[str, str], ...] = ()


def calls(port: int, scenarios: int = 40, searches: int = 200) -> list[Call]:
    """The mixed traffic, made on ``port`` (stored rulings are made first, through it)."""
    bodies = http_bench.scenario_bodies(http_bench.SCENARIOS[::max(1, len(http_bench.SCENARIOS) // scenarios)])[:scenarios]
    stored = [post_json(port, "/api/resolve?short=true", body)["links"]["short"] for body in bodies[:10]]
    json_type = (("Content-Type", "application/json"),)
    mixed = [Call("GET", "/healthz")]
    mixed += [Call("GET", path) for path in http_bench.clause_paths()[:60]]
    mixed += [Call("GET", path) for path in http_bench.search_paths(http_bench.query_texts())[:searches]]
    mixed += [Call("GET", link) for link in stored]
    mixed += [Call("POST", "/api/resolve", body.encode("utf-8"), json_type) for body in bodies]
    import random

    random.Random(25).shuffle(mixed)
    return mixed


def post_json(port: int, path: str, body: str, headers: dict | None = None) -> dict:
    status, answer, _ = request(port, "POST", path, body.encode("utf-8"),
                                {"Content-Type": "application/json", **(headers or {})})
    if status != 200:
        raise RuntimeError(f"POST {path} answered {status}: {answer[:300]!r}")
    return json.loads(answer)


@dataclass
class Outcome:
    started: float  # seconds since the load began
    seconds: float
    status: int  # 0: no answer (connection refused or reset, timed out)


@dataclass
class Load:
    """``threads`` clients sending ``calls`` in turn through ``port`` until stopped, each outcome kept."""

    port: int
    calls: list[Call]
    threads: int
    outcomes: list[Outcome] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)

    def run(self, seconds: float, halfway=None) -> float | None:
        """Send for ``seconds``; ``halfway()`` is called at half time. Returns when it was called."""
        self.began = time.monotonic()
        workers = [threading.Thread(target=self._client, args=(n,), daemon=True) for n in range(self.threads)]
        for worker in workers:
            worker.start()
        at = None
        if halfway is not None:
            time.sleep(seconds / 2)
            at = time.monotonic() - self.began
            halfway()
            time.sleep(seconds / 2)
        else:
            time.sleep(seconds)
        self.stop.set()
        for worker in workers:
            worker.join(timeout=REQUEST_TIMEOUT + 5)
        return at

    def _client(self, n: int) -> None:
        connection = http.client.HTTPConnection(HOST, self.port, timeout=REQUEST_TIMEOUT)
        turn = n * 7
        kept: list[Outcome] = []
        while not self.stop.is_set():
            call = self.calls[turn % len(self.calls)]
            turn += 1
            started = time.monotonic()
            try:
                status = request(self.port, call.method, call.path, call.body, dict(call.headers),
                                 connection=connection)[0]
            except (OSError, http.client.HTTPException):
                status = 0
                connection.close()
                connection = http.client.HTTPConnection(HOST, self.port, timeout=REQUEST_TIMEOUT)
            kept.append(Outcome(started - self.began, time.monotonic() - started, status))
        connection.close()
        self.outcomes.extend(kept)  # list.extend is atomic under the GIL


@dataclass
class LinkWriter:
    """One client making short links through ``port`` until stopped (each a new scenario: a real write), every
    link the service acknowledged kept with its title, to be opened again after the fault."""

    port: int
    scenario: dict
    acknowledged: dict[str, str] = field(default_factory=dict)  # /t/<id> -> title
    failed: int = 0
    stop: threading.Event = field(default_factory=threading.Event)

    def run(self) -> None:
        n = 0
        while not self.stop.is_set():
            n += 1
            title = f"書き込み中の停止 {n}"
            body = json.dumps({**self.scenario, "title": title}, ensure_ascii=False).encode("utf-8")
            try:
                status, answer, _ = request(self.port, "POST", "/api/resolve?short=true", body,
                                            {"Content-Type": "application/json"})
            except (OSError, http.client.HTTPException):
                status, answer = 0, b""
            if status == 200:
                self.acknowledged[json.loads(answer)["links"]["short"]] = title
            else:
                self.failed += 1

    def lost(self, port: int) -> int:
        """Acknowledged links that do not open (or open as another ruling) through ``port`` now."""
        missing = 0
        for link, title in self.acknowledged.items():
            status, answer, _ = request(port, "GET", f"{link}.json")
            missing += status != 200 or json.loads(answer)["scenario"].get("title") != title
        return missing


def summary(outcomes: list[Outcome]) -> dict:
    latencies = sorted(outcome.seconds for outcome in outcomes)
    statuses = Counter(outcome.status for outcome in outcomes)
    errors = sum(n for status, n in statuses.items() if not 200 <= status < 400)

    def percentile(share: float) -> float:
        return round(latencies[min(len(latencies) - 1, int(share * len(latencies)))] * 1000, 1) if latencies else 0.0

    return {"requests": len(outcomes), "errors": errors, "statuses": {str(k): v for k, v in sorted(statuses.items())},
            "p50_ms": percentile(0.50), "p99_ms": percentile(0.99), "max_ms": percentile(1.0)}


def killed_halfway(fleet: Fleet, seconds: float, threads: int, scenarios: int = 40, searches: int = 200) -> dict:
    """The load through nginx, the last instance killed (SIGKILL to its process group) at half time."""
    traffic = calls(fleet.nginx_port, scenarios, searches)
    for call in traffic:  # every request once before, through nginx (each instance's first requests: not counted)
        request(fleet.nginx_port, call.method, call.path, call.body, dict(call.headers))
    load = Load(fleet.nginx_port, traffic, threads)
    writer = LinkWriter(fleet.nginx_port, json.loads(traffic_scenario()))
    writing = threading.Thread(target=writer.run, daemon=True)
    writing.start()
    killed_at = load.run(seconds, halfway=fleet.instances[-1].kill)
    writer.stop.set()
    writing.join(timeout=REQUEST_TIMEOUT + 5)
    after = [outcome for outcome in load.outcomes if outcome.started >= killed_at]
    return {"all": summary(load.outcomes), "after_the_kill": summary(after), "killed_at_s": round(killed_at, 1),
            "rps": round(len(load.outcomes) / seconds, 1), "failed_on_an_instance": fleet.upstream_failures(),
            "links": {"acknowledged": len(writer.acknowledged), "failed": writer.failed,
                      "lost": writer.lost(fleet.nginx_port)}}


def traffic_scenario() -> str:
    return http_bench.scenario_bodies(http_bench.SCENARIOS[:1])[0]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", default=os.environ.get("ADJUDICATOR_TEST_DATABASE_URL", ""),
                        help="a PostgreSQL database to make a schema in (default $ADJUDICATOR_TEST_DATABASE_URL)")
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the load (default 60, at most 600)")
    parser.add_argument("--instances", type=int, default=2, help="instances behind nginx (default 2, 2 to 8)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers per instance (default 2)")
    parser.add_argument("--threads", type=int, default=8, help="clients sending at once (default 8, at most 64)")
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    if not options.database_url or not Path(NGINX).exists() or not Path(REDIS).exists():
        print("needs --database-url (or $ADJUDICATOR_TEST_DATABASE_URL), nginx and redis-server", file=sys.stderr)
        return 2
    if not (0 < options.seconds <= 600 and 2 <= options.instances <= 8 and 1 <= options.threads <= 64
            and 1 <= options.workers <= 8):
        print("--seconds in (0, 600], --instances in [2, 8], --threads in [1, 64], --workers in [1, 8]",
              file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="instances-bench-") as scratch:
        with Fleet(Path(scratch), options.database_url, options.instances, options.workers) as fleet:
            report = killed_halfway(fleet, options.seconds, options.threads)
    report["settings"] = {key: getattr(options, key) for key in ("seconds", "instances", "workers", "threads")}
    if options.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
        return 0
    print(f"nginx → {options.instances} instances × {options.workers} sync workers (PostgreSQL, Redis), "
          f"{options.seconds:g} s, {options.threads} clients; the last instance killed (SIGKILL) at "
          f"{report['killed_at_s']} s")
    for name in ("all", "after_the_kill"):
        part = report[name]
        print(f"  {name.replace('_', ' ')}: {part['requests']} requests, {part['errors']} errors {part['statuses']}, "
              f"p50 {part['p50_ms']} ms, p99 {part['p99_ms']} ms, max {part['max_ms']} ms")
    print(f"  requests that failed on the instance nginx chose (sent on to another): {report['failed_on_an_instance']}")
    links = report["links"]
    print(f"  one client making short links meanwhile: {links['acknowledged']} acknowledged, {links['failed']} failed, "
          f"{links['lost']} acknowledged and lost")
    return 0


if __name__ == "__main__":
    sys.exit(main())
