"""Cross-references inside Hi!story clause text.

Every clause, section or chapter number written in a clause is a reference, whatever words surround it
(``（5.2.3参照）``, ``（6.7.1）``, ``10.1.8の通り``, ``3.6.1と同様``, ``第12章参照``). Beyond single numbers:

- ranges ``6.4.1〜6.4.3`` cite every clause from one end to the other;
- ``10.6.2の⑧`` cites list item 10.6.2-8, and ``10.6.2の①から⑧まで`` items 1 to 8;
- a bare circled number (``⑥でパワーが確定し``) cites an item of the list the clause is talking about:
  the last list cited earlier in the same text, else the nearest earlier clause of the same section that
  has a list (10.6.4–10.6.6 speak of the steps of 10.6.2).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from adjudicator.rulebook.model import Reference
from adjudicator.rulebook.numbers import CIRCLED_DIGITS, circled_value, normalize_ref

_CIRCLED = f"[{CIRCLED_DIGITS}]"
_NUMBER = r"\d+[.．]\d+(?:[.．]\d+)?"
_CITATION = re.compile(
    rf"(?<![\d.．])(?:第\d+章|(?P<first>{_NUMBER})(?![\d]|[.．]\d)"
    rf"(?:\s*[〜～]\s*(?P<last>{_NUMBER})(?![\d]|[.．]\d)"
    rf"|の(?P<item>{_CIRCLED})(?:から(?P<item_last>{_CIRCLED})まで)?)?)"
)
_BARE_CIRCLED = re.compile(_CIRCLED)


@dataclass(frozen=True)
class ReferenceIndex:
    """What resolving references needs to know about the book: ids in order, parents, list owners."""

    order: Sequence[str]  # every node id in document order
    parents: Mapping[str, str | None]
    kinds: Mapping[str, str]
    has_items: frozenset[str]

    @functools.cached_property
    def _positions(self) -> dict[str, int]:
        return {node: position for position, node in enumerate(self.order)}

    def between(self, first: str, last: str) -> list[str]:
        """Clause ids from ``first`` to ``last`` inclusive; just the ends if either is unknown."""
        if first not in self.parents or last not in self.parents:
            return [first, last]
        start, end = self._positions[first], self._positions[last]
        return [node for node in self.order[start:end + 1] if self.kinds[node] == self.kinds[first]]

    def list_before(self, node_id: str) -> str | None:
        """The nearest earlier clause with a list in the same section as ``node_id``."""
        section = self.parents.get(node_id)
        for candidate in reversed(self.order[:self._positions[node_id]]):
            if candidate in self.has_items and self.parents.get(candidate) == section:
                return candidate
        return None


def find_references(text: str, node_id: str, index: ReferenceIndex, own_item_marks: frozenset[int]) -> tuple[
        Reference, ...]:
    """References in ``text`` (the text of node ``node_id``), in order of appearance.

    ``own_item_marks`` are offsets of circled numbers that number the node's own inline list (6.11.1's
    ①②③); they are list markers, not references.
    """
    found: list[Reference] = []
    claimed: set[int] = set()
    for match in _CITATION.finditer(text):
        claimed.update(range(match.start(), match.end()))
        found.extend(_citation_references(match, index))
    # (end offset, clause) of every list this text has cited so far, for the bare circled numbers below.
    cited_lists = [(ref.end, ref.target.split("-")[0]) for ref in found
                   if "-" in ref.target or ref.target in index.has_items]
    default_list = index.list_before(node_id)
    for mark in _BARE_CIRCLED.finditer(text):
        if mark.start() in claimed or mark.start() in own_item_marks:
            continue
        earlier = [owner for end, owner in cited_lists if end <= mark.start()]
        owner = earlier[-1] if earlier else default_list
        if owner is not None:
            found.append(Reference(f"{owner}-{circled_value(mark[0])}", mark[0], mark.start(), mark.end()))
    return tuple(sorted(found, key=lambda ref: (ref.start, ref.implied, ref.end)))


def _citation_references(match: re.Match[str], index: ReferenceIndex) -> list[Reference]:
    if match["first"] is None:  # 第N章
        return [Reference(normalize_ref(match[0]), match[0], match.start(), match.end())]
    first = normalize_ref(match["first"])
    first_span = match.span("first")
    if match["item"]:
        return _item_references(match, first, index)
    if not match["last"]:
        return [Reference(first, match["first"], *first_span)]
    last = normalize_ref(match["last"])
    inner = index.between(first, last)[1:-1]
    return [
        Reference(first, match["first"], *first_span),
        *(Reference(node, match[0], match.start(), match.end(), implied=True) for node in inner),
        Reference(last, match["last"], *match.span("last")),
    ]


def _item_references(match: re.Match[str], clause: str, index: ReferenceIndex) -> list[Reference]:
    low = circled_value(match["item"])
    if not match["item_last"]:
        return [Reference(f"{clause}-{low}", match[0], match.start(), match.end())]
    high = circled_value(match["item_last"])
    start_surface = match.group(0)[: match.end("item") - match.start()]
    return [
        Reference(f"{clause}-{low}", start_surface, match.start(), match.end("item")),
        *(Reference(f"{clause}-{value}", match[0], match.start(), match.end(), implied=True)
          for value in range(low + 1, high)),
        Reference(f"{clause}-{high}", match["item_last"], *match.span("item_last")),
    ]
