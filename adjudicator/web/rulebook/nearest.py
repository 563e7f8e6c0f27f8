"""For a clause number that does not exist, the existing ones a person most likely meant.

``6.7.9`` → 6.7.6, 6.7.5, … (same section, closest number); ``10.6.2-12`` → 10.6.2-10, …;
``6.77`` → 6.7 …. Ranked by how many leading number parts agree, then by distance in the first part
that differs.
"""

from __future__ import annotations

import re

from adjudicator.rulebook import Node, Rulebook
from adjudicator.rulebook.numbers import bounded_int, normalize_ref

_PART = re.compile(r"[0-9]+|[a-z]+")
SUGGESTION_LIMIT = 5


def _parts(node_id: str) -> tuple[str, ...]:
    return tuple(_PART.findall(node_id))


def _distance(wanted: tuple[str, ...], candidate: tuple[str, ...]) -> tuple[int, int, int]:
    shared = 0
    while shared < min(len(wanted), len(candidate)) and wanted[shared] == candidate[shared]:
        shared += 1
    if shared < min(len(wanted), len(candidate)):
        mine, theirs = wanted[shared], candidate[shared]
        mine_value, their_value = bounded_int(mine), bounded_int(theirs)
        gap = abs(mine_value - their_value) if mine_value is not None and their_value is not None else 1000
    else:
        gap = 0
    return -shared, gap, abs(len(candidate) - len(wanted))


def nearest_nodes(book: Rulebook, ref: str, limit: int = SUGGESTION_LIMIT) -> tuple[Node, ...]:
    """Up to ``limit`` existing clauses, sections or items closest to ``ref``; none if it shares nothing."""
    wanted = _parts(normalize_ref(ref))
    if not wanted:
        return ()
    ranked = sorted(
        (node for node in book.walk() if node.kind != "chapter"),
        key=lambda node: (_distance(wanted, _parts(node.id)), node.position),
    )
    return tuple(node for node in ranked[:limit] if _distance(wanted, _parts(node.id))[0] < 0)
