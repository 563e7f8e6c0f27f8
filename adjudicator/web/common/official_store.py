"""The imported official rulings, reached by every area through this one service: one store per app (the data
directory's file, or PostgreSQL shared by every instance: ``official.store``), opened by :func:`init_app`.

Pages that show rulings beside their own content (a clause, a trace, a search) still answer while the store
cannot be read: :func:`beside` gives them the reason to say instead of the rulings (never an empty list that
would read as "no rulings"). A page made of rulings alone (the feed) lets the store's error through: a 503.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Flask, current_app

from adjudicator.links.faults import StoreUnavailable
from adjudicator.official import OfficialRuling, RulingStore, open_rulings
from adjudicator.official.store import PAGE_WAIT_SECONDS
from adjudicator.web.common.store_faults import message

EXTENSION = "adjudicator.official"


def init_app(app: Flask) -> RulingStore:
    store = app.extensions[EXTENSION] = open_rulings(app.config, wait_seconds=PAGE_WAIT_SECONDS)
    return store


def official_store() -> RulingStore:
    return current_app.extensions[EXTENSION]


@dataclass(frozen=True)
class Kept:
    rulings: tuple[OfficialRuling, ...]
    unavailable: str | None = None  # the Japanese reason the rulings cannot be read now (then ``rulings`` is ())


def beside() -> Kept:
    """The rulings for a block beside a page's own content, or why they cannot be read now."""
    try:
        return Kept(official_store().load())
    except StoreUnavailable as error:
        current_app.logger.warning("official rulings store: %s", error)
        return Kept((), message(error))
