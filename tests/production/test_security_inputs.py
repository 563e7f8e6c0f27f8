"""The four input classes that once gave a 500 (issue 16), one request each as the red team sent it.

Numbers longer than Python's 4,300-digit int limit, Unicode digits that ``str.isdigit()`` accepts and ``int()``
refuses, lone surrogates in JSON strings, and a stored link whose scenario no longer validates. The app runs
with TESTING, so an exception in a view fails the test instead of becoming a 500.
"""

from __future__ import annotations

import base64
import dataclasses
import json
import zlib

import pytest
import yaml

from adjudicator import paths
from adjudicator.engine import resolve
from adjudicator.reading import load_scenario
from adjudicator.links import make_record
from adjudicator.links.record import LinkRecord
from adjudicator.web.common.link_store import link_store

EXAMPLE = paths.scenarios_dir() / "attack" / "block-deck-attack-excess.yaml"
DIGITS = "9" * 4_301  # one past int()'s default limit


def _example() -> dict:
    return yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))


# --- numbers past the int() limit ---------------------------------------------------------------------------


@pytest.mark.parametrize("ref", [f"6.7.1-{DIGITS}", f"ch{DIGITS}", f"6.7.{DIGITS}", f"第{DIGITS}章", "6.7.1-²", "ch٣"],
                         ids=["item", "chapter", "clause", "japanese-chapter", "superscript", "arabic-indic"])
@pytest.mark.parametrize("prefix", ["/rules/hi-story/", "/rules/hi-story/v1.0.0/"])
@pytest.mark.parametrize("suffix", ["", ".json"])
def test_a_clause_number_of_4301_digits_is_a_404(client, prefix, ref, suffix):
    response = client.get(f"{prefix}{ref}{suffix}")
    assert response.status_code == 404
    if suffix:
        assert "ありません" in response.get_json()["error"]


@pytest.mark.parametrize("url", ["/search", "/search.json"])
def test_a_search_chapter_of_4301_digits_is_refused(client, url):
    response = client.get(url, query_string={"q": "a", "book": "hi-story", "chapter": f"ch{DIGITS}"})
    assert response.status_code == 400


def test_a_yaml_integer_of_4301_digits_is_a_scenario_error(client):
    text = EXAMPLE.read_text(encoding="utf-8").replace("deck: 12", f"deck: {DIGITS}")
    response = client.post("/api/resolve", data=text.encode(), content_type="application/yaml")
    assert response.status_code == 400
    assert "at most 18 digits" in response.get_json()["errors"][0]["message"]


@pytest.mark.parametrize("number", [DIGITS, "0x" + "f" * 5_000, "-" + DIGITS, "0" + "7" * 5_000, "1_0" * 2_000],
                         ids=["decimal", "hex", "negative", "octal", "underscored"])
def test_builder_import_of_a_huge_integer_is_a_field_error(client, number):
    text = EXAMPLE.read_text(encoding="utf-8").replace("deck: 12", f"deck: {number}")
    response = client.post("/scenario/new", data={"op": "import", "import_text": text})
    assert response.status_code == 422
    assert "18" in response.get_data(as_text=True)


def test_a_quoted_long_number_is_text_not_an_error():
    data = _example()
    data["title"] = DIGITS[:90]
    assert load_scenario(yaml.safe_dump(data, allow_unicode=True)).title == DIGITS[:90]


# --- lone surrogates ----------------------------------------------------------------------------------------


def _with_surrogate(where: str) -> dict:
    data = _example()
    card = data["players"]["A"]["field"][1]["card"]
    if where == "attributes":
        card["attributes"] = ["\ud800"]
    elif where == "once_used":
        card["once_used"] = ["\udfff"]
    elif where == "card":
        data["actions"] = [{"activate": {"card": "A1\ud800", "effect": "x"}}]
    elif where == "effect":
        data["actions"] = [{"activate": {"card": "A1", "effect": "天下\udc00"}}]
    elif where == "cites":
        data["expect"]["cites"] = ["11.2.1\ud800"]
    elif where == "key":
        data["x-\ud800"] = 1
    return data


