"""Every limit of adjudicator/limits.py: past it, a clear refusal in Japanese (or a ruling that says so),
never a 500, a hang or a large allocation. Memory is bounded with tracemalloc (a size, not a time)."""

from __future__ import annotations

import base64
import copy
import re
import tracemalloc
import zlib
from pathlib import Path

import pytest

from adjudicator.engine import resolve
from adjudicator.format.errors import ScenarioError
from adjudicator.reading import load_scenario
from adjudicator.engine import game, trace
from adjudicator.format.base import MAX_ACTIONS, MAX_CARD_LIST, MAX_REPEAT, MAX_SENTENCES, MAX_STEPS
from adjudicator.format.loading import MAX_DEPTH, MAX_SOURCE_BYTES
from adjudicator.format.scenario import FORMAT
from adjudicator.limits import LIMITS, markdown_table
from adjudicator.links import PayloadProblem, decode_payload, encode_payload
from adjudicator.links.payload import MAX_JSON_BYTES, MAX_PAYLOAD_CHARS, PAYLOAD_VERSION
from adjudicator.search.query import MAX_QUERY_LENGTH
from adjudicator.web.common.security import MAX_BODY_BYTES, MAX_URL_CHARS
from tests.scenario_builder import scenario as build

README = Path(__file__).resolve().parents[2] / "README.md"
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def minimal_scenario(**players_a) -> dict:
    """A small legal board: A has one face-up card in slot 1 whose effects are given."""
    card = {"name": "起点", "rank": 1, "power": 1000, "role": "attacker", "effects": players_a.pop("effects", [])}
    return build({"deck": 150, "graveyard": 0, "hand": 0, "field": {"1": {"card": card}}, **players_a},
                 {"deck": 20, "graveyard": 0, "hand": 0}, title="上限の確認", round=5, phase="effect")


def peak_bytes(function, *args) -> tuple[object, int]:
    tracemalloc.start()
    try:
        result = function(*args)
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def refused(source) -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        load_scenario(source)
    return caught.value


# --- the table ------------------------------------------------------------------------------------


def test_readme_limits_section_is_the_table_of_the_code():
    section = README.read_text("utf-8").split("## Limits", 1)
    assert len(section) == 2, "README.md needs its '## Limits' section"
    assert markdown_table() in section[1]


def test_every_limit_is_a_positive_bound():
    assert len({limit.name for limit in LIMITS}) == len(LIMITS)
    assert all(limit.value > 0 for limit in LIMITS)


# --- request body and URL -------------------------------------------------------------------------


def test_a_large_body_is_refused_from_its_length_before_routing_or_the_view(client):
    for url in ("/search.json", "/healthz", "/nothing"):  # none of them takes a body
        response = client.post(url, data=b"x" * (MAX_BODY_BYTES + 1))
        assert response.status_code == 413
    assert "大きすぎます" in client.post("/search.json", data=b"x" * (MAX_BODY_BYTES + 1)).get_json()["error"]


@pytest.fixture(scope="module")
def probe_client(_session_env):
    """The real app plus two routes of the test only that read a body, and one that answers 418."""
    from flask import abort, request

    from adjudicator.web import create_app

    app = create_app({"TESTING": True})
    app.add_url_rule("/__limits_probe", "probe", lambda: str(len(request.get_data())), methods=["POST"])
    app.add_url_rule("/api/__limits_probe", "api_probe", lambda: {"length": len(request.get_data())},
                     methods=["POST"])
    app.add_url_rule("/api/__teapot", "teapot", lambda: abort(418))
    return app.test_client()


def test_a_route_that_reads_bodies_refuses_a_large_one_with_413(probe_client):
    assert probe_client.post("/__limits_probe", data=b"x" * 100).get_data(as_text=True) == "100"
    big = probe_client.post("/__limits_probe", data=b"x" * (MAX_BODY_BYTES + 1))
    assert big.status_code == 413
    page = big.get_data(as_text=True)
    assert "大きすぎます" in page and '<html lang="ja">' in page


def test_a_chunked_body_without_length_is_refused_with_411(probe_client):
    from io import BytesIO

    response = probe_client.post("/__limits_probe", input_stream=BytesIO(b"x" * 10),
                                 headers={"Transfer-Encoding": "chunked"},
                                 environ_overrides={"wsgi.input_terminated": True})  # as gunicorn sets it
    assert response.status_code == 411
    assert "Content-Length" in response.get_data(as_text=True)


