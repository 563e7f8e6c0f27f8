"""Worked Q&A entries for the reference clauses: well-formed, quoting the rulebook, listed per clause."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from adjudicator.checks.coverage import load_marks
from adjudicator.rulebook import load_rulebook
from adjudicator.rulebook.qa import answered_clauses, entries_for, load_qa

BOOK = load_rulebook("hi-story")


def test_every_entry_names_clauses_of_the_book():
    for entry in load_qa():
        for clause in entry.clauses:
            node = BOOK.get(clause)
            assert node is not None and node.kind == "clause", (entry.id, clause)


def test_every_answer_is_in_the_rulebooks_own_words():
    # Each sentence of an answer is quoted from the clauses it names (word for word, 「。」 by 「。」).
    for entry in load_qa():
        source = "".join(BOOK.get(clause).text for clause in entry.clauses)
        for sentence in filter(None, entry.answer.split("。")):
            assert sentence in source, (entry.id, sentence)


def test_every_reference_clause_has_an_entry():
    marks = load_marks()
    references = [clause for clause, mark in marks.items() if mark.mark == "reference"]
    assert references, "the marks file has reference clauses"
    assert [c for c in references if c not in answered_clauses()] == []


def test_entries_for_a_clause_and_for_an_item_of_it():
    found = entries_for("4.3.2")
    assert [entry.id for entry in found] == ["qa-random-check"]
    assert "見ずに" in found[0].question
    assert entries_for("7.3.10-1") == entries_for("7.3.10") != []
    assert entries_for("11.1.2") == []  # a board rule: its answer is a scenario, not a Q&A entry


def test_a_malformed_file_is_refused(tmp_path: Path):
    bad = tmp_path / "qa.yaml"
    bad.write_text("book: hi-story\nrelease: v1.0.0\nentries:\n  - {id: qa-x, question: q, answer: a, clauses: []}\n", encoding="utf-8")
    with pytest.raises(ValidationError):
        load_qa(bad)
    twice = tmp_path / "twice.yaml"
    entry = "  - {id: qa-x, question: q, answer: a, clauses: ['1.1']}\n"
    twice.write_text("book: hi-story\nrelease: v1.0.0\nentries:\n" + entry + entry, encoding="utf-8")
    with pytest.raises(ValueError, match="twice"):
        load_qa(twice)
