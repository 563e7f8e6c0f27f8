"""Mutable node drafts a parser fills in, frozen into :class:`Node` objects once the book is complete."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from adjudicator.rulebook.model import Node, Reference


@dataclass
class Draft:
    id: str
    kind: str
    number: str
    title: str | None
    heading: str
    line: int
    parent: str | None
    text: str = ""
    children: list[str] = field(default_factory=list)


class DraftBook:
    """Drafts in document order, with the parent → children links kept as nodes are added."""

    def __init__(self) -> None:
        self._drafts: dict[str, Draft] = {}

    def add(self, draft: Draft) -> Draft:
        if draft.id in self._drafts:
            raise ValueError(f"duplicate node {draft.id} at line {draft.line}")
        self._drafts[draft.id] = draft
        if draft.parent is not None:
            self._drafts[draft.parent].children.append(draft.id)
        return draft

    def get(self, node_id: str) -> Draft | None:
        return self._drafts.get(node_id)

    def __iter__(self):
        return iter(self._drafts.values())

    def freeze(self, book: str, find_references: Callable[[Draft], tuple[Reference, ...]]) -> tuple[Node, ...]:
        return tuple(
            Node(
                book=book,
                id=draft.id,
                kind=draft.kind,
                number=draft.number,
                title=draft.title,
                text=draft.text,
                parent=draft.parent,
                children=tuple(draft.children),
                references=find_references(draft),
                position=position,
                heading=draft.heading,
                line=draft.line,
            )
            for position, draft in enumerate(self._drafts.values())
        )


@dataclass(frozen=True)
class ParsedBook:
    """What a parser returns: the front matter before the first chapter, and the node drafts."""

    preamble: str
    drafts: DraftBook
