"""The first request to every route after a start with fresh data, each in a server of its own.

    python -m bench.first_requests                    # every route once, a table
    python -m bench.first_requests --runs 3 --json
    python -m bench.first_requests --routes read,search

For each route and run: a new data directory (nothing kept from an earlier start: the index is built at this
start, before the workers fork), gunicorn started as in production (``bench/http_bench.py``'s ``Server``: the
README's options, ``--preload``), timed until ``/healthz`` answers; then the route's first request, timed, and
the server stopped. A short link the stored-link routes open is made in the same start just before (through
``POST /api/resolve?short=true``, not counted). Prints each route's seconds (min / median / max over the runs)
and flags those over the issue's 1 s. Loopback only; every wait is bounded; servers are stopped by their ids.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from bench.http_bench import ROOT, Server

SCENARIO = ROOT / "scenarios" / "attack" / "block-stronger-blocker.yaml"
OTHER_SCENARIO = ROOT / "scenarios" / "attack" / "block-deck-attack-excess.yaml"  # what POST /t stores anew
CARD_TEXT = "相手の場のカードを1枚選び墓地へ送る。その後、1枚引く"
BUDGET_SECONDS = 1.0


@dataclass(frozen=True)
class Route:
    name: str
    method: str
    path: str  # "{short}" / "{payload}": filled from a link made in the same start
    body: bytes | None = None
    content_type: str = ""


def _form(**fields: str) -> bytes:
    return urllib.parse.urlencode(fields).encode()


ROUTES = (
    Route("home", "GET", "/"),
    Route("healthz", "GET", "/healthz"),
    Route("readyz", "GET", "/readyz"),
    Route("toc", "GET", "/rules/hi-story"),
    Route("clause", "GET", "/rules/hi-story/6.7.1"),
    Route("clause_json", "GET", "/rules/hi-story/6.7.1.json"),
    Route("whole_book", "GET", "/rules/hi-story/all"),
    Route("glossary", "GET", "/rules/hi-story/glossary"),
    Route("llms_txt", "GET", "/llms.txt"),
    Route("search", "GET", "/search?q=" + urllib.parse.quote("身代わり 墓地")),
    Route("search_live", "GET", "/search.json?q=" + urllib.parse.quote("てふだ") + "&book=hi-story&limit=8"),
    Route("gallery", "GET", "/scenarios"),
    Route("builder", "GET", "/scenario/new"),
    Route("builder_post", "POST", "/scenario/new", _form(op="add:players.A.hand"), "application/x-www-form-urlencoded"),
    Route("card_text", "POST", "/scenario/card-text", _form(text=CARD_TEXT, prefix="c"),
          "application/x-www-form-urlencoded"),
    Route("read", "POST", "/api/read", json.dumps({"text": CARD_TEXT}).encode(), "application/json"),
    Route("resolve", "POST", "/api/resolve", SCENARIO.read_bytes(), "application/yaml"),
    Route("stateless_link", "GET", "/s/{payload}"),
    Route("make_short_link", "POST", "/t", None, "application/x-www-form-urlencoded"),
    Route("short_link", "GET", "/t/{short}"),
    Route("rerun", "GET", "/t/{short}/rerun"),
    Route("cards_api", "GET", "/api/cards?q=" + urllib.parse.quote("くノ一")),
    Route("match", "GET", "/match?condition=" + urllib.parse.quote("〈織田〉") + "&card=" + urllib.parse.quote("織田信長")),
    Route("openapi", "GET", "/api/openapi.json"),
)


def _send(base: str, route: Route, link: dict[str, str]) -> float:
    path = route.path.format(short=link.get("short", ""), payload=link.get("payload", ""))
    body = route.body if route.name != "make_short_link" else _form(payload=link["other_payload"])
    headers = {"Content-Type": route.content_type} if route.content_type else {}
    request = urllib.request.Request(base + path, data=body, method=route.method, headers=headers)
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            response.read()
    except urllib.error.HTTPError as answer:  # a redirect (303 of POST /t) or a refusal: timed all the same
        answer.read()
        if answer.code >= 500:
            raise RuntimeError(f"{route.name}: {answer.code}") from answer
    return time.perf_counter() - started


def _links(base: str, scenario: Path, short: bool) -> dict[str, str]:
    request = urllib.request.Request(base + "/api/resolve" + ("?short=true" if short else ""), method="POST",
                                     data=scenario.read_bytes(), headers={"Content-Type": "application/yaml"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)["links"]


def _made_link(base: str) -> dict[str, str]:
    """A short link and its stateless payload, made through the API, and the payload of another scenario that
    nothing stored yet (POST /t then makes a real write)."""
    made, other = _links(base, SCENARIO, short=True), _links(base, OTHER_SCENARIO, short=False)
    return {"short": made["short"].rsplit("/", 1)[-1], "payload": made["stateless"].removeprefix("/s/"),
            "other_payload": other["stateless"].removeprefix("/s/")}


def measure(routes: list[Route], runs: int, workers: int, scratch: Path) -> dict:
    found: dict[str, list[float]] = {route.name: [] for route in routes}
    starts = []
    for run in range(runs):
        for route in routes:
            server = Server(scratch / f"data-{run}-{route.name}", workers, scratch / "gunicorn.log")
            try:
                starts.append(server.start())
                link = _made_link(server.base) if "{" in route.path or route.name == "make_short_link" else {}
                found[route.name].append(_send(server.base, route, link))
            finally:
                server.stop()
    return {"runs": runs, "workers": workers, "start_s": _spread(starts),
            "first_request_s": {name: _spread(values) for name, values in found.items()}}


def _spread(values: list[float]) -> dict[str, float]:
    return {"min": round(min(values), 3), "median": round(statistics.median(values), 3), "max": round(max(values), 3)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=1, help="starts per route (default 1, at most 20)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (default 2)")
    parser.add_argument("--routes", default="", help="comma-separated names (default: all)")
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    names = [name for name in options.routes.split(",") if name] or [route.name for route in ROUTES]
    chosen = [route for route in ROUTES if route.name in names]
    if len(chosen) != len(names) or not 1 <= options.runs <= 20:
        print(f"--runs in [1, 20]; --routes of {', '.join(route.name for route in ROUTES)}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="first-requests-") as scratch:
        report = measure(chosen, options.runs, options.workers, Path(scratch))
    if options.json:
        print(json.dumps(report, ensure_ascii=False))
        return 0
    start = report["start_s"]
    print(f"{options.workers} workers --preload, fresh data directory per start (index built at start), "
          f"{options.runs} run(s); start until /healthz {start['min']:.2f} / {start['median']:.2f} / {start['max']:.2f} s")
    for name, values in report["first_request_s"].items():
        flag = "  OVER 1 s" if values["max"] > BUDGET_SECONDS else ""
        print(f"  first {name:<16} {values['min'] * 1000:7.0f} / {values['median'] * 1000:7.0f} / "
              f"{values['max'] * 1000:7.0f} ms{flag}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
