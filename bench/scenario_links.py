"""Speed of the scenario pages and the link store.

    python -m bench.scenario_links [POSTGRESQL_URL]

Prints, for the real app on a throw-away data directory: median times of the builder's pages and round
trips, resolving through POST /api/resolve, opening a short and a stateless link; then puts and gets per
second on the SQLite link store (and on PostgreSQL when a URL is given), and the payload length of every
example scenario.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit

ROUNDS = 30


def _median_ms(action, rounds: int = ROUNDS) -> float:
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def _pages(client) -> None:
    import yaml

    from adjudicator import paths

    example = (paths.scenarios_dir() / "attack" / "block-deck-attack-excess.yaml").read_text(encoding="utf-8")
    body = client.post("/api/resolve", data=example.encode(), content_type="application/yaml").get_json()
    stateless = body["links"]["stateless"]
    # A short link is made the way a person makes one: the payload posted to /t (「短縮リンクを作る」).
    made = client.post("/t", data={"payload": stateless.removeprefix("/s/")})
    if made.status_code != 303:
        raise SystemExit(f"POST /t answered {made.status_code}, not a redirect to the stored ruling")
    short = urlsplit(made.headers["Location"]).path
    form = {"title": "x", "game.round": "2", "game.first_player": "A", "game.turn_player": "A", "game.phase": "attack"}
    checks = {
        "GET /scenario/new": lambda: client.get("/scenario/new"),
        "GET /scenario/edit/<example>": lambda: client.get("/scenario/edit/attack/block-deck-attack-excess"),
        "POST /scenario/new (add a card)": lambda: client.post("/scenario/new", data={**form, "op": "add:players.A.field.1.cards"}),
        "POST /api/resolve (YAML)": lambda: client.post("/api/resolve", data=example.encode(), content_type="application/yaml"),
        "GET /t/<id> (stored trace)": lambda: client.get(short),
        "GET /t/<id>.json": lambda: client.get(short + ".json"),
        "GET /s/<payload> (resolved on open)": lambda: client.get(stateless),
        "GET /scenarios (gallery)": lambda: client.get("/scenarios"),
    }
    print(f"{'request':40} median ms ({ROUNDS} rounds)")
    for name, action in checks.items():
        print(f"{name:40} {_median_ms(action):8.1f}")
    del yaml


def _store(label: str, store) -> None:
    from adjudicator.reading import load_scenario
    from adjudicator.links import make_record
    from adjudicator.links.record import Versions

    base = {"format": "hi-story-scenario/1", "title": "bench", "players": {"A": {}, "B": {}},
            "game": {"round": 2, "first_player": "A", "turn_player": "A", "phase": "attack"}}
    records = [make_record(load_scenario({**base, "title": f"bench {time.time_ns()} {n}"}), {"steps": []},
                           Versions("hi-story", "bench", "bench")) for n in range(200)]
    started = time.perf_counter()
    for record in records:
        store.put(record)
    puts = len(records) / (time.perf_counter() - started)
    started = time.perf_counter()
    for record in records:
        store.get(record.id)
    gets = len(records) / (time.perf_counter() - started)
    print(f"{label:40} {puts:8.0f} puts/s {gets:8.0f} gets/s")


def _payloads() -> None:
    from adjudicator import paths
    from adjudicator.format.loading import canonical_json
    from adjudicator.reading import load_scenario
    from adjudicator.links import encode_payload

    sizes = []
    for path in sorted(paths.scenarios_dir().rglob("*.yaml")):
        scenario = load_scenario(path.read_text(encoding="utf-8"))
        sizes.append((len(encode_payload(scenario)), len(canonical_json(scenario).encode()), path.name))
    lengths = [s[0] for s in sizes]
    print(f"stateless payloads of {len(sizes)} examples: median {statistics.median(lengths):.0f} chars, "
          f"max {max(lengths)} ({max(sizes)[2]}, {max(sizes)[1]} bytes of canonical JSON)")


def main() -> None:
    with tempfile.TemporaryDirectory() as data_dir:
        os.environ["ADJUDICATOR_DATA_DIR"] = data_dir
        from adjudicator.links import PostgresLinkStore, SQLiteLinkStore
        from adjudicator.web import create_app

        _pages(create_app({"TESTING": True}).test_client())
        _store("SQLite link store", SQLiteLinkStore(Path(data_dir) / "bench.sqlite3"))
        if len(sys.argv) > 1:
            _store("PostgreSQL link store", PostgresLinkStore(sys.argv[1]))
        _payloads()


if __name__ == "__main__":
    main()
