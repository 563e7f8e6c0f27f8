"""The attack sequence (10.6.2): the ten steps, their texts and changes, rejections, cancellation."""

from __future__ import annotations

from typing import Any

from adjudicator.engine import resolve
from adjudicator.reading import load_scenario
from tests.scenario_builder import scenario as build


def scenario(a_field: dict, b_field: dict | None = None, actions: list | None = None, **players: Any) -> dict[str, Any]:
    """A's attack phase, decks of 20 and empty hands and graveyards, with the fields (and zones) given."""
    zones = {"deck": 20, "graveyard": 0, "hand": 0}
    return build({**zones, "field": a_field, **players.get("A", {})}, {**zones, "field": b_field or {}, **players.get("B", {})},
                 actions)


def person(name: str, power: int, role: str = "attacker", **extra: Any) -> dict[str, Any]:
    return {"card": {"name": name, "rank": 1, "power": power, "role": role, **extra}}


def run(data: dict[str, Any]):
    return resolve(load_scenario(data))


def attack(attacker: str = "A1", target: str = "deck", response: Any = "none", **extra: Any) -> dict[str, Any]:
    return {"attack": {"attacker": attacker, "target": target, "response": response, **extra}}


def test_an_attack_records_ten_steps_each_citing_its_item():
    trace = run(scenario({1: person("信長", 3500)}, actions=[attack()]))
    items = [c for s in trace.steps for c in s.cites if c.startswith("10.6.2-")]
    assert items == [f"10.6.2-{n}" for n in range(1, 11)]


def test_declaration_names_the_card_and_records_the_rest():
    trace = run(scenario({2: person("尾張の大うつけ　織田信長", 3500)}, actions=[attack("A2")]))
    first = trace.steps[0]
    assert "A2〈織田信長〉" in first.text and "Bの山札" in first.text
    assert first.changes == ("A2: アクティブ → レスト",)


def test_deck_damage_records_counts_before_and_after():
    trace = run(scenario({1: person("信長", 3500)}, actions=[attack()], B={"deck": 10, "graveyard": 4}))
    move = next(s for s in trace.steps if "10.6.2-8" in s.cites)
    assert "Bの山札: 10 → 7" in move.changes and "Bの墓地: 4 → 7" in move.changes
    assert "11.1.2" in move.cites


def test_an_illegal_declaration_changes_nothing_and_records_no_step():
    data = scenario({1: person("番兵", 3000, "blocker")}, actions=[attack()])
    trace = run(data)
    assert not trace.legal and trace.steps == ()
    assert trace.violations[0].kind == "action" and "5.2.6" in trace.violations[0].cites
    assert trace.final.player("A") == trace.initial.player("A") and trace.final.player("B") == trace.initial.player("B")


def test_a_rejected_block_is_a_choice_violation_and_the_attack_goes_on():
    data = scenario(
        {1: person("猛将", 4000)},
        {1: {**person("番兵", 5000, "blocker"), "state": "rest"}},
        actions=[attack(response={"block": "B1"})],
    )
    trace = run(data)
    assert [v.kind for v in trace.violations] == ["choice"]
    assert trace.final.player("B").deck == 16


def test_the_considered_note_says_why_the_deck_attack_is_no_battle():
    trace = run(scenario({1: person("信長", 2000)}, actions=[attack()]))
    fixed = next(s for s in trace.steps if "10.6.2-6" in s.cites)
    assert any("11.7.1" in c.cites for c in fixed.considered)


def test_substitute_power_is_floored_and_returns_after_the_attack():
    data = scenario(
        {1: person("真田", 2500)},
        actions=[attack(response={"substitute": "kage"})],
        B={"hand": [{"id": "kage", "name": "影武者", "rank": 0, "power": 1000, "substitute": True}]},
    )
    trace = run(data)
    defence = next(s for s in trace.steps if "11.2.3" in s.cites)
    assert "2500 → 0" in defence.text and "11.6.2" in defence.cites
    assert trace.final.slot("A", "1").power == 2500
    assert trace.final.player("B").deck == 20


def test_damage_zero_right_is_spent_once():
    data = scenario(
        {1: person("猛将", 4000), 2: person("侍", 3000)},
        actions=[attack("A1", damage_zero=True), attack("A2", damage_zero=True)],
        B={"rights": {"damage_zero": 1}},
    )
    trace = run(data)
    assert trace.final.player("B").damage_zero == 0
    assert [(v.kind, v.cites) for v in trace.violations] == [("choice", ("11.2.8", "11.3.1"))]
    moves = [s for s in trace.steps if "10.6.2-8" in s.cites]
    assert not any("山札" in change for change in moves[0].changes)  # the first attack is zeroed
    assert "Bの山札: 20 → 17" in moves[1].changes  # the second is not


def test_cancelled_attack_keeps_the_rest_and_deals_no_damage():
    trap = {
        "name": "落とし穴", "rank": 1, "power": 1000, "role": "blocker",
        "effects": [{
            "name": "落とし穴", "when": {"event": "is_attacked", "card": "self"},
            "sentences": [{"do": [{"send_to_graveyard": {"player": "opponent", "choose": 1, "where": {"attacking": True}, "chosen": ["A1"]}}]}],
        }],
    }
    data = scenario({1: person("猛将", 4000)}, {1: {"card": trap, "state": "rest"}}, actions=[attack(target="B1")])
    trace = run(data)
    cancel = next(s for s in trace.steps if "10.6.5" in s.cites)
    assert "キャンセル" in cancel.text
    assert not any("10.6.2-6" in s.cites for s in trace.steps)
    assert trace.final.slot("B", "1").cards == 1


def test_battle_proof_card_is_a_considered_rule_at_step_seven():
    data = scenario(
        {1: person("猛将", 3000)},
        {1: {**person("不死身", 1000, "blocker", battle_proof=True), "state": "rest"}},
        actions=[attack(target="B1")],
    )
    trace = run(data)
    step7 = next(s for s in trace.steps if "10.6.2-7" in s.cites)
    assert any("11.7.2" in c.cites for c in step7.considered)
    assert trace.final.slot("B", "1").cards == 1


def test_under_card_of_a_defeated_top_keeps_the_rest_and_becomes_the_top():
    stack = {"cards": [
        {"name": "下", "rank": 0, "power": 500, "role": "blocker"},
        {"name": "上", "rank": 1, "power": 1000, "role": "blocker"},
    ], "state": "rest"}
    trace = run(scenario({1: person("猛将", 3000)}, {2: stack}, actions=[attack(target="B2")]))
    slot = trace.final.slot("B", "2")
    assert (slot.top, slot.rested, slot.cards) == ("下", True, 1)
    move = next(s for s in trace.steps if "10.6.2-8" in s.cites)
    assert "11.1.5" in move.cites and "レスト状態のまま残り" in move.text


def test_deck_out_stops_before_step_nine():
    trace = run(scenario({1: person("猛将", 4000)}, actions=[attack()], B={"deck": 2}))
    assert trace.winner == "A"
    assert not any("10.6.2-9" in s.cites for s in trace.steps)
