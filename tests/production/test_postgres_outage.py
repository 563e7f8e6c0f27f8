"""PostgreSQL stopped while serving, then started again (a private server, ``private_postgres.py``): every
request that needs the database is a 503 in Japanese naming it, within about a second (the pool waits at most
``links.postgres.POOL_WAIT_SECONDS``); the routes that need no database answer as before; a read never says
that saving failed; after the restart the same process serves links and cards again and no link acknowledged
before the outage is lost."""

from __future__ import annotations

import subprocess
import time
from collections import Counter

import pytest
import yaml

from adjudicator import paths
from adjudicator.reading import load_scenario
from adjudicator.links import encode_payload
from tests.production.private_postgres import private_cluster

EXAMPLE = paths.scenarios_dir() / "attack" / "block-deck-attack-excess.yaml"
ROUNDS = 5
FAIL_FAST_SECONDS = 1.5  # the pool's 1 s wait and the request around it, on a loaded CI machine


def _payload(title: str) -> str:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    data["title"] = title
    return encode_payload(load_scenario(data))


def _timed(client, method: str, path: str, **kwargs):
    started = time.perf_counter()
    answer = client.open(path, method=method, **kwargs)
    return answer, time.perf_counter() - started


@pytest.fixture()
def serving(app, data_dir, tmp_path, monkeypatch):
    with private_cluster() as cluster:
        monkeypatch.setenv("ADJUDICATOR_DATA_DIR", str(tmp_path / "data"))
        (tmp_path / "data").mkdir()
        subprocess.run(["cp", "-a", str(data_dir / "index"), str(tmp_path / "data" / "index")], check=True)
        from adjudicator.web import create_app

        made = create_app({"TESTING": True, "DATABASE_URL": cluster.url, "RATELIMIT_STORAGE_URI": "memory://"})
        yield made.test_client(), cluster


NO_DATABASE = ("/rules/hi-story/6.7.1", "/search.json?q=身代わり", "/healthz")


def test_postgresql_stopped_and_started_again_while_serving(serving, capsys):
    client, cluster = serving
    for path in NO_DATABASE:  # each route once before (a first request's warm-up is another matter)
        assert client.get(path).status_code == 200
    stored = [client.post("/t", data={"payload": _payload(f"停止前 {n}")}).headers["Location"] for n in range(5)]
    assert client.get("/api/cards", query_string={"q": "くノ一"}).get_json()["cards"]
    cluster.stop()
    statuses: Counter = Counter()
    database_seconds, other_seconds = [], []
    for round_ in range(ROUNDS):
        for method, path, kwargs in (("GET", stored[round_], {}), ("GET", f"{stored[round_]}/rerun", {}),
                                     ("GET", "/api/cards?q=くノ一", {}),
                                     ("POST", "/t", {"data": {"payload": _payload(f"停止中 {round_}")}})):
            answer, seconds = _timed(client, method, path, **kwargs)
            statuses[answer.status_code] += 1
            database_seconds.append(seconds)
            body = answer.get_data(as_text=True)
            assert answer.status_code == 503 and answer.headers["Retry-After"] == "60", (path, answer.status_code)
            assert "データベース（PostgreSQL）に接続できません" in body
            assert ("短縮リンクを保存できません" in body) == (method == "POST"), (path, body[:300])
        for path in (*NO_DATABASE, f"/s/{_payload(f'読むだけ {round_}')}"):
            answer, seconds = _timed(client, "GET", path)
            statuses[answer.status_code] += 1
            other_seconds.append(seconds)
            assert answer.status_code == 200, (path, answer.status_code)
    ready = client.get("/readyz")
    assert ready.status_code == 503 and ready.get_json()["writes"] is False
    assert client.get("/healthz").get_data(as_text=True).startswith("degraded")

    cluster.start()
    deadline = time.monotonic() + 30
    while client.get(f"{stored[0]}.json").status_code != 200:  # the pool's next connection is a new one
        assert time.monotonic() < deadline, "the store did not come back after PostgreSQL started again"
        time.sleep(0.2)
    lost = sum(client.get(f"{link}.json").status_code != 200 for link in stored)
    assert client.post("/t", data={"payload": _payload("再開後")}).status_code == 303
    assert client.get("/api/cards", query_string={"q": "くノ一"}).status_code == 200
    with capsys.disabled():
        print(f"\nPostgreSQL stopped while serving: {sum(statuses.values())} requests, {statuses[500]} answered 500, "
              f"{statuses[503]} answered 503 (each needing the database) in at most {max(database_seconds):.2f} s, "
              f"the rest at most {max(other_seconds):.2f} s; {lost} of {len(stored)} acknowledged links lost "
              f"after the restart")
    assert statuses[500] == 0 and lost == 0
    assert max(database_seconds) < FAIL_FAST_SECONDS
