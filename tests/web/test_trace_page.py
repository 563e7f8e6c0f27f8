"""The trace page, its permanent links and the JSON API, through the real app and the real engine."""

from __future__ import annotations

import base64
import html as html_lib
import json
import re
import zlib

import pytest
import yaml

from adjudicator import ENGINE_VERSION, paths
from adjudicator.engine import resolve
from adjudicator.reading import load_scenario
from adjudicator.format.loading import MAX_SOURCE_BYTES
from adjudicator.links import encode_payload, make_record
from adjudicator.links.record import Versions, current_versions
from adjudicator.web.common.link_store import link_store

EXAMPLE = paths.scenarios_dir() / "attack" / "block-deck-attack-excess.yaml"
ILLEGAL = paths.scenarios_dir() / "attack" / "face-down-cannot-attack.yaml"


def _scenario(path=EXAMPLE):
    return load_scenario(path.read_text(encoding="utf-8"))


def _text(response) -> str:
    return response.get_data(as_text=True)


def _steps(html: str) -> list[str]:
    return [html_lib.unescape(t) for t in re.findall(r'<p class="step-text">(.*?)</p>', html, re.S)]


def test_example_trace_puts_the_verdict_first_and_cites_its_clauses(client):
    html = _text(client.get("/scenarios/attack/block-deck-attack-excess"))
    verdict = html.index('data-verdict')
    assert verdict < html.index('class="trace-steps"') and verdict < html.index('class="board"')
    assert "すべての行動が認められます" in html
    assert "Bの山札 9 → 6枚" in html and "Bの墓地 2 → 6枚" in html
    for clause in yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))["expect"]["cites"]:
        assert f'href="/rules/hi-story/v1.0.0/{clause}"' in html or re.search(rf'href="/rules/hi-story/v1.0.0/{re.escape(str(clause))}-\d+"', html)
    assert "ヘッドジャッジの裁定" in html


def test_each_step_has_an_anchor_text_chips_and_changes(client):
    html = _text(client.get("/scenarios/attack/block-deck-attack-excess"))
    trace = resolve(_scenario()).to_json()
    assert _steps(html) == [step["text"] for step in trace["steps"]]
    for step in trace["steps"]:
        assert f'id="step-{step["n"]}"' in html and f'href="#step-{step["n"]}"' in html
        assert f'#step-{step["n"]}"' in html  # the copy-link button carries the step's URL
    for change in (c for step in trace["steps"] for c in step.get("changes", [])):
        assert html_lib.escape(change) in html


def test_clause_chips_carry_the_clause_text(client):
    from adjudicator.rulebook import load_rulebook

    html = _text(client.get("/scenarios/attack/block-deck-attack-excess"))
    text = " ".join(load_rulebook("hi-story").get("11.2.1").text.split())
    chip = re.search(r'<a class="chip" href="/rules/hi-story/v1.0.0/11.2.1" data-clause="11.2.1" title="([^"]*)" data-text="([^"]*)"', html)
    assert chip is not None
    assert html_lib.unescape(chip.group(2)) == text[:240]


def test_the_board_is_drawn_before_and_after(client):
    html = _text(client.get("/scenarios/attack/block-deck-attack-excess"))
    before, after = html.split('aria-label="処理の後"')
    assert 'aria-label="B2: 〈石田三成〉オモテ・アクティブ、パワー2000"' in before
    assert 'aria-label="B2: 空き"' in after
    assert re.search(r'class="slot rest" aria-label="A1: 〈豊臣秀吉〉オモテ・レスト', after)


def test_face_down_cards_are_drawn_as_backs(client):
    html = _text(client.get("/scenarios/attack/face-down-cannot-attack"))
    assert 'class="card top back"' in html
    assert re.search(r'class="slot[^"]* down" aria-label="A\d: ウラ', html)


def test_an_illegal_action_shows_its_ruling_and_clauses(client):
    trace = resolve(_scenario(ILLEGAL)).to_json()
    html = _text(client.get("/scenarios/attack/face-down-cannot-attack"))
    assert "認められない行動があります" in html and 'class="verdict illegal"' in html
    violation = trace["violations"][0]
    assert html_lib.escape(violation["text"]) in html
    for clause in violation["cites"]:
        assert f'data-clause="{clause}"' in html


def test_link_preview_tags_give_verdict_and_main_clauses(client):
    html = _text(client.get("/scenarios/attack/block-deck-attack-excess"))
    title = re.search(r'<meta property="og:title" content="([^"]*)">', html).group(1)
    description = re.search(r'<meta property="og:description" content="([^"]*)">', html).group(1)
    assert "山札への攻撃をブロック" in title and "すべての行動が認められます" in html_lib.unescape(title)
    description = html_lib.unescape(description)
    assert "Bの山札 9 → 6枚" in description and "根拠: " in description and "11.2.1" in description


