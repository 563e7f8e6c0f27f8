"""The rulebook as data: a book of nodes (chapter → section → clause → item) that cite each other."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from adjudicator.rulebook.numbers import normalize_ref, sort_key

KINDS = ("chapter", "section", "clause", "item")


@dataclass(frozen=True)
class Reference:
    """One cross-reference inside a node's text: ``text[start:end] == surface`` points at ``target``.

    ``implied`` marks targets that a range names only by its ends (``6.4.2`` inside ``6.4.1〜6.4.3``);
    their span is the whole range, so renderers that link text should skip them.
    """

    target: str
    surface: str
    start: int
    end: int
    implied: bool = False


@dataclass(frozen=True)
class Node:
    """A chapter, section, clause or list item, exactly as printed in the source.

    ``heading`` is what the source prints before the body (``6.5.10（「引く」の定義）``, ``第6章 効果の基本構造``,
    ``100.1.``); ``heading`` plus ``text`` of every chapter, section and clause give back the source.
    An implicit node (a section the source never prints, such as 12.1) has an empty heading.
    """

    book: str
    id: str
    kind: str
    number: str
    title: str | None
    text: str
    parent: str | None
    children: tuple[str, ...]
    references: tuple[Reference, ...]
    position: int
    heading: str = ""
    line: int = 0

    @property
    def label(self) -> str:
        """How a person names it: the number with its title; an item by its full id (``10.6.2-8``)."""
        if self.kind == "item":
            return self.id
        return f"{self.number} {self.title}" if self.title else self.number


@dataclass(frozen=True)
class Rulebook:
    """One parsed rulebook. Immutable; build it with :func:`adjudicator.rulebook.load_rulebook`."""

    id: str
    title: str
    release: str
    effective_date: str | None
    language: str
    source_file: Path
    sha256: str
    source_text: str
    preamble: str
    nodes: tuple[Node, ...]
    _by_id: Mapping[str, Node] = field(repr=False, compare=False)
    _backlinks: Mapping[str, tuple[str, ...]] = field(repr=False, compare=False)

    @classmethod
    def build(cls, *, nodes: tuple[Node, ...], **metadata) -> Rulebook:
        by_id = {node.id: node for node in nodes}
        if len(by_id) != len(nodes):
            raise ValueError(f"{metadata.get('id')}: duplicate node ids")
        return cls(
            nodes=nodes,
            _by_id=MappingProxyType(by_id),
            _backlinks=MappingProxyType(_collect_backlinks(nodes)),
            **metadata,
        )

    def identity(self) -> dict[str, str | None]:
        """What names this rulebook and its release, as plain data (CLI and JSON twins share it)."""
        return {
            "id": self.id,
            "title": self.title,
            "release": self.release,
            "effective_date": self.effective_date,
            "language": self.language,
            "sha256": self.sha256,
        }

    # -- navigation ---------------------------------------------------------------------------------

    @property
    def chapters(self) -> tuple[Node, ...]:
        return tuple(node for node in self.nodes if node.kind == "chapter")

    def get(self, ref: str) -> Node | None:
        """The node a reference names (``6.7.1``, ``６．７．１``, ``10.6.2-8``, ``6.7``, ``ch12``), or None."""
        return self._by_id.get(normalize_ref(ref))

    def __getitem__(self, ref: str) -> Node:
        node = self.get(ref)
        if node is None:
            raise KeyError(ref)
        return node

    def __contains__(self, ref: object) -> bool:
        return isinstance(ref, str) and self.get(ref) is not None

    def walk(self) -> Iterator[Node]:
        """Every node in document order."""
        return iter(self.nodes)

    def clauses(self) -> Iterator[Node]:
        return (node for node in self.nodes if node.kind == "clause")

    def count(self, kind: str) -> int:
        return sum(1 for node in self.nodes if node.kind == kind)

    def backlinks(self, node_id: str) -> tuple[str, ...]:
        """Ids of the clauses whose text cites ``node_id`` (or one of its items), in document order."""
        return self._backlinks.get(normalize_ref(node_id), ())

    def previous(self, node_id: str) -> Node | None:
        return self._neighbour_clause(node_id, step=-1)

    def next(self, node_id: str) -> Node | None:
        return self._neighbour_clause(node_id, step=1)

    def subtree(self, node_id: str) -> tuple[Node, ...]:
        """The node and all its descendants in document order; empty if there is no such node."""
        root = self.get(node_id)
        if root is None:
            return ()
        found, pending = [], [root]
        while pending:
            node = pending.pop()
            found.append(node)
            pending.extend(self._by_id[child] for child in reversed(node.children))
        return tuple(found)

    def heading_path(self, node_id: str) -> tuple[Node, ...]:
        """Ancestors from the chapter down to the node itself; empty if there is no such node."""
        path: list[Node] = []
        node = self.get(node_id)
        while node is not None:
            path.append(node)
            node = self._by_id.get(node.parent) if node.parent else None
        return tuple(reversed(path))

    def nearest_clause(self, ref: str) -> Node | None:
        """The clause a mistyped number most likely meant: the last clause numbered at or before it
        (``6.7.10`` → ``6.7.6``), else the first clause. None only for a book without clauses."""
        wanted = sort_key(ref)
        clauses = list(self.clauses())
        at_or_before = [clause for clause in clauses if wanted and sort_key(clause.id) <= wanted]
        if at_or_before:
            return max(at_or_before, key=lambda clause: sort_key(clause.id))
        return clauses[0] if clauses else None

    def _neighbour_clause(self, node_id: str, step: int) -> Node | None:
        node = self.get(node_id)
        if node is None:
            return None
        index = node.position + step
        while 0 <= index < len(self.nodes):
            if self.nodes[index].kind == "clause":
                return self.nodes[index]
            index += step
        return None


def _collect_backlinks(nodes: tuple[Node, ...]) -> dict[str, tuple[str, ...]]:
    """target id → citing clause ids. An item citation (10.6.2-8) also counts for its clause (10.6.2)."""
    by_id = {node.id: node for node in nodes}
    citing: dict[str, dict[str, None]] = {}
    for node in nodes:
        if node.kind != "clause":
            continue
        for reference in node.references:
            target = by_id.get(reference.target)
            while target is not None:
                citing.setdefault(target.id, {})[node.id] = None
                # Climb only from an item to its clause; a clause citing 6.7.1 does not cite section 6.7.
                target = by_id.get(target.parent) if target.kind == "item" and target.parent else None
    return {target: tuple(sources) for target, sources in citing.items()}
