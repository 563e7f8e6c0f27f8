"""A final board you can continue from (issue 12, item 6): the trace's ``final_scenario`` is the final board
in scenario form, and the trace page's 「続きを調べる」 opens the builder on it."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from adjudicator.engine import resolve
from adjudicator.reading import load_scenario
from adjudicator.checks.verify import scenario_files
from adjudicator.links.payload import decode_payload

ROOT = Path(__file__).resolve().parents[2] / "scenarios"
FACTS = ("face", "state", "power", "rank", "cards", "top")


def _board(final: dict) -> dict:
    return {
        pid: ({z: final[pid][z] for z in ("deck", "graveyard", "hand")},
              {slot: {k: facts[k] for k in FACTS} for slot, facts in final[pid]["field"].items()})
        for pid in "AB"
    } | {"game": final["game"]}


def test_every_final_board_continues_as_itself():
    """Over every scenario that runs to its end: the final board, loaded as a scenario and resolved with no
    actions, is the same board (counts, every slot's facts, the turn and phase)."""
    continued = 0
    for path in scenario_files([ROOT]):
        trace = resolve(load_scenario(path.read_text(encoding="utf-8"))).to_json()
        if trace["final_scenario"] is None:
            assert trace["decision"] or trace["winner"] or trace["gaps"] or trace["limit"] or trace["errors"], path
            continue
        again = resolve(load_scenario(trace["final_scenario"])).to_json()
        assert _board(again["final"]) == _board(trace["final"]), path
        continued += 1
    assert continued > 400


def test_a_stop_has_no_continuation():
    data = {"format": "hi-story-scenario/1", "title": "t",
            "game": {"round": 3, "first_player": "A", "turn_player": "A", "phase": "attack"},
            "players": {"A": {"deck": 20, "field": {1: {"card": {"name": "侍", "rank": 1, "power": 3000, "role": "attacker"}}}},
                        "B": {"deck": "unknown"}},
            "actions": [{"attack": {"attacker": "A1", "target": "deck", "response": "none", "damage_zero": False}}]}
    assert resolve(load_scenario(data)).to_json()["final_scenario"] is None


def test_what_the_format_cannot_say_is_listed_not_dropped():
    grant = {"name": "鼓舞", "sentences": [{"do": [{"grant": {"target": {"this": True}, "role": "attacker", "until": "end_of_turn"}}]}]}
    data = {"format": "hi-story-scenario/1", "title": "t",
            "game": {"round": 3, "first_player": "A", "turn_player": "A", "phase": "effect"},
            "players": {"A": {"deck": 20, "field": {1: {"card": {"name": "町人", "rank": 1, "power": 1000, "effects": [grant]}}}},
                        "B": {"deck": 20}},
            "actions": [{"activate": {"card": "A1", "effect": "鼓舞"}}]}
    final = resolve(load_scenario(data)).to_json()["final_scenario"]
    assert any("付与" in note for note in final["x-not-carried"])


@pytest.mark.parametrize("name", ["attack/block-deck-attack-excess", "turns/power-zero-battles"])
def test_the_trace_page_links_to_the_builder_on_the_final_board(client, name: str):
    page = client.get(f"/scenarios/{name}").get_data(as_text=True)
    href = html.unescape(re.search(r'<a href="(/s/[^"]+/edit)"[^>]*>続きを調べる</a>', page).group(1))
    payload = href.removeprefix("/s/").removesuffix("/edit")
    decoded = decode_payload(payload)
    expected = resolve(load_scenario((ROOT / f"{name}.yaml").read_text(encoding="utf-8"))).to_json()
    assert _board(resolve(decoded).to_json()["final"]) == _board(expected["final"])
    assert client.get(href).status_code == 200
