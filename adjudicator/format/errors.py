"""Why a scenario cannot be loaded, as values: a stable code, where, the values that say more, the clause.

The format's validators raise :func:`problem` (pydantic keeps its code as the error's ``type`` and its values
as the ``ctx``); the loader turns every failure into :class:`FormatError` values and raises them together
as one :class:`ScenarioError`. What a person reads, in English or Japanese, is rendered from the code by one
table (``adjudicator.format.messages``), never parsed back out of an English sentence.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic_core import PydanticCustomError

from adjudicator.format import messages


@dataclass(frozen=True)
class FormatError:
    """One reason a scenario is refused. ``path`` is like ``players.A.field.6`` ("" for the whole input);
    ``params`` are the values the message is made of (limits, choices, the name given); ``rule`` is the
    clause id the refusal rests on (``2.3.1``; several as ``2.8, 6.8.3``) or None."""

    code: str
    path: str = ""
    params: dict[str, Any] = field(default_factory=dict)
    rule: str | None = None

    @property
    def message(self) -> str:
        return messages.english(self.code, self.params, self.rule)

    @property
    def message_ja(self) -> str:
        return messages.japanese(self.code, self.params, self.rule)

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "code": self.code, "params": dict(self.params), "rule": self.rule,
                "message": self.message, "message_ja": self.message_ja}


class ScenarioError(Exception):
    """The scenario cannot be loaded; ``errors`` lists every :class:`FormatError` found."""

    def __init__(self, errors: list[FormatError]):
        self.errors = list(errors)
        super().__init__("; ".join(f"{error.path or '(top)'}: {error.message}" for error in self.errors))

    @classmethod
    def of(cls, code: str, path: str = "", rule: str | None = None, **params: Any) -> "ScenarioError":
        """A refusal for one reason (the loader's own checks, before the schema)."""
        return cls([FormatError(code, path, params, rule)])


def problem(code: str, rule: str | None = None, at: str | None = None, **params: Any) -> PydanticCustomError:
    """What a format validator raises. ``at`` names a key inside the validated field (a slot number, a card's
    path), which extends the error's path. The English message is pydantic's own ``msg`` too, so that code
    reading pydantic's errors directly still gets a sentence."""
    context = {**params, **({"rule": rule} if rule else {}), **({"at": at} if at is not None else {})}
    # pydantic fills ``{name}`` from the context by plain replacement: a rendered message passes through.
    return PydanticCustomError(code, messages.english(code, params, rule), context)