def test_413_json_says_so_in_japanese(probe_client):
    response = probe_client.post("/api/__limits_probe", data=b"x" * (MAX_BODY_BYTES + 1))
    assert response.status_code == 413
    body = response.get_json()
    assert body["status"] == 413 and "大きすぎます" in body["error"]


def test_url_over_the_limit_is_414_in_japanese(client):
    response = client.get("/search.json", query_string={"q": "あ" * MAX_URL_CHARS})
    assert response.status_code == 414
    assert "アドレスが長すぎます" in response.get_json()["error"]
    page = client.get("/search", query_string={"q": "a" * (MAX_URL_CHARS + 1)})
    assert page.status_code == 414
    assert "アドレスが長すぎます" in page.get_data(as_text=True)


def test_unhandled_4xx_codes_are_japanese(probe_client):
    body = probe_client.get("/api/__teapot").get_json()
    assert body["status"] == 418 and JAPANESE.search(body["error"])


# --- scenario size --------------------------------------------------------------------------------


def test_scenario_source_over_the_limit_is_refused_before_parsing():
    text = "title: " + "あ" * (MAX_SOURCE_BYTES // 3 + 1)
    error, peak = peak_bytes(refused, text)
    assert "512 KiB" in str(error)
    assert peak < 4 * MAX_SOURCE_BYTES


def test_actions_over_the_limit_are_refused_naming_the_field():
    data = minimal_scenario()
    data["actions"] = [{"next_phase": {}}] * (MAX_ACTIONS + 1)
    assert any(e.path == "actions" for e in refused(data).errors)
    data["actions"] = [{"next_phase": {}}] * MAX_ACTIONS
    load_scenario(data)


def test_sentences_and_steps_over_the_limit_are_refused():
    sentence = {"do": [{"draw": 1}]}
    too_many_sentences = {"name": "長文", "mark": "none", "sentences": [sentence] * (MAX_SENTENCES + 1)}
    error = refused(minimal_scenario(effects=[too_many_sentences]))
    assert any("sentences" in e.path for e in error.errors)
    too_many_steps = {"name": "長文", "mark": "none",
                      "sentences": [{"do": [{"draw": 1}] * (MAX_STEPS + 1)}]}
    error = refused(minimal_scenario(effects=[too_many_steps]))
    assert any("do" in e.path for e in error.errors)


def test_cards_listed_in_a_zone_over_the_limit_are_refused():
    data = minimal_scenario()
    data["players"]["A"]["hand"] = [{"name": "町人", "rank": 0, "power": 500}] * (MAX_CARD_LIST + 1)
    assert any("hand" in e.path for e in refused(data).errors)


# --- YAML -----------------------------------------------------------------------------------------


def test_yaml_aliases_are_refused():
    assert "aliases" in str(refused("a: &x [1, 2]\nb: *x\n"))


def test_billion_laughs_is_refused_without_expanding():
    laughs = ['lol0: &lol0 ["lol"]'] + [f"lol{n}: &lol{n} [{', '.join([f'*lol{n - 1}'] * 10)}]" for n in range(1, 10)]
    _, peak = peak_bytes(lambda: refused("\n".join(laughs)))
    assert peak < 1024 * 1024


def test_yaml_tags_that_build_objects_are_refused():
    assert "constructor" in str(refused("!!python/object/apply:os.system ['true']"))


@pytest.mark.parametrize("opening", ["[", "{a: ", "- "])
def test_deep_nesting_is_refused_while_parsing_not_by_recursion(opening):
    depth = 100_000 if opening != "- " else 700  # block nesting costs indentation: stay under 512 KiB
    closing = {"[": "]", "{a: ": "}", "- ": ""}[opening]
    text = opening * depth + "1" + closing * depth if opening != "- " else "".join(
        "  " * n + "-\n" for n in range(depth))
    error, peak = peak_bytes(refused, text)
    assert "deeper" in str(error)
    assert peak < 16 * 1024 * 1024


def test_nesting_limit_is_exact():
    deepest = MAX_DEPTH + 1  # the mapping is level 0, each bracket one more
    assert "deeper" in str(refused("a: " + "[" * deepest + "]" * deepest))
    error = refused("a: " + "[" * (deepest - 1) + "]" * (deepest - 1))
    assert "deeper" not in str(error)  # refused for its fields, not its depth


def test_deep_data_given_as_python_objects_is_refused():
    data: list = []
    for _ in range(10_000):
        data = [data]
    assert "deeper" in str(refused({"format": FORMAT, "x-deep": data, "title": data}))


# --- compressed URL payloads ----------------------------------------------------------------------


def payload_of(raw: bytes) -> str:
    return f"{PAYLOAD_VERSION}.{base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip('=')}"


def test_a_zip_bomb_payload_stops_inflating_at_the_bound():
    bomb = payload_of(b"[" + b" " * (16 * 1024 * 1024) + b"]")  # 16 MiB of JSON in a link under the length bound
    assert len(bomb) < MAX_PAYLOAD_CHARS
    problem, peak = peak_bytes(decode_payload, bomb)
    assert isinstance(problem, PayloadProblem) and "大きすぎます" in problem.message
    assert peak < 4 * MAX_JSON_BYTES  # inflation stopped at the bound: far below the 16 MiB it would make


def test_a_payload_that_inflates_past_the_bound_says_so():
    small_bomb = payload_of(b'"' + b"a" * (MAX_JSON_BYTES + 1) + b'"')
    assert len(small_bomb) < MAX_PAYLOAD_CHARS
    problem = decode_payload(small_bomb)
    assert isinstance(problem, PayloadProblem)
    assert "大きすぎます" in problem.message


def test_a_payload_longer_than_the_bound_is_refused_unread():
    problem = decode_payload("1." + "A" * MAX_PAYLOAD_CHARS)
    assert isinstance(problem, PayloadProblem) and "長すぎます" in problem.message


def test_a_deeply_nested_payload_is_refused():
    problem = decode_payload(payload_of(b"[" * 200_000 + b"]" * 200_000))
    assert isinstance(problem, PayloadProblem) and JAPANESE.search(problem.message)


def test_a_real_scenario_round_trips_well_under_the_payload_bound():
    sample = next(Path(__file__).resolve().parents[2].joinpath("scenarios").rglob("*.yaml"))
    loaded = load_scenario(sample.read_text("utf-8"))
    encoded = encode_payload(loaded)
    assert len(encoded) < MAX_PAYLOAD_CHARS // 4
    assert decode_payload(encoded) == loaded


# --- search query ---------------------------------------------------------------------------------


def test_a_long_query_is_cut_with_a_japanese_notice(client):
    response = client.get("/search.json", query_string={"q": "その後" * 300})
    assert response.status_code == 200
    body = response.get_json()
    assert body["truncated"] is True
    assert len(body["query"]) <= MAX_QUERY_LENGTH or body["query"].startswith("その後")
    assert any(str(MAX_QUERY_LENGTH) in notice for notice in body["notices"])


def test_limit_parameter_is_clamped(client):
    hits = client.get("/search.json", query_string={"q": "カード", "limit": 10**9}).get_json()["hits"]
    assert 0 < len(hits) <= 100
    assert client.get("/search.json", query_string={"q": "カード", "limit": -5}).status_code == 200


# --- resolution bounds ----------------------------------------------------------------------------


def test_a_trigger_chain_that_never_ends_stops_with_a_ruling():
    effects = [
        {"name": "起動", "mark": "none", "sentences": [{"do": [{"draw": 1}]}]},
        {"name": "連鎖", "mark": "none", "when": {"event": "drawn", "card": "own"}, "sentences": [{"do": [{"draw": 1}]}]},
    ]
    data = minimal_scenario(effects=effects)
    data["actions"] = [{"activate": {"card": "A1", "effect": "起動"}}]
    ruling = resolve(load_scenario(data)).to_json()
    assert ruling["gaps"] == [] and ruling["limit"]["name"] == "MAX_TRIGGER_DEPTH"   # an engine limit, not a gap
    assert f"{game.MAX_TRIGGER_DEPTH}段" in ruling["limit"]["text"]
    assert "ループ" in ruling["limit"]["text"]


def test_operations_in_one_action_are_bounded():
    sentence = {"do": [{"repeat": MAX_REPEAT, "do": [{"power": {"target": {"this": True}, "add": 1}}]
                        * MAX_STEPS}]}
    data = minimal_scenario(effects=[{"name": "連打", "mark": "none", "sentences": [sentence] * 3}])
    data["actions"] = [{"activate": {"card": "A1", "effect": "連打"}}]
    ruling = resolve(load_scenario(data)).to_json()
    assert ruling["gaps"] == [] and ruling["limit"]["name"] == "MAX_EFFECT_OPERATIONS"
    assert ruling["limit"]["text"].startswith(f"処理が{game.MAX_EFFECT_OPERATIONS}回を超えたため、このシナリオはループしていると判断して停止した")


def test_a_trace_that_reaches_its_step_bound_ends_in_a_ruling_not_an_error():
    sentence = {"do": [{"repeat": MAX_REPEAT, "do": [{"power": {"target": {"this": True}, "add": 1}}]
                        * MAX_STEPS}]}
    data = minimal_scenario(effects=[{"name": "連打", "mark": "none", "sentences": [sentence]}])
    data["actions"] = [{"activate": {"card": "A1", "effect": "連打"}}] * 20
    ruling = resolve(load_scenario(copy.deepcopy(data))).to_json()
    assert len(ruling["steps"]) == trace.MAX_STEPS
    assert ruling["gaps"] == [] and ruling["limit"]["name"] == "MAX_STEPS"
    assert ruling["limit"]["text"].startswith(f"解決の記録が{trace.MAX_STEPS}手順に達したため、ここで停止した（これ以上は裁定しない")


# --- the same limits through HTTP ---------------------------------------------------------------------


def test_a_zip_bomb_link_is_a_japanese_400_page(client):
    bomb = payload_of(b'"' + b"a" * (MAX_JSON_BYTES * 8) + b'"')
    response = client.get(f"/s/{bomb}")
    assert response.status_code == 400
    assert "大きすぎます" in response.get_data(as_text=True)


def test_an_overlong_link_is_refused(client):
    response = client.get("/s/1." + "A" * (MAX_PAYLOAD_CHARS + 1))
    assert response.status_code == 400
    assert "長すぎます" in response.get_data(as_text=True)


def test_resolve_api_refuses_oversized_and_deep_scenarios_with_4xx(client):
    too_big = client.post("/api/resolve", data=b"x" * (MAX_BODY_BYTES + 1), content_type="application/json")
    assert too_big.status_code == 413 and "大きすぎます" in too_big.get_json()["error"]
    over_scenario = client.post("/api/resolve", data=b" " * (MAX_SOURCE_BYTES + 1),
                                content_type="application/yaml")
    assert over_scenario.status_code == 413
    deep = client.post("/api/resolve", data=b"a: " + b"[" * 50_000 + b"]" * 50_000, content_type="application/yaml")
    assert deep.status_code == 400
    aliases = client.post("/api/resolve", data=b"a: &x [1]\nb: *x\n", content_type="application/yaml")
    assert aliases.status_code == 400
    deep_json = client.post("/api/resolve", data=b"[" * 100_000 + b"]" * 100_000, content_type="application/json")
    assert deep_json.status_code == 400


def test_a_looping_scenario_over_http_is_a_ruling_not_an_error(client):
    effects = [
        {"name": "起動", "mark": "none", "sentences": [{"do": [{"draw": 1}]}]},
        {"name": "連鎖", "mark": "none", "when": {"event": "drawn", "card": "own"}, "sentences": [{"do": [{"draw": 1}]}]},
    ]
    data = minimal_scenario(effects=effects)
    data["actions"] = [{"activate": {"card": "A1", "effect": "起動"}}]
    response = client.post("/api/resolve", json=data)
    assert response.status_code == 200
    assert "ループ" in response.get_json()["limit"]["text"]


# --- forms: which bounds apply to URL-encoded and which to multipart bodies ----------------------------------


def test_a_url_encoded_form_is_bounded_by_its_size_not_by_parts(client):
    from adjudicator.web.common.security import MAX_FORM_BYTES, MAX_FORM_PARTS

    too_big = client.post("/scenario/new", data=b"title=" + b"a" * MAX_FORM_BYTES,
                          content_type="application/x-www-form-urlencoded")
    assert too_big.status_code == 413 and "大きすぎます" in too_big.get_data(as_text=True)
    many = "&".join(f"x{n}=1" for n in range(MAX_FORM_PARTS + 500)) + "&payload=1.x"
    assert client.post("/t", data=many.encode(), content_type="application/x-www-form-urlencoded").status_code == 400


def test_a_multipart_form_is_bounded_per_field_and_by_its_parts(client):
    from io import BytesIO

    from adjudicator.web.common.security import MAX_FORM_BYTES, MAX_FORM_PARTS

    big_field = client.post("/t", data={"payload": "a" * (MAX_FORM_BYTES + 1)}, content_type="multipart/form-data")
    assert big_field.status_code == 413
    many = client.post("/t", data={f"x{n}": "1" for n in range(MAX_FORM_PARTS + 1)}, content_type="multipart/form-data")
    assert many.status_code == 413
    # A file is streamed, not held as a field: one larger than the field bound is read (up to the scenario bound).
    upload = client.post("/scenario/new", data={"op": "import", "import_file": (BytesIO(b"#" * (MAX_FORM_BYTES + 10)),
                                                                                  "big.yaml")},
                         content_type="multipart/form-data")
    assert upload.status_code == 422
