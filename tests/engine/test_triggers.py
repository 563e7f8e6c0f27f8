"""Triggered effects: when 「〜た時」 and 「〜する時」 run, who orders simultaneous ones, and the loop bound."""

from __future__ import annotations

from typing import Any

from adjudicator.engine import resolve
from adjudicator.reading import load_scenario
from adjudicator.engine.board import build_board
from adjudicator.engine.game import MAX_EFFECT_OPERATIONS, MAX_TRIGGER_DEPTH
from adjudicator.engine.resolution import new_game
from adjudicator.engine.trace import MAX_STEPS, Recorder
from adjudicator.engine import triggers

SEND_B1 = {"name": "刺客", "rank": 2, "power": 2000, "role": "attacker", "effects": [
    {"name": "暗殺", "sentences": [{"do": [{"send_to_graveyard": {"player": "opponent", "choose": 1, "chosen": ["B1"]}}]},
                                 {"then": True, "do": [{"draw": 1}]}]}]}
SEND_ALL_RESTED = {"name": "大筒", "rank": 3, "power": 4000, "role": "attacker", "effects": [
    {"name": "砲撃", "sentences": [{"do": [{"send_to_graveyard": {"player": "opponent", "all": True, "where": {"state": "rest"}}}]}]}]}


def on_leaving(name: str, steps: list, timing: str = "after", whose: str = "self", mark: str = "none", **card: Any) -> dict:
    return {"name": name, "rank": 1, "power": 2000, "role": "blocker", **card, "effects": [
        {"name": f"{name}の効果", "mark": mark, "when": {"event": "sent_to_graveyard", "card": whose, "timing": timing},
         "sentences": [{"do": steps}]}]}


def play(a_card: dict, b_field: dict, action: dict, **b: Any) -> dict:
    return resolve(load_scenario({
        "format": "hi-story-scenario/1", "title": "t",
        "game": {"round": 5, "first_player": "A", "turn_player": "A", "phase": "effect"},
        "players": {"A": {"deck": 15, "hand": 1, "field": {1: {"card": a_card}}}, "B": {"deck": 12, "field": b_field, **b}},
        "actions": [{"activate": action}],
    })).to_json()


def cite_index(trace: dict, clause: str) -> int:
    return next(i for i, step in enumerate(trace["steps"]) if clause in step["cites"])


def test_after_trigger_runs_between_the_step_and_then():
    trace = play(SEND_B1, {1: {"card": on_leaving("忠臣", [{"mill": {"count": 1}}])}}, {"card": "A1", "effect": "暗殺"})
    assert cite_index(trace, "10.1.9") < cite_index(trace, "6.7.1")
    assert trace["final"]["A"]["deck"] == 13 and trace["final"]["A"]["hand"] == 2


def test_before_trigger_runs_before_the_move():
    trace = play(SEND_B1, {1: {"card": on_leaving("忠臣", [{"draw": 1}], timing="before")}}, {"card": "A1", "effect": "暗殺"})
    texts = [step["text"] for step in trace["steps"]]
    assert next(i for i, t in enumerate(texts) if "忠臣の効果｝が発動" in t) < next(i for i, t in enumerate(texts) if "を墓地へ送る。" in t and "暗殺" in t)
    assert trace["final"]["B"]["hand"] == 1


def _two_rested_triggers():
    return {1: {"card": on_leaving("甲", [{"draw": 1}]), "state": "rest"}, 2: {"card": on_leaving("乙", [{"mill": {"count": 1}}]), "state": "rest"}}


def test_simultaneous_triggers_wait_for_the_turn_players_order():
    trace = play(SEND_ALL_RESTED, _two_rested_triggers(), {"card": "A1", "effect": "砲撃"})
    assert trace["decision"]["player"] == "A"
    assert set(trace["decision"]["options"]) == {"甲の効果", "乙の効果"}


def test_given_order_is_followed():
    trace = play(SEND_ALL_RESTED, _two_rested_triggers(), {"card": "A1", "effect": "砲撃", "order": ["乙の効果", "甲の効果"]})
    texts = [step["text"] for step in trace["steps"]]
    first = next(i for i, t in enumerate(texts) if "｛乙の効果｝が発動" in t)
    second = next(i for i, t in enumerate(texts) if "｛甲の効果｝が発動" in t)
    assert first < second and trace["decision"] is None


def test_watching_effect_fires_once_for_a_simultaneous_move():
    field = {1: {"card": {"name": "足軽", "rank": 0, "power": 1000}, "state": "rest"},
             2: {"card": {"name": "番兵", "rank": 0, "power": 1000}, "state": "rest"},
             3: {"card": on_leaving("住職", [{"draw": 1}], whose="own", mark="constant")}}
    trace = play(SEND_ALL_RESTED, field, {"card": "A1", "effect": "砲撃"}, hand=0)
    assert trace["final"]["B"]["hand"] == 1


