"""Draw & refresh (5.2.2), summon (5.2.3, 6.10), set (5.2.5): what changes, what is refused, and why."""

from __future__ import annotations

from typing import Any

from adjudicator.engine import resolve
from adjudicator.reading import load_scenario
from tests.scenario_builder import scenario as build


def scenario(phase: str, a: dict[str, Any], actions: list, round_: int = 3, turn_player: str = "A") -> dict[str, Any]:
    """A's (or ``turn_player``'s) turn in ``phase``, decks of 20, A's zones as given."""
    return build({"deck": 20, **a}, None, actions, round=round_, turn_player=turn_player, phase=phase)


def run(data: dict[str, Any]):
    return resolve(load_scenario(data))


def card(name: str, rank: int, **extra: Any) -> dict[str, Any]:
    return {"name": name, "rank": rank, "power": 1000 * (rank + 1), "role": "attacker", **extra}


def test_draw_records_counts_and_refresh_names_each_slot():
    data = scenario("draw", {"hand": 1, "field": {1: {"card": card("侍", 1), "state": "rest"}}}, [{"draw_phase": {"draw": 2}}])
    trace = run(data)
    draw, refresh = trace.steps[0], trace.steps[1]
    assert "Aの山札: 20 → 18" in draw.changes and "Aの手札: 1 → 3" in draw.changes
    assert refresh.changes == ("A1: レスト → アクティブ",)
    assert "3.2.1" in refresh.cites


def test_draw_count_outside_zero_to_two_is_refused_with_5_2_2():
    trace = run(scenario("draw", {}, [{"draw_phase": {"draw": 3}}]))
    assert trace.violations[0].cites[0] == "5.2.2"
    assert trace.final.player("A").deck == 20


def test_first_player_first_turn_draw_is_refused_but_zero_is_fine():
    refused = run(scenario("draw", {}, [{"draw_phase": {"draw": 1}}], round_=1))
    allowed = run(scenario("draw", {}, [{"draw_phase": {"draw": 0}}], round_=1))
    assert "5.5.1" in refused.violations[0].cites
    assert allowed.legal and any("5.5.1" in s.cites for s in allowed.steps)


def test_summon_flips_every_face_down_card_and_marks_it_summoned_this_turn():
    data = scenario(
        "summon",
        {"field": {1: {"card": card("侍", 1), "face": "down"}, 3: {"card": card("足軽", 0), "face": "down"}}},
        [{"summon_phase": {"summon": []}}],
    )
    trace = run(data)
    assert [trace.final.slot("A", s).face_down for s in ("1", "3")] == [False, False]
    flip = trace.steps[0]
    assert set(flip.changes) == {"A1: ウラ → オモテ A1〈侍〉", "A3: ウラ → オモテ A3〈足軽〉"}


def test_summon_limit_leaves_the_choice_of_flips_to_the_player():
    data = scenario(
        "summon",
        {"summon_limit": 1, "field": {1: {"card": card("侍", 1), "face": "down"}, 2: {"card": card("槍", 1), "face": "down"}}},
        [{"summon_phase": {"summon": []}}],
    )
    trace = run(data)
    assert trace.decision is not None and trace.decision.player == "A"
    assert trace.decision.options == ("A1", "A2") and "6.10.1" in trace.decision.cites


def test_a_bare_id_takes_the_lowest_empty_slot():
    data = scenario(
        "summon",
        {"hand": [{"id": "x", **card("足軽", 0)}], "field": {1: {"card": card("侍", 1)}, 2: {"card": card("槍", 1)}}},
        [{"summon_phase": {"summon": ["x"]}}],
    )
    assert run(data).final.slot("A", "3").top == "足軽"


def test_set_goes_face_down_and_keeps_the_stack_state():
    data = scenario(
        "set",
        {"hand": [{"id": "r2", **card("侍大将", 2)}], "field": {1: {"card": card("侍", 1), "state": "rest"}}},
        [{"set": {"card": "r2", "onto": "A1"}}],
    )
    trace = run(data)
    slot = trace.final.slot("A", "1")
    assert (slot.face_down, slot.rested, slot.cards, slot.power) == (True, True, 2, None)
    step = trace.steps[0]
    assert "A1: 1枚 → 2枚、オモテ → ウラ（レスト）" in step.changes
    assert any("4.5.2" in c.cites for c in step.considered)


def test_set_skipping_a_rank_is_refused_and_names_both_ranks():
    data = scenario(
        "set",
        {"hand": [{"id": "r3", **card("大名", 3)}], "field": {1: {"card": card("侍", 1)}}},
        [{"set": {"card": "r3", "onto": "A1"}}],
    )
    violation = run(data).violations[0]
    assert "5.2.5" in violation.cites and "ランクは1" in violation.text and "ランク3" in violation.text


def test_a_later_phase_action_advances_through_the_phases_between():
    data = scenario(
        "draw",
        {"hand": [{"id": "r1", **card("侍", 1)}], "field": {1: {"card": card("足軽", 0)}}},
        [{"set": {"card": "r1", "onto": "A1"}}],
    )
    trace = run(data)
    assert trace.final.game.phase == "set"
    assert sum("5.2.1" in s.cites for s in trace.steps) == 3  # summon, effect, set
