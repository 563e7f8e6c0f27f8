"""One official ruling, as the import reads it and the pages show it."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from adjudicator.rulebook.numbers import normalize_ref

MAX_CLAUSES = 20
MAX_CARDS = 20


class OfficialRuling(BaseModel):
    """``scenario``: the ruling's board as scenario data (its ``expect`` is the official answer), or None."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$", max_length=80)
    book: str = Field(default="hi-story", pattern=r"^[a-z][a-z0-9-]*$")
    question: str = Field(min_length=1, max_length=1000)
    answer: str = Field(min_length=1, max_length=4000)
    date: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
    source: str = Field(pattern=r"^https?://[^\s<>\"']+$", max_length=500)
    clauses: tuple[str, ...] = Field(min_length=1, max_length=MAX_CLAUSES)
    cards: tuple[str, ...] = Field(default=(), max_length=MAX_CARDS)
    superseded_by: str | None = Field(default=None, max_length=80)
    scenario: dict[str, Any] | None = None

    @field_validator("date")
    @classmethod
    def _a_real_day(cls, value: str) -> str:
        datetime.date.fromisoformat(value)  # 2026-02-30 is refused (ValueError → the row's problem)
        return value

    @field_validator("clauses")
    @classmethod
    def _clause_numbers(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(normalize_ref(clause) for clause in value)

    @field_validator("cards")
    @classmethod
    def _card_names(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        if any(not name.strip() or len(name) > 60 for name in value):
            raise ValueError("カード名は1〜60文字")
        return tuple(name.strip() for name in value)

    @property
    def superseded(self) -> bool:
        return self.superseded_by is not None


def rulings_citing(clause_ids: Iterable[str], rulings: Iterable[OfficialRuling], book: str = "hi-story") \
        -> list[OfficialRuling]:
    """The rulings of ``book`` resting on any of ``clause_ids`` (an item 10.6.2-8 counts for its clause), in
    date order, newest first; superseded ones stay (the pages mark them)."""
    wanted = {clause.split("-")[0] for clause in clause_ids}
    found = [ruling for ruling in rulings
             if ruling.book == book and wanted & {clause.split("-")[0] for clause in ruling.clauses}]
    return sorted(found, key=lambda ruling: (ruling.date, ruling.id), reverse=True)