SURROGATE_PLACES = ("attributes", "once_used", "card", "effect", "cites", "key")


@pytest.mark.parametrize("where", SURROGATE_PLACES)
def test_a_lone_surrogate_in_the_api_is_a_400(client, where):
    body = json.dumps(_with_surrogate(where))  # ASCII JSON: the surrogate travels as the escape \ud800
    response = client.post("/api/resolve?short=true", data=body, content_type="application/json")
    assert response.status_code == 400
    assert any("Unicode" in error["message"] for error in response.get_json()["errors"])


def _raw_payload(data: dict) -> str:
    """A stateless link built by hand, as an attacker would: encode_payload never sees the scenario."""
    compressed = zlib.compress(json.dumps(data).encode("ascii"), 9)
    return "1." + base64.urlsafe_b64encode(compressed).decode("ascii").rstrip("=")


@pytest.mark.parametrize("where", SURROGATE_PLACES)
def test_a_lone_surrogate_in_a_link_payload_is_a_400(client, where):
    payload = _raw_payload(_with_surrogate(where))
    for url in (f"/s/{payload}", f"/s/{payload}.json", f"/s/{payload}/edit", f"/s/{payload}/yaml"):
        assert client.get(url).status_code == 400, url
    assert client.post("/t", data={"payload": payload}).status_code == 400


# --- list indices that isdigit() accepts --------------------------------------------------------------------


@pytest.mark.parametrize("form", [
    "actions.%C2%B2.kind=attack&op=refresh",
    "op=remove:actions.%C2%B2",
    "op=up:actions.%D9%A3",
    f"actions.{'7' * 5_000}.kind=attack&op=refresh",
    f"op=remove:actions.{'7' * 5_000}",
    f"op=down:players.A.hand.cards.{'1' * 5_000}",
])
def test_builder_list_indices_that_are_not_small_ascii_numbers_change_nothing(client, form):
    response = client.post("/scenario/new", data=form, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 200


# --- a stored link whose scenario no longer validates -------------------------------------------------------


@pytest.fixture()
def stale_record(app) -> LinkRecord:
    """A record stored by an older format: its scenario has a field today's schema refuses."""
    scenario = load_scenario(_example())
    trace = resolve(scenario).to_json()
    record = make_record(scenario, trace)
    old = json.loads(record.scenario)
    old["players"]["A"]["field"]["1"]["card"]["retired_field"] = True
    old["title"] = "古い形式のシナリオ"
    stale = dataclasses.replace(record, id="stalestalestale2", scenario=json.dumps(old, ensure_ascii=False))
    with app.app_context():
        return link_store().put(stale)


def test_a_stale_stored_link_shows_what_was_seen(client, stale_record):
    page = client.get(f"/t/{stale_record.id}")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "現在のシナリオ形式では有効ではない" in text
    assert "すべての行動が認められます" in text  # the stored verdict
    twin = client.get(f"/t/{stale_record.id}.json")
    assert twin.status_code == 200
    assert twin.get_json()["scenario_valid"] is False
    assert twin.get_json()["trace"] == json.loads(stale_record.trace)
    assert "stateless" not in twin.get_json()["links"]


def test_rerunning_a_stale_stored_link_says_the_scenario_is_not_valid_today(client, stale_record):
    response = client.get(f"/t/{stale_record.id}/rerun")
    assert response.status_code == 409
    assert "現在のシナリオ形式では有効ではない" in response.get_data(as_text=True)
    twin = client.get(f"/t/{stale_record.id}/rerun.json")  # its JSON twin says the same, it does not fail
    assert twin.status_code == 409 and "現在のシナリオ形式では有効ではない" in twin.get_json()["error"]