def test_stateless_link_opens_without_server_state(client, app):
    payload = encode_payload(_scenario())
    response = client.get(f"/s/{payload}")
    assert response.status_code == 200
    assert _steps(_text(response)) == [s["text"] for s in resolve(_scenario()).to_json()["steps"]]
    assert 'name="payload"' in _text(response)  # offers to make a short link, has not stored one


def test_a_broken_stateless_link_says_why(client):
    response = client.get("/s/1.AAAA")
    assert response.status_code == 400
    assert "リンクの中身を展開できません" in _text(response) or "壊れています" in _text(response)
    assert client.get("/s/9.whatever").status_code == 400


def test_stateless_json_twin_is_the_short_links_json_resolved_now(client, app):
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    data["title"] = "状態を持たないリンクのJSON"  # a scenario no other test stores
    scenario = load_scenario(data)
    payload = encode_payload(scenario)
    response = client.get(f"/s/{payload}.json")
    assert response.status_code == 200 and response.is_json
    stateless = response.get_json()
    would_be = make_record(scenario, resolve(scenario).to_json())
    with app.app_context():
        assert link_store().get(would_be.id) is None  # answered without storing anything

    short = client.post("/t", data={"payload": payload}).headers["Location"]
    stored = client.get(f"{short}.json").get_json()
    assert stateless["links"] == {"stateless": f"/s/{payload}"}
    assert stored["links"]["stateless"] == stateless["links"]["stateless"]
    for key in ("scenario", "rulebook", "engine", "trace"):
        assert stateless[key] == stored[key], key
    assert set(stored) - set(stateless) == {"id", "created"}
    assert stateless["trace"]["steps"][-1]["text"] == resolve(scenario).to_json()["steps"][-1]["text"]

    page = _text(client.get(f"/s/{payload}"))
    assert f'<link rel="alternate" type="application/json" href="/s/{payload}.json">' in page
    assert f'<a href="/s/{payload}.json">JSON</a>' in page


def test_a_broken_stateless_json_link_says_why_in_json(client):
    not_a_scenario = encode_payload(_scenario()).split(".")[0] + "." + base64.urlsafe_b64encode(
        zlib.compress(json.dumps({"format": "hi-story-scenario/1", "players": 3}).encode())).decode().rstrip("=")
    for payload in ("1.AAAA", "9.whatever", "1.broken", not_a_scenario):
        response = client.get(f"/s/{payload}.json")
        assert response.status_code == 400 and response.is_json, payload
        answer = response.get_json()
        assert answer["status"] == 400 and STARTS_JAPANESE.match(answer["error"]), answer
    assert answer["error"] == "リンクの中身がシナリオの形式に合いません。"
    assert answer["errors"] and all(STARTS_JAPANESE.search(error["message_ja"]) for error in answer["errors"])


def test_short_link_made_from_a_stateless_one(client):
    payload = encode_payload(_scenario())
    response = client.post("/t", data={"payload": payload})
    assert response.status_code == 303
    link = response.headers["Location"]
    assert re.fullmatch(r"/t/[a-z2-7]{16}", link)
    page = _text(client.get(link))
    assert "短縮リンクをコピー" in page and f"http://localhost{link}" in page
    assert client.post("/t", data={"payload": payload}).headers["Location"] == link  # same ruling, same id


