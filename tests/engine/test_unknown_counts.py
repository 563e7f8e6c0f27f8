"""Unknown is not zero (issue 12, item 5): `unknown` counts in the format, the builder's blank counts, and
rulings that ask for a count they depend on instead of assuming one."""

from __future__ import annotations

import json

from adjudicator.engine import resolve
from adjudicator.format.loading import canonical_json
from adjudicator.reading import load_scenario
from adjudicator.web.builder.draft import draft_from_data, new_draft, scenario_data
from tests.scenario_builder import scenario as build


def scenario(b: dict, actions: list[dict], phase: str = "attack") -> dict:
    """A's attacker 侍 in A1 (deck 20, hand 2) against B as given."""
    attacker = {"name": "侍", "rank": 1, "power": 3000, "role": "attacker"}
    return build({"deck": 20, "hand": 2, "field": {1: {"card": attacker}}}, b, actions, title="t", phase=phase)


ATTACK = {"attack": {"attacker": "A1", "target": "deck", "response": "none", "damage_zero": False}}


def test_an_unknown_deck_that_loses_cards_asks_for_its_count():
    trace = resolve(load_scenario(scenario({"deck": "unknown"}, [ATTACK]))).to_json()
    assert trace["winner"] is None
    assert trace["decision"]["player"] == "B" and "山札の枚数" in trace["decision"]["question"]
    assert {"12.1.1", "4.1.3"} <= set(trace["decision"]["cites"])
    assert trace["final"]["B"]["deck"] == "unknown"
    assert any("不明（−3枚）" in change for step in trace["steps"] for change in step.get("changes", []))


def test_the_same_attack_on_a_deck_of_three_wins_and_on_four_does_not():
    """The question the unknown count asks is a real one: the answer changes with the count."""
    assert resolve(load_scenario(scenario({"deck": 3}, [ATTACK]))).to_json()["winner"] == "A"
    assert resolve(load_scenario(scenario({"deck": 4}, [ATTACK]))).to_json()["winner"] is None


def test_an_unknown_count_nothing_depends_on_asks_nothing():
    """B's hand and graveyard are unknown; the attack on B's known deck needs neither count."""
    trace = resolve(load_scenario(scenario({"deck": 9, "hand": "unknown", "graveyard": "unknown"}, [ATTACK]))).to_json()
    assert trace["decision"] is None and trace["final"]["B"]["deck"] == 6
    assert trace["final"]["B"]["graveyard"] == "unknown"


def test_a_count_condition_on_an_unknown_zone_asks_for_it():
    effect = {"name": "兵法", "sentences": [{"if": {"hand_at_least": 3}, "do": [{"draw": 1}]}]}
    data = scenario({"deck": 20}, [{"activate": {"card": "A1", "effect": "兵法"}}], phase="effect")
    data["players"]["A"]["hand"] = "unknown"
    data["players"]["A"]["field"][1]["card"]["effects"] = [effect]
    trace = resolve(load_scenario(data)).to_json()
    assert trace["decision"]["player"] == "A" and "手札の枚数" in trace["decision"]["question"]


def test_unknown_survives_the_canonical_form():
    loaded = load_scenario(scenario({"deck": "unknown"}, [ATTACK]))
    again = load_scenario(json.loads(canonical_json(loaded)))
    assert again.players["B"].deck == "unknown" and again.players["B"].graveyard == 0


def test_the_builders_blank_count_is_unknown_and_a_typed_zero_is_zero():
    draft = new_draft()
    assert draft["players"]["B"]["deck"]["count"] == ""             # the builder starts with nothing known
    draft["players"]["A"]["deck"]["count"] = "0"
    data = scenario_data(draft).data
    assert data["players"]["B"]["deck"] == "unknown" and data["players"]["B"]["hand"] == "unknown"
    assert data["players"]["A"]["deck"] == 0
    # back into the form: unknown is blank again, an empty listed zone is the count 0
    assert draft_from_data(data)["players"]["B"]["deck"]["count"] == ""
    assert draft_from_data({"players": {"A": {"hand": []}}})["players"]["A"]["hand"]["count"] == "0"
