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
from adjudicator.search.keeper import KeptIndex
from adjudicator.search.suggest import SuggestionIndex

EXTENSION = "adjudicator"


@dataclass(frozen=True)
class Services:
    books: tuple[Rulebook, ...]
    kept: KeptIndex  # the search, rebuilt when its index is found damaged while serving
    index_dir: Path
    index_built: bool
    start_seconds: float  # rulebooks loaded and index opened (or built) at start-up
    suggestions: SuggestionIndex  # the live box's answers, from memory
    index_in_memory: bool = False  # the data directory could not be written: this process built its own

    @property
    def search(self) -> ClauseSearch:
        return self.kept.search


def init_app(app: Flask) -> Services:
    started = time.perf_counter()
    books = list_rulebooks()
    # SEARCH_CACHE_SIZE: results kept per worker; 0 turns the cache off (the benchmark measures both).
    kept = KeptIndex(books, cache_size=app.config.get("SEARCH_CACHE_SIZE", DEFAULT_CACHE_SIZE))
    opened = kept.opened
    services = Services(books, kept, opened.directory, opened.built, time.perf_counter() - started,
                        SuggestionIndex.for_books(books, kept.search.glossary), opened.in_memory)
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
