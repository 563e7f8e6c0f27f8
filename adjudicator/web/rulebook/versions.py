"""A clause across releases, as plain values the clause page renders.

The clause page shows the clause's history (its number and words in every release, each linked to its pinned
page, with the words changed from the release before) and a notice when its number meant another clause in
an older release; a latest address that no longer exists says where the clause went.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import url_for

from adjudicator import vocabulary
from adjudicator.rulebook import Rulebook, load_release, releases
from adjudicator.rulebook.changes import history, in_release
from adjudicator.rulebook.wording_diff import Piece, word_diff


@dataclass(frozen=True)
class HistoryRow:
    release: str
    effective_date: str | None
    clause: str | None         # its number in that release; None: not in it (not yet added, or removed)
    url: str | None            # its pinned page
    change: str | None         # how it changed from the release before, in words
    pieces: tuple[Piece, ...]  # the words changed from the release before; () when the same or absent
    shown: bool                # the release of the page being read


@dataclass(frozen=True)
class Moved:
    """「v1.0.0 の 4.3.2 は、v1.1.0 では 4.3.3 です」: a number that named another clause in an older release."""

    release: str
    clause: str
    now: tuple[str, ...]       # its number(s) in the release shown; () when it was removed
    url: str                   # the older release's pinned page
    now_release: str


def clause_history(book: Rulebook, clause_id: str) -> tuple[HistoryRow, ...]:
    """The clause ``clause_id`` of ``book`` (any release) in every release; () when the book has one release."""
    versions = history(book.id, book.release, clause_id)
    if len(versions) < 2:
        return ()
    rows, before = [], None
    for version in versions:
        pieces = word_diff(before.text, version.text) if before and before.text and version.text \
            and before.text != version.text else ()
        url = url_for("rules.pinned_node", book_id=book.id, release=version.release, ref=version.clause) \
            if version.clause else None
        change = vocabulary.CLAUSE_CHANGES[version.change.kind] if version.change else None
        rows.append(HistoryRow(version.release, version.effective_date, version.clause, url, change, pieces,
                               version.release == book.release))
        before = version
    return tuple(rows)


def moved_here(book: Rulebook, clause_id: str) -> tuple[Moved, ...]:
    """Older releases where the number ``clause_id`` named a clause that now has another number (or none)."""
    found = []
    for entry in releases(book.id):
        if entry.release == book.release:
            break
        older = load_release(book.id, entry.release)
        if older is None or older.get(clause_id) is None:
            continue
        now = _now(book, entry.release, clause_id)
        if now != (clause_id,):
            found.append(Moved(entry.release, clause_id, now,
                               url_for("rules.pinned_node", book_id=book.id, release=entry.release, ref=clause_id),
                               book.release))
    return tuple(found)


def _now(book: Rulebook, release: str, clause_id: str) -> tuple[str, ...]:
    landed = in_release(book.id, release, clause_id, book.release)
    return (landed,) if landed else ()
