"""One vocabulary: every kind the format knows has its word, and the README glossary agrees with the words."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

import pytest

from adjudicator import vocabulary as v
from adjudicator.format.actions import ACTION_KINDS, Defence
from adjudicator.format.base import PHASES, Act, Face, Role, StackState, UntilName
from adjudicator.format.effects import CONDITION_KINDS, STEP_KINDS

README = Path(__file__).resolve().parents[2] / "README.md"

# A glossary code written `key: value` names a value of the table for ``key``; a bare `name` is looked up in
# the tables of named things.
KEYED = {"face": v.FACES, "state": v.STATES, "type": v.TYPES, "role": v.ROLES, "mark": v.MARKS, "phase": v.PHASES,
         "timing": v.TIMINGS}
NAMED = (v.ZONES, v.DEFENCES, v.STEPS, v.ACTIONS)
# Every entry of these tables is in the glossary.
GLOSSED = {"ZONES": v.ZONES, "FACES": v.FACES, "STATES": v.STATES, "TYPES": v.TYPES, "ROLES": v.ROLES,
           "MARKS": v.MARKS, "PHASES": v.PHASES}


@pytest.mark.parametrize(
    ("kinds", "words"),
    [
        (ACTION_KINDS, v.ACTIONS),
        (STEP_KINDS, v.STEPS),
        (tuple(kind.rstrip("_") for kind in CONDITION_KINDS), v.CONDITIONS),
        (PHASES, v.PHASES),
        (get_args(Act), v.ACTS),
        (get_args(UntilName), v.DURATIONS),
        (get_args(v.EventKind), v.EVENTS),
        (get_args(Face), v.FACES),
        (get_args(StackState), v.STATES),
        (tuple(r for r in get_args(Role) if r != "none"), v.ROLES),
        (tuple(Defence.model_fields), v.DEFENCES),
    ],
    ids=["actions", "steps", "conditions", "phases", "acts", "durations", "events", "faces", "states", "roles",
         "defences"],
)
def test_every_kind_of_the_format_has_its_word_in_order(kinds, words):
    assert tuple(words) == tuple(kinds)


def test_the_phase_names_are_the_rulebooks():
    rulebook = (README.parent / "rulebook" / "hi-story-comprehensive-v1.0.0.txt").read_text(encoding="utf-8")
    assert all(name in rulebook for name in v.PHASES.values())


def _glossary_rows() -> list[tuple[str, str]]:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Glossary", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1:3] for line in section.splitlines() if line.startswith("| ") and "---" not in line]
    return [(japanese.strip(), code.strip()) for japanese, code in rows[1:]]  # rows[0] is the header


def _glossed_codes(code_cell: str) -> list[tuple[dict[str, str], str]]:
    """``(table, name)`` for each code of a glossary cell the vocabulary has a table for."""
    found, key = [], None
    for part in code_cell.split(" / "):
        match = re.match(r"`([a-z_]+)(?:: ([a-z_]+))?`", part.strip())
        if match is None:
            continue
        if match.group(2) is not None:
            key, name = match.group(1), match.group(2)
        else:
            name = match.group(1)
        table = KEYED.get(key) if key else next((t for t in NAMED if name in t), None)
        if table is not None and name in table:
            found.append((table, name))
    return found


def _agree(glossary_words: str, word: str) -> bool:
    """The glossary's words and the vocabulary's word agree when one contains the other (「〜た時」 glosses
    「〜た時（処理の後）」; 「剣マーク (アタッカー)」 explains 「アタッカー」)."""
    return any(word in part or part in word for part in re.split(r" / |、", glossary_words) if part)


def test_the_readme_glossary_agrees_with_the_vocabulary():
    checked: set[tuple[int, str]] = set()
    disagreeing = []
    for japanese, code in _glossary_rows():
        for table, name in _glossed_codes(code):
            checked.add((id(table), name))
            if not _agree(japanese, table[name]):
                disagreeing.append(f"{japanese} | {code}: the vocabulary says {table[name]!r} for {name!r}")
    assert disagreeing == []
    missing = [f"{title}[{name!r}]" for title, table in GLOSSED.items() for name in table if (id(table), name) not in checked]
    assert missing == [], "not in the README glossary"


@pytest.mark.parametrize(
    ("names", "words"),
    [(v.PLAYER_IDS, ("A", "B")), (get_args(v.Phase), tuple(v.PHASES)), (get_args(v.ZoneName), tuple(v.ZONES)),
     (get_args(v.PhaseMoment), tuple(v.PHASE_MOMENTS)), (get_args(v.EventKind), tuple(v.EVENTS)),
     (get_args(v.Timing), tuple(v.TIMINGS)), (v.COUNTED_ZONES, ("deck", "graveyard", "hand"))],
    ids=["players", "phases", "zones", "phase-moments", "events", "timings", "counted-zones"],
)
def test_every_typed_name_has_its_word_in_order(names, words):
    assert tuple(names) == words


def test_the_format_and_the_engine_type_the_core_words_from_the_vocabulary():
    from adjudicator.engine.events import Event
    from adjudicator.format.board import GameSpec
    from adjudicator.format.effects import When
    from adjudicator.format.scenario import Scenario

    assert GameSpec.model_fields["turn_player"].annotation == v.PlayerId
    assert GameSpec.model_fields["phase"].annotation == v.Phase
    assert When.model_fields["event"].annotation == v.EventKind | None
    assert get_args(Scenario.model_fields["players"].annotation)[0] == v.PlayerId
    assert Event.__annotations__["kind"] == "EventKind" and Event.__annotations__["player"] == "PlayerId"


def test_every_event_the_engine_makes_is_a_kind_a_trigger_can_wait_for():
    import ast

    engine = README.parent / "adjudicator" / "engine"
    made = {
        (path.name, call.args[0].value)
        for path in engine.rglob("*.py")
        for call in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(call, ast.Call) and getattr(call.func, "id", "") == "Event"
        and call.args and isinstance(call.args[0], ast.Constant)
    }
    assert len(made) >= 10
    assert {kind for _, kind in made} <= set(get_args(v.EventKind))
