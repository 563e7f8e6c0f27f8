"""Checking a trace against a scenario's ``expect`` block: the judge's answer the ruling must match."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from adjudicator.format.errors import ScenarioError
from adjudicator.format.expect import Expect
from adjudicator.engine import resolve
from adjudicator.engine.board_record import SLOT_FACTS, SLOTS, BoardRecord
from adjudicator.engine.trace import Trace
from adjudicator.reading import load_scenario
from adjudicator.rulebook.numbers import citation_covers
from adjudicator.vocabulary import PLAYER_IDS


@dataclass(frozen=True)
class FileCheck:
    """The verdict on one scenario file: its failures (empty when it passes), or why it did not load."""

    path: str
    failures: tuple[str, ...]
    trace: Trace | None = None

    @property
    def passed(self) -> bool:
        return not self.failures


def check(expect: Expect | None, trace: Trace) -> list[str]:
    """Every way ``trace`` differs from ``expect``; empty when it matches."""
    expect = expect or Expect()  # no expectations still means no unscripted decision nor engine limit
    failures: list[str] = []
    if trace.errors:
        failures += [f"impossible board: {path}: {text}" for path, text in trace.errors]
    if expect.legal is not None and trace.legal != expect.legal:
        failures.append(f"legal: expected {expect.legal}, got {trace.legal} ({_violations(trace)})")
    violation_cites = [c for v in trace.violations for c in v.cites]
    for clause in expect.violation:
        if not any(citation_covers(clause, cited) for cited in violation_cites):
            failures.append(f"violation: no rejection cites {clause} (violations: {_violations(trace)})")
    if expect.winner != "unchecked" and trace.winner != expect.winner:
        failures.append(f"winner: expected {expect.winner}, got {trace.winner}")
    failures += _check_state(expect.state, trace.final)
    cited = trace.cited()
    for clause in expect.cites:
        if not any(citation_covers(clause, c) for c in cited):
            failures.append(f"cites: {clause} is not cited (cited: {', '.join(cited)})")
    failures += _check_order(expect.order, cited)
    got = trace.decision.player if trace.decision else None
    if expect.decision != "unchecked" and got != expect.decision:
        failures.append(f"decision: expected a choice of {expect.decision}, got {got}")
    elif expect.decision == "unchecked" and got is not None:
        # Strict choice mode (XMage's): a ruling that stops for a choice the scenario did not script fails
        # unless the expectation names that decision.
        failures.append(f"decision: resolution stops for a choice of {got} that expect does not name ({trace.decision.question})")
    got_limit = trace.limit.name if trace.limit else None
    if got_limit != expect.limit:
        failures.append(f"limit: expected {expect.limit or 'no engine limit'}, got {got_limit or 'none'}"
                        + (f" ({trace.limit.text})" if trace.limit else ""))
    gap_cites = [c for g in trace.gaps for c in g.cites]
    for clause in expect.gap:
        if not any(citation_covers(clause, c) for c in gap_cites):
            failures.append(f"gap: no gap cites {clause} (gaps: {[g.text for g in trace.gaps]})")
    return failures


def _violations(trace: Trace) -> str:
    return "; ".join(f"#{v.action} {v.text} [{', '.join(v.cites)}]" for v in trace.violations) or "none"


def _check_order(order: list[str], cited: list[str]) -> list[str]:
    positions = []
    for clause in order:
        index = next((i for i, c in enumerate(cited) if citation_covers(clause, c)), None)
        if index is None:
            return [f"order: {clause} is not cited"]
        positions.append(index)
    if positions != sorted(positions):
        return [f"order: expected first citations in the order {order}, got positions {positions}"]
    return []


def _check_state(state: dict[str, Any], final: BoardRecord) -> list[str]:
    failures = []
    for key, expected in state.items():
        got = _state_value(final, key)
        if isinstance(expected, dict) and isinstance(got, dict):
            for name, value in expected.items():
                if name not in SLOT_FACTS:
                    failures.append(f"state: {key}.{name} is not a field that can be checked")
                elif got.get(name) != value:
                    failures.append(f"state: {key}.{name} expected {value!r}, got {got.get(name)!r}")
        elif isinstance(expected, dict):
            failures.append(f"state: {key} expected a card, got {got!r}")
        elif got != expected:
            failures.append(f"state: {key} expected {expected!r}, got {got!r}")
    return failures


def _state_value(final: BoardRecord, key: str) -> Any:
    """``B.deck`` → a count (or ``"unknown"``); ``A2`` → the slot's facts, or ``"empty"``; as the trace JSON
    writes them, which is what ``expect.state`` is written in."""
    if "." in key:
        pid, fact = key.split(".", 1)
        player = final.player(pid)
        return player.fact(fact) if player else None
    if len(key) == 2 and key[0] in PLAYER_IDS and key[1] in SLOTS:
        slot = final.slot(key[0], key[1])
        return slot.facts() if slot is not None else "empty"
    return None


def verify_file(path: Path) -> FileCheck:
    """Load, resolve and check one scenario file."""
    try:
        loaded = load_scenario(path.read_text(encoding="utf-8"))
    except ScenarioError as error:
        return FileCheck(str(path), tuple(f"does not load: {e.path or '(top)'}: {e.message}" for e in error.errors))
    try:
        trace = resolve(loaded)
    except Exception as error:  # noqa: BLE001 - an engine bug in one scenario must not hide the others' verdicts
        return FileCheck(str(path), (f"engine error: {type(error).__name__}: {error}",))
    return FileCheck(str(path), tuple(check(loaded.expect, trace)), trace)


def scenario_files(paths: list[Path]) -> list[Path]:
    """The ``*.yaml``/``*.yml``/``*.json`` files named or found below the given paths, sorted."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += [p for p in path.rglob("*") if p.suffix in (".yaml", ".yml", ".json") and p.is_file()]
        else:
            found.append(path)
    return sorted(found)
