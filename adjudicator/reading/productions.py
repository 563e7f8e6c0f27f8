"""The reading registry: every production of the card-text grammar is a named object bound to its clauses.

A production is declared once, next to the grammar rule it reads and the code that builds its model::

    @production("draw_fixed", "6.5.8", "「n枚引く」は枚数が固定された処理", rule='draw_fixed: count <引く>')
    def draw_fixed(count): ...

so a reading cites the clauses of every production it used, and ``grep 6.5.8`` finds how the words are
read, as ``adjudicator.engine.rules`` does for how they are applied. The ``rule`` text is lark grammar; a
``<引く>`` in it is the verb, written in the form (終止形, 連用形, て形) the rule is used in, see
:mod:`adjudicator.reading.verbs`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass(frozen=True)
class Production:
    """A template of the rulebook's wording: its grammar rule, the clauses that say how to read it."""

    name: str
    clauses: tuple[str, ...]
    summary: str
    rule: str = ""
    build: Callable[..., Any] | None = field(default=None, compare=False, repr=False)
    area: str = ""
    step: bool = False  # a step of a sentence (joined by 「し、」), see sentences.py


_REGISTRY: dict[str, Production] = {}


def production(name: str, clauses: str | tuple[str, ...], summary: str, rule: str = "", step: bool = False):
    """Declare a production; used as a decorator on the function that builds its value from its children."""
    ids = (clauses,) if isinstance(clauses, str) else tuple(clauses)

    def declare(build: Callable[..., Any] | None) -> Callable[..., Any] | None:
        area = build.__module__.rsplit(".", 1)[-1] if build is not None else ""
        declared = Production(name, ids, summary, rule, build, area, step)
        existing = _REGISTRY.get(name)
        if existing is not None and (existing.clauses, existing.rule) != (ids, rule):
            raise ValueError(f"production {name!r} declared twice differently")
        _REGISTRY[name] = declared
        return build

    return declare


def declare(name: str, clauses: str | tuple[str, ...], summary: str) -> Production:
    """A production with no grammar rule of its own (a step of the reading done in code, e.g. 「。」)."""
    production(name, clauses, summary)(None)
    return _REGISTRY[name]


def registered_productions() -> tuple[Production, ...]:
    """Every declared production; importing ``adjudicator.reading`` declares all of them."""
    return tuple(_REGISTRY.values())


def get(name: str) -> Production:
    return _REGISTRY[name]
