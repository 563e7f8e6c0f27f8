"""The effect interpreter: sentences, 「その後」, conditions, draws, selectors and what a face-down card reveals.

Each test builds a small scenario around one effect and checks the ruling: the board afterwards, the clauses
cited, and where the engine must stop for a player's choice instead of guessing.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.engine import resolve
from adjudicator.reading import load_scenario
from adjudicator.format.effects import STEP_KINDS, Selector, Where
from adjudicator.format.scenario import Scenario
from adjudicator.engine.board import build_board
from adjudicator.engine.effects.run import EffectRun
from adjudicator.engine.facts import contains, facts_of, matches
from adjudicator.engine.effects.selectors import select
from adjudicator.engine.effects.run import STEP_HANDLERS
from adjudicator.engine.game import Stop
from adjudicator.engine.resolution import new_game
from adjudicator.engine.trace import Recorder
from tests.scenario_builder import scenario as build


def effect_card(sentences: list[dict], name: str = "試し", **card: Any) -> dict:
    return {"name": "軍師", "rank": 1, "power": 1000, "role": "blocker", **card,
            "effects": [{"name": name, "sentences": sentences}]}


def scenario(a: dict | None = None, b: dict | None = None, actions: list | None = None, **game: Any) -> Scenario:
    """Round 5, A's effect phase, decks of 15 and 12; A1's effect 「試し」 activated unless actions are given."""
    return load_scenario(build({"deck": 15, **(a or {})}, {"deck": 12, **(b or {})},
                               actions if actions is not None else [{"activate": {"card": "A1", "effect": "試し"}}],
                               round=5, phase="effect", **game))


def run_effect_of(sentences: list[dict], a: dict | None = None, b: dict | None = None, **choices: Any):
    a = {"field": {1: {"card": effect_card(sentences)}}, **(a or {})}
    return resolve(scenario(a, b, [{"activate": {"card": "A1", "effect": "試し", **choices}}])).to_json()


def test_the_issue_steps_have_handlers():
    mine = {"draw", "mill", "discard", "send_to_graveyard", "rest", "activate_cards", "flip_down", "flip_up", "power", "win"}
    assert mine <= set(STEP_HANDLERS)
    assert set(STEP_HANDLERS) <= set(STEP_KINDS)


# --- sentences and 「その後」 (6.7) ----------------------------------------------------------------


def test_then_goes_on_only_after_a_complete_sentence():
    blocked = run_effect_of([{"do": [{"draw": 2}]}, {"then": True, "do": [{"mill": {"count": 2}}]}], a={"hand": 4, "hand_draw_limit": 5})
    assert (blocked["final"]["A"]["hand"], blocked["final"]["B"]["deck"]) == (4, 12)
    free = run_effect_of([{"do": [{"draw": 2}]}, {"then": True, "do": [{"mill": {"count": 2}}]}], a={"hand": 1, "hand_draw_limit": 5})
    assert (free["final"]["A"]["hand"], free["final"]["B"]["deck"]) == (3, 10)


def test_plain_sentence_goes_on_after_an_incomplete_one():
    trace = run_effect_of([{"do": [{"draw": 2}]}, {"do": [{"mill": {"count": 2}}]}], a={"hand": 4, "hand_draw_limit": 5})
    assert trace["final"]["B"]["deck"] == 10
    assert any("6.7.2" in step["cites"] for step in trace["steps"])


def test_then_refers_to_the_sentence_just_before_only():
    # First sentence incomplete, second complete: 「その後」 in the third goes on (6.7.4).
    trace = run_effect_of(
        [{"do": [{"draw": 2}]}, {"do": [{"mill": {"count": 1}}]}, {"then": True, "do": [{"mill": {"count": 1}}]}],
        a={"hand": 4, "hand_draw_limit": 5},
    )
    assert trace["final"]["B"]["deck"] == 10


def test_condition_is_judged_once_when_its_sentence_starts():
    trace = run_effect_of([{"if": {"hand_at_most": 1}, "do": [{"draw": 1}, {"draw": 1}]}], a={"hand": 1})
    assert trace["final"]["A"]["hand"] == 3


def test_unmet_condition_makes_the_sentence_incomplete_for_a_following_then():
    trace = run_effect_of(
        [{"if": {"hand_at_least": 9}, "do": [{"draw": 1}]}, {"then": True, "do": [{"mill": {"count": 1}}]}], a={"hand": 1}
    )
    assert (trace["final"]["A"]["hand"], trace["final"]["B"]["deck"]) == (1, 12)


@pytest.mark.parametrize("declined, hand, graveyard", [(True, 3, 0), (False, 4, 1)])
def test_optional_sentence_declined_or_used(declined: bool, hand: int, graveyard: int):
    sentences = [{"optional": True, "do": [{"discard": 1}]}, {"then": True, "do": [{"draw": 2}]}]
    trace = run_effect_of(sentences, a={"hand": 3}, decline=["試し"] if declined else [])
    assert (trace["final"]["A"]["hand"], trace["final"]["A"]["graveyard"]) == (hand, graveyard)


# --- draws (6.5.4, 6.5.5, 6.5.8, 6.5.12) --------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(count=st.integers(0, 5), hand=st.integers(0, 6), limit=st.one_of(st.none(), st.integers(1, 8)), deck=st.integers(1, 8))
def test_fixed_draw_is_all_or_nothing(count: int, hand: int, limit: int | None, deck: int):
    a: dict[str, Any] = {"hand": hand, "deck": deck}
    if limit is not None:
        a["hand_draw_limit"] = limit
    trace = run_effect_of([{"do": [{"draw": count}]}], a=a)
    drawn = trace["final"]["A"]["hand"] - hand
    allowed = count == 0 or limit is None or hand + count < limit
    assert drawn == (min(count, deck) if allowed else 0)
    assert trace["winner"] == ("B" if allowed and count >= deck else None)


def test_up_to_draw_decision_lists_only_counts_under_the_limit():
    trace = run_effect_of([{"do": [{"draw": {"up_to": 3}}]}], a={"hand": 2, "hand_draw_limit": 5})
    assert trace["decision"]["player"] == "A"
    assert trace["decision"]["options"] == ["0", "1", "2"]
    assert trace["final"]["A"]["hand"] == 2


def test_up_to_draw_with_only_zero_possible_needs_no_decision():
    trace = run_effect_of([{"do": [{"draw": {"up_to": 2}}]}], a={"hand": 4, "hand_draw_limit": 5})
    assert trace["decision"] is None and trace["final"]["A"]["hand"] == 4


@pytest.mark.parametrize("hand, drawn", [(1, 3), (4, 0), (6, 0)])
def test_until_hand_draws_the_difference(hand: int, drawn: int):
    trace = run_effect_of([{"do": [{"draw": {"until_hand": 4}}]}, {"then": True, "do": [{"mill": {"count": 1}}]}], a={"hand": hand})
    assert trace["final"]["A"]["hand"] == hand + drawn
    assert trace["final"]["B"]["deck"] == 11  # complete in every case, so 「その後」 goes on


def test_discard_needs_a_choice_only_between_known_cards():
    known = [{"id": "x", "name": "甲", "rank": 0, "power": 500}, {"id": "y", "name": "乙", "rank": 0, "power": 500}]
    assert run_effect_of([{"do": [{"discard": 1}]}], a={"hand": known})["decision"]["options"] == ["x", "y"]
    picked = run_effect_of([{"do": [{"discard": {"count": 1, "chosen": ["y"]}}]}], a={"hand": known})
    assert [c["id"] for c in picked["final"]["A"]["hand_cards"]] == ["x"]
    unknown = run_effect_of([{"do": [{"discard": 1}]}], a={"hand": 3})
    assert unknown["decision"] is None and unknown["final"]["A"]["hand"] == 2


# --- selectors (3.1, 7.1, 8.3, 8.4) ---------------------------------------------------------------


def test_partial_match_needs_consecutive_letters():
    assert contains("XABX", "AB") and not contains("AXB", "AB") and not contains("AB", "")


def _facts(card: dict, face: str = "up", state: str = "active"):
    board = build_board(scenario({"field": {1: {"card": card, "face": face, "state": state}}}, actions=[]))
    return facts_of(board, board.players["A"].field[1].top)


def test_face_down_card_meets_no_information_condition_but_its_state_is_read():
    card = {"name": "尾張の大うつけ　織田信長", "rank": 3, "power": 5000, "role": "attacker", "attributes": ["武将"]}
    down = _facts(card, face="down", state="rest")
    for where in ({"power_at_most": 9000}, {"rank_at_least": 0}, {"name": "信長"}, {"attribute": "武"}, {"role": "attacker"}):
        assert not matches(Where(**where), down)
    assert matches(Where(state="rest"), down) and matches(Where(), down)
    up = _facts(card)
    assert matches(Where(name="信長"), up) and not matches(Where(name="うつけ"), up)
    assert matches(Where(attribute="【武】"), up)


def test_choose_decision_offers_slot_references():
    b = {"field": {1: {"card": {"name": "甲", "rank": 1, "power": 2000}}, 3: {"card": {"name": "乙", "rank": 1, "power": 2000}}}}
    trace = run_effect_of([{"do": [{"rest": {"player": "opponent", "choose": 1}}]}], b=b)
    assert trace["decision"]["options"] == ["B1", "B3"] and "8.4.1" in trace["decision"]["cites"]


def test_choosing_fewer_than_possible_is_rejected():
    b = {"field": {1: {"card": {"name": "甲", "rank": 1, "power": 2000}}, 2: {"card": {"name": "乙", "rank": 1, "power": 2000}}}}
    trace = run_effect_of([{"do": [{"rest": {"player": "opponent", "choose": 2, "chosen": ["B1"]}}]}], b=b)
    assert not trace["legal"] and "6.5.1" in trace["violations"][0]["cites"]
    # Only two candidates for two picks: no real choice is left, so both are rested.
    assert [trace["final"]["B"]["field"][s]["state"] for s in "12"] == ["rest", "rest"]


def test_unselectable_card_is_left_out_of_choose_but_not_of_all():
    b = {"field": {1: {"card": {"name": "甲", "rank": 1, "power": 2000, "unselectable": True}}, 2: {"card": {"name": "乙", "rank": 1, "power": 2000}}}}
    chosen = run_effect_of([{"do": [{"rest": {"player": "opponent", "choose": 1}}]}], b=b)
    assert [chosen["final"]["B"]["field"][s]["state"] for s in "12"] == ["active", "rest"]
    everything = run_effect_of([{"do": [{"rest": {"player": "opponent", "all": True}}]}], b=b)
    assert [everything["final"]["B"]["field"][s]["state"] for s in "12"] == ["rest", "rest"]


def _run(board_scenario: Scenario) -> EffectRun:
    board = build_board(board_scenario)
    game = new_game(board, Recorder())
    source = board.players["A"].field[1].top
    return EffectRun.start(game, source, source.info.effects[0], "A")


def test_hidden_zone_with_a_condition_may_find_nothing():
    hand = [{"id": "nobu", "name": "織田信長", "rank": 3, "power": 5000}, {"id": "hide", "name": "豊臣秀吉", "rank": 3, "power": 5000}]
    run = _run(scenario({"hand": hand, "field": {1: {"card": effect_card([{"do": [{"draw": 1}]}])}}}, actions=[]))
    nothing = select(run, Selector(zone="hand", choose=1, where=Where(name="信長"), chosen=[]))
    assert nothing.cards == [] and not run.game.trace.violations  # 6.6.1: not revealed, treated as absent
    with pytest.raises(Stop):
        select(run, Selector(zone="hand", choose=1, where=Where(name="信長")))
    assert run.game.trace.decision.options == ("nobu", "なし")


def test_hidden_zone_with_no_condition_is_forced():
    run = _run(scenario({"hand": 3, "field": {1: {"card": effect_card([{"do": [{"draw": 1}]}])}}}, actions=[]))
    picked = select(run, Selector(zone="hand", choose=2))
    assert len(picked.cards) == 2 and picked.complete and run.game.trace.decision is None  # 6.6.2
    run.game.trace.violations.clear()
    select(run, Selector(zone="hand", choose=2, chosen=[]))
    assert run.game.trace.violations  # picking none where any card will do is not allowed


def test_this_is_gone_once_the_card_left_the_field():
    run = _run(scenario({"field": {1: {"card": effect_card([{"do": [{"draw": 1}]}])}}}, actions=[]))
    assert select(run, Selector(this=True)).cards == [run.source]
    run.source.incarnation += 1  # it left and came back: another card now (3.5.3)
    assert select(run, Selector(this=True)).cards == []
