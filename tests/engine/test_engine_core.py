"""The engine core: loading with path-named errors, impossible boards, rollback, the trace JSON, the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator.cli import main
from adjudicator.engine import resolve
from adjudicator.format.errors import ScenarioError
from adjudicator.format.loading import canonical_json, dumps
from adjudicator.reading import load_scenario
from adjudicator.checks.verify import verify_file
from adjudicator.paths import scenarios_dir
from tests.scenario_builder import scenario

SHARED_EXAMPLE = scenarios_dir() / "attack" / "deck-attack-remainder.yaml"


def base(**players) -> dict:
    """Two decks of 10 in A's attack phase, with what each test adds (``A``, ``B``, ``actions``)."""
    return scenario({"deck": 10, **players.get("A", {})}, {"deck": 10, **players.get("B", {})}, players.get("actions"),
                    title="t")


def errors_of(data) -> list[tuple[str, str]]:
    with pytest.raises(ScenarioError) as caught:
        load_scenario(data)
    return [(error.path, error.message) for error in caught.value.errors]


def test_slot_errors_name_the_path_and_what_was_expected():
    data = base(A={"field": {6: {"card": {"name": "x", "rank": 0, "power": 0}}}})
    assert errors_of(data) == [("players.A.field.6", "slots are 1..5 (2.3.1)")]


def test_a_duplicated_id_names_both_places():
    data = base(
        A={"hand": [{"id": "nobu", "name": "織田信長", "rank": 1, "power": 1000}]},
        B={"field": {2: {"cards": [{"name": "足軽", "rank": 0, "power": 1000}, {"id": "nobu", "name": "織田信長", "rank": 1, "power": 1000}]}}},
    )
    assert errors_of(data) == [("players.B.field.2.cards.1.id", "card id 'nobu' is used twice (first at players.A.hand.0.id)")]


def test_an_id_that_looks_like_a_slot_names_its_place():
    data = base(A={"field": {1: {"card": {"id": "B3", "name": "足軽", "rank": 0, "power": 1000}}}})
    assert errors_of(data) == [("players.A.field.1.card.id", "card id 'B3' looks like a slot reference")]


def test_out_of_range_card_numbers_are_named_with_their_clause():
    data = base(
        A={"hand": [{"name": "奇襲", "type": "event", "level": 5}], "field": {1: {"card": {"name": "x", "rank": 7, "power": -1000}}}},
    )
    assert errors_of(data) == [
        ("players.A.hand.0.level", "an event's level is 0..4 (2.2.2)"),
        ("players.A.field.1.card.rank", "a person's rank is 0..4 (2.2.1)"),
        ("players.A.field.1.card.power", "a power is never negative (11.6.2)"),
    ]


def test_an_unknown_field_is_an_error_but_x_fields_are_not():
    data = base()
    data["players"]["A"]["dek"] = 3
    assert errors_of(data)[0][0] == "players.A.dek"
    data = base()
    data["x-note"] = "kept out of the model"
    assert load_scenario(data).title == "t"


def test_yaml_and_json_load_to_the_same_scenario_and_dump_round_trips():
    text = SHARED_EXAMPLE.read_text(encoding="utf-8")
    from_yaml = load_scenario(text)
    from_json = load_scenario(canonical_json(from_yaml))
    assert from_json == from_yaml
    assert load_scenario(dumps(from_yaml)) == from_yaml


def test_yaml_aliases_are_refused():
    text = "format: &f hi-story-scenario/1\ntitle: *f\n"
    assert "aliases" in errors_of(text)[0][1]


def test_an_event_with_power_is_refused_by_the_schema():
    data = base(A={"hand": [{"name": "奇襲", "type": "event", "level": 1, "power": 1000}]})
    assert any("no power" in message for _, message in errors_of(data))


def test_an_impossible_board_is_reported_with_named_reasons_and_nothing_resolves():
    data = base(
        A={"events_this_turn": 2, "hand": [{"id": "h", "name": "侍", "rank": 1, "power": 1000, "summoned_this_turn": True}]},
        actions=[{"attack": {"attacker": "A3", "target": "deck"}}, {"set": {"card": "nobody", "onto": "A1"}}],
    )
    trace = resolve(load_scenario(data))
    codes = {text.split(":")[0] for _, text in trace.errors}
    assert codes == {"UNKNOWN_CARD", "TOO_MANY_EVENTS", "FIELD_STATE_OFF_FIELD"}
    assert trace.steps == () and not trace.legal
    assert trace.final == trace.initial


