"""One problem of an imported list (cards, official rulings): the row and field it names, and what is wrong.

An import reads a whole list and refuses it whole when any row has a problem; each problem says where.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudicator.format.errors import FormatError


@dataclass(frozen=True)
class RowProblem:
    row: int          # 1-based: the YAML list item, or the CSV line (the header is line 1)
    field: str        # e.g. ``rank``, ``effects.0.mark``; empty when the row as a whole is wrong
    message: str
    unit: str = "行目"  # CSV lines; a YAML list counts cards (枚目)
    code: str = ""     # the format's error code (``adjudicator.format.messages``) where the format refused it

    def __str__(self) -> str:
        if not self.row:
            return self.message
        where = f"{self.row}{self.unit}" + (f"の{self.field}" if self.field else "")
        return f"{where}: {self.message}"

    def to_json(self) -> dict[str, Any]:
        return {"row": self.row, "field": self.field, "message": self.message, "text": str(self), "code": self.code}

    @classmethod
    def of(cls, row: int, error: FormatError, unit: str = "行目") -> "RowProblem":
        return cls(row, error.path, error.message_ja, unit, error.code)
