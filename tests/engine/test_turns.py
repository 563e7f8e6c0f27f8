"""Turn flow, durations and extra turns: the phase order (5.2.1), phase-boundary effects (6.4.6), the end
of a turn (5.6), durations counted in the affected player's turns and not adding up (5.6.1, 5.7.1), and
extra turns (5.8)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.engine import durations, resolve
from adjudicator.reading import load_scenario
from adjudicator.engine.board import Expiry, Timed, build_board
from adjudicator.format.base import Timed as TimedSpec
from tests.scenario_builder import scenario as build

MILL_AT_ATTACK_START = {
    "name": "物見櫓",
    "effects": [{
        "name": "物見櫓の効果",
        "mark": "constant",
        "when": {"phase_start": "attack"},
        "sentences": [{"do": [{"mill": {"player": "opponent", "count": 1}}]}],
    }],
}


def scenario(actions: list[dict], *, a: dict | None = None, b: dict | None = None, **game: Any) -> dict:
    """Round 3, A's effect phase, decks of 20 and hands of 2."""
    return build({"deck": 20, "hand": 2, **(a or {})}, {"deck": 20, "hand": 2, **(b or {})}, actions,
                 **{"phase": "effect", **game})


def run(data: dict):
    return resolve(load_scenario(data)).to_json()


def person(name: str, rank: int = 1, power: int = 2000, **more: Any) -> dict:
    return {"name": name, "rank": rank, "power": power, "role": "attacker", **more}


# --- turn order and counts ----------------------------------------------------------------------------


def test_end_turn_alternates_players_and_counts_each_players_own_turns():
    trace = run(scenario([{"end_turn": {}}, {"end_turn": {}}, {"end_turn": {}}]))
    game = trace["final"]["game"]
    # A3 → B3 → A4 → B4: round is the turn player's own count (A moves first).
    assert (game["turn_player"], game["round"], game["phase"]) == ("B", 4, "draw")


def test_an_extra_turn_is_the_same_player_again_and_counts_as_that_players_turn():
    trace = run(scenario([{"end_turn": {}}, {"end_turn": {}}], a={"extra_turn": True}))
    game = trace["final"]["game"]
    # A3 → A4 (extra) → B3.
    assert (game["turn_player"], game["round"]) == ("B", 3)
    assert any("5.8.1" in step["cites"] for step in trace["steps"])


def test_going_back_a_phase_is_illegal_and_changes_nothing():
    data = scenario([{"next_phase": {}}, {"draw_phase": {"draw": 1}}])
    trace = run(data)
    assert trace["legal"] is False
    assert trace["violations"][0]["cites"] == ["5.2.1"] and trace["violations"][0]["action"] == 1
    assert trace["final"]["A"]["hand"] == 2 and trace["final"]["game"]["phase"] == "set"


def test_next_phase_after_the_attack_phase_is_illegal():
    trace = run(scenario([{"next_phase": {}}], phase="attack"))
    assert trace["legal"] is False and trace["final"]["game"]["phase"] == "attack"


# --- phase-boundary effects (6.4.6) ------------------------------------------------------------------------


@pytest.mark.parametrize(("face", "milled"), [("up", 1), ("down", 0)])
def test_a_phase_start_effect_needs_its_card_face_up_at_the_instant(face: str, milled: int):
    data = scenario([{"next_phase": {}}], phase="set", a={"field": {1: {"card": person(**MILL_AT_ATTACK_START), "face": face}}})
    trace = run(data)
    assert trace["final"]["B"]["graveyard"] == milled


def test_a_card_under_another_does_not_fire_and_the_trace_says_why():
    stack = {"cards": [person(**MILL_AT_ATTACK_START), person("侍")]}
    trace = run(scenario([{"next_phase": {}}], phase="set", a={"field": {1: stack}}))
    assert trace["final"]["B"]["graveyard"] == 0
    assert any("場の下" in step["text"] and "6.4.6" in step["cites"] for step in trace["steps"])


def test_ending_the_turn_early_still_passes_the_attack_phase():
    trace = run(scenario([{"end_turn": {}}], a={"field": {1: {"card": person(**MILL_AT_ATTACK_START)}}}))
    assert trace["final"]["B"]["graveyard"] == 1


