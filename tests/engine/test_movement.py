"""The steps that move cards and give things for a time (adjudicator/engine/effects/: summon, set_from_hand,
move_on_field, to_hand_or_deck, repeat, grants, extra_turn), run through real scenarios."""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.engine import resolve
from adjudicator.reading import load_scenario
from adjudicator.engine.effects.run import STEP_HANDLERS
from adjudicator.format.effects import STEP_KINDS
from adjudicator.format.errors import ScenarioError


def person(name: str, rank: int = 1, power: int = 2000, **more: Any) -> dict:
    return {"name": name, "rank": rank, "power": power, "role": "attacker", **more}


def with_effect(steps: list[dict], *more_sentences: list[dict], name: str = "軍配者", rank: int = 1) -> dict:
    """A card summoned this turn whose 〔召〕 ｛技｝ runs ``steps`` (then more sentences)."""
    sentences = [{"do": steps}] + [{"do": s} for s in more_sentences]
    return person(name, rank, 1000, summoned_this_turn=True, effects=[{"name": "技", "mark": "summon", "sentences": sentences}])


def run(field: dict, hand: list[dict] | None = None, actions: list[dict] | None = None, *, b_field: dict | None = None, **a: Any):
    data = {
        "format": "hi-story-scenario/1",
        "title": "test",
        "game": {"round": 4, "first_player": "A", "turn_player": "A", "phase": "effect"},
        "players": {
            "A": {"deck": 20, "hand": hand if hand is not None else 1, "field": field, **a},
            "B": {"deck": 20, "hand": 2, "field": b_field or {}},
        },
        "actions": actions if actions is not None else [{"activate": {"card": "A1", "effect": "技"}}],
    }
    return resolve(load_scenario(data)).to_json()


def test_every_step_kind_of_the_format_has_a_handler():
    assert set(STEP_KINDS) <= set(STEP_HANDLERS)


# --- summon without set (6.9) ------------------------------------------------------------------------------


def test_summon_onto_a_card_ignores_rank_order_and_marks_the_card_summoned():
    hand = [{"id": "x", **person("騎馬隊", 3, 4000, effects=[{"name": "突撃", "mark": "summon", "sentences": [{"do": [{"draw": 1}]}]}])}]
    actions = [{"activate": {"card": "A1", "effect": "技"}}, {"activate": {"card": "A2", "effect": "突撃"}}]
    field = {1: {"card": with_effect([{"summon_without_set": {"card": "x", "onto": "A2"}}])}, 2: {"card": person("足軽", 0, 1000)}}
    trace = run(field, hand, actions)
    assert trace["legal"], trace["violations"]
    assert trace["final"]["A"]["field"]["2"]["cards"] == 2 and trace["final"]["A"]["field"]["2"]["power"] == 4000
    assert trace["final"]["A"]["hand"] == 1  # 騎馬隊's 〔召〕 drew one: it counts as summoned (6.9.7)


def test_the_one_turn_lock_refuses_a_second_summon_onto_the_same_card():
    hand = [{"id": "x", **person("鉄砲隊", 2)}, {"id": "y", **person("騎馬隊", 3)}]
    steps = [{"summon_without_set": {"card": "x", "onto": "A2"}}]
    field = {1: {"card": with_effect(steps, [{"summon_without_set": {"card": "y", "onto": "A2"}}])}, 2: {"card": person("足軽", 0)}}
    trace = run(field, hand)
    assert trace["final"]["A"]["field"]["2"]["cards"] == 2 and trace["final"]["A"]["hand"] == 1
    assert any("6.9.4" in step["cites"] for step in trace["steps"])


def test_cards_with_no_empty_slot_are_not_summoned_except_for_ieyasu():
    hand = [{"id": f"m{i}", **person(f"三河武士　{i}", 2, attributes=["三河武士"])} for i in range(2)]
    selector = {"zone": "hand", "choose": 2, "where": {"attribute": "三河武士"}, "chosen": ["m0", "m1"]}
    step = {"summon_without_set": {"card": selector, "empty_slot": True, "count": 2, "overflow_onto": ["A2"]}}
    others = {slot: {"card": person("足軽", 0)} for slot in (2, 3, 4)}
    plain = run({1: {"card": with_effect([step], name="家臣")}, **others}, hand)
    assert plain["final"]["A"]["hand"] == 1 and plain["final"]["A"]["field"]["2"]["cards"] == 1
    ieyasu = {
        **with_effect([step], name="三河の天下人\u3000徳川家康", rank=3),
        "effects": [{"name": "三河武士団の結束", "mark": "summon", "sentences": [{"do": [step]}]}],
    }
    actions = [{"activate": {"card": "A1", "effect": "三河武士団の結束"}}]
    special = run({1: {"card": ieyasu}, **others}, hand, actions)
    assert special["final"]["A"]["hand"] == 0 and special["final"]["A"]["field"]["2"]["cards"] == 2
    assert any("14.2" in step["cites"] for step in special["steps"])


