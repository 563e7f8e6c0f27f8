"""Worked questions and answers (``rulebook/qa.yaml``): every clause no board exercises, and some board rules.

Definitions, deck building, tournament rules and what a player may ask are marked ``reference`` in
``rulebook/clause-marks.yaml``: no scenario can cite them, but people still ask. Each entry is a question,
the answer in the rulebook's own words and the clauses it rests on. The gallery and the search results list
the entries of a clause with :func:`entries_for`; ``adjudicator coverage`` counts the clauses answered.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, Field

from adjudicator.paths import rulebook_dir

QA_FILE = "qa.yaml"    # the manifest reader skips it (adjudicator.rulebook.manifest)


class QAEntry(BaseModel):
    """One worked question: ``answer`` quotes the rulebook; ``clauses`` are the clause ids it rests on."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^qa-[\w.\-]+$", max_length=80)
    question: str = Field(min_length=1, max_length=300)
    answer: str = Field(min_length=1, max_length=2000)
    clauses: tuple[str, ...] = Field(min_length=1, max_length=10)


class QAFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    book: str
    release: str
    entries: tuple[QAEntry, ...]


def load_qa(path: Path | None = None) -> tuple[QAEntry, ...]:
    """Every entry, in file order; a malformed file raises pydantic's ValidationError (a program error)."""
    if path is not None:
        return _parse(path.read_text(encoding="utf-8"))
    return _shipped()


@lru_cache(maxsize=1)
def _shipped() -> tuple[QAEntry, ...]:
    return _parse((rulebook_dir() / QA_FILE).read_text(encoding="utf-8"))


def _parse(text: str) -> tuple[QAEntry, ...]:
    entries = QAFile.model_validate(yaml.safe_load(text)).entries
    ids = [entry.id for entry in entries]
    duplicated = sorted({i for i in ids if ids.count(i) > 1})
    if duplicated:
        raise ValueError(f"Q&A ids used twice: {', '.join(duplicated)}")
    return entries


def entries_for(clause: str, entries: tuple[QAEntry, ...] | None = None) -> list[QAEntry]:
    """The entries that rest on ``clause`` (an item ``7.3.10-2`` counts for its clause ``7.3.10``)."""
    wanted = clause.split("-")[0]
    return [entry for entry in (entries if entries is not None else load_qa()) if wanted in entry.clauses]


def answered_clauses(entries: tuple[QAEntry, ...] | None = None) -> set[str]:
    """Every clause some entry answers."""
    return {clause for entry in (entries if entries is not None else load_qa()) for clause in entry.clauses}
