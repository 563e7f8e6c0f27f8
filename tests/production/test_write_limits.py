"""Writes are bounded: resolving stores nothing, short links are made on request, and the requests that write
are rate-limited per client with counters that every worker shares (two apps on one SQLite file here, as two
gunicorn workers are)."""

from __future__ import annotations

import yaml

from adjudicator import paths
from adjudicator.reading import load_scenario
from adjudicator.links import encode_payload

EXAMPLE = paths.scenarios_dir() / "attack" / "block-deck-attack-excess.yaml"


def _payload(n: int) -> str:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    data["title"] = f"書き込みの上限 {n}"
    return encode_payload(load_scenario(data))


def _workers(tmp_path, monkeypatch, limit: str):
    monkeypatch.setenv("ADJUDICATOR_DATA_DIR", str(tmp_path))
    from adjudicator.web import create_app

    shared = {"TESTING": True, "RATELIMIT_WRITES": limit, "LINK_DB_PATH": str(tmp_path / "links.sqlite3"),
              "RATELIMIT_STORAGE_URI": f"adjudicator+sqlite://{tmp_path / 'ratelimits.sqlite3'}"}
    return [create_app(shared).test_client() for _ in range(2)]


def test_resolving_writes_nothing(client, app):
    from tests.web.builder_form import form_of, submit  # the builder's form, as its own tests post it

    from adjudicator.engine import resolve
    from adjudicator.links import make_record
    from adjudicator.web.common.link_store import link_store

    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    answer = client.post("/api/resolve", json=data)
    assert answer.status_code == 200 and set(answer.get_json()["links"]) == {"stateless"}
    form = form_of(client.get("/scenario/edit/attack/block-deck-attack-excess").get_data(as_text=True))
    form.setlist("title", ["保存しない判定"])
    resolved = submit(client, form, "resolve")
    assert resolved.status_code == 303 and resolved.headers["Location"].startswith("/s/2.")
    data["title"] = "保存しない判定"
    scenario = load_scenario(data)
    with app.app_context():
        assert link_store().get(make_record(scenario, resolve(scenario).to_json()).id) is None
    shared = client.post("/t", data={"payload": resolved.headers["Location"].removeprefix("/s/")})
    assert shared.status_code == 303  # 「短縮リンクを作る」: stored when asked
    with app.app_context():
        assert link_store().get(shared.headers["Location"].removeprefix("/t/")) is not None


def test_writes_are_limited_per_client_across_workers(tmp_path, monkeypatch):
    first, second = _workers(tmp_path, monkeypatch, "3 per minute")
    made = [worker.post("/t", data={"payload": _payload(n)}) for n, worker in enumerate((first, second, first))]
    assert [answer.status_code for answer in made] == [303, 303, 303]
    refused = second.post("/t", data={"payload": _payload(9)})  # the fourth write, on the other worker
    assert refused.status_code == 429
    assert "リクエストが多すぎます" in refused.get_data(as_text=True) and refused.headers["Retry-After"] == "60"
    api = first.post("/api/resolve?short=true", json=yaml.safe_load(EXAMPLE.read_text(encoding="utf-8")))
    assert api.status_code == 429 and api.get_json()["error"].startswith("リクエストが多すぎます")
    # Reads and resolving are never limited.
    assert first.get(made[0].headers["Location"]).status_code == 200
    assert second.post("/api/resolve", json=yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))).status_code == 200
    # Another client has its own count.
    other = first.post("/t", data={"payload": _payload(10)}, environ_base={"REMOTE_ADDR": "192.0.2.7"})
    assert other.status_code == 303


def test_only_the_writes_reach_the_limiter(tmp_path, monkeypatch):
    """Flask-Limiter's own per-request check is not installed (it found no limit on any route and cost every
    request, /healthz included); the writes are still counted, above."""
    from flask import Flask
    from flask_limiter import Limiter

    from adjudicator.web.common import rate_limits

    first, _ = _workers(tmp_path, monkeypatch, "3 per minute")
    assert not rate_limits.hooks_installed(first.application)
    plain = Flask(__name__)
    plain.config["RATELIMIT_STORAGE_URI"] = "memory://"
    plain.extensions[rate_limits.EXTENSION] = Limiter(rate_limits.get_remote_address, app=plain)
    assert rate_limits.hooks_installed(plain)  # how the check would see the hooks had they been installed
