"""The production front: nginx (Debian's package, deploy/nginx.conf) in front of gunicorn, started for real.

- Slow clients (a header sent at 1 byte/s, a body shorter than its Content-Length) hold nginx, never a gunicorn
  worker: /healthz keeps answering while they hang on. Straight to gunicorn the same clients starve it (shown
  too, so the test would fail if nginx stopped buffering).
- What nginx refuses or cannot forward is answered in Japanese: 400, 413, 414, 431, 502, 504.
- kill -9 of a worker, and of the master, while links are being made: every link acknowledged is intact; after
  the master's death the restart path of deploy/adjudicator.service (KillMode=mixed: kill what is left of the
  process group, start again) brings the service back on the same port.

Skipped with a message when nginx is not installed (``.ci/run`` installs it).
"""

from __future__ import annotations

import http.client
import os
import shutil
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml

from adjudicator import paths
from adjudicator.reading import load_scenario
from adjudicator.links import encode_payload

REPOSITORY = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
EXAMPLE = paths.scenarios_dir() / "attack" / "block-deck-attack-excess.yaml"
STARTUP_SECONDS = 60


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _wait_for(port: int, process: subprocess.Popen | None = None, seconds: float = STARTUP_SECONDS) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if _get(port, "/healthz", timeout=2)[0] == 200:
                return
        except OSError:
            pass
        assert process is None or process.poll() is None, "the server exited"
        time.sleep(0.2)
    raise AssertionError(f"nothing answered /healthz on port {port} in {seconds} s")


def _get(port: int, path: str, timeout: float = 10, headers: dict | None = None) -> tuple[int, str, dict]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path, headers=headers or {})
        answer = connection.getresponse()
        return answer.status, answer.read().decode("utf-8", "replace"), dict(answer.getheaders())
    finally:
        connection.close()


def _post_form(port: int, path: str, fields: dict[str, str], timeout: float = 30) -> tuple[int, dict]:
    from urllib.parse import urlencode

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("POST", path, body=urlencode(fields),
                           headers={"Content-Type": "application/x-www-form-urlencoded"})
        answer = connection.getresponse()
        answer.read()
        return answer.status, dict(answer.getheaders())
    finally:
        connection.close()


def gunicorn_argv(port: int, workers: int = 2) -> list[str]:
    from tests.production.gunicorn_command import readme_gunicorn_argv  # the README's command, as the gunicorn tests run it

    argv = readme_gunicorn_argv(port)
    argv[argv.index("-w") + 1] = str(workers)
    return argv


def start_gunicorn(port: int, log: Path, data_dir: Path, workers: int = 2) -> subprocess.Popen:
    """The README's command in its own session (process group), as a supervisor would start it."""
    environment = {**os.environ, "ADJUDICATOR_DATA_DIR": str(data_dir), "ADJUDICATOR_PROXY_HOPS": "1",
                   "ADJUDICATOR_ALLOWED_HOSTS": "127.0.0.1,localhost",
                   "ADJUDICATOR_WRITE_LIMIT": "100000 per minute"}  # one client makes every link here
    with log.open("ab") as sink:
        return subprocess.Popen(gunicorn_argv(port, workers), stdout=sink, stderr=subprocess.STDOUT,
                                env=environment, start_new_session=True)


def _start_nginx(directory: Path, listen: int, upstream: int, read_timeout: str | None = None) -> subprocess.Popen:
    """deploy/nginx.conf on test ports (the benchmark's helper: one way to run the shipped configuration)."""
    from bench.front_server import start_nginx  # the benchmark's helper, imported only by the tests that start nginx

    return start_nginx(directory, listen, upstream, read_timeout)


def _stop(process: subprocess.Popen, group: bool = False) -> None:
    if process.poll() is None:
        if group:
            os.killpg(process.pid, signal.SIGTERM)
        else:
            process.terminate()
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL) if group else process.kill()
            process.wait(timeout=10)


@dataclass
class Front:
    nginx: int
    gunicorn: int


@pytest.fixture(scope="module")
def front(app, data_dir, tmp_path_factory) -> Iterator[Front]:
    """gunicorn (the README's command, two sync workers) behind nginx (deploy/nginx.conf)."""
    if not Path(NGINX).exists():
        pytest.skip("the front-server tests need Debian's nginx (apt-get install nginx; .ci/run does)")
    directory = tmp_path_factory.mktemp("front")
    upstream, listen = _free_port(), _free_port()
    server = start_gunicorn(upstream, directory / "gunicorn.log", data_dir)
    proxy = _start_nginx(directory / "nginx", listen, upstream)
    try:
        _wait_for(upstream, server)
        _wait_for(listen, proxy)
        yield Front(listen, upstream)
    finally:
        _stop(proxy)
        _stop(server, group=True)


