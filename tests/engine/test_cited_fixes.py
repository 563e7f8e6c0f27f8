"""The engine fixes found by bench/probe: each ruling cites the clause it rests on, and only where it applies."""

from __future__ import annotations

from typing import Any

from adjudicator.engine import resolve
from adjudicator.reading import load_scenario
from tests.scenario_builder import scenario as build

SEND_ALL_RESTED = {"name": "大筒", "rank": 3, "power": 4000, "role": "attacker", "effects": [
    {"name": "砲撃", "sentences": [{"do": [{"send_to_graveyard": {"player": "opponent", "all": True, "where": {"state": "rest"}}}]}]}]}


def scenario(a: dict, b: dict, actions: list, phase: str = "effect") -> dict:
    """The trace JSON of round 5 of A's turn, decks of 15 (hand 1) and 12, with the zones given."""
    return resolve(load_scenario(build({"deck": 15, "hand": 1, **a}, {"deck": 12, **b}, actions, title="t", round=5,
                                       phase=phase))).to_json()


def cited(trace: dict) -> set[str]:
    """Every clause the trace cites: its steps, the notes of what was considered, the decision."""
    notes = {c for step in trace["steps"] for note in step.get("considered", []) for c in note["cites"]}
    return {c for step in trace["steps"] for c in step["cites"]} | notes | set((trace["decision"] or {}).get("cites", []))


def on_graveyard(name: str, steps: list) -> dict:
    return {"card": {"name": name, "rank": 1, "power": 2000, "role": "blocker", "effects": [
        {"name": f"{name}の効果", "when": {"event": "sent_to_graveyard", "card": "self"}, "sentences": [{"do": steps}]}]},
        "state": "rest"}


def test_order_of_an_effects_triggers_rests_on_10_1_9_not_on_the_attack_clause():
    b_field = {1: on_graveyard("甲", [{"draw": 1}]), 2: on_graveyard("乙", [{"mill": {"count": 1}}])}
    trace = scenario({"field": {1: {"card": SEND_ALL_RESTED}}}, {"field": b_field}, [{"activate": {"card": "A1", "effect": "砲撃"}}])
    assert trace["decision"]["player"] == "A"
    assert {"10.1.2", "10.1.9"} <= set(trace["decision"]["cites"]) and "10.6.3" not in trace["decision"]["cites"]


def test_order_inside_an_attack_rests_on_10_6_3():
    attacker = {"name": "猛将", "rank": 2, "power": 3000, "role": "attacker", "effects": [
        {"name": "鬨", "when": {"event": "attacks", "card": "self"}, "sentences": [{"do": [{"draw": 1}]}]},
        {"name": "采配", "when": {"event": "attacks", "card": "self"}, "sentences": [{"do": [{"mill": {"count": 1}}]}]}]}
    trace = scenario({"field": {1: {"card": attacker}}}, {},
                     [{"attack": {"attacker": "A1", "target": "deck", "response": "none", "damage_zero": False}}], phase="attack")
    assert {"10.1.2", "10.6.3"} <= set(trace["decision"]["cites"])


def _mill_then(steps: list) -> dict:
    return {"name": "策士", "rank": 2, "power": 2000, "role": "blocker", "effects": [
        {"name": "道連れ", "mark": "once", "sentences": [{"do": [{"mill": {"player": "self", "count": 2}}]}, {"do": steps}]}]}


def test_deck_out_in_an_effect_on_both_decks_cites_12_1_3():
    trace = scenario({"deck": 2, "field": {1: {"card": _mill_then([{"mill": {"count": 2}}])}}}, {},
                     [{"activate": {"card": "A1", "effect": "道連れ"}}])
    assert trace["winner"] == "B" and trace["final"]["B"]["deck"] == 12
    assert {"12.1.2", "12.1.3", "10.1.5"} <= cited(trace)


def test_deck_out_in_an_effect_on_one_deck_does_not_cite_12_1_3():
    trace = scenario({"deck": 2, "field": {1: {"card": _mill_then([{"rest": {"player": "opponent", "all": True}}])}}}, {},
                     [{"activate": {"card": "A1", "effect": "道連れ"}}])
    assert trace["winner"] == "B" and "12.1.3" not in cited(trace)


def _two_attacks(first: dict, second: dict) -> dict:
    a = {"field": {1: {"card": {"name": "斥候", "rank": 1, "power": 2000, "role": "attacker"}},
                   2: {"card": {"name": "先鋒", "rank": 2, "power": 4000, "role": "attacker"}}}}
    b = {"hand": [{"id": "k1", "name": "影武者", "rank": 1, "power": 1000, "substitute": True},
                  {"id": "k2", "name": "影法師", "rank": 1, "power": 1000, "substitute": True}]}
    return scenario(a, b, [
        {"attack": {"attacker": "A1", "target": "deck", "response": first, "damage_zero": False}},
        {"attack": {"attacker": "A2", "target": "deck", "response": second, "damage_zero": False}},
    ], phase="attack")


