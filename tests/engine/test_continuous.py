"""Continuous 「常」 effects (adjudicator/engine/continuous.py) and restrictions judged at each attempt
(adjudicator/engine/restrictions.py), read straight off boards built from scenarios."""

from __future__ import annotations

from typing import Any

from adjudicator.engine import continuous, restrictions
from adjudicator.reading import load_scenario
from adjudicator.engine.board import Card, Expiry, PowerMod, Stack, Timed, build_board
from adjudicator.engine.game import Game
from adjudicator.engine.resolution import new_game
from adjudicator.format.board import CardSpec
from adjudicator.format.effects import Where
from adjudicator.engine.stats import apply_power_mods, power_of, rank_of, roles_of
from adjudicator.engine.trace import Recorder
from tests.scenario_builder import scenario as build


def person(name: str, rank: int = 1, power: int = 2000, role: str = "attacker", **more: Any) -> dict:
    return {"name": name, "rank": rank, "power": power, "role": role, **more}


def constant(name: str, *steps: dict, condition: dict | None = None) -> dict:
    sentence: dict = {"do": list(steps)}
    if condition is not None:
        sentence["if"] = condition
    return {"name": name, "mark": "constant", "sentences": [sentence]}


BOOST_OTHERS = constant("鼓舞", {"power": {"target": {"player": "self", "all": True, "where": {"other": True}}, "add": 1000}})


def board_of(a_field: dict, b_field: dict | None = None, turn_player: str = "A", **a: Any):
    """The board of round 4's effect phase, decks of 20 (A's hand 2), the fields (and A's zones) given."""
    data = build({"deck": 20, "hand": 2, "field": a_field, **a}, {"deck": 20, "field": b_field or {}}, title="t",
                 round=4, turn_player=turn_player, phase="effect")
    return build_board(load_scenario(data))


def top(board, ref: str):
    return board.stack_at(ref).top


def test_a_continuous_boost_applies_while_its_card_is_face_up_on_top():
    board = board_of({1: {"card": person("武将", effects=[BOOST_OTHERS])}, 2: {"card": person("侍")}})
    assert power_of(board, top(board, "A2")) == 3000
    assert power_of(board, top(board, "A1")) == 2000  # 「他の」: not itself
    board.players["A"].field[1].face_down = True       # re-judged on the next read (6.4.5, 3.6.2)
    assert power_of(board, top(board, "A2")) == 2000
    board.players["A"].field[1].face_down = False
    assert power_of(board, top(board, "A2")) == 3000


def test_a_continuous_effect_under_another_card_does_not_apply():
    stack = {"cards": [person("武将", effects=[BOOST_OTHERS]), person("騎馬隊", 3, 4000)]}
    board = board_of({1: stack, 2: {"card": person("侍")}})
    assert [source.effect.name for source in continuous.sources(board)] == []
    assert power_of(board, top(board, "A2")) == 2000


def test_a_card_arriving_later_is_covered_at_once():
    board = board_of({1: {"card": person("武将", effects=[BOOST_OTHERS])}})
    newcomer = Card(uid=99, owner="A", info=CardSpec(**person("足軽", 0, 1000)))
    board.players["A"].field[3] = Stack(cards=[newcomer])
    assert power_of(board, newcomer) == 2000


def test_an_immune_card_ignores_other_cards_continuous_changes_but_not_its_own():
    own = constant("自負", {"power": {"target": {"this": True}, "add": 500}})
    board = board_of(
        {1: {"card": person("剣豪", power=3000, immune=True, effects=[own])}},
        {1: {"card": person("妖術師", effects=[constant("瘴気", {"power": {"target": {"player": "opponent", "all": True}, "add": -1000}})])}},
    )
    assert power_of(board, top(board, "A1")) == 3500


def test_a_set_overrides_earlier_adds_but_not_continuous_ones():
    timed = [PowerMod(2000, None, Expiry("A", 1)), PowerMod(None, 0, Expiry("A", 1))]
    lasting = [PowerMod(1000, None, Expiry("A", 0, "never"), continuous=True)]
    assert apply_power_mods(2000, timed + lasting) == 1000
    assert apply_power_mods(2000, [*timed, PowerMod(500, None, Expiry("A", 1))]) == 500  # a later add goes on top
    assert apply_power_mods(2000, [PowerMod(None, 1000, Expiry("A", 0, "never"), continuous=True), PowerMod(300, None, Expiry("A", 1))]) == 1300