def test_a_forbidden_act_leaves_its_phase_and_that_phases_effects_in_place():
    a = {"restrictions": [{"cannot": "attack", "until": "end_of_turn"}], "field": {1: {"card": person(**MILL_AT_ATTACK_START)}}}
    trace = run(scenario([{"next_phase": {}}], phase="set", a=a))
    assert trace["final"]["B"]["graveyard"] == 1
    entered = next(step for step in trace["steps"] if "攻撃フェーズに進む" in step["text"])
    assert {"5.3.1", "5.3.2"} <= set(entered["cites"])


def test_leaving_the_draw_phase_without_its_action_still_refreshes():
    a = {"field": {1: {"card": person("侍"), "state": "rest"}}}
    trace = run(scenario([{"next_phase": {}}], phase="draw", a=a))
    assert trace["final"]["A"]["field"]["1"]["state"] == "active"
    assert trace["final"]["A"]["hand"] == 2


# --- the end of a turn -----------------------------------------------------------------------------------


def test_per_turn_counts_restart_at_the_end_of_the_turn():
    trace = run(scenario([{"end_turn": {}}], a={"events_this_turn": 1}, b={"events_this_turn": 1}))
    assert trace["final"]["A"]["events_this_turn"] == 0 and trace["final"]["B"]["events_this_turn"] == 0


def test_this_turn_power_ends_but_a_two_turn_one_survives_the_opponents_turn():
    card = person("侍", power_mods=[{"add": 1000, "until": "end_of_turn"}, {"add": 500, "turns": 2}])
    trace = run(scenario([{"end_turn": {}}], a={"field": {1: {"card": card}}}))
    assert trace["final"]["A"]["field"]["1"]["power"] == 2500


# --- durations (5.6, 5.7) ------------------------------------------------------------------------------


def _board(turn_player: str = "A"):
    return build_board(load_scenario(scenario([], turn_player=turn_player)))


@given(turns=st.integers(min_value=1, max_value=6), starts=st.sampled_from("AB"), extra=st.lists(st.booleans(), max_size=12))
@settings(max_examples=60, deadline=None)
def test_n_turns_end_after_exactly_n_turns_of_the_affected_player(turns: int, starts: str, extra: list[bool]):
    """5.6.1/5.8.2/5.8.5: only the affected player's turns count, extra turns included, however they fall."""
    board = _board()
    expiry = durations.expiry_of(board, TimedSpec(turns=turns), affected=starts, controller="A")
    board.players[starts].restrictions.append(Timed("attack", expiry))
    turn_player, counted = "A", 0
    for index in range(40):
        durations.end_of_turn(board, turn_player)
        counted += turn_player == starts
        still = bool(board.players[starts].restrictions)
        assert still == (counted < turns)
        if not still:
            break
        again = extra[index] if index < len(extra) else False
        turn_player = turn_player if again else ("B" if turn_player == "A" else "A")


def test_the_same_restriction_twice_keeps_the_longer_never_the_sum():
    board = _board()
    items: list[Timed] = []
    assert durations.add_timed(board, items, Timed("attack", Expiry("B", 2))) is False
    assert durations.add_timed(board, items, Timed("attack", Expiry("B", 1))) is True
    assert [item.expiry.turns for item in items] == [2]
    assert durations.add_timed(board, items, Timed("attack", Expiry("B", 3))) is True
    assert [item.expiry.turns for item in items] == [3]


def test_next_turn_outlasts_this_turn_when_they_are_compared():
    # During A's turn: 「このターン」 ends first, 「次のターン」 (B's) after it.
    this_turn, next_turn = Expiry("A", 1), Expiry("B", 1)
    assert durations.ends_later(next_turn, this_turn, "A")
    assert not durations.ends_later(this_turn, next_turn, "A")


@pytest.mark.parametrize(
    ("until", "turn_player", "expected"),
    [
        ("end_of_turn", "A", ("A", 1)),
        ("end_of_next_turn", "A", ("B", 1)),       # 5.6.2: the opponent's next turn
        ("end_of_next_turn", "B", ("B", 2)),       # resolved in B's own turn: B's next one after this
        ("end_of_own_next_turn", "A", ("A", 2)),   # 5.6.4
        ("end_of_own_next_turn", "B", ("A", 1)),
    ],
)
def test_named_durations_are_read_from_the_controllers_point_of_view(until: str, turn_player: str, expected: tuple[str, int]):
    board = _board(turn_player)
    expiry = durations.expiry_of(board, TimedSpec(until=until), affected="B", controller="A")
    assert (expiry.player, expiry.turns) == expected
