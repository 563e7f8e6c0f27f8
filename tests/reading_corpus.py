"""The repository's scenarios as a judge would write them from the cards: effects by their text alone.

For each scenario, every effect whose reading equals its hand-written sentences once picks are left out
(adjudicator.reading.compare) loses its ``sentences`` (and a ``when`` the text says), and the picks the
hand-written steps carried move to the actions as ``picks: {effect name: [...]}``. Used by
tests/test_reading_corpus.py and bench/reading.py.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adjudicator.format import scenario as fmt
from adjudicator.reading import read_effect
from adjudicator.reading.compare import align

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "scenarios"
CHOICE_ACTIONS = ("activate", "event", "attack", "draw_phase", "summon_phase", "set", "next_phase", "end_turn")


@dataclass
class TextOnly:
    """A scenario rewritten with text-only effects, or why it could not be."""

    path: Path
    data: dict[str, Any] | None = None
    rewritten: int = 0              # effects that lost their sentences
    kept: int = 0                   # effects whose reading differs: their hand-written sentences stay
    skip: str = ""                  # why the scenario cannot be rewritten (picks that no action can carry)
    named_hidden_choice: bool = False  # see adjudicator.reading.compare.Alignment
    picks: dict[str, list[Any]] = field(default_factory=dict)


def effects_of(data: dict[str, Any]):
    """Every effect dict of a canonical scenario dump, in iter_card_paths order."""
    for player_id in ("A", "B"):
        player = data["players"].get(player_id, {})
        for zone in ("deck", "hand", "graveyard"):
            if isinstance(player.get(zone), list):
                for card in player[zone]:
                    yield from card.get("effects", [])
        for slot in sorted(player.get("field", {}), key=str):
            stack = player["field"][slot]
            for card in ([stack["card"]] if "card" in stack else stack.get("cards", [])):
                yield from card.get("effects", [])


def text_only(path: Path) -> TextOnly:
    text = path.read_text(encoding="utf-8")
    scenario = fmt.load_scenario(text)
    # The file's own data, not the canonical dump: a dump leaves out defaults the engine tells apart
    # from absent fields (an attack's `response: none`).
    data = copy.deepcopy(fmt.parse_text(text))
    out = TextOnly(path)
    picks_by_name: dict[str, list[list[Any]]] = {}
    models = [effect for card in fmt.iter_cards(scenario) for effect in card.effects]
    for effect, model in zip(effects_of(data), models, strict=True):
        if not model.text or not model.sentences:
            continue
        reading = read_effect(model.text)
        written = [s.model_dump(mode="json", by_alias=True, exclude_defaults=True) for s in model.sentences]
        alignment = align(reading.sentence_dumps(), written)
        if not (reading.complete and alignment.equal and reading.when == model.when):
            out.kept += 1
            continue
        del effect["sentences"]
        effect.pop("when", None)
        out.rewritten += 1
        out.named_hidden_choice |= alignment.named_hidden_choice
        picks_by_name.setdefault(model.name, []).append(alignment.picks)
    for name, lists in picks_by_name.items():
        given = [p for p in lists if any(x is not None for x in p)]
        if not given:
            continue
        if any(p != given[0] for p in given) or len(given) != len(lists):
            out.skip = f"｛{name}｝ is on several cards with different picks"
            return out
        out.picks[name] = _trimmed(given[0])
    if out.picks and not _carry(data, out.picks):
        out.skip = "no action can carry the picks"
        return out
    out.data = data
    return out


def _trimmed(picks: list[Any]) -> list[Any]:
    while picks and picks[-1] is None:
        picks = picks[:-1]
    return picks


def _carry(data: dict[str, Any], picks: dict[str, list[Any]]) -> bool:
    actions = [a for a in data.get("actions", []) if next(iter(a)) in CHOICE_ACTIONS]
    if not actions:
        return False
    for action in actions:
        kind = next(iter(action))
        if action[kind] is None:
            action[kind] = {}
        action[kind]["picks"] = {name: list(values) for name, values in picks.items()}
    return True


def verdict(trace: dict[str, Any]) -> dict[str, Any]:
    """What must not change: the verdict, the final board, and every clause cited."""
    cites: set[str] = set()
    for step in trace["steps"]:
        cites.update(step["cites"])
    for item in trace["violations"] + trace["gaps"] + ([trace["decision"]] if trace["decision"] else []):
        cites.update(item["cites"])
    decision = trace["decision"]
    return {
        "legal": trace["legal"],
        "winner": trace["winner"],
        "decision": decision and {"player": decision["player"], "options": decision["options"]},
        "violations": [v["cites"] for v in trace["violations"]],
        "gaps": [g["cites"] for g in trace["gaps"]],
        "final": trace["final"],
        "cites": sorted(cites),
    }


def scenario_paths(shared_only: bool = False) -> list[Path]:
    paths = sorted((ROOT / "scenarios").rglob("*.yaml"))
    if shared_only:
        return [p for p in paths if (SHARED / p.relative_to(ROOT / "scenarios")).exists()]
    return paths