def _defence_steps(trace: dict) -> list[list[str]]:
    return [step["cites"] for step in trace["steps"] if "11.2.1" in step["cites"]]


def test_a_defence_on_a_later_attack_cites_the_permission_of_11_2_5():
    trace = _two_attacks({"substitute": "k1"}, {"substitute": "k2"})
    first, second = _defence_steps(trace)
    assert "11.2.5" not in first and "11.2.5" in second
    assert trace["final"]["B"]["deck"] == 11 and trace["legal"]


def test_no_defence_before_means_no_11_2_5():
    trace = _two_attacks("none", {"substitute": "k2"})
    assert all("11.2.5" not in cites for cites in _defence_steps(trace))


def _up_to(hand: int) -> dict:
    card = {"name": "学者", "rank": 1, "power": 1000, "role": "blocker", "effects": [
        {"name": "閲覧", "mark": "once", "sentences": [{"do": [{"draw": {"up_to": 2, "chosen": 1}}]}]}]}
    return scenario({"hand": hand, "hand_draw_limit": 5, "field": {1: {"card": card}}}, {},
                    [{"activate": {"card": "A1", "effect": "閲覧"}}])


def test_up_to_draw_narrowed_by_the_hand_limit_cites_6_5_8():
    trace = _up_to(3)
    assert trace["final"]["A"]["hand"] == 4 and "6.5.8" in cited(trace)


def test_up_to_draw_the_limit_does_not_narrow_cites_no_6_5_8():
    trace = _up_to(1)
    assert trace["final"]["A"]["hand"] == 2 and "6.5.8" not in cited(trace)


def test_send_all_says_the_uncovered_card_is_not_added():
    b_field = {1: {"cards": [{"name": "足軽", "rank": 0, "power": 500}, {"name": "侍", "rank": 1, "power": 2000}], "state": "rest"}}
    trace = scenario({"field": {1: {"card": SEND_ALL_RESTED}}}, {"field": b_field}, [{"activate": {"card": "A1", "effect": "砲撃"}}])
    assert trace["final"]["B"]["field"]["1"]["top"] == "足軽"
    notes = [c for step in trace["steps"] for c in step.get("considered", []) if "2.3.4" in c["cites"]]
    assert notes and "加わらない" in notes[0]["text"]


def test_rank_zero_without_a_place_does_not_stop_the_forced_flip():
    field: dict[int, Any] = {s: {"card": {"name": f"兵{s}", "rank": 1, "power": 1000}} for s in range(1, 5)}
    field[5] = {"card": {"name": "忍者", "rank": 1, "power": 2000}, "face": "down"}
    trace = scenario({"hand": [{"id": "z", "name": "小者", "rank": 0, "power": 500}], "field": field}, {},
                     [{"summon_phase": {"summon": ["z"]}}], phase="summon")
    assert not trace["legal"] and trace["violations"][0]["kind"] == "choice" and "2.3.1" in trace["violations"][0]["cites"]
    assert trace["final"]["A"]["field"]["5"]["face"] == "up" and trace["final"]["A"]["hand"] == 1


def test_an_effect_sends_a_battle_proof_card_and_says_11_7_2_does_not_stop_it():
    sender = {"name": "刺客", "rank": 2, "power": 2000, "role": "attacker", "effects": [
        {"name": "暗殺", "sentences": [{"do": [{"send_to_graveyard": {"player": "opponent", "choose": 1, "chosen": ["B1"]}}]}]}]}
    b_field = {1: {"card": {"name": "鉄壁", "rank": 2, "power": 4000, "battle_proof": True}}, 2: {"card": {"name": "兵", "rank": 1, "power": 1000}}}
    trace = scenario({"field": {1: {"card": sender}}}, {"field": b_field}, [{"activate": {"card": "A1", "effect": "暗殺"}}])
    assert "1" not in trace["final"]["B"]["field"] and "11.7.2" in cited(trace)
    plain = scenario({"field": {1: {"card": sender}}}, {"field": {1: b_field[2]}}, [{"activate": {"card": "A1", "effect": "暗殺"}}])
    assert "11.7.2" not in cited(plain)


def test_a_rank_zero_summon_is_placed_active_under_3_2_1():
    trace = scenario({"hand": [{"id": "z", "name": "足軽", "rank": 0, "power": 1000}]}, {}, [{"summon_phase": {"summon": ["z"]}}], phase="summon")
    step = next(s for s in trace["steps"] if "5.2.3" in s["cites"] and "足軽" in s["text"])
    assert "3.2.1" in step["cites"] and trace["final"]["A"]["field"]["1"]["state"] == "active"


