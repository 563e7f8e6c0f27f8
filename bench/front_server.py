"""A mixed load through nginx → gunicorn with slow clients among the connections (loopback only, bounded).

    python -m bench.front_server                     # 60 s, table
    python -m bench.front_server --seconds 20 --json

Starts gunicorn (the README's production command: sync workers on 127.0.0.1) and nginx with deploy/nginx.conf
in front of it, on free loopback ports with a fresh data directory. Then, for --seconds, at the same time:

- the normal clients: wrk with --connections connections sending, in turn, every route of bench/http_bench.py
  (/healthz, a clause page, the search page over the dev queries, POST /api/resolve, stored short links);
- the slow clients: --slow connections that each send a request at 1 byte/s or a body shorter than its
  Content-Length and then wait, opened again whenever nginx drops them (its client timeouts are 10 s).

It prints the normal clients' requests, requests/s, errors (wrk's connect/read/write/timeout errors and
answers that are not 2xx/3xx) and p50/p99 latency, and how many slow connections were opened. Needs nginx
and wrk (apt-get install nginx wrk). Every wait is bounded; both servers are stopped by their process ids.
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
import threading
import time
from collections.abc import Sequence
from pathlib import Path

from bench import http_bench
from bench.http_bench import (ROOT, LINKED_SCENARIOS, Server, clause_paths, make_stored_ruling, query_files, query_texts,
                              routes, run_wrk, scenario_bodies, search_paths, typed_search_paths)

SITE = ROOT / "deploy" / "nginx.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def nginx_config(directory: Path, listen: int, upstream: int | Sequence[int], read_timeout: str | None = None) -> Path:
    """deploy/nginx.conf as shipped, on loopback test ports, inside a minimal nginx.conf whose files are in
    ``directory`` (also used by tests/production/test_front_server.py and bench/instances.py). ``upstream``: the
    port of one instance, or of each instance in turn (the shipped server line, once per port)."""
    import re

    site = SITE.read_text(encoding="utf-8")
    site = site.replace("listen 80;", f"listen 127.0.0.1:{listen};").replace("    listen [::]:80;\n", "")
    ports = [upstream] if isinstance(upstream, int) else list(upstream)
    shipped = re.search(r"^ *server 127\.0\.0\.1:8000[^\n]*\n", site, re.MULTILINE).group(0)
    site = site.replace(shipped, "".join(shipped.replace(":8000", f":{port}") for port in ports))
    if read_timeout:
        site = re.sub(r"proxy_read_timeout \d+s;", f"proxy_read_timeout {read_timeout};", site)
    (directory / "site.conf").write_text(site, encoding="utf-8")
    user = "user root root;\n" if os.geteuid() == 0 else ""  # nginx as root would otherwise switch to nobody
    temp = "\n".join(f"    {kind}_temp_path {directory / kind};"
                     for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    main = directory / "nginx.conf"
    main.write_text(f"""{user}worker_processes 1;