def test_ieyasu_overflow_without_a_pick_stops_for_a_decision():
    hand = [{"id": f"m{i}", **person(f"三河武士　{i}", 2, 1000 + i)} for i in range(2)]
    step = {"summon_without_set": {"card": {"zone": "hand", "choose": 2, "chosen": ["m0", "m1"]}, "empty_slot": True, "count": 2}}
    ieyasu = {**person("三河の天下人\u3000徳川家康", 3, summoned_this_turn=True),
              "effects": [{"name": "三河武士団の結束", "mark": "summon", "sentences": [{"do": [step]}]}]}
    others = {slot: {"card": person("足軽", 0)} for slot in (2, 3, 4)}
    trace = run({1: {"card": ieyasu}, **others}, hand, [{"activate": {"card": "A1", "effect": "三河武士団の結束"}}])
    assert trace["decision"]["player"] == "A" and "14.2" in trace["decision"]["cites"]
    assert set(trace["decision"]["options"]) == {"A1", "A2", "A3", "A4"}


def test_a_summon_limit_with_distinct_cards_left_over_asks_which():
    hand = [{"id": "x", **person("足軽", 0, 1000)}, {"id": "y", **person("町人", 0, 500)}]
    step = {"summon_without_set": {"card": {"zone": "hand", "choose": 2, "chosen": ["x", "y"]}, "empty_slot": True, "count": 2}}
    trace = run({1: {"card": with_effect([step])}}, hand, summon_limit=1)
    assert trace["decision"]["player"] == "A" and trace["final"]["A"]["hand"] == 2


# --- set, move, leave -----------------------------------------------------------------------------------


def test_an_effect_set_goes_face_down_and_keeps_the_rest_state():
    hand = [{"id": "x", **person("侍")}]
    trace = run({1: {"card": with_effect([{"set_from_hand": {"card": "x", "onto": {"this": True}}}]), "state": "rest"}}, hand)
    slot = trace["final"]["A"]["field"]["1"]
    assert (slot["face"], slot["state"], slot["cards"]) == ("down", "rest", 2)


def test_a_move_keeps_the_moved_cards_restrictions_and_state():
    field = {
        1: {"card": with_effect([{"move": {"card": "A2", "onto": "A3"}}])},
        2: {"cards": [person("町人", 0, 500), person("侍", restrictions=[{"cannot": "attack", "until": "end_of_turn"}])]},
        3: {"card": person("足軽", 0, 1000), "state": "rest"},
    }
    actions = [{"activate": {"card": "A1", "effect": "技"}}, {"attack": {"attacker": "A3", "target": "deck", "response": "none"}}]
    trace = run(field, None, actions)
    assert trace["final"]["A"]["field"]["3"]["cards"] == 2
    assert trace["violations"] and "8.2.5" in trace["violations"][0]["cites"]  # the restriction moved with it
    assert trace["final"]["A"]["field"]["3"]["state"] == "active"                # the moved card's state won


def test_moving_onto_the_opponents_field_is_reported_as_a_gap():
    field = {1: {"card": with_effect([{"move": {"card": "A2", "onto": "B1"}}])}, 2: {"card": person("侍")}}
    trace = run(field, b_field={1: {"card": person("槍兵")}})
    assert trace["gaps"] and "3.4.1" in trace["gaps"][0]["cites"]


def test_returning_to_hand_resets_what_the_card_carried():
    card = {"id": "s", **person("侍", power_mods=[{"add": -1000, "turns": 3}])}
    steps = [{"return_to_hand": {"player": "self", "choose": 1, "chosen": ["A2"]}}]
    again = [{"summon_without_set": {"card": "s", "empty_slot": True}}]
    trace = run({1: {"card": with_effect(steps, again)}, 2: {"card": card}})
    assert trace["final"]["A"]["field"]["2"]["power"] == 2000


def test_hand_to_deck_with_a_real_choice_stops_for_a_decision():
    hand = [{"id": "x", **person("侍")}, {"id": "y", **person("足軽", 0, 1000)}]
    trace = run({1: {"card": with_effect([{"hand_to_deck": {"count": 1}}])}}, hand)
    assert trace["decision"]["player"] == "A" and set(trace["decision"]["options"]) == {"x", "y"}