def test_sharing_a_stored_ruling_again_finds_it_without_resolving(client, app, monkeypatch):
    """POST /t looks the link's id up first: a ruling stored on the current rules is not resolved again. A
    record of another engine version has another id, so it is never what a new link shows."""
    import adjudicator.links.ruling as ruling_module

    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    scenario = load_scenario({**data, "title": "一度だけ判定する"})  # shared by no other test of the app
    with app.app_context():
        older = link_store().put(make_record(scenario, {"stored": "by 0.0.9"}, Versions("hi-story", "v1.0.0", "0.0.9")))
    resolutions = []
    real_resolve = ruling_module.resolve
    monkeypatch.setattr(ruling_module, "resolve", lambda s: resolutions.append(s) or real_resolve(s))
    payload = encode_payload(scenario)
    first = client.post("/t", data={"payload": payload}).headers["Location"]
    assert len(resolutions) == 1 and first != f"/t/{older.id}"  # a new record, resolved on today's engine
    assert client.get(f"{first}.json").get_json()["trace"] == resolve(scenario).to_json()
    import adjudicator.web.rulings.link_pages as scenarios_module

    readings = []
    real_read = scenarios_module.scenario_of_text
    monkeypatch.setattr(scenarios_module, "scenario_of_text", lambda t: readings.append(t) or real_read(t))
    again = client.post("/t", data={"payload": payload})
    assert again.status_code == 303 and again.headers["Location"] == first
    assert len(resolutions) == 1 and readings == []  # found by its id: neither read nor resolved a second time
    # The same scenario in JSON that is not its canonical form (keys unsorted, spaces): read, then found.
    loose = json.dumps(scenario.dump(), ensure_ascii=False, indent=1).encode("utf-8")
    loose_payload = "1." + base64.urlsafe_b64encode(zlib.compress(loose)).decode("ascii").rstrip("=")
    third = client.post("/t", data={"payload": loose_payload})
    assert third.status_code == 303 and third.headers["Location"] == first
    assert len(resolutions) == 1 and len(readings) == 1


def test_a_link_made_before_an_engine_change_still_shows_its_stored_trace(client, app):
    """An older engine's record: its trace differs from what the current engine says, and the page
    shows the stored one (and its versions) until someone asks for a re-run."""
    scenario = _scenario()
    current = resolve(scenario).to_json()
    older = json.loads(json.dumps(current))
    older["engine"] = "0.0.9"
    older["steps"][-1]["text"] = "旧エンジンの説明文。"
    older["final"]["B"]["deck"] = 7
    older["final"]["B"]["graveyard"] = 5
    with app.app_context():
        record = link_store().put(make_record(scenario, older, Versions("hi-story", "v1.0.0", "0.0.9")))
    page = _text(client.get(f"/t/{record.id}"))
    assert "旧エンジンの説明文。" in page and "Bの山札 9 → 7枚" in page
    assert "エンジン 0.0.9" in page
    assert client.get(f"/t/{record.id}.json").get_json()["trace"] == older

    rerun = _text(client.get(f"/t/{record.id}/rerun"))
    assert "結果が変わりました" in rerun
    assert "Bの山札: 7枚 → 6枚" in rerun and "Bの墓地: 5枚 → 6枚" in rerun
    assert f"<td>{ENGINE_VERSION}</td>" in rerun
    assert _text(client.get(f"/t/{record.id}")).count("旧エンジンの説明文。") == 1  # still the stored trace


def test_rerun_compares_the_engine_limit_and_the_board_to_continue_from(client, app):
    """A stored ruling that an engine bound stopped (so it had no board to continue from) against today's,
    which runs to its end: both differences are named, on the page and in its JSON twin."""
    scenario = _scenario()
    older = resolve(scenario).to_json()
    older["limit"] = {"name": "MAX_STEPS", "bound": 2000, "text": "上限で停止", "action": 0}
    older["final_scenario"] = None
    with app.app_context():
        record = link_store().put(make_record(scenario, older, Versions("hi-story", "v1.0.0", "0.0.8")))
    rerun = html_lib.unescape(_text(client.get(f"/t/{record.id}/rerun")))
    assert "結果が変わりました" in rerun
    assert "エンジンの上限: MAX_STEPS（2000） → なし" in rerun and "続きを調べる盤面: なし → あり" in rerun
    twin = client.get(f"/t/{record.id}/rerun.json").get_json()
    assert twin["changed"] and twin["current"]["trace"] == resolve(scenario).to_json()
    assert {line.split(":")[0] for line in twin["differences"]} == {"エンジンの上限", "続きを調べる盤面"}


def test_a_changed_board_to_continue_from_names_where_it_changed():
    from dataclasses import replace

    from adjudicator.links import outcome_differences

    trace = resolve(_scenario())
    board = json.loads(json.dumps(trace.final_scenario))
    board["players"]["B"]["deck"] = 99
    board["game"]["phase"] = "set"
    assert outcome_differences(trace, trace) == []
    assert outcome_differences(trace, replace(trace, final_scenario=board)) == [
        "続きを調べる盤面が変わりました: game.phase、players.B.deck"]


