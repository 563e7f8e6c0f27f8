"""Protocol details: Allow on 405, Cache-Control and ETag, Permissions-Policy, HSTS and ProxyFix settings, and
a host allow-list so the Host header is never reflected into a link or the OpenAPI description."""

from __future__ import annotations

import pytest
import yaml

from adjudicator import paths
from adjudicator.reading import load_scenario
from adjudicator.links import encode_payload

EXAMPLE = paths.scenarios_dir() / "attack" / "block-deck-attack-excess.yaml"


@pytest.mark.parametrize(("method", "url", "allowed"), [
    ("POST", "/healthz", {"GET", "HEAD", "OPTIONS"}),
    ("DELETE", "/rules/hi-story/6.7.1", {"GET", "HEAD", "OPTIONS"}),
    ("GET", "/api/resolve", {"POST", "OPTIONS"}),
    ("GET", "/t", {"POST", "OPTIONS"}),
    ("PUT", "/scenario/new", {"GET", "HEAD", "POST", "OPTIONS"}),
    ("POST", "/search.json", {"GET", "HEAD", "OPTIONS"}),
])
def test_every_405_says_what_is_allowed(client, method, url, allowed):
    response = client.open(url, method=method)
    assert response.status_code == 405
    assert set(response.headers["Allow"].replace(" ", "").split(",")) == allowed


def test_the_builder_is_never_stored_by_caches(client):
    for response in (client.get("/scenario/new"), client.post("/scenario/new", data={"op": "add:actions"}),
                     client.get("/scenario/edit/attack/block-deck-attack-excess")):
        assert response.headers["Cache-Control"] == "no-store"


def test_clause_pages_and_stored_rulings_carry_an_etag_and_their_json_a_short_max_age(client):
    shared = client.post("/t", data={"payload": encode_payload(load_scenario(EXAMPLE.read_text(encoding="utf-8")))})
    for url in ("/rules/hi-story/6.7.1", "/rules/hi-story/6.7.1.json", shared.headers["Location"],
                shared.headers["Location"] + ".json"):
        first = client.get(url)
        assert first.status_code == 200
        expected = "public, max-age=300" if url.endswith(".json") else "no-cache"  # pages revalidate (offline)
        assert first.headers["Cache-Control"] == expected, url
        again = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
        assert again.status_code == 304 and again.get_data() == b"", url


def test_other_answers_are_revalidated_and_errors_never_stored(client):
    assert client.get("/search", query_string={"q": "身代わり"}).headers["Cache-Control"] == "no-cache"
    assert client.get("/rules/hi-story/99.99").headers["Cache-Control"] == "no-store"
    assert client.post("/api/resolve", json=yaml.safe_load(EXAMPLE.read_text("utf-8"))).headers["Cache-Control"] == \
        "no-store"


def test_permissions_policy_on_every_answer(client):
    for url in ("/", "/healthz", "/rules/hi-story/6.7.1.json", "/nothing-here"):
        policy = client.get(url).headers["Permissions-Policy"]
        assert "camera=()" in policy and "geolocation=()" in policy and "clipboard-write=(self)" in policy


@pytest.mark.parametrize("host", ["evil.example", "localhost.evil.example", "127.0.0.1.nip.io"])
def test_a_host_not_allowed_is_refused_and_never_reflected(client, host):
    for url in (f"/s/{encode_payload(load_scenario(EXAMPLE.read_text(encoding='utf-8')))}", "/api/openapi.json",
                "/rules/hi-story/6.7.1", "/rules/hi-story/all.md"):
        response = client.get(url, headers={"Host": host})
        assert response.status_code == 400, url
        assert host not in response.get_data(as_text=True)


def test_the_openapi_servers_entry_never_comes_from_the_host_header(client):
    assert client.get("/api/openapi.json").get_json()["servers"] == [{"url": "/"}]


def test_allowed_hosts_proxy_and_hsts_settings(monkeypatch, data_dir):
    monkeypatch.setenv("ADJUDICATOR_DATA_DIR", str(data_dir))
    monkeypatch.setenv("ADJUDICATOR_ALLOWED_HOSTS", "rules.example.org")
    monkeypatch.setenv("ADJUDICATOR_PROXY_HOPS", "1")
    monkeypatch.setenv("ADJUDICATOR_HSTS_SECONDS", "600")
    from adjudicator.web import create_app

    client = create_app({"TESTING": True, "PUBLIC_URL": "https://rules.example.org"}).test_client()
    behind_tls = {"Host": "127.0.0.1:8000", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "rules.example.org",
                  "X-Forwarded-For": "198.51.100.4"}
    page = client.get(f"/s/{encode_payload(load_scenario(EXAMPLE.read_text(encoding='utf-8')))}", headers=behind_tls)
    assert page.status_code == 200
    assert page.headers["Strict-Transport-Security"] == "max-age=600"
    assert 'value="https://rules.example.org/s/2.' in page.get_data(as_text=True)  # the proxy's scheme and host
    assert client.get("/healthz", headers={"Host": "localhost"}).status_code == 400  # not in this allow-list
    assert client.get("/api/openapi.json", headers=behind_tls).get_json()["servers"] == \
        [{"url": "https://rules.example.org"}]
    plain = client.get("/healthz", headers={"Host": "rules.example.org"})
    assert "Strict-Transport-Security" not in plain.headers  # only over HTTPS