def test_constant_watcher_leaving_in_the_same_move_does_not_fire():
    field = {1: {"card": on_leaving("住職", [{"draw": 1}], whose="own", mark="constant"), "state": "rest"},
             2: {"card": {"name": "足軽", "rank": 0, "power": 1000}, "state": "rest"}}
    assert play(SEND_ALL_RESTED, field, {"card": "A1", "effect": "砲撃"}, hand=0)["final"]["B"]["hand"] == 0


def test_unmarked_watcher_exposed_from_under_still_fires_but_constant_does_not():
    # 10.1.11 binds 「常」 effects only; an unmarked one judges the card face-up on the field now (6.4.7).
    for mark, drawn in (("constant", 0), ("none", 1)):
        field = {1: {"cards": [on_leaving("住職", [{"draw": 1}], whose="own", mark=mark), {"name": "僧兵", "rank": 2, "power": 3000}]}}
        trace = play(SEND_B1, field, {"card": "A1", "effect": "暗殺"}, hand=0)
        assert trace["final"]["B"]["hand"] == drawn, mark


def test_self_retriggering_effect_stops_at_the_depth_bound():
    loop = {"name": "からくり", "rank": 1, "power": 1000, "effects": [
        {"name": "空回り", "when": {"event": "rested", "card": "self"},
         "sentences": [{"do": [{"activate_cards": {"this": True}}, {"rest": {"this": True}}]}]}]}
    rest_b1 = {"name": "刺客", "rank": 2, "power": 2000, "effects": [
        {"name": "足止め", "sentences": [{"do": [{"rest": {"player": "opponent", "choose": 1, "chosen": ["B1"]}}]}]}]}
    trace = play(rest_b1, {1: {"card": loop}}, {"card": "A1", "effect": "足止め"})
    assert trace["limit"] and "ループ" in trace["limit"]["text"]
    assert str(MAX_TRIGGER_DEPTH) in trace["limit"]["text"]
    assert len(trace["steps"]) < MAX_STEPS


def test_branching_chain_stops_at_the_operation_bound():
    # Two effects on every rest re-rest the card: the chain doubles at each level and would never end.
    def twin(name: str) -> dict:
        return {"name": name, "when": {"event": "rested", "card": "self"},
                "sentences": [{"do": [{"activate_cards": {"this": True}}, {"rest": {"this": True}}]}]}
    loop = {"name": "からくり", "rank": 1, "power": 1000, "effects": [twin("右"), twin("左")]}
    rest_b1 = {"name": "刺客", "rank": 2, "power": 2000, "effects": [
        {"name": "足止め", "sentences": [{"do": [{"rest": {"player": "opponent", "choose": 1, "chosen": ["B1"]}}]}]}]}
    trace = play(rest_b1, {1: {"card": loop}}, {"card": "A1", "effect": "足止め", "order": ["右", "左"]})
    assert trace["limit"] and len(trace["steps"]) < MAX_STEPS
    assert any(str(n) in trace["limit"]["text"] for n in (MAX_TRIGGER_DEPTH, MAX_EFFECT_OPERATIONS))


def test_interrupt_keeps_the_outer_steps_waiting_events():
    scenario = load_scenario({
        "format": "hi-story-scenario/1", "title": "t",
        "game": {"round": 5, "first_player": "A", "turn_player": "A", "phase": "effect"},
        "players": {"A": {"deck": 5}, "B": {"deck": 5, "field": {1: {"card": on_leaving("忠臣", [{"draw": 1}], timing="before")}}}},
    })
    board = build_board(scenario)
    game = new_game(board, Recorder())
    from adjudicator.engine.events import Event

    waiting = Event("drawn", None, "A")
    game.pending.append(waiting)
    card = board.players["B"].field[1].top
    triggers.interrupt(game, Event("sent_to_graveyard", card, "B", "before", "effect", True))
    assert game.pending == [waiting] and board.players["B"].hand and len(board.players["B"].hand) == 1


def test_phase_boundary_fires_only_for_face_up_cards():
    def phase_card(face: str) -> dict:
        return {"card": {"name": "見張り", "rank": 1, "power": 1000, "effects": [
            {"name": "朝駆け", "when": {"phase_start": "attack"}, "sentences": [{"do": [{"mill": {"count": 1}}]}]}]}, "face": face}
    for face, milled in (("up", 1), ("down", 0)):
        scenario = load_scenario({
            "format": "hi-story-scenario/1", "title": "t",
            "game": {"round": 5, "first_player": "A", "turn_player": "A", "phase": "set"},
            "players": {"A": {"deck": 5, "field": {1: phase_card(face)}}, "B": {"deck": 5}},
        })
        game = new_game(build_board(scenario), Recorder())
        triggers.phase_boundary(game, "attack", "start")
        assert len(game.board.players["B"].graveyard) == milled, face