# --- slow clients -------------------------------------------------------------------------------------------


def _slow_clients(port: int, stop: threading.Event, count: int = 6) -> list[threading.Thread]:
    """Half send a request at 1 byte/s; half send a body shorter than its Content-Length, then wait."""

    def dribble(n: int) -> None:
        with socket.create_connection(("127.0.0.1", port), timeout=60) as sock:
            if n % 2:
                request = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"z" * 200
                for byte in request:
                    if stop.wait(1.0):
                        return
                    sock.sendall(bytes([byte]))
            else:
                sock.sendall(b"POST /t HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded"
                             b"\r\nContent-Length: 5000\r\n\r\npayload=1.")
                stop.wait(60)

    threads = [threading.Thread(target=dribble, args=(n,), daemon=True) for n in range(count)]
    for thread in threads:
        thread.start()
    time.sleep(1.5)  # every slow connection is open and has started sending
    return threads


def _healthz_times(port: int, seconds: float, timeout: float) -> list[float | None]:
    """Seconds per /healthz over ``seconds``; None for one that did not answer within ``timeout``."""
    times: list[float | None] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        started = time.monotonic()
        try:
            status = _get(port, "/healthz", timeout=timeout)[0]
            times.append(time.monotonic() - started if status == 200 else None)
        except OSError:
            times.append(None)
        time.sleep(0.2)
    return times


def _healthz_among_slow_clients(port: int, seconds: float, timeout: float) -> list[float | None]:
    stop = threading.Event()
    threads = _slow_clients(port, stop)
    try:
        return _healthz_times(port, seconds=seconds, timeout=timeout)
    finally:
        stop.set()
        for thread in threads:
            thread.join(timeout=5)


def test_slow_clients_hold_nginx_not_the_workers(front):
    times = _healthz_among_slow_clients(front.nginx, seconds=4, timeout=5)
    assert times and None not in times, times
    assert max(times) < 2.0, times


def test_without_nginx_the_same_slow_clients_starve_gunicorn(front):
    """The problem the front server solves, measured on the same gunicorn: two sync workers, six slow clients."""
    times = _healthz_among_slow_clients(front.gunicorn, seconds=3, timeout=2)
    assert None in times, times  # at least one /healthz waited behind a slow client


# --- what nginx refuses, in Japanese ------------------------------------------------------------------------


def _raw(port: int, request: bytes) -> tuple[int, str]:
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(request)
        data = b""
        try:
            while chunk := sock.recv(65536):
                data += chunk
        except ConnectionResetError:  # nginx closes at once after refusing a body it will not read
            pass
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), body.decode("utf-8", "replace")


@pytest.mark.parametrize(("request_bytes", "status", "words"), [
    (b"GARBAGE\r\n\r\n", 400, "読み取れません"),
    (b"POST /api/resolve HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2000000\r\nConnection: close\r\n\r\n",
     413, "大きすぎます"),
    (b"GET /" + b"a" * 50_000 + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", 414, "アドレスが長すぎます"),
    (b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"b" * 50_000 + b"\r\nConnection: close\r\n\r\n",
     431, "ヘッダーが大きすぎます"),
], ids=["400", "413", "414", "431"])
def test_nginx_refuses_in_japanese(front, request_bytes, status, words):
    answer_status, body = _raw(front.nginx, request_bytes)
    assert answer_status == status and words in body and 'lang="ja"' in body


def test_an_upstream_that_is_down_or_silent_is_a_japanese_502_or_504(tmp_path):
    if not Path(NGINX).exists():
        pytest.skip("needs Debian's nginx (apt-get install nginx; .ci/run does)")
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(16)  # accepts connections, never answers
    down, slow = _free_port(), silent.getsockname()[1]
    ports = (_free_port(), _free_port())
    proxies = [_start_nginx(tmp_path / "down", ports[0], down), _start_nginx(tmp_path / "slow", ports[1], slow, "1s")]
    try:
        for port in ports:
            deadline = time.monotonic() + 20
            while True:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=1).close()
                    break
                except OSError:
                    assert time.monotonic() < deadline
                    time.sleep(0.1)
        status, body, headers = _get(ports[0], "/healthz")
        assert status == 502 and "応答していません" in body and headers.get("Retry-After") == "10"
        status, body, _ = _get(ports[1], "/healthz")
        assert status == 504 and "時間内にありませんでした" in body
    finally:
        for proxy in proxies:
            _stop(proxy)
        silent.close()


# --- kill -9 under link creation ----------------------------------------------------------------------------


