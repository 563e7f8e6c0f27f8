"""What a scenario expects of its ruling: legality, the clauses broken and cited, the winner, the state."""

from __future__ import annotations

from typing import Any, Literal, Union

from pydantic import Field, field_validator

from adjudicator.format.base import Strict
from adjudicator.vocabulary import PlayerId


class Expect(Strict):
    legal: bool | None = None
    violation: list[str] = Field(default_factory=list)
    # `winner: null` / `decision: null` expect no winner / no decision; "unchecked" (the default) checks
    # nothing. An explicit value, so that the canonical form keeps the difference.
    winner: Union[PlayerId, None, Literal["unchecked"]] = "unchecked"
    state: dict[str, Any] = Field(default_factory=dict)
    cites: list[str] = Field(default_factory=list)
    order: list[str] = Field(default_factory=list)
    decision: Union[PlayerId, None, Literal["unchecked"]] = "unchecked"
    # The engine bound resolution must stop at (``MAX_TRIGGER_DEPTH`` …); a trace that stops at one fails
    # unless it is named here: an engine limit is never a ruling.
    limit: str | None = Field(default=None, max_length=60)
    gap: list[str] = Field(default_factory=list)

    @field_validator("violation", "cites", "order", "gap", mode="before")
    @classmethod
    def _clause_ids(cls, value: Any) -> Any:
        # YAML reads `[10.6]` as floats; clause ids are strings.
        if isinstance(value, list):
            return [str(v) for v in value]
        return value
