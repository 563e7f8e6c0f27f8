"""Two instances of the service behind nginx (deploy/nginx.conf, one server line each), sharing PostgreSQL for
links, cards and official rulings and Redis for the write limit, started as in production (bench/instances.py:
the README's gunicorn command per instance): a link made on one opens on the other, a ruling imported once shows
on both, the write limit counts one client once across both, and killing one instance (SIGKILL to its whole process group) under load loses no request through
nginx, POSTs included. The 60 s version of the load is ``python -m bench.instances`` (README: many instances).

Skipped with a message without nginx, redis-server or ADJUDICATOR_TEST_DATABASE_URL (``.ci/run`` has all three).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from adjudicator.official.store import FILE_NAME, STAMP_SECONDS
from bench.front_server import NGINX
from bench.instances import REDIS, Fleet, killed_halfway, request

REPOSITORY = Path(__file__).resolve().parents[2]

WRITE_LIMIT = 12  # per client and hour (a loaded machine may take a minute for these), across both instances
LOAD_SECONDS = 12.0  # the suite's short load; bench/instances.py runs 60 s
RULINGS = REPOSITORY / "tests" / "data" / "official" / "rulings.yaml"  # q-2026-001 cites 6.7.1
CLAUSE = "/rules/hi-story/6.7.1"


def _database_url() -> str:
    url = os.environ.get("ADJUDICATOR_TEST_DATABASE_URL")
    if not url or not Path(NGINX).exists() or not Path(REDIS).exists():
        pytest.skip("two instances need nginx, redis-server and ADJUDICATOR_TEST_DATABASE_URL (.ci/run has them)")
    return url


@pytest.fixture(scope="module")
def fleet(app, data_dir, tmp_path_factory):
    """Two instances whose write limit one client never reaches: links are made under load here."""
    with Fleet(tmp_path_factory.mktemp("fleet"), _database_url(), count=2, workers=1,
               index=data_dir / "index") as made:
        yield made


EXAMPLE = REPOSITORY / "scenarios" / "attack" / "block-deck-attack-excess.yaml"


def _scenario(title: str) -> str:
    import yaml

    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    data["title"] = title
    return json.dumps(data, ensure_ascii=False)


def _make_link(port: int, title: str, client: str) -> tuple[int, dict]:
    status, body, _ = request(port, "POST", "/api/resolve?short=true", _scenario(title).encode("utf-8"),
                              {"Content-Type": "application/json", "X-Forwarded-For": client})
    return status, json.loads(body)


def test_a_link_made_on_one_instance_opens_on_the_other(fleet):
    first, second = fleet.instances
    status, made = _make_link(first.port, "一台目で作る", "198.51.100.1")
    assert status == 200
    short = made["links"]["short"]
    status, body, _ = request(second.port, "GET", f"{short}.json")
    assert status == 200 and json.loads(body)["id"] == short.rsplit("/", 1)[-1]
    status, body, _ = request(second.port, "GET", short)
    assert status == 200 and "一台目で作る" in body.decode("utf-8")
    cards = [json.loads(request(instance.port, "GET", "/api/cards?q=%E3%81%8F")[1])["cards"]
             for instance in fleet.instances]  # one card library (PostgreSQL), filled once
    assert cards[0] and cards[0] == cards[1]


def test_a_ruling_imported_once_shows_on_both_instances(fleet, tmp_path):
    """``adjudicator rulings import`` with the instances' database (from any machine, any data directory): each
    instance shows the ruling within STAMP_SECONDS, on a page it had kept before the import."""
    for instance in fleet.instances:  # kept by each instance's page cache, without the rulings (a fresh schema)
        status, body, _ = request(instance.port, "GET", CLAUSE)
        assert status == 200 and 'data-ruling="q-2026-001"' not in body.decode("utf-8")
    environment = {**os.environ, "ADJUDICATOR_DATABASE_URL": fleet.url, "ADJUDICATOR_DATA_DIR": str(tmp_path)}
    imported = subprocess.run([sys.executable, "-m", "adjudicator", "rulings", "import", str(RULINGS)],
                              env=environment, capture_output=True, text=True, timeout=120)
    assert imported.returncode == 0, imported.stderr
    assert not (tmp_path / FILE_NAME).exists()
    time.sleep(STAMP_SECONDS + 0.1)
    for instance in fleet.instances:
        status, body, _ = request(instance.port, "GET", CLAUSE)
        assert status == 200 and 'data-ruling="q-2026-001"' in body.decode("utf-8")


def test_the_write_limit_counts_one_client_once_across_both_instances(app, data_dir, tmp_path):
    statuses = Counter()
    with Fleet(tmp_path, _database_url(), count=2, workers=1, write_limit=f"{WRITE_LIMIT} per hour",
               index=data_dir / "index") as limited:
        for n in range(WRITE_LIMIT + 2):
            instance = limited.instances[n % 2]  # alternately: each sees only half of the client's writes
            statuses[_make_link(instance.port, f"上限 {n}", "198.51.100.2")[0]] += 1
        keys = limited.redis_keys()
    assert statuses == {200: WRITE_LIMIT, 429: 2}, statuses
    assert any("198.51.100.2" in key for key in keys)  # the counter lives in the shared Redis


def test_killing_one_instance_under_load_loses_no_request_and_no_link(fleet, capsys):
    report = killed_halfway(fleet, LOAD_SECONDS, threads=4, scenarios=12, searches=40)
    with capsys.disabled():
        print(f"\ntwo instances, {LOAD_SECONDS:g} s through nginx, one killed at {report['killed_at_s']} s: "
              f"{report['all']['requests']} requests, {report['all']['errors']} errors {report['all']['statuses']}, "
              f"p99 {report['all']['p99_ms']} ms (after the kill: {report['after_the_kill']['requests']} requests, "
              f"{report['after_the_kill']['errors']} errors, p99 {report['after_the_kill']['p99_ms']} ms); "
              f"{report['failed_on_an_instance']} failed on the killed instance and were sent on by nginx; "
              f"links made meanwhile: {report['links']}")
    # Without proxy_next_upstream (deploy/nginx.conf) the requests in flight on the killed instance are 502s.
    assert report["all"]["errors"] == 0 and report["after_the_kill"]["requests"] > 0
    assert report["links"]["acknowledged"] and report["links"]["failed"] == report["links"]["lost"] == 0
    status, _, _ = request(fleet.nginx_port, "GET", "/healthz")
    assert status == 200 and fleet.instances[-1].process.poll() is not None