def test_an_empty_slot_reference_is_an_illegal_action_not_an_impossible_board():
    data = base(actions=[{"attack": {"attacker": "A3", "target": "deck"}}])
    trace = resolve(load_scenario(data))
    assert trace.errors == ()
    assert [v.action for v in trace.violations] == [0]
    assert "5.2.6" in trace.violations[0].cites
    assert trace.final == trace.initial


def test_an_illegal_action_rolls_back_and_the_next_action_still_resolves():
    data = base(
        A={"field": {1: {"card": {"name": "番兵", "rank": 1, "power": 3000, "role": "blocker"}},
                     2: {"card": {"name": "侍", "rank": 1, "power": 2000, "role": "attacker"}}}},
        actions=[
            {"attack": {"attacker": "A1", "target": "deck"}},
            {"attack": {"attacker": "A2", "target": "deck"}},
        ],
    )
    trace = resolve(load_scenario(data))
    assert [v.action for v in trace.violations] == [0]
    assert not trace.final.slot("A", "1").rested
    assert trace.final.player("B").deck == 8
    assert {s.action for s in trace.steps} == {1}


def test_loading_fires_nothing_resolution_starts_at_the_first_action():
    data = base(B={"deck": 0})
    trace = resolve(load_scenario(data))
    assert trace.steps == () and trace.winner is None


def test_trace_json_has_the_spec_fields():
    trace = resolve(load_scenario(SHARED_EXAMPLE.read_text(encoding="utf-8"))).to_json()
    assert trace["format"] == "hi-story-trace/1"
    assert trace["rulebook"] == {"id": "hi-story", "release": "v1.0.0"}
    assert {"engine", "legal", "violations", "decision", "gaps", "winner", "steps", "final"} <= set(trace)
    assert trace["final"]["A"]["field"]["2"] == {**trace["final"]["A"]["field"]["2"], "face": "up", "state": "rest", "power": 3500, "cards": 1}
    assert all({"n", "text", "cites"} <= set(step) for step in trace["steps"])
    json.dumps(trace, ensure_ascii=False)


def test_verify_reports_each_failure_and_counts(tmp_path: Path):
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(SHARED_EXAMPLE.read_text(encoding="utf-8").replace("B.deck: 7", "B.deck: 6"), encoding="utf-8")
    outcome = verify_file(wrong)
    assert outcome.failures == ("state: B.deck expected 6, got 7",)
    result = CliRunner().invoke(main, ["verify", str(SHARED_EXAMPLE), str(wrong)])
    assert result.exit_code == 1
    assert result.output.strip().endswith("1 passed, 1 failed")


def test_verify_reports_a_file_that_does_not_load(tmp_path: Path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: hi-story-scenario/1\ntitle: x\n", encoding="utf-8")
    assert verify_file(broken).failures[0].startswith("does not load: game:")


def test_resolve_cli_prints_the_verdict_and_cited_steps():
    result = CliRunner().invoke(main, ["resolve", str(SHARED_EXAMPLE)])
    assert result.exit_code == 0
    assert "判定: すべての行動が認められます" in result.output and "[10.6.2-1" in result.output  # the web's words
    as_json = CliRunner().invoke(main, ["resolve", "--json", str(SHARED_EXAMPLE)])
    assert json.loads(as_json.output)["final"]["B"]["deck"] == 7


def test_resolve_cli_json_reports_load_errors_as_json(tmp_path: Path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(json.dumps(base(A={"field": {6: {"card": {"name": "x", "rank": 0, "power": 0}}}})), encoding="utf-8")
    result = CliRunner().invoke(main, ["resolve", "--json", str(bad)])
    assert result.exit_code == 2
    assert json.loads(result.stdout)["errors"] == [{
        "path": "players.A.field.6", "code": "slot_range", "params": {"min": 1, "max": 5}, "rule": "2.3.1",
        "message": "slots are 1..5 (2.3.1)", "message_ja": "場の置き場所は1〜5です (2.3.1)"}]
    assert "players.A.field.6: slots are 1..5" in result.stderr
