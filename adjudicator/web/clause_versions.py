"""A clause across releases, and the official rulings beside it, as plain values the pages render.

The clause page shows the clause's history (its number and words in every release, each linked to its pinned
page, with the words changed from the release before), a notice when its number meant another clause in an
older release, and the official rulings resting on it. A latest address that no longer exists says where
the clause went.
"""

from __future__ import annotations

import functools
import json
import unicodedata
from dataclasses import dataclass

from flask import url_for

from adjudicator import vocabulary
from adjudicator.checks.official import agreement
from adjudicator.links.clause_fates import release_check
from adjudicator.official import OfficialRuling, imported_rulings, rulings_citing
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


@dataclass(frozen=True)
class RulingView:
    ruling: OfficialRuling
    agrees: bool | None        # None: the ruling carries no scenario to run
    failures: tuple[str, ...]


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


MAX_RULINGS_SHOWN = 20  # on one page; a trace citing many clauses lists the newest rulings first


def official_rulings(book: Rulebook, clause_ids) -> tuple[RulingView, ...]:
    """The official rulings resting on any of ``clause_ids``, newest first, with the engine's agreement."""
    found = rulings_citing(clause_ids, imported_rulings(), book.id)[:MAX_RULINGS_SHOWN]
    return tuple(_view(ruling) for ruling in found)


def _view(ruling: OfficialRuling) -> RulingView:
    agrees, failures = _agreement(ruling.id, json.dumps(ruling.model_dump(), sort_keys=True, ensure_ascii=False))
    return RulingView(ruling, agrees, failures)


@functools.lru_cache(maxsize=256)
def _agreement(ruling_id: str, document: str) -> tuple[bool | None, tuple[str, ...]]:
    """Resolved once per ruling as imported (the document is the key: a re-import is a new entry)."""
    found = agreement(OfficialRuling.model_validate(json.loads(document)))
    return (None, ()) if found is None else (found.agrees, found.failures)


def beside_ruling(book: Rulebook | None, trace) -> dict:
    """What the trace page shows beside a ruling: its cited clauses followed into the latest release (when a
    newer one has landed) and the official rulings resting on them."""
    if book is None:
        return {"release_check": None, "official": ()}
    cited = trace.cited()
    check = release_check(book.id, trace.rulebook.get("release", ""), cited)
    return {"release_check": check if check.newer else None, "official": official_rulings(book, cited)}


MAX_SEARCH_RULINGS = 5
HIT_CLAUSES_ASKED = 3  # the rulings of the first few hits' clauses; the search's own ranking is left alone


def rulings_for_search(query: str, hits) -> tuple[RulingView, ...]:
    """The search page's own block of official rulings: those whose question, answer or cards contain the
    query, then those resting on the first hits' clauses; superseded ones marked, not hidden."""
    wanted = _folded(query)
    found: dict[str, OfficialRuling] = {}
    if wanted:
        for ruling in imported_rulings():
            if any(wanted in _folded(text) for text in (ruling.question, ruling.answer, *ruling.cards)):
                found.setdefault(ruling.id, ruling)
    for hit in list(hits)[:HIT_CLAUSES_ASKED]:
        for ruling in rulings_citing([hit.id], imported_rulings(), hit.book):
            found.setdefault(ruling.id, ruling)
    return tuple(_view(ruling) for ruling in list(found.values())[:MAX_SEARCH_RULINGS])


def _folded(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold().strip()
