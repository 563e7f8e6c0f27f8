"""Every period over exactly its bounds (issue 12, item 7): 「次のターン、…」 (``next_turn``) is in force only
during the opponent's next turn (5.6.2), 「次のターンの終わりまで」 (``end_of_next_turn``) from now; 「攻撃している
カード」 exists only during steps ①–⑧ (10.6.4)."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.engine import resolve
from adjudicator.reading import load_scenario
from tests.scenario_builder import scenario as build

SAMURAI = {"name": "侍", "rank": 1, "power": 2000, "role": "attacker"}


def scenario(actions: list[dict], *, a: dict | None = None, b: dict | None = None, **game: Any) -> dict:
    """Round 4, A's effect phase, decks of 20 and hands of 2."""
    return build({"deck": 20, "hand": 2, **(a or {})}, {"deck": 20, "hand": 2, **(b or {})}, actions,
                 **{"round": 4, "phase": "effect", **game})


def power_event(until: str) -> dict:
    """A's event: 「…、自分の場のカード全てのパワーを+2000する。」 with the given period."""
    return {
        "id": "ev", "name": "鼓舞", "type": "event", "level": 0,
        "effects": [{"name": "鼓舞", "sentences": [{"do": [{"power": {
            "target": {"player": "self", "all": True}, "add": 2000, "until": until}}]}]}],
    }


def power_of_a1(trace: dict) -> int:
    return trace["final"]["A"]["field"]["1"]["power"]


@pytest.mark.parametrize(
    ("until", "turns_later", "expected"),
    [
        ("next_turn", 0, 2000),          # not begun: the rest of this turn is not 「次のターン」
        ("next_turn", 1, 4000),          # B's next turn: in force
        ("next_turn", 2, 2000),          # A's following turn: over
        ("end_of_next_turn", 0, 4000),   # 「次のターンの終わりまで」: from now
        ("end_of_next_turn", 1, 4000),
        ("end_of_next_turn", 2, 2000),
    ],
)
def test_a_next_turn_power_change_holds_over_exactly_its_period(until: str, turns_later: int, expected: int):
    actions = [{"event": {"card": "ev"}}] + [{"end_turn": {}}] * turns_later
    trace = resolve(load_scenario(scenario(actions, a={"hand": [power_event(until)], "field": {1: {"card": SAMURAI}}}))).to_json()
    assert power_of_a1(trace) == expected


def test_the_next_turn_beginning_is_a_cited_step():
    actions = [{"event": {"card": "ev"}}, {"end_turn": {}}]
    trace = resolve(load_scenario(scenario(actions, a={"hand": [power_event("next_turn")], "field": {1: {"card": SAMURAI}}}))).to_json()
    begun = [s for s in trace["steps"] if "適用され始める" in s["text"]]
    assert len(begun) == 1 and "5.6.2" in begun[0]["cites"]


def test_an_extra_turn_delays_the_opponents_next_turn_period():
    """A takes an extra turn (5.8): B's 「次のターン」 is still B's next turn, after the extra one (5.8.2)."""
    ban = {"id": "ban", "name": "禁制", "type": "event", "level": 0,
           "effects": [{"name": "禁制", "sentences": [{"do": [{"restrict": {
               "player": "opponent", "cannot": "attack", "until": "next_turn"}}]}]}]}
    attack = {"attack": {"attacker": "B1", "target": "deck", "response": "none"}}
    actions = [
        {"event": {"card": "ban"}},
        {"end_turn": {}},                                   # A's extra turn: B is not restricted yet
        {"end_turn": {}},                                   # B's turn: the restriction begins
        {"draw_phase": {"draw": 0}},
        attack,
    ]
    data = scenario(actions, a={"hand": [ban], "extra_turn": True}, b={"field": {1: {"card": SAMURAI}}})
    trace = resolve(load_scenario(data)).to_json()
    assert [v["action"] for v in trace["violations"]] == [4]
    assert {"8.2.4", "5.6.2", "5.8.2"} <= set(trace["violations"][0]["cites"])


def test_no_card_is_attacking_after_step_eight():
    """「攻撃しているカード」 is only ①–⑧ (10.6.4): an 「攻撃した後」 effect (⑩) finds no attacking card."""
    effect = {"name": "追い風", "when": {"event": "after_attack", "card": "self"}, "sentences": [{"do": [{"power": {
        "target": {"player": "self", "all": True, "where": {"attacking": True}}, "add": 1000, "until": "end_of_turn"}}]}]}
    data = scenario([{"attack": {"attacker": "A1", "target": "deck", "response": "none"}}], phase="attack",
                    a={"field": {1: {"card": {**SAMURAI, "effects": [effect]}}}})
    trace = resolve(load_scenario(data)).to_json()
    assert power_of_a1(trace) == 2000
