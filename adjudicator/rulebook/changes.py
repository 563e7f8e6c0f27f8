"""What changed between two releases of a book, and one clause's history across all of them.

A diff lists each change of :mod:`adjudicator.rulebook.identity` with the texts on both sides and the words
that changed; a history follows one clause from release to release (a split is followed along its first
part, the one that kept the clause's place). Both are computed once per process and kept.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from adjudicator.paths import rulebook_dir
from adjudicator.rulebook.identity import ClauseChange, Matching, match_releases, read_forced_matches
from adjudicator.rulebook.loader import load_release, releases
from adjudicator.rulebook.model import Rulebook
from adjudicator.rulebook.wording_diff import Piece, word_diff


@dataclass(frozen=True)
class DiffItem:
    """One change, with each side's text (the clauses of a split or a merge joined in order) and the words."""

    change: ClauseChange
    old_text: str
    new_text: str
    pieces: tuple[Piece, ...]


@dataclass(frozen=True)
class ReleaseDiff:
    old: Rulebook
    new: Rulebook
    matching: Matching
    items: tuple[DiffItem, ...]


@dataclass(frozen=True)
class Version:
    """A clause as one release has it: its id there and text, or absent (not yet added, or removed)."""

    release: str
    effective_date: str | None
    clause: str | None
    text: str | None
    change: ClauseChange | None  # how it changed from the release before (None: unchanged, or the first)


def release_diff(book_id: str, old_release: str, new_release: str) -> ReleaseDiff | None:
    """The changes from ``old_release`` to ``new_release`` (either order of publication); None if either
    release does not exist."""
    return _diff(rulebook_dir(), book_id, old_release, new_release)


@functools.lru_cache(maxsize=32)
def _diff(directory: Path, book_id: str, old_release: str, new_release: str) -> ReleaseDiff | None:
    old, new = load_release(book_id, old_release), load_release(book_id, new_release)
    if old is None or new is None:
        return None
    matching = match_releases(old, new, read_forced_matches(book_id, directory))
    items = tuple(_item(old, new, change) for change in matching.changes)
    return ReleaseDiff(old, new, matching, items)


def _item(old: Rulebook, new: Rulebook, change: ClauseChange) -> DiffItem:
    old_text = "\n".join(old[clause].text for clause in change.old)
    new_text = "\n".join(new[clause].text for clause in change.new)
    return DiffItem(change, old_text, new_text, word_diff(old_text, new_text))


def history(book_id: str, release: str, clause_id: str) -> tuple[Version, ...]:
    """The clause ``clause_id`` of ``release`` in every release of the book, oldest first."""
    listed = [entry.release for entry in releases(book_id)]
    if release not in listed:
        return ()
    at = listed.index(release)
    found: dict[str, str | None] = {release: clause_id}
    for step in (-1, 1):  # back to the first release, then on to the latest
        current: str | None = clause_id
        for index in range(at + step, len(listed) if step > 0 else -1, step):
            if current is not None:
                matching = release_diff(book_id, *_ordered(listed[index], listed[index - step], step)).matching
                followed = matching.successors(current) if step > 0 else matching.predecessors(current)
                current = followed[0] if followed else None
            found[listed[index]] = current
    previous = [None, *listed[:-1]]
    return tuple(_version(book_id, entry, found[entry.release], before, found.get(before) if before else None)
                 for entry, before in zip(releases(book_id), previous))


def _ordered(this: str, previous: str, step: int) -> tuple[str, str]:
    """(older, newer) of two neighbouring releases walked in direction ``step``."""
    return (previous, this) if step > 0 else (this, previous)


def _version(book_id: str, entry, clause_id: str | None, before: str | None, before_id: str | None) -> Version:
    """The clause in release ``entry``, with its change from release ``before`` (where it was ``before_id``)."""
    book = load_release(book_id, entry.release)
    node = book.get(clause_id) if clause_id and book else None
    change = None
    if before is not None:
        matching = release_diff(book_id, before, entry.release).matching
        if node is not None:
            change = matching.change_of(node.id, old=False)
        elif before_id is not None:  # it was there in the release before: removed (or merged away) now
            change = matching.change_of(before_id, old=True)
    return Version(entry.release, entry.effective_date, node.id if node else None, node.text if node else None,
                   change)


def in_release(book_id: str, from_release: str, clause_id: str, to_release: str) -> str | None:
    """The id that clause ``clause_id`` of ``from_release`` has in ``to_release``; None if it has none."""
    for version in history(book_id, from_release, clause_id):
        if version.release == to_release:
            return version.clause
    return None
