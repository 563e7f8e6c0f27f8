"""The canonical form keeps every meaning (issue 12, item 1), over every scenario file of the repository:
a scenario and its canonical JSON reloaded rule exactly alike (the whole trace JSON), and the canonical
form is a fixed point. Comparing models with ``==`` cannot see a lost "left open"; comparing rulings can."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.engine import resolve
from adjudicator.format.loading import canonical_json
from adjudicator.reading import load_scenario
from adjudicator.checks.verify import scenario_files

ROOT = Path(__file__).resolve().parents[2] / "scenarios"
FILES = scenario_files([ROOT])


def _reloaded(text: str):
    original = load_scenario(text)
    return original, load_scenario(json.loads(canonical_json(original)))


def test_the_corpus_is_there():
    assert len(FILES) > 500


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_canonical_form_rules_as_the_file_does(path: Path):
    original, reloaded = _reloaded(path.read_text(encoding="utf-8"))
    assert resolve(reloaded).to_json() == resolve(original).to_json()
    assert canonical_json(reloaded) == canonical_json(original)
    # The bytes links are made from: orjson writes what the standard encoder wrote before it (old links).
    assert canonical_json(original) == json.dumps(original.dump(), ensure_ascii=False, sort_keys=True,
                                                  separators=(",", ":"))


@pytest.mark.parametrize(
    "attack",
    [
        {"attacker": "A1", "target": "deck", "response": "none"},
        {"attacker": "A1", "target": "deck", "response": "none", "damage_zero": False},
        {"attacker": "A1", "target": "deck"},                       # left open: the defender decides
        {"attacker": "A1", "target": "deck", "response": "open", "damage_zero": "open"},
    ],
)
def test_a_choice_made_or_left_open_survives_the_canonical_form(attack: dict):
    data = {
        "format": "hi-story-scenario/1", "title": "t",
        "game": {"round": 3, "first_player": "A", "turn_player": "A", "phase": "attack"},
        "players": {
            "A": {"deck": 20, "field": {1: {"card": {"name": "侍", "rank": 1, "power": 2000, "role": "attacker"}}}},
            "B": {"deck": 20, "rights": {"damage_zero": 1},
                  "field": {1: {"card": {"name": "番兵", "rank": 1, "power": 1000, "role": "blocker"}}}},
        },
        "actions": [{"attack": attack}],
        "expect": {"winner": None, "decision": None},
    }
    original, reloaded = _reloaded(json.dumps(data))
    first, again = resolve(original).to_json(), resolve(reloaded).to_json()
    assert first == again
    left_open = "open" in (attack.get("response", "open"), attack.get("damage_zero", "open"))
    assert (first["decision"] is not None) == left_open
    assert reloaded.expect.winner is None and reloaded.expect.decision is None   # null is kept, not dropped
