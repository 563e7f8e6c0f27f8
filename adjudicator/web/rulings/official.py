"""The official rulings beside a clause, a ruling or a search, as plain values the pages render.

Each ruling comes with the engine's agreement (its scenario resolved once per import) and superseded ones
stay, marked; the trace page also gets its cited clauses followed into the latest release.
"""

from __future__ import annotations

import functools
import json
import unicodedata
from dataclasses import dataclass

from adjudicator.checks.official import agreement
from adjudicator.links.clause_fates import release_check
from adjudicator.official import OfficialRuling, rulings_citing
from adjudicator.rulebook import Rulebook
from adjudicator.web.common.official_store import beside


@dataclass(frozen=True)
class RulingView:
    ruling: OfficialRuling
    agrees: bool | None        # None: the ruling carries no scenario to run
    failures: tuple[str, ...]


@dataclass(frozen=True)
class OfficialBlock:
    """The rulings a page shows beside its own content, iterated as its views; ``unavailable``: why none can be
    shown now (the store cannot be read), which the page says instead (the block is then still shown)."""

    views: tuple[RulingView, ...] = ()
    unavailable: str | None = None

    def __iter__(self):
        return iter(self.views)

    def __bool__(self) -> bool:
        return bool(self.views) or self.unavailable is not None


MAX_RULINGS_SHOWN = 20  # on one page; a trace citing many clauses lists the newest rulings first


def official_rulings(book: Rulebook, clause_ids) -> OfficialBlock:
    """The official rulings resting on any of ``clause_ids``, newest first, with the engine's agreement."""
    kept = beside()
    found = rulings_citing(clause_ids, kept.rulings, book.id)[:MAX_RULINGS_SHOWN]
    return OfficialBlock(tuple(_view(ruling) for ruling in found), kept.unavailable)


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
        return {"release_check": None, "official": OfficialBlock()}
    cited = trace.cited()
    check = release_check(book.id, trace.rulebook.get("release", ""), cited)
    return {"release_check": check if check.newer else None, "official": official_rulings(book, cited)}


MAX_SEARCH_RULINGS = 5
HIT_CLAUSES_ASKED = 3  # the rulings of the first few hits' clauses; the search's own ranking is left alone


def rulings_for_search(query: str, hits) -> OfficialBlock:
    """The search page's own block of official rulings: those whose question, answer or cards contain the
    query, then those resting on the first hits' clauses; superseded ones marked, not hidden."""
    kept = beside()
    wanted = _folded(query)
    found: dict[str, OfficialRuling] = {}
    if wanted:
        for ruling in kept.rulings:
            if any(wanted in _folded(text) for text in (ruling.question, ruling.answer, *ruling.cards)):
                found.setdefault(ruling.id, ruling)
    for hit in list(hits)[:HIT_CLAUSES_ASKED]:
        for ruling in rulings_citing([hit.id], kept.rulings, hit.book):
            found.setdefault(ruling.id, ruling)
    return OfficialBlock(tuple(_view(ruling) for ruling in list(found.values())[:MAX_SEARCH_RULINGS]),
                         kept.unavailable)


def block_json(block: OfficialBlock) -> dict:
    """A JSON twin's rulings: the list, and why it is empty when the store cannot be read now."""
    listed = {"official_rulings": [{**view.ruling.model_dump(exclude={"scenario"}), "engine_agrees": view.agrees}
                                   for view in block]}
    if block.unavailable:
        listed["official_rulings_unavailable"] = block.unavailable
    return listed


def _folded(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold().strip()