def test_conditions_of_a_continuous_effect_are_judged_now():
    strong_with_friends = constant(
        "結束", {"power": {"target": {"this": True}, "add": 2000}},
        condition={"field_count_at_least": {"player": "self", "count": 3}},
    )
    board = board_of({1: {"card": person("大将", effects=[strong_with_friends])}, 2: {"card": person("侍")}})
    assert power_of(board, top(board, "A1")) == 2000
    board.players["A"].field[3] = Stack(cards=[Card(uid=98, owner="A", info=CardSpec(**person("足軽", 0, 1000)))])
    assert power_of(board, top(board, "A1")) == 4000


def test_continuous_rank_and_roles_are_read_with_the_card():
    field = {
        1: {"card": person("軍師", role="blocker", effects=[
            constant("采配", {"rank": {"target": {"player": "self", "all": True, "where": {"other": True}}, "add": 1}}),
            constant("総掛かり", {"grant": {"target": {"player": "self", "all": True, "where": {"role": "blocker"}}, "role": "attacker"}}),
        ])},
        2: {"card": person("町人", 0, 500, role="blocker")},
        3: {"card": person("足軽", 0, 1000), "face": "down"},
    }
    board = board_of(field)
    assert rank_of(board, top(board, "A2")) == 1 and roles_of(board, top(board, "A2")) == {"blocker", "attacker"}
    assert rank_of(board, top(board, "A3")) is None and roles_of(board, top(board, "A3")) == set()


# --- restrictions (8.2.4, 8.2.5) -------------------------------------------------------------------------


def game_of(board) -> Game:
    return new_game(board, Recorder())


def test_a_continuous_player_restriction_forbids_while_its_card_is_there():
    gate = person("関所", effects=[constant("通行止め", {"restrict": {"player": "opponent", "cannot": "attack"}})])
    board = board_of({1: {"card": gate}}, {1: {"card": person("槍兵")}}, turn_player="B")
    found = restrictions.forbidding(game_of(board), "B", "attack", top(board, "B1"))
    assert found is not None and found[1][0] is continuous.CONTINUOUS_REJUDGED
    del board.players["A"].field[1]
    assert restrictions.forbidding(game_of(board), "B", "attack", top(board, "B1")) is None


def test_a_card_subject_restriction_is_judged_on_the_card_at_the_attempt():
    board = board_of({}, {1: {"card": person("足軽", 0, 1000)}, 2: {"card": person("武将", 2, 3000)}}, turn_player="B")
    held = Timed("attack", Expiry("B", 1), where=Where(rank_at_most=1))
    board.players["B"].restrictions.append(held)
    game = game_of(board)
    assert restrictions.forbidding(game, "B", "attack", top(board, "B1"))[1][0] is restrictions.CARD_RESTRICTION
    assert restrictions.forbidding(game, "B", "attack", top(board, "B2")) is None
    top(board, "B2").rank_mods.append(PowerMod(-2, None, Expiry("B", 1)))  # now rank 0: caught (8.2.5)
    assert restrictions.forbidding(game, "B", "attack", top(board, "B2")) is not None


def test_first_turn_limits_spare_an_effects_set():
    board = board_of({1: {"card": person("足軽", 0)}})
    board.round = 1
    game = game_of(board)
    assert restrictions.forbidding(game, "A", "set")[1][0] is restrictions.FIRST_TURN
    assert restrictions.forbidding(game, "A", "set", by_effect=True) is None          # 5.5.2
    assert restrictions.forbidding(game, "A", "attack")[1][0] is restrictions.FIRST_TURN


def test_overlapping_limits_leave_the_smaller_room_and_count_this_turns_summons():
    board = board_of({}, summon_limit=3)
    player = board.players["A"]
    player.restrictions.append(Timed("summon", Expiry("A", 1), limit=2))
    player.summons_this_turn = 1
    assert restrictions.room_left(player, "summon") == 1
    player.summons_this_turn = 2
    assert restrictions.summons_left(game_of(board), "A") == 0
    assert restrictions.forbidding(game_of(board), "A", "summon")[1][0] is restrictions.SUMMON_LIMIT
