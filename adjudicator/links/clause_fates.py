"""What became of a ruling's clauses in the latest release: clause by clause, the change and its words.

A ruling cites the clauses of the release it was made under; when a newer release has landed, each cited
clause is followed into it (:mod:`adjudicator.rulebook.changes`): unchanged, changed (word by word),
renumbered, moved, split, merged or removed. This is the "why" beside a re-judgement's differences.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from adjudicator.rulebook import load_rulebook, releases
from adjudicator.rulebook.changes import release_diff
from adjudicator.rulebook.wording_diff import Piece

UNCHANGED = "unchanged"
NOT_IN_RELEASE = "unknown"  # cited, but the ruling's release has no such clause: nothing to follow


@dataclass(frozen=True)
class ClauseFate:
    clause: str                 # the clause as the ruling's release numbers it
    kind: str                   # UNCHANGED, or the change's kind (adjudicator.rulebook.identity.KINDS)
    latest: tuple[str, ...]     # its number(s) in the latest release; () when removed
    pieces: tuple[Piece, ...]   # the words that changed; () when unchanged
    renumber_only: bool = False

    @property
    def changed(self) -> bool:
        return self.kind != UNCHANGED


@dataclass(frozen=True)
class ReleaseCheck:
    """A ruling's release against the latest: every cited clause's fate (empty when they are the same)."""

    book: str
    release: str
    latest: str
    known: bool                 # the ruling's release is one of the book's releases
    fates: tuple[ClauseFate, ...]

    @property
    def newer(self) -> bool:
        return self.release != self.latest

    @property
    def changed(self) -> tuple[ClauseFate, ...]:
        return tuple(fate for fate in self.fates if fate.changed)


def release_check(book_id: str, release: str, cited: Iterable[str]) -> ReleaseCheck:
    """Follow the clauses ``cited`` (items count as their clause) from ``release`` into the latest release."""
    latest = load_rulebook(book_id).release
    known = release in {entry.release for entry in releases(book_id)}
    if not known or release == latest:
        return ReleaseCheck(book_id, release, latest, known, ())
    diff = release_diff(book_id, release, latest)
    clauses = dict.fromkeys(clause.split("-")[0] for clause in cited)
    return ReleaseCheck(book_id, release, latest, known, tuple(_fate(diff, clause) for clause in clauses))


def _fate(diff, clause: str) -> ClauseFate:
    if diff.old.get(clause) is None:
        return ClauseFate(clause, NOT_IN_RELEASE, (), ())
    change = diff.matching.change_of(clause)
    if change is None:
        return ClauseFate(clause, UNCHANGED, diff.matching.successors(clause) or (clause,), ())
    item = next(item for item in diff.items if item.change is change)
    return ClauseFate(clause, change.kind, change.new, item.pieces, change.renumber_only)
