"""Properties over random legal boards and attacks (hypothesis): no card appears or vanishes, no power is
ever negative, and a finished game has exactly one winner, the player whose opponent's deck ran out."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.engine import resolve
from adjudicator.reading import load_scenario
from adjudicator.engine.board import Expiry, PowerMod
from adjudicator.engine.board_record import BoardRecord
from adjudicator.engine.stats import apply_power_mods

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
POWERS = st.integers(min_value=0, max_value=18).map(lambda n: n * 500)


@st.composite
def field_cards(draw, player: str) -> dict[str, Any]:
    height = draw(st.integers(min_value=1, max_value=3))
    cards = [
        {
            "name": f"{player}武将{level}",
            "rank": min(level, 4),
            "power": draw(POWERS),
            "role": draw(st.sampled_from(["attacker", "blocker", "none"])),
            "battle_proof": draw(st.booleans()) if level == height - 1 else False,
        }
        for level in range(height)
    ]
    return {
        "cards": cards,
        "face": draw(st.sampled_from(["up", "up", "up", "down"])),
        "state": draw(st.sampled_from(["active", "rest"])),
    }


@st.composite
def players(draw, player: str) -> dict[str, Any]:
    slots = draw(st.lists(st.integers(min_value=1, max_value=5), unique=True, max_size=5))
    hand = [
        {"id": f"{player}kage{i}", "name": "影武者", "rank": 0, "power": 1000, "substitute": draw(st.booleans())}
        for i in range(draw(st.integers(min_value=0, max_value=3)))
    ]
    return {
        "deck": draw(st.integers(min_value=1, max_value=25)),
        "graveyard": draw(st.integers(min_value=0, max_value=20)),
        "hand": hand,
        "field": {slot: draw(field_cards(player)) for slot in slots},
        "rights": {"damage_zero": draw(st.integers(min_value=0, max_value=2))},
    }


@st.composite
def attacks(draw, board: dict[str, Any]) -> list[dict[str, Any]]:
    b_slots = [f"B{slot}" for slot in board["players"]["B"]["field"]]
    a_slots = [f"A{slot}" for slot in board["players"]["A"]["field"]] or ["A1"]
    hand_ids = [card["id"] for card in board["players"]["B"]["hand"]]
    defences = st.one_of(
        st.just("none"),
        st.sampled_from([{"block": ref} for ref in b_slots] or ["none"]),
        st.sampled_from([{"substitute": ref} for ref in hand_ids] or ["none"]),
    )
    out = []
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        response = draw(st.one_of(defences, st.lists(defences.filter(lambda d: d != "none"), min_size=1, max_size=3)))
        out.append(
            {
                "attack": {
                    "attacker": draw(st.sampled_from(a_slots)),
                    "target": draw(st.sampled_from(["deck", "deck", *b_slots])),
                    "response": response,
                    "damage_zero": draw(st.booleans()),
                }
            }
        )
    return out


@st.composite
def attack_scenarios(draw) -> dict[str, Any]:
    board = {
        "format": "hi-story-scenario/1",
        "title": "property",
        "game": {"round": draw(st.integers(min_value=2, max_value=12)), "first_player": "A", "turn_player": "A", "phase": "attack"},
        "players": {"A": draw(players("A")), "B": draw(players("B"))},
    }
    if not board["players"]["A"]["field"]:
        board["players"]["A"]["field"] = {1: {"card": {"name": "足軽", "rank": 0, "power": 1000, "role": "attacker"}}}
    board["actions"] = draw(attacks(board))
    return board


def _total_cards(board: BoardRecord) -> int:
    return sum(p.deck + p.graveyard + p.hand + sum(s.cards for s in p.field) for p in board.players)


def _powers(board: BoardRecord) -> list[int]:
    return [s.power for p in board.players for s in p.field if s.power is not None]


@SETTINGS
@given(attack_scenarios())
def test_attacks_conserve_cards(data):
    trace = resolve(load_scenario(data))
    assert not trace.errors
    assert _total_cards(trace.final) == _total_cards(trace.initial)


@SETTINGS
@given(attack_scenarios())
def test_no_power_is_ever_negative(data):
    trace = resolve(load_scenario(data))
    assert all(power >= 0 for power in _powers(trace.final))


@SETTINGS
@given(attack_scenarios())
def test_a_finished_game_has_exactly_one_winner(data):
    trace = resolve(load_scenario(data))
    decks = {p.id: p.deck for p in trace.final.players}
    if trace.winner is None:
        # No winner: either nobody's deck ran out, or the rulebook left it open (both at 0, 12.1.3).
        assert all(decks.values()) or trace.gaps
        return
    loser = "B" if trace.winner == "A" else "A"
    assert decks[loser] == 0 and decks[trace.winner] > 0
    assert trace.final.game.winner == trace.winner


@SETTINGS
@given(attack_scenarios())
def test_every_attack_step_cites_its_item_in_order(data):
    trace = resolve(load_scenario(data))
    for action in range(len(data["actions"])):
        items = [c for s in trace.steps if s.action == action for c in s.cites if c.startswith("10.6.2-")]
        numbers = [int(c.split("-")[1]) for c in items]
        assert numbers == sorted(numbers)


@SETTINGS
@given(
    st.integers(min_value=0, max_value=10_000),
    st.lists(
        st.tuples(st.booleans(), st.integers(min_value=-10_000, max_value=10_000), st.booleans()), max_size=8
    ),
)
def test_power_after_any_modifiers_is_never_negative(base, changes):
    mods = [
        PowerMod(None if is_set else amount, abs(amount) if is_set else None, Expiry("A", 1), continuous=continuous)
        for is_set, amount, continuous in changes
    ]
    assert apply_power_mods(base, mods) >= 0


@st.composite
def phase_scenarios(draw) -> dict[str, Any]:
    hand = [
        {"id": f"h{i}", "name": f"手札{i}", "rank": draw(st.integers(min_value=0, max_value=3)), "power": 1000, "role": "attacker"}
        for i in range(draw(st.integers(min_value=0, max_value=5)))
    ]
    slots = draw(st.lists(st.integers(min_value=1, max_value=5), unique=True, max_size=4))
    field = {
        slot: {
            "card": {"name": f"場{slot}", "rank": draw(st.integers(min_value=0, max_value=3)), "power": 2000, "role": "attacker"},
            "face": draw(st.sampled_from(["up", "down"])),
            "state": draw(st.sampled_from(["active", "rest"])),
        }
        for slot in slots
    }
    ids = [card["id"] for card in hand]
    refs = [f"A{slot}" for slot in slots] or ["A1"]
    actions: list[dict[str, Any]] = [{"draw_phase": {"draw": draw(st.integers(min_value=0, max_value=2))}}]
    actions.append({"summon_phase": {"summon": draw(st.lists(st.sampled_from(ids), unique=True, max_size=2)) if ids else []}})
    for _ in range(draw(st.integers(min_value=0, max_value=3))):
        if ids:
            actions.append({"set": {"card": draw(st.sampled_from(ids)), "onto": draw(st.sampled_from(refs))}})
    return {
        "format": "hi-story-scenario/1",
        "title": "property",
        "game": {"round": draw(st.integers(min_value=1, max_value=6)), "first_player": "A", "turn_player": "A", "phase": "draw"},
        "players": {
            "A": {"deck": draw(st.integers(min_value=1, max_value=10)), "hand": hand, "field": field,
                  "summon_limit": draw(st.one_of(st.none(), st.integers(min_value=0, max_value=3)))},
            "B": {"deck": 10},
        },
        "actions": actions,
    }


@SETTINGS
@given(phase_scenarios())
def test_phases_conserve_cards(data):
    trace = resolve(load_scenario(data))
    assert not trace.errors
    assert _total_cards(trace.final) == _total_cards(trace.initial)
    assert all(power >= 0 for power in _powers(trace.final))
