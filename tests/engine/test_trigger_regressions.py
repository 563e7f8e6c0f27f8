"""Red-team regressions for triggered effects: phase moments cite 6.4.6 (not 10.1.11) and keep 〔召〕/〔1〕."""

from __future__ import annotations

import yaml

from adjudicator.engine import resolve
from adjudicator.reading import load_scenario


def phase_start(mark: str, **card_state) -> dict:
    card = {"name": "物見", "rank": 0, "power": 1000, "role": "blocker", **card_state, "effects": [
        {"name": "物見の効果", "mark": mark, "when": {"phase_start": "attack"},
         "sentences": [{"do": [{"mill": {"player": "opponent", "count": 1}}]}]}]}
    return resolve(load_scenario({
        "format": "hi-story-scenario/1", "title": "t",
        "game": {"round": 5, "first_player": "A", "turn_player": "A", "phase": "set"},
        "players": {"A": {"deck": 15, "field": {1: {"card": card}}}, "B": {"deck": 12}},
        "actions": [{"next_phase": {}}],
    })).to_json()


def cited(trace: dict) -> set[str]:
    return {clause for step in trace["steps"] for clause in step["cites"]}


def test_constant_phase_moment_cites_6_4_6_not_10_1_11():
    trace = phase_start("constant")
    assert trace["final"]["B"]["deck"] == 11
    assert "6.4.6" in cited(trace)
    assert not any(clause.startswith("10.1.11") for clause in cited(trace))


def test_summon_mark_phase_moment_needs_a_summon_this_turn():
    assert phase_start("summon")["final"]["B"]["deck"] == 12
    assert phase_start("summon", summoned_this_turn=True)["final"]["B"]["deck"] == 11


def test_once_mark_phase_moment_spent_by_another_mark_this_turn():
    trace = phase_start("once", mark_used_this_turn=True)
    assert trace["final"]["B"]["deck"] == 12
    assert "6.4.3" in cited(trace)


def test_that_card_gone_from_the_field_is_no_longer_that_card():
    # 「相手のカードが召喚された時、そのカードを墓地へ送り、そのカードをレストする」: once the summoned card
    # has left the field, the second 「そのカード」 points at nothing (7.2.3, 3.5.3) — it used to crash.
    with open("scenarios/rules/mechanics/wording/trigger-card-is-that-card.yaml", encoding="utf-8") as file:
        data = yaml.safe_load(file)
    effect = data["players"]["B"]["field"][1]["card"]["effects"][0]
    effect["text"] = "相手のカードが召喚された時、そのカードを墓地へ送り、そのカードをレストする。"
    effect["sentences"] = [{"do": [{"send_to_graveyard": {"trigger": True}}, {"rest": {"trigger": True}}]}]
    trace = resolve(load_scenario(data)).to_json()
    assert trace["legal"] is True
    assert "A2" not in trace["final"]["A"]["field"]
    assert trace["final"]["A"]["graveyard"] == 1
    notes = [c for step in trace["steps"] for c in step.get("considered", []) if "きっかけのカードは場を離れた" in c["text"]]
    assert notes and {"7.2.3", "3.5.3"} <= set(notes[0]["cites"])