@pytest.mark.parametrize("damage, twin_status", [
    (lambda trace: json.dumps({**trace, "final": {"B": {"deck": "many"}}}), 200),  # a board that is not one
    (lambda trace: json.dumps({**trace, "format": "hi-story-trace/0"}), 200),       # a format not read here
    (lambda trace: '{"format": "hi-story-trace/1", "steps": [', 409),               # not even JSON
])
def test_a_stored_trace_that_does_not_read_gets_a_clear_page_not_a_500(client, app, damage, twin_status):
    """The page and the re-run say so and offer to judge the scenario anew; the JSON twin still gives the
    record as stored whenever its text is JSON."""
    from dataclasses import replace

    scenario = _scenario()
    made = make_record(scenario, resolve(scenario).to_json(), Versions("hi-story", "v1.0.0", f"0.0.{id(damage)}"))
    with app.app_context():
        record = link_store().put(replace(made, trace=damage(resolve(scenario).to_json())))
    for url in (f"/t/{record.id}", f"/t/{record.id}/rerun"):
        page = client.get(url)
        assert page.status_code == 409, url
        assert "このリンクに保存された判定は、壊れているか" in _text(page)
        assert f'href="/s/{encode_payload(scenario)}" data-judge-anew' in _text(page)  # judge it anew
    answer = client.get(f"/t/{record.id}/rerun.json")
    assert answer.status_code == 409 and answer.get_json()["links"]["stateless"] == f"/s/{encode_payload(scenario)}"
    assert client.get(f"/t/{record.id}.json").status_code == twin_status


@pytest.mark.parametrize("stored", ['{"format": "hi-story-scenario/1", "players": ', "[1, 2]"])
def test_editing_a_stored_scenario_that_does_not_read_gets_a_clear_page_not_a_500(client, app, stored):
    from dataclasses import replace

    scenario = _scenario()
    made = make_record(scenario, resolve(scenario).to_json(), Versions("hi-story", "v1.0.0", f"0.1.{len(stored)}"))
    with app.app_context():
        record = link_store().put(replace(made, scenario=stored))
    page = client.get(f"/t/{record.id}/edit")
    assert page.status_code == 409
    assert "このリンクに保存されたシナリオは壊れているため、ビルダーで開けません。" in _text(page)
    assert client.get(f"/t/{record.id}").status_code == 200  # the stored trace still shows


def test_rerun_of_an_unchanged_ruling_says_so(client, app):
    scenario = _scenario()
    with app.app_context():
        record = link_store().put(make_record(scenario, resolve(scenario).to_json()))
    assert "結果は変わりません" in _text(client.get(f"/t/{record.id}/rerun"))


def test_unknown_and_malformed_short_links_are_404(client):
    assert client.get("/t/aaaaaaaaaaaaaaaa").status_code == 404
    assert client.get("/t/not-an-id").status_code == 404
    assert client.get("/t/aaaaaaaaaaaaaaaa.json").status_code == 404


def test_a_card_name_with_markup_is_text_everywhere(client):
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    data["players"]["A"]["field"][1]["card"]["name"] = "<script>alert(1)</script>"
    data["title"] = '"><img src=x onerror=alert(1)>'
    payload = encode_payload(load_scenario(data))
    for url in (f"/s/{payload}", f"/s/{payload}/edit"):
        page = _text(client.get(url))
        assert "<script>alert(1)</script>" not in page
        assert "<img src=x" not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page


# --- the JSON API -------------------------------------------------------------------------------------------


def test_api_resolve_json_returns_the_trace_and_both_links(client):
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    response = client.post("/api/resolve?short=true", json=data)
    assert response.status_code == 200
    body = response.get_json()
    assert body["format"] == "hi-story-trace/1"
    assert body["final"]["B"]["deck"] == 6
    assert re.fullmatch(r"/t/[a-z2-7]{16}", body["links"]["short"])
    assert body["links"]["stateless"] == f"/s/{encode_payload(load_scenario(data))}"
    stored = client.get(body["links"]["short"] + ".json").get_json()
    assert stored["trace"]["steps"] == body["steps"]
    assert stored["engine"] == ENGINE_VERSION and stored["rulebook"]["release"] == current_versions().release
    assert stored["scenario"] == load_scenario(data).dump()


def test_api_resolve_accepts_yaml_and_gives_the_same_id(client):
    text = EXAMPLE.read_text(encoding="utf-8")
    from_yaml = client.post("/api/resolve?short=true", data=text.encode(), content_type="application/yaml").get_json()
    from_json = client.post("/api/resolve?short=true", json=yaml.safe_load(text)).get_json()
    assert from_yaml["links"] == from_json["links"] and "short" in from_json["links"]


def test_api_resolve_reports_errors_by_path_in_both_languages(client):
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    data["players"]["A"]["field"][6] = data["players"]["A"]["field"].pop(1)
    response = client.post("/api/resolve", json=data)
    assert response.status_code == 400
    errors = response.get_json()["errors"]
    assert {"path": "players.A.field.6", "code": "slot_range", "params": {"min": 1, "max": 5}, "rule": "2.3.1",
            "message": "slots are 1..5 (2.3.1)", "message_ja": "場の置き場所は1〜5です (2.3.1)"} in errors