def test_fewer_empty_places_than_cards_summons_as_many_as_possible():
    caller = {"name": "陣触れ", "rank": 2, "power": 2000, "effects": [{"name": "動員", "sentences": [{"do": [{"summon_without_set": {
        "card": {"zone": "hand", "choose": 2, "where": {"name": "足軽"}, "chosen": ["x1", "x2"]}, "empty_slot": True, "count": 2}}]}]}]}
    field = {1: {"card": caller}, **{s: {"card": {"name": f"兵{s}", "rank": 1, "power": 1000}} for s in (2, 3, 4)}}
    hand = [{"id": "x1", "name": "足軽", "rank": 0, "power": 1000}, {"id": "x2", "name": "足軽", "rank": 0, "power": 1000}]
    trace = scenario({"hand": hand, "field": field}, {}, [{"activate": {"card": "A1", "effect": "動員"}}])
    assert trace["final"]["A"]["field"]["5"]["top"] == "足軽" and trace["final"]["A"]["hand"] == 1
    assert "6.5.1" in cited(trace)


def _once(name: str, steps: list, **effect: Any) -> dict:
    return {"name": name, "rank": 2, "power": 2000, "role": "blocker", "effects": [{"name": name, "mark": "once", **effect, "sentences": [{"do": steps}]}]}


def test_a_restricted_effect_is_refused_under_13_3_not_the_copy_clause():
    trace = scenario({"field": {1: {"card": _once("禁書", [{"draw": 2}], restricted=True)}}}, {}, [{"activate": {"card": "A1", "effect": "禁書"}}])
    cites = trace["violations"][0]["cites"]
    assert "13.3" in cites and "6.2.1" in cites and "6.11.5" not in cites and trace["final"]["A"]["hand"] == 1


def test_turning_a_constant_card_face_down_says_its_effect_stops():
    booster = {"name": "軍配者", "rank": 2, "power": 2000, "effects": [{"name": "采配", "mark": "constant", "sentences": [
        {"do": [{"power": {"target": {"player": "self", "all": True, "where": {"other": True}}, "add": 1000}}]}]}]}
    flipper = _once("幻惑", [{"flip_down": {"player": "self", "choose": 1, "chosen": ["A2"]}}])
    trace = scenario({"field": {1: {"card": {"name": "先駆け", "rank": 2, "power": 3000}}, 2: {"card": booster}, 3: {"card": flipper}}}, {},
                     [{"activate": {"card": "A3", "effect": "幻惑"}}])
    assert trace["final"]["A"]["field"]["1"]["power"] == 3000 and "6.4.5" in cited(trace)
    plain = dict(booster, effects=[])
    trace = scenario({"field": {1: {"card": {"name": "先駆け", "rank": 2, "power": 3000}}, 2: {"card": plain}, 3: {"card": flipper}}}, {},
                     [{"activate": {"card": "A3", "effect": "幻惑"}}])
    assert "6.4.5" not in cited(trace)


def test_a_ban_on_activating_stops_a_forced_trigger():
    ban = _once("封印", [{"restrict": {"player": "opponent", "cannot": "activate", "until": "end_of_turn"}}])
    sender = _once("暗殺", [{"send_to_graveyard": {"player": "opponent", "choose": 1, "chosen": ["B1"]}}])
    b = {"hand": 0, "field": {1: {"card": {"name": "忠臣", "rank": 1, "power": 2000, "effects": [
        {"name": "遺言", "when": {"event": "sent_to_graveyard", "card": "self"}, "sentences": [{"do": [{"draw": 1}]}]}]}}}}
    banned = scenario({"field": {1: {"card": ban}, 2: {"card": sender}}}, b,
                      [{"activate": {"card": "A1", "effect": "封印"}}, {"activate": {"card": "A2", "effect": "暗殺"}}])
    assert banned["final"]["B"]["hand"] == 0 and {"6.1.1", "10.2.1", "8.2.4"} <= cited(banned)
    free = scenario({"field": {2: {"card": sender}}}, b, [{"activate": {"card": "A2", "effect": "暗殺"}}])
    assert free["final"]["B"]["hand"] == 1


def test_a_target_turned_face_down_is_a_gap_that_names_the_cancellation_it_is_not():
    hider = {"name": "隠形の術者", "rank": 1, "power": 1000, "effects": [
        {"name": "隠形", "when": {"event": "is_attacked", "card": "self"}, "sentences": [{"do": [{"flip_down": {"this": True}}]}]}]}
    trace = scenario({"field": {1: {"card": {"name": "猛将", "rank": 2, "power": 3000, "role": "attacker"}}}},
                     {"field": {1: {"card": hider, "state": "rest"}}},
                     [{"attack": {"attacker": "A1", "target": "B1", "response": "none"}}], phase="attack")
    assert trace["gaps"] and "10.6.6" in trace["gaps"][0]["cites"] and "10.6.5" not in trace["gaps"][0]["cites"]


