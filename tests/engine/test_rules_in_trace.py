"""The trace names its rules and cites nothing a registered rule does not (issue 12, items 2 and 3), and the
``adjudicator rules`` audit finds every branch that records an outcome."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator.cli import main
from adjudicator.engine import resolve
from adjudicator.reading import load_scenario
from adjudicator.checks.audit import audit, branches, import_engine
from adjudicator.engine.rules import Rule, registered_rules
from adjudicator.engine.trace import Considered
from adjudicator.checks.verify import scenario_files
from adjudicator.rulebook.numbers import citation_covers

ROOT = Path(__file__).resolve().parents[2] / "scenarios"
CLAUSE_IN_TEXT = re.compile(r"(?<![\d.])(\d{1,2}\.\d{1,2}(?:\.\d{1,2})?(?:-\d{1,2})?)(?![\d.])")


def _items(trace: dict):
    for step in trace["steps"]:
        yield step, step["text"]
        for note in step.get("considered", []):
            yield note, note["text"]
    for violation in trace["violations"]:
        yield violation, violation["text"]
    for gap in trace["gaps"]:
        yield gap, gap["text"]
    if trace["decision"]:
        yield trace["decision"], " ".join([trace["decision"]["question"], *trace["decision"]["options"]])


@pytest.fixture(scope="module")
def registry():
    import_engine()
    return {declared.name: declared for declared in registered_rules()}


def test_every_clause_a_trace_cites_comes_from_a_rule_it_names(registry):
    """Over every scenario: each item names registered rules, each clause it cites (and each clause number
    written in its words) belongs to one of them."""
    checked = 0
    for path in scenario_files([ROOT]):
        trace = resolve(load_scenario(path.read_text(encoding="utf-8"))).to_json()
        for item, words in _items(trace):
            assert all(name in registry for name in item["rules"]), (path, item)
            clauses = [c for name in item["rules"] for c in registry[name].clauses]
            for cited in item["cites"]:
                assert cited in clauses, (path.name, cited, item)
            for written in CLAUSE_IN_TEXT.findall(words):
                assert any(citation_covers(c, written) or citation_covers(written, c) for c in clauses), (path.name, written, words)
            checked += 1
    assert checked > 5_000


def test_a_clause_number_in_a_message_must_be_a_named_rules(registry):
    """The check above can fail: a message naming a clause its rules do not cite is caught."""
    item = {"rules": ["deck_out"], "cites": ["12.1.1", "2.5.2"]}
    clauses = [c for name in item["rules"] for c in registry[name].clauses]
    written = CLAUSE_IN_TEXT.findall("（3.4.1は同じ場の中での移動だけを定める）")
    assert written == ["3.4.1"] and not any(citation_covers(c, "3.4.1") for c in clauses)


def test_two_rules_citing_one_clause_are_told_apart():
    """8.2.5 is cited by two rules; the trace names which one refused."""
    immune_card = {"name": "結界の僧", "rank": 1, "power": 1000, "role": "attacker", "immune": True,
                   "restrictions": [{"cannot": "attack", "until": "end_of_turn"}]}
    data = {
        "format": "hi-story-scenario/1", "title": "t",
        "game": {"round": 3, "first_player": "A", "turn_player": "A", "phase": "attack"},
        "players": {"A": {"deck": 20, "field": {1: {"card": immune_card}}}, "B": {"deck": 20}},
        "actions": [{"attack": {"attacker": "A1", "target": "deck", "response": "none"}}],
    }
    violation = resolve(load_scenario(data)).to_json()["violations"][0]
    assert "8.2.5" in violation["cites"]
    assert "restriction_beats_immunity" in violation["rules"] and "card_restriction" not in violation["rules"]


def test_a_note_without_a_rule_is_a_program_error():
    with pytest.raises(ValueError):
        Considered.of("理由のない注記")


def test_the_audit_reads_every_recording_branch_and_what_reached_it():
    report = audit()
    counts = report.counts()
    assert counts["rules"] == len(report.rules) > 150
    assert counts["passing_scenarios"] == counts["scenarios"] > 500
    assert 0 < counts["outcome_branches_cited_by_a_passing_scenario"] <= counts["outcome_branches"]
    assert counts["outcome_branches_citing_no_rule"] == 0, [b.site for b in report.branches if b.cites_nothing]
    # Instrumented: the 「次のターン」 beginning is reached, with its rule, by the scenarios that need it.
    reached = report.reached_rules[("next_turn_begins", "applies")]
    assert any("next-turn-counter-attack-ban" in name for name in reached)
    assert any(name.endswith("refuses") for name in {f"{r}:{o}" for r, o in report.reached_rules})


def test_branches_are_found_in_the_code():
    found = branches()
    sites = {b.site.split(":")[0] for b in found}
    assert {"adjudicator.engine.attack.battle", "adjudicator.engine.phases", "adjudicator.engine.turns"} <= sites
    outcomes = {b.outcome for b in found}
    assert {"applies", "refuses", "does not apply", "decision", "gap"} <= outcomes


def test_the_rules_command_prints_the_counts(monkeypatch, tmp_path):
    monkeypatch.setenv("ADJUDICATOR_DATA_DIR", str(tmp_path))
    result = CliRunner().invoke(main, ["rules", str(ROOT / "rules" / "integrity")])
    assert "next_turn_begins (5.6.2)" in result.output
    assert re.search(r"^rules: \d+$", result.output, re.M)
    assert re.search(r"^outcome branches cited by a passing scenario: \d+$", result.output, re.M)
    assert result.exit_code == 0, result.output


def test_each_rule_variable_names_one_rule_and_the_audit_reads_the_calling_modules_own():
    import_engine()
    bound: dict[str, set[str]] = {}
    for module_name, module in list(sys.modules.items()):
        if module_name.startswith("adjudicator.engine"):
            for variable, value in vars(module).items():
                if isinstance(value, Rule):
                    bound.setdefault(variable, set()).add(value.name)
    assert {variable: names for variable, names in bound.items() if len(names) > 1} == {}
    # The audit resolves a cited name in the module that cites it, not by a name shared across modules.
    cited = {b.site.split(":")[0]: set() for b in branches()}
    for branch in branches():
        cited[branch.site.split(":")[0]].update(branch.rules)
    assert "draw_phase_draw" in cited["adjudicator.engine.phases"] and "draw" not in cited["adjudicator.engine.phases"]
    assert "counter_event" in cited["adjudicator.engine.attack.respond"]
    assert "counter_event_only" not in cited["adjudicator.engine.attack.respond"]
