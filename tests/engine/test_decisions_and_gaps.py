"""Decisions and gaps (issue 12, item 4): a decision cites the clause giving the choice, a gap stands beside it
when the rulebook names no chooser, an optional trigger re-fired by its own resolution asks its owner again,
loops are engine limits (never rulebook gaps), and ``verify`` is strict about unscripted decisions."""

from __future__ import annotations

import copy

from adjudicator.engine import resolve
from adjudicator.reading import load_scenario
from adjudicator.checks.verify import check
from tests.scenario_builder import scenario as build

REST_B1 = {"name": "刺客", "rank": 2, "power": 2000, "effects": [
    {"name": "足止め", "sentences": [{"do": [{"rest": {"player": "opponent", "choose": 1, "chosen": ["B1"]}}]}]}]}


def rerester(optional: bool) -> dict:
    return {"name": "からくり", "rank": 1, "power": 1000, "role": "blocker", "effects": [{
        "name": "空回り", "optional": optional, "when": {"event": "rested", "card": "self"},
        "sentences": [{"do": [{"activate_cards": {"this": True}}, {"rest": {"this": True}}]}]}]}


def scenario(b_field: dict, action: dict, expect: dict | None = None, phase: str = "effect") -> dict:
    """Round 5 of A's turn: A's rested B1 card and an attacker 侍 against B's field, one action."""
    a_field = {1: {"card": REST_B1}, 2: {"card": {"name": "侍", "rank": 1, "power": 3000, "role": "attacker"}}}
    data = build({"deck": 20, "hand": 2, "field": a_field}, {"deck": 20, "hand": 2, "field": b_field}, [action],
                 title="t", round=5, phase=phase)
    if expect is not None:
        data["expect"] = expect
    return data


def test_an_optional_trigger_fired_again_by_itself_asks_its_owner():
    trace = resolve(load_scenario(scenario({1: {"card": rerester(True)}}, {"activate": {"card": "A1", "effect": "足止め"}}))).to_json()
    assert trace["decision"]["player"] == "B" and trace["limit"] is None
    assert "6.5.3" in trace["decision"]["cites"]
    assert [g for g in trace["gaps"] if "6.5.3" in g["cites"]]            # no chooser named: said beside it
    assert sum("｛空回り｝が発動する" in s["text"] for s in trace["steps"]) == 1


def test_declining_it_stops_the_chain_without_a_decision():
    action = {"activate": {"card": "A1", "effect": "足止め", "decline": ["空回り"]}}
    trace = resolve(load_scenario(scenario({1: {"card": rerester(True)}}, action))).to_json()
    assert trace["decision"] is None and trace["limit"] is None and trace["gaps"] == []


def test_a_mandatory_loop_is_an_engine_limit_not_a_rulebook_gap():
    trace = resolve(load_scenario(scenario({1: {"card": rerester(False)}}, {"activate": {"card": "A1", "effect": "足止め"}}))).to_json()
    assert trace["gaps"] == [] and trace["decision"] is None
    assert trace["limit"]["name"] == "MAX_TRIGGER_DEPTH" and trace["limit"]["bound"] == 20


def test_a_defence_decision_names_its_chooser_and_has_no_gap():
    attack = {"attack": {"attacker": "A2", "target": "deck"}}
    field = {1: {"card": {"name": "番兵", "rank": 1, "power": 1000, "role": "blocker"}}}
    trace = resolve(load_scenario(scenario(field, attack, phase="attack"))).to_json()
    assert trace["decision"]["player"] == "B" and "11.2.1" in trace["decision"]["cites"]
    assert trace["gaps"] == []


def test_verify_is_strict_about_a_decision_the_expectation_does_not_name():
    attack = {"attack": {"attacker": "A2", "target": "deck"}}
    field = {1: {"card": {"name": "番兵", "rank": 1, "power": 1000, "role": "blocker"}}}
    silent = load_scenario(scenario(field, attack, {"legal": True}, phase="attack"))
    assert any(f.startswith("decision:") for f in check(silent.expect, resolve(silent)))
    assert any(f.startswith("decision:") for f in check(None, resolve(silent)))
    named = load_scenario(scenario(field, attack, {"legal": True, "decision": "B"}, phase="attack"))
    assert check(named.expect, resolve(named)) == []


def test_verify_fails_an_engine_limit_the_expectation_does_not_name():
    data = scenario({1: {"card": rerester(False)}}, {"activate": {"card": "A1", "effect": "足止め"}}, {"legal": True})
    loaded = load_scenario(data)
    assert any(f.startswith("limit:") for f in check(loaded.expect, resolve(loaded)))
    named = copy.deepcopy(data)
    named["expect"]["limit"] = "MAX_TRIGGER_DEPTH"
    loaded = load_scenario(named)
    assert check(loaded.expect, resolve(loaded)) == []


# Rules whose clause says who makes the choice: the defender (11.2.1; the right's holder, 9.1.6), the turn
# player (10.1.2), the owner asked for a public count (4.1.3) or for the level of the event in their hand (4.2.2),
# the summoning player (6.10.2), the card (14.2).
NAMES_THE_CHOOSER = {"choose_defence", "damage_zero_holder", "simultaneous_triggers", "counts_public", "summon_limit",
                     "level_asked_of_owner",
                     "ieyasu_overflow", "shared_which_cards"}  # 6.12.2: the activating player picks among same names


def test_every_decision_names_its_chooser_or_says_the_rulebook_does_not():
    from pathlib import Path

    from adjudicator.checks.verify import scenario_files

    decisions = 0
    for path in scenario_files([Path(__file__).resolve().parents[2] / "scenarios"]):
        trace = resolve(load_scenario(path.read_text(encoding="utf-8"))).to_json()
        decision = trace["decision"]
        if decision is None:
            continue
        decisions += 1
        named = NAMES_THE_CHOOSER & set(decision["rules"])
        gap_beside = any(set(g["cites"]) == set(decision["cites"]) for g in trace["gaps"])
        assert named or gap_beside, (path.name, decision)
    assert decisions > 20


def test_a_damage_zero_decision_cites_whose_right_it_is():
    field = {1: {"card": {"name": "足軽", "rank": 0, "power": 1000}}}
    data = scenario(field, {"attack": {"attacker": "A2", "target": "deck", "response": "none"}}, phase="attack")
    data["players"]["B"]["rights"] = {"damage_zero": 1}
    decision = resolve(load_scenario(data)).to_json()["decision"]
    assert decision["player"] == "B" and {"11.2.8", "9.1.6"} <= set(decision["cites"])