def test_a_tie_under_most_then_choose_asks_and_cites_7_3_11():
    chooser = _once("狙い撃ち", [{"rest": {"player": "opponent", "choose": 1, "most": {"power": "highest"}}}])
    b = {"field": {1: {"card": {"name": "槍兵", "rank": 2, "power": 3000}}, 2: {"card": {"name": "弓兵", "rank": 2, "power": 3000}}}}
    trace = scenario({"field": {1: {"card": chooser}}}, b, [{"activate": {"card": "A1", "effect": "狙い撃ち"}}])
    assert trace["decision"]["player"] == "A" and "7.3.11" in trace["decision"]["cites"]


def test_each_draw_runs_out_one_deck_at_once_not_in_order():
    card = _once("一期一会", [{"draw": {"count": 2, "player": "each"}}])
    trace = scenario({"deck": 1, "hand": 0, "field": {1: {"card": card}}}, {"hand": 0}, [{"activate": {"card": "A1", "effect": "一期一会"}}])
    assert trace["winner"] == "B" and trace["final"]["B"]["hand"] == 2
    assert "10.1.1" in cited(trace) and "12.1.3" not in cited(trace)


def test_no_face_up_card_anywhere_bars_even_a_level_zero_event():
    event = {"id": "ev", "name": "早鐘", "type": "event", "level": 0, "effects": [{"name": "早鐘", "sentences": [{"do": [{"draw": 1}]}]}]}
    barred = scenario({"hand": [event]}, {}, [{"event": {"card": "ev"}}])
    assert not barred["legal"] and "2.2.1" in barred["violations"][0]["cites"]
    allowed = scenario({"hand": [event], "field": {1: {"card": {"name": "足軽", "rank": 0, "power": 500}}}}, {}, [{"event": {"card": "ev"}}])
    assert allowed["legal"] and allowed["final"]["A"]["hand"] == 1


def test_a_flip_in_the_summon_phase_lets_its_summoned_triggers_run_first():
    card = {"name": "伝令", "rank": 1, "power": 1000, "effects": [
        {"name": "早馬", "when": {"event": "summoned", "card": "self"}, "sentences": [{"do": [{"draw": 1}]}]}]}
    trace = scenario({"field": {1: {"card": card, "face": "down"}}}, {}, [{"summon_phase": {}}], phase="summon")
    assert trace["final"]["A"]["hand"] == 2 and "10.5.2" in cited(trace)


def test_a_next_turn_change_on_all_cards_fixes_them_now():
    weaken = _once("弱体", [{"power": {"target": {"player": "opponent", "all": True}, "add": -1000, "until": "next_turn"}}])
    trace = scenario({"field": {1: {"card": weaken}}}, {"field": {1: {"card": {"name": "槍兵", "rank": 2, "power": 3000}}}},
                     [{"activate": {"card": "A1", "effect": "弱体"}}])
    assert "8.2.1" in cited(trace)
    now = _once("弱体", [{"power": {"target": {"player": "opponent", "all": True}, "add": -1000, "until": "end_of_turn"}}])
    trace = scenario({"field": {1: {"card": now}}}, {"field": {1: {"card": {"name": "槍兵", "rank": 2, "power": 3000}}}},
                     [{"activate": {"card": "A1", "effect": "弱体"}}])
    assert "8.2.1" not in cited(trace)


def test_a_choice_no_clause_assigns_is_asked_of_the_player_doing_the_step_and_said_so():
    # A's effect makes B send a card of B's hand to the graveyard: B does the step (7.2.1), so B is asked, and
    # the gap says B does the step — not that B uses the effect, which is A's.
    effect = {"name": "攪乱", "sentences": [{"do": [{"discard": {"player": "opponent", "count": 1}}]}]}
    trace = scenario({"field": {1: {"card": {"name": "間者", "rank": 1, "power": 1000, "effects": [effect]}}}},
                     {"hand": [{"name": "浪人", "rank": 1, "power": 2000}, {"name": "町人", "rank": 0, "power": 500}]},
                     [{"activate": {"card": "A1", "effect": "攪乱"}}])
    assert trace["decision"]["player"] == "B"
    [gap] = [gap["text"] for gap in trace["gaps"] if "誰が行うか" in gap["text"]]
    assert "この処理を行うBの選択として問う" in gap and "効果を使うB" not in gap