def test_repeat_reaches_the_card_that_becomes_the_top():
    step = {"repeat": 2, "do": [{"send_to_graveyard": {"player": "opponent", "choose": 1, "chosen": ["B1"]}}]}
    trace = run({1: {"card": with_effect([step])}}, b_field={1: {"cards": [person("足軽", 0), person("槍兵")]}})
    assert trace["final"]["B"]["graveyard"] == 2 and "1" not in trace["final"]["B"]["field"]


# --- restrictions, grants, protections, rank, extra turns ------------------------------------------------


@pytest.mark.parametrize(("limit", "summoned"), [(1, False), (2, True)])
def test_a_limit_counts_the_summons_already_made_this_turn(limit: int, summoned: bool):
    """10.3.2: one rank-0 summon was made before the limit applied; it counts toward the limit."""
    step = {"restrict": {"player": "self", "cannot": "summon", "limit": limit, "until": "end_of_turn"}}
    hand = [{"id": "c", **person("町人", 0, 500)}, {"id": "x", **person("足軽", 0, 1000)}]
    card = with_effect([step], [{"summon_without_set": {"card": "x", "empty_slot": True}}])
    card.pop("summoned_this_turn")
    card["effects"][0]["mark"] = "once"
    data = {
        "format": "hi-story-scenario/1", "title": "t",
        "game": {"round": 4, "first_player": "A", "turn_player": "A", "phase": "summon"},
        "players": {"A": {"deck": 20, "hand": hand, "field": {1: {"card": card}}}, "B": {"deck": 20}},
        "actions": [{"summon_phase": {"summon": ["c"]}}, {"activate": {"card": "A1", "effect": "技"}}],
    }
    trace = resolve(load_scenario(data)).to_json()
    assert trace["legal"], trace["violations"]
    assert ("3" in trace["final"]["A"]["field"]) is summoned


def test_a_limit_only_counts_summons_and_events():
    bad = {"format": "hi-story-scenario/1", "title": "t", "game": {"round": 1, "first_player": "A", "turn_player": "A", "phase": "effect"},
           "players": {"A": {"field": {1: {"card": with_effect([{"restrict": {"cannot": "attack", "limit": 1}}])}}}, "B": {}}}
    with pytest.raises(ScenarioError):
        load_scenario(bad)


def test_a_protection_covers_only_the_cards_there_at_activation():
    hand = [{"id": "x", **person("伏兵", 0, 1000)}]
    protect = [{"protect": {"target": {"player": "self", "all": True}, "from": "leave_field", "until": "end_of_turn"}}]
    summon = [{"summon_without_set": {"card": "x", "empty_slot": True}}]
    sweep = [{"send_to_graveyard": {"player": "self", "all": True, "where": {"rank": 0}}}]
    trace = run({1: {"card": with_effect(protect, summon, sweep)}, 2: {"card": person("足軽", 0, 1000)}}, hand)
    field = trace["final"]["A"]["field"]
    assert "2" in field and "3" not in field and trace["final"]["A"]["graveyard"] == 1


def test_an_extra_turn_from_an_effect_in_the_opponents_turn_is_a_gap():
    data = {
        "format": "hi-story-scenario/1", "title": "t",
        "game": {"round": 4, "first_player": "A", "turn_player": "B", "phase": "attack"},
        "players": {
            "A": {"deck": 20, "hand": [{"id": "e", "name": "再臨", "type": "event", "level": 0, "counter": True,
                                          "effects": [{"name": "再臨", "sentences": [{"do": [{"extra_turn": True}]}]}]}],
                  "field": {1: {"card": person("侍")}}},
            "B": {"deck": 20, "field": {1: {"card": person("槍兵")}}},
        },
        "actions": [{"attack": {"attacker": "B1", "target": "deck", "response": {"event": "e"}}}],
    }
    trace = resolve(load_scenario(data)).to_json()
    assert trace["gaps"] and "5.8.1" in trace["gaps"][0]["cites"]


def test_rank_changes_add_up_and_skip_face_down_cards():
    steps = [{"rank": {"target": {"player": "self", "all": True, "where": {"other": True}}, "add": 1, "until": "end_of_turn"}}]
    field = {1: {"card": with_effect(steps, steps)}, 2: {"card": person("侍")}, 3: {"card": person("足軽", 0), "face": "down"}}
    trace = run(field)
    assert trace["final"]["A"]["field"]["2"]["rank"] == 3
    assert trace["final"]["A"]["field"]["3"]["rank"] is None