@dataclass
class LinkMaker:
    """Makes short links through one port until stopped, remembering each one the service acknowledged."""

    port: int
    prefix: str
    acknowledged: dict[str, str] = field(default_factory=dict)  # link path -> title
    failed: int = 0
    stop: threading.Event = field(default_factory=threading.Event)

    def run(self) -> None:
        data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
        n = 0
        while not self.stop.is_set():
            n += 1
            data["title"] = f"{self.prefix} {n}"
            try:
                status, headers = _post_form(self.port, "/t", {"payload": encode_payload(load_scenario(data))}, 10)
            except OSError:
                status, headers = 0, {}
            if status == 303:
                self.acknowledged[headers["Location"].removeprefix(f"http://127.0.0.1:{self.port}")] = data["title"]
            else:
                self.failed += 1
                time.sleep(0.05)

    def intact(self, port: int) -> int:
        found = 0
        for link, title in self.acknowledged.items():
            status, body, _ = _get(port, f"{link}.json", timeout=30)
            found += status == 200 and f'"title":"{title}"' in body.replace(": ", ":")
        return found


def _worker_pids(master: int) -> list[int]:
    listed = subprocess.run(["pgrep", "-P", str(master)], capture_output=True, text=True).stdout.split()
    return [int(pid) for pid in listed]


def _group_alive(group: int) -> bool:
    return subprocess.run(["pgrep", "-g", str(group)], capture_output=True).returncode == 0


def _make_links_while(maker: LinkMaker, action, before: float = 2.0, after: float = 2.0) -> None:
    thread = threading.Thread(target=maker.run, daemon=True)
    thread.start()
    time.sleep(before)
    action()
    time.sleep(after)
    maker.stop.set()
    thread.join(timeout=30)


def test_kill_9_of_a_worker_while_links_are_made(data_dir, tmp_path, app, capsys):
    port = _free_port()
    server = start_gunicorn(port, tmp_path / "gunicorn.log", data_dir)
    try:
        _wait_for(port, server)
        maker = LinkMaker(port, "ワーカー停止")
        _make_links_while(maker, lambda: os.kill(_worker_pids(server.pid)[0], signal.SIGKILL))
        intact = maker.intact(port)
    finally:
        _stop(server, group=True)
    with capsys.disabled():
        print(f"\nkill -9 worker: {len(maker.acknowledged)} links acknowledged, {intact} intact, "
              f"{maker.failed} requests failed in flight")
    assert maker.acknowledged and intact == len(maker.acknowledged)


def test_kill_9_of_the_master_and_the_restart_path(data_dir, tmp_path, app, capsys):
    """Orphaned workers keep the socket after the master dies, so a plain restart fails; killing what is left of
    the process group first (systemd's KillMode=mixed) lets the restart bind the port again."""
    port = _free_port()
    log = tmp_path / "gunicorn.log"
    server = start_gunicorn(port, log, data_dir)
    restarted = None
    try:
        _wait_for(port, server)
        maker = LinkMaker(port, "親プロセス停止")
        _make_links_while(maker, lambda: (maker.stop.set(), os.kill(server.pid, signal.SIGKILL)), after=0.5)
        server.wait(timeout=10)
        assert _group_alive(server.pid), "the workers outlive their master (what the restart path is for)"
        # A plain restart while the orphans hold the socket: gunicorn retries for ~5 s, then gives up. (An orphan
        # exits by itself once a request shows it its parent is gone, so this only holds while they are idle.)
        plain = start_gunicorn(port, tmp_path / "plain-restart.log", data_dir)
        try:
            plain.wait(timeout=30)
        except subprocess.TimeoutExpired:
            _stop(plain, group=True)
        plain_log = (tmp_path / "plain-restart.log").read_text(encoding="utf-8", errors="replace")
        plain_failed = "Connection in use" in plain_log
        assert plain_failed or not _group_alive(server.pid), plain_log[-2000:]

        os.killpg(server.pid, signal.SIGKILL)  # KillMode=mixed: everything left in the unit's cgroup
        deadline = time.monotonic() + 10
        while _group_alive(server.pid):
            assert time.monotonic() < deadline
            time.sleep(0.1)
        restarted = start_gunicorn(port, tmp_path / "restart.log", data_dir)
        _wait_for(port, restarted)
        intact = maker.intact(port)
    finally:
        if restarted is not None:
            _stop(restarted, group=True)
        if server.poll() is None:
            _stop(server, group=True)
    with capsys.disabled():
        print(f"\nkill -9 master: {len(maker.acknowledged)} links acknowledged, {intact} intact after the restart, "
              f"{maker.failed} requests failed in flight; plain restart "
              f"{'refused (Connection in use)' if plain_failed else 'not blocked (the orphans had gone)'}")
    assert maker.acknowledged and intact == len(maker.acknowledged)