pid {directory / 'nginx.pid'};
error_log {directory / 'error.log'};
events {{ worker_connections 1024; }}
http {{
    include /etc/nginx/mime.types;
    access_log off;
{temp}
    include {directory / 'site.conf'};
}}
""", encoding="utf-8")
    return main


def start_nginx(directory: Path, listen: int, upstream: int | Sequence[int],
                read_timeout: str | None = None) -> subprocess.Popen:
    directory.mkdir(parents=True, exist_ok=True)
    config = nginx_config(directory, listen, upstream, read_timeout)
    checked = subprocess.run([NGINX, "-t", "-c", str(config), "-p", str(directory)], capture_output=True, text=True)
    if checked.returncode != 0:
        raise RuntimeError(f"nginx -t failed: {checked.stderr}")
    return subprocess.Popen([NGINX, "-c", str(config), "-p", str(directory), "-g", "daemon off;"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)


def wait_for_port(port: int, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection((http_bench.HOST, port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listens on port {port} after {seconds:.0f} s")


class SlowClients:
    """``count`` connections that send at 1 byte/s or stall mid-body, reopened when dropped, until stopped."""

    def __init__(self, port: int, count: int):
        self.port, self.count = port, count
        self.stop = threading.Event()
        self.opened = 0
        self._lock = threading.Lock()
        self._threads = [threading.Thread(target=self._run, args=(n,), daemon=True) for n in range(count)]

    def __enter__(self) -> "SlowClients":
        for thread in self._threads:
            thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        for thread in self._threads:
            thread.join(timeout=5)

    def _run(self, n: int) -> None:
        while not self.stop.is_set():
            try:
                with socket.create_connection((http_bench.HOST, self.port), timeout=30) as sock:
                    with self._lock:
                        self.opened += 1
                    self._dribble(sock) if n % 2 else self._stall(sock)
            except OSError:
                self.stop.wait(0.2)  # dropped by nginx's timeouts: open another

    def _dribble(self, sock: socket.socket) -> None:
        for byte in b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"z" * 1000:
            if self.stop.wait(1.0):
                return
            sock.sendall(bytes([byte]))

    def _stall(self, sock: socket.socket) -> None:
        sock.sendall(b"POST /t HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                     b"Content-Length: 5000\r\n\r\npayload=1.")
        while not self.stop.wait(1.0):
            sock.sendall(b"")  # raises once nginx has dropped the connection


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the load (default 60, at most 600)")
    parser.add_argument("--connections", type=int, default=8, help="normal clients (wrk connections, default 8)")
    parser.add_argument("--slow", type=int, default=16, help="slow clients (default 16, at most 200)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (default 2)")
    parser.add_argument("--shared", type=Path, default=http_bench.SHARED,
                        help="the folder of the shared query files (default: ../shared/search beside the checkout)")
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    if shutil.which("wrk") is None or not Path(NGINX).exists():
        print("front_server needs nginx and wrk: apt-get install nginx wrk", file=sys.stderr)
        return 2
    if not 0 < options.seconds <= 600 or not 0 <= options.slow <= 200:
        print("--seconds must be in (0, 600] and --slow in [0, 200]", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="front-bench-") as scratch:
        report = measure(options, Path(scratch))
    if options.json:
        print(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        normal = report["normal_clients"]
        print(f"nginx → gunicorn ({options.workers} sync workers), {options.seconds:g} s, "
              f"{options.connections} normal clients (all routes in turn) and {options.slow} slow clients")
        print(f"  normal: {normal['requests']} requests, {normal['rps']} req/s, {normal['errors']} errors, "
              f"p50 {normal['p50_ms']} ms, p99 {normal['p99_ms']} ms")
        print(f"  slow connections opened: {report['slow_connections_opened']}")
    return 0


def measure(options, scratch: Path) -> dict:
    server = Server(scratch / "data", options.workers, scratch / "gunicorn.log")
    server.start()
    listen = http_bench.free_port()
    proxy = start_nginx(scratch / "nginx", listen, server.port)
    try:
        wait_for_port(listen)
        bodies = scenario_bodies()
        links = [make_stored_ruling(server.base, body) for body in bodies[:LINKED_SCENARIOS]]
        texts = query_texts(query_files(options.shared))
        # The realistic search traffic only (the harsh and split variants are http_bench's comparisons).
        chosen = routes(links, bodies, typed_search_paths(texts), search_paths(texts), clause_paths())
        everything = [target for name in ("baseline", "clause", "search", "resolve", "stored_ruling", "stateless_link")
                      for target in chosen[name]]
        base = f"http://{http_bench.HOST}:{listen}"
        run_wrk(base, everything, 2, options.connections, scratch)  # warm-up, not counted
        with SlowClients(listen, options.slow) as slow:
            time.sleep(1.0)  # the slow connections are open before the measured run starts
            measured = run_wrk(base, everything, options.seconds, options.connections, scratch)
        return {
            "normal_clients": {"requests": measured.requests, "rps": round(measured.rps, 1),
                               "errors": measured.errors, "p50_ms": round(measured.p50_ms, 2),
                               "p99_ms": round(measured.p99_ms, 2)},
            "slow_clients": options.slow,
            "slow_connections_opened": slow.opened,
            "settings": {"seconds": options.seconds, "connections": options.connections, "workers": options.workers},
        }
    finally:
        if proxy.poll() is None:
            proxy.send_signal(signal.SIGTERM)
            proxy.wait(timeout=15)
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
