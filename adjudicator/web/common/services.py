"""What the web app holds for its lifetime: the rulebooks and the clause search over the on-disk index.

Kept on ``app.extensions`` (no module-level state), created once by :func:`init_app` at start-up.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from flask import Flask, abort, current_app

from adjudicator.rulebook import Rulebook, list_rulebooks
from adjudicator.search.engine import DEFAULT_CACHE_SIZE, ClauseSearch
from adjudicator.search.store import open_or_build
from adjudicator.search.suggest import SuggestionIndex

EXTENSION = "adjudicator"


@dataclass(frozen=True)
class Services:
    books: tuple[Rulebook, ...]
    search: ClauseSearch
    index_dir: Path
    index_built: bool
    start_seconds: float  # rulebooks loaded and index opened (or built) at start-up
    suggestions: SuggestionIndex  # the live box's answers, from memory
    index_in_memory: bool = False  # the data directory could not be written: this process built its own


def init_app(app: Flask) -> Services:
    started = time.perf_counter()
    books = list_rulebooks()
    opened = open_or_build(books)
    # SEARCH_CACHE_SIZE: results kept per worker; 0 turns the cache off (the benchmark measures both).
    search = ClauseSearch(opened.index, books, cache_size=app.config.get("SEARCH_CACHE_SIZE", DEFAULT_CACHE_SIZE))
    # Everything a search needs besides the index's readers, built now: under --preload in the master before
    # the fork, so no worker's first search waits for it (the card reader's tables took seconds).
    search.prepare()
    services = Services(books, search, opened.directory, opened.built, time.perf_counter() - started,
                        SuggestionIndex.for_books(books, search.glossary), opened.in_memory)
    app.extensions[EXTENSION] = services
    how = "in memory" if opened.in_memory else "rebuilt (damaged)" if opened.repaired else \
        "built" if opened.built else "reused"
    app.logger.info("index %s (%s) ready in %.2f s", opened.directory, how, services.start_seconds)
    return services


def services() -> Services:
    return current_app.extensions[EXTENSION]


def books() -> tuple[Rulebook, ...]:
    return services().books


def find_book(book_id: str) -> Rulebook | None:
    return next((book for book in books() if book.id == book_id), None)


def book_or_404(book_id: str) -> Rulebook:
    book = find_book(book_id)
    if book is None:
        abort(404, description=f"ルールブック「{book_id}」はありません。")
    return book


def clause_search() -> ClauseSearch:
    return services().search


def suggestions() -> SuggestionIndex:
    return services().suggestions
