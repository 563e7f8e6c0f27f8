"""POST /t (「短縮リンクを作る」) refuses a form another site's page sends (CSRF), in Japanese, and stores
nothing; this site's own pages, and clients that are no browser, make links as before."""

from __future__ import annotations

import pytest
import yaml

from adjudicator import paths
from adjudicator.reading import load_scenario
from adjudicator.links import encode_payload, link_id, payload_text
from adjudicator.links.record import current_versions

EXAMPLE = paths.scenarios_dir() / "attack" / "block-deck-attack-excess.yaml"


def _payload(title: str) -> str:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    data["title"] = title
    return encode_payload(load_scenario(data))


@pytest.mark.parametrize("headers", [
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site"},  # a sibling subdomain is another site's page too
    {"Origin": "https://evil.example"},
    {"Origin": "http://localhost:5001"},  # another port is another origin
    {"Origin": "null"},
], ids=["fetch-cross-site", "fetch-same-site", "origin-elsewhere", "origin-other-port", "origin-null"])
def test_a_form_from_another_site_is_refused_and_stores_nothing(client, headers):
    payload = _payload(f"よそから {sorted(headers.items())}")
    answer = client.post("/t", data={"payload": payload}, headers=headers)
    assert answer.status_code == 403 and "別のサイトのページから送られた操作は受け付けません" in answer.get_data(as_text=True)
    from adjudicator.web.common.link_store import link_store

    with client.application.app_context():
        assert link_store().get(link_id(payload_text(payload), current_versions())) is None


@pytest.mark.parametrize("headers", [
    {"Sec-Fetch-Site": "same-origin", "Origin": "http://localhost"},
    {"Sec-Fetch-Site": "none"},
    {"Origin": "http://localhost"},
    {},
], ids=["same-origin", "typed", "origin-here", "no-browser"])
def test_this_sites_pages_and_other_clients_make_links(client, headers):
    answer = client.post("/t", data={"payload": _payload(f"ここから {sorted(headers.items())}")}, headers=headers)
    assert answer.status_code == 303 and "/t/" in answer.headers["Location"]
