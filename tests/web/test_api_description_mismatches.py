"""What schemathesis found where the API and its OpenAPI description disagreed (issue 25), each now one way:
a page that is not an integer is refused like a limit; an empty condition or card is outside the description;
a card field of another type (an object for ``type``) is refused, not read as unknown."""

from __future__ import annotations

import json



def _description(client) -> dict:
    return client.get("/api/openapi.json").get_json()


def test_a_page_that_is_no_integer_is_refused(client):
    for page in ("null", "abc", "1.5"):
        answer = client.get("/search.json", query_string={"q": "ブロック", "page": page})
        assert answer.status_code == 400 and "page" in answer.get_json()["error"]
    assert client.get("/search.json", query_string={"q": "ブロック", "page": "0"}).get_json()["page"] == 1  # clamped
    assert client.get("/search.json", query_string={"q": "ブロック", "page": "9999999"}).status_code == 200
    [page] = [p for p in _description(client)["paths"]["/search.json"]["get"]["parameters"] if p["name"] == "page"]
    assert page["schema"]["type"] == "integer" and "minimum" not in page["schema"]  # clamped, as said


def test_an_empty_condition_or_card_is_outside_the_description(client):
    post = _description(client)["paths"]["/api/match"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert post["properties"]["condition"]["minLength"] == 1
    answer = client.post("/api/match", json={"condition": "〈信長〉でない", "card": {"name": " "}})
    assert answer.status_code == 400


def test_a_card_field_of_another_type_is_refused(client):
    answer = client.post("/api/match", data=json.dumps({"condition": "〈信長〉でない", "card": {"name": "0", "type": {}}}),
                         content_type="application/json")
    assert answer.status_code == 400 and "type" in answer.get_json()["error"]
    fine = client.post("/api/match", json={"condition": "〈信長〉でない", "card": {"name": "0", "type": "person"}})
    assert fine.status_code == 200


def test_the_description_names_the_condition_grammar_refusals_for_schemathesis():
    from pathlib import Path

    import tomllib

    config = tomllib.loads((Path(__file__).resolve().parents[2] / "deploy" / "schemathesis.toml").read_text("utf-8"))
    match = [op for op in config["operations"] if "api/match" in op.get("include-path-regex", "")]
    assert match and match[0]["checks"]["positive_data_acceptance"]["expected-statuses"] == ["2XX", "400"]
