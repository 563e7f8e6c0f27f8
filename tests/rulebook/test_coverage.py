"""Coverage: every clause of the rulebook carries a reviewed mark, and the report counts real citations."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from pydantic import ValidationError

from adjudicator.cli import main
from adjudicator.checks.coverage import Mark, clause_of, coverage, load_marks
from adjudicator.rulebook import load_rulebook
from adjudicator.paths import scenarios_dir

BOOK = load_rulebook("hi-story")


def test_every_clause_has_a_mark_and_every_mark_a_clause():
    marks = load_marks()
    clauses = [node.id for node in BOOK.clauses()]
    assert [c for c in clauses if c not in marks] == []
    assert [c for c in marks if c not in clauses] == []


def test_gaps_and_references_say_why():
    marks = load_marks()
    assert all(mark.reason for mark in marks.values() if mark.mark != "engine")
    with pytest.raises(ValidationError):
        Mark(mark="gap")


def test_the_attack_chapter_is_engine_work():
    marks = load_marks()
    assert marks["11.1.2"].mark == "engine" and marks["10.6.2"].mark == "engine"
    assert marks["13.1"].mark == "reference"


def test_an_item_citation_counts_for_its_clause():
    assert clause_of(BOOK, "10.6.2-8") == "10.6.2"
    assert clause_of(BOOK, "11.1.2") == "11.1.2"
    assert clause_of(BOOK, "11.1") is None  # a section is not a clause
    assert clause_of(BOOK, "99.9.9") is None


def test_coverage_counts_only_what_passing_scenarios_cite():
    attack = scenarios_dir() / "attack"
    report = coverage([attack / "deck-attack-remainder.yaml"])
    chapter_11 = next(c for c in report.chapters if c.chapter == "11")
    assert report.passed == 1 and report.failed == 0
    assert "11.1.2" in chapter_11.cited
    assert "11.2.3" in chapter_11.uncited  # no 身代わり in that scenario


def test_a_failing_scenario_contributes_nothing(tmp_path: Path):
    text = (scenarios_dir() / "attack" / "deck-attack-remainder.yaml").read_text(encoding="utf-8")
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(text.replace("B.deck: 7", "B.deck: 6"), encoding="utf-8")
    report = coverage([wrong])
    assert (report.passed, report.failed) == (0, 1)
    assert report.cited_total == 0


def test_unmarked_clauses_are_reported():
    marks = dict(load_marks())
    del marks["11.1.2"]
    report = coverage([scenarios_dir() / "attack" / "deck-attack-remainder.yaml"], marks=marks)
    assert report.unmarked == ("11.1.2",)


def test_cli_prints_per_chapter_counts():
    result = CliRunner().invoke(main, ["coverage", str(scenarios_dir() / "attack")])
    assert result.exit_code == 0, result.output
    assert "第11章 攻撃・防御・ダメージ: cited" in result.output
    assert "total: cited" in result.output


def test_cli_lists_the_cited_and_the_uncited_clauses_of_each_chapter():
    result = CliRunner().invoke(main, ["coverage", str(scenarios_dir() / "attack" / "deck-attack-remainder.yaml")])
    lines = result.output.splitlines()
    chapter_11 = next(i for i, line in enumerate(lines) if line.startswith("第11章"))
    cited, uncited = lines[chapter_11 + 1].split(), lines[chapter_11 + 2].split()
    assert cited[0] == "cited:" and "11.1.2" in cited
    assert uncited[:2] == ["not", "cited:"] and "11.2.3" in uncited and "11.1.2" not in uncited
