"""A library card: a card's printed information only (no board state), validated as the format's card.

Rows come from YAML or CSV; every problem is reported with its row number and field, and a row is valid
exactly when the scenario format would accept it as a card (``adjudicator.format.board.CardSpec``). The
format's own typed errors (``adjudicator.format.validation``) say what is wrong, in Japanese, with the clause.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from adjudicator.format.board import CardSpec
from adjudicator.format.matching import person_name
from adjudicator.format.rows import RowProblem
from adjudicator.format.validation import format_errors

__all__ = ["PRINTED_FIELDS", "CardRowError", "LibraryCard", "RowProblem", "validate_row"]

# What is printed on a card (2.2); everything else a scenario card may carry is board state.
PRINTED_FIELDS = ("name", "type", "rank", "level", "power", "role", "attributes", "substitute", "counter", "effects")
EFFECT_FIELDS = ("name", "mark", "text", "when", "optional", "sentences")


class CardRowError(ValueError):
    """A card list with problems; nothing of it is imported."""

    def __init__(self, problems: list[RowProblem]):
        self.problems = problems
        super().__init__("; ".join(str(p) for p in problems))


@dataclass(frozen=True)
class LibraryCard:
    card: CardSpec

    @property
    def name(self) -> str:
        return self.card.name

    @property
    def person_name(self) -> str:
        return person_name(self.card.name)

    def printed(self) -> dict[str, Any]:
        """The card as a scenario would write it (defaults left out)."""
        return self.card.model_dump(mode="json", by_alias=True, exclude_defaults=True, include=set(PRINTED_FIELDS))

    def to_json(self) -> str:
        return json.dumps(self.printed(), ensure_ascii=False, sort_keys=True, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> "LibraryCard":
        return cls(CardSpec.model_validate(json.loads(text)))


def validate_row(row: int, data: Any, unit: str = "行目") -> tuple[LibraryCard | None, list[RowProblem]]:
    """One row as a library card, or the problems that keep it out (each naming its field)."""
    if not isinstance(data, dict):
        return None, [RowProblem(row, "", unit=unit, message="カード1枚は name, type, rank … の項目を持つ表（mapping）で書く")]
    unknown = [key for key in data if key not in PRINTED_FIELDS]
    if unknown:
        return None, [RowProblem(row, str(key), unit=unit, message=f"知らない項目（使えるのは {', '.join(PRINTED_FIELDS)}）") for key in unknown]
    try:
        return LibraryCard(CardSpec.model_validate(data)), []
    except ValidationError as error:
        return None, [RowProblem.of(row, problem, unit) for problem in format_errors(error)]