@pytest.mark.parametrize(
    "body, content_type, status",
    [
        (b"{not json", "application/json", 400),
        (b"[" * 50_000, "application/json", 400),
        (b"title: x", "text/plain", 415),
        (b"a: *alias", "application/yaml", 400),
    ],
)
def test_api_resolve_refuses_bad_bodies(client, body, content_type, status):
    assert client.post("/api/resolve", data=body, content_type=content_type).status_code == status


STARTS_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.mark.parametrize(
    "body, content_type, status",
    [
        (b" " * (MAX_SOURCE_BYTES + 1), "application/yaml", 413),  # over the scenario limit, under the body limit
        (b"title: x", "text/plain", 415),
        (b"{not json", "application/json", 400),
        (b"title: x", "application/yaml", 400),
    ],
    ids=["over-512-KiB", "text-plain", "broken-json", "not-a-scenario"],
)
def test_api_resolve_says_its_errors_in_japanese(client, body, content_type, status):
    response = client.post("/api/resolve", data=body, content_type=content_type)
    answer = response.get_json()
    assert response.status_code == status and answer["status"] == status
    assert STARTS_JAPANESE.match(answer["error"]), answer["error"]
    untranslated = [error for error in answer["errors"] if not STARTS_JAPANESE.match(error["message_ja"])
                    or error["message_ja"].startswith("入力が正しくありません（")]  # translate()'s fallback
    assert not untranslated


@pytest.mark.parametrize(
    "method, url, status",
    [
        ("get", "/api/resolve", 405),
        ("get", "/t/aaaaaaaaaaaaaaaa.json", 404),
        ("get", "/t/not-a-link.json", 404),
        ("get", "/scenarios/no/such.json", 404),
    ],
)
def test_scenario_routes_answer_json_errors_in_japanese(client, method, url, status):
    response = getattr(client, method)(url)
    assert response.status_code == status and response.is_json
    assert STARTS_JAPANESE.match(response.get_json()["error"])


@pytest.mark.parametrize(
    "method, url, data, status",
    [
        ("get", "/t/aaaaaaaaaaaaaaaa", None, 404),
        ("get", "/t/aaaaaaaaaaaaaaaa/edit", None, 404),
        ("get", "/t/aaaaaaaaaaaaaaaa/rerun", None, 404),
        ("get", "/scenarios/no/such", None, 404),
        ("get", "/scenario/edit/no/such", None, 404),
        ("get", "/s/1.broken", None, 400),
        ("get", "/s/2.AAAA/edit", None, 400),
        ("get", "/s/1.AAAA/yaml", None, 400),
        ("post", "/t", {"payload": "1.broken"}, 400),
        ("post", "/t", {}, 400),
    ],
)
def test_scenario_routes_answer_html_errors_in_japanese(client, method, url, data, status):
    response = getattr(client, method)(url, data=data)
    assert response.status_code == status and response.mimetype == "text/html"
    message = re.search(r'<p class="error"[^>]*>(.*?)</p>|<h1>(.*?)</h1>', _text(response), re.S)
    assert message and STARTS_JAPANESE.match(html_lib.unescape(message.group(1) or message.group(2)).strip())


def test_openapi_describes_resolve_and_the_stored_record(client):
    description = client.get("/api/openapi.json").get_json()
    assert "post" in description["paths"]["/api/resolve"]
    assert "get" in description["paths"]["/t/{id}.json"]
    assert "get" in description["paths"]["/s/{payload}.json"]


def test_short_links_work_on_a_postgresql_store(app):
    """The app configured with a database URL stores and shows links there (several instances share it)."""
    from tests.links.postgres import fresh_postgres_store, postgres_url  # only the PostgreSQL test needs it

    from adjudicator.web import create_app

    store = fresh_postgres_store(postgres_url())
    instances = [create_app({"TESTING": True, "DATABASE_URL": store.url}) for _ in range(2)]
    made = instances[0].test_client().post("/api/resolve?short=true", json=yaml.safe_load(EXAMPLE.read_text(encoding="utf-8")))
    short = made.get_json()["links"]["short"]
    seen = instances[1].test_client().get(short + ".json")
    assert seen.status_code == 200 and seen.get_json()["trace"]["steps"] == made.get_json()["steps"]
    assert store.get(short.rsplit("/", 1)[1]) is not None
    store.close()
