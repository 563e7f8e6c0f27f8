"""The card library's table, in the store the short links use: SQLite by default, PostgreSQL when
``ADJUDICATOR_DATABASE_URL`` says so (:func:`adjudicator.links.store.store_location`).

An import is one transaction: a list is stored whole or not at all. A card is keyed by its full printed
name (異名 + 人物名, 2.2.4); importing a name again replaces that card. Lookups are bounded.
"""

from __future__ import annotations

import logging
import sqlite3
import sys
from collections.abc import Iterable, Mapping
from contextlib import closing
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Protocol

from adjudicator.cards.model import LibraryCard
from adjudicator.cards.starter import starter_cards
from adjudicator.links.store import BUSY_TIMEOUT_SECONDS, redacted, store_location

MAX_QUERY = 50
MAX_RESULTS = 20

_SCHEMA = """
CREATE TABLE IF NOT EXISTS cards (
    name TEXT PRIMARY KEY,
    person_name TEXT NOT NULL,
    data TEXT NOT NULL,
    updated TEXT NOT NULL
)
"""
# Prefix of the person name first (what a judge types), then prefix of the full name, then anywhere.
_LOG = logging.getLogger(__name__)

_SEARCH = """
SELECT data FROM cards WHERE name LIKE {p} ESCAPE '\\'
ORDER BY CASE WHEN person_name LIKE {p} ESCAPE '\\' THEN 0 WHEN name LIKE {p} ESCAPE '\\' THEN 1 ELSE 2 END,
         length(name), name
LIMIT {p}
"""
_UPSERT = (
    "INSERT INTO cards (name, person_name, data, updated) VALUES ({p}, {p}, {p}, {p}) "
    "ON CONFLICT (name) DO UPDATE SET person_name = excluded.person_name, data = excluded.data, updated = excluded.updated"
)
_INSERT_NEW = "INSERT INTO cards (name, person_name, data, updated) VALUES ({p}, {p}, {p}, {p}) ON CONFLICT (name) DO NOTHING"


class CardStore(Protocol):
    def import_cards(self, cards: Iterable[LibraryCard], replace: bool = True) -> int: ...
    def get(self, name: str) -> LibraryCard | None: ...
    def search(self, query: str, limit: int = 10) -> list[LibraryCard]: ...
    def count(self) -> int: ...
    def describe(self) -> str: ...


def _like(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _search_args(query: str, limit: int) -> tuple:
    query = query.strip()[:MAX_QUERY]
    limit = max(1, min(int(limit), MAX_RESULTS))
    anywhere, prefix = f"%{_like(query)}%", f"{_like(query)}%"
    return anywhere, prefix, prefix, limit


def _rows(cards: Iterable[LibraryCard]) -> list[tuple[str, str, str, str]]:
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    return [(card.name, card.person_name, card.to_json(), now) for card in cards]


class SQLiteCardStore:
    def __init__(self, path: Path):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with closing(self._connect()) as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(_SCHEMA)

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)
        db.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_SECONDS * 1000)}")
        return db

    def import_cards(self, cards: Iterable[LibraryCard], replace: bool = True) -> int:
        rows = _rows(cards)
        with closing(self._connect()) as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                db.executemany((_UPSERT if replace else _INSERT_NEW).format(p="?"), rows)
            except BaseException:
                db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")
        return len(rows)

    def get(self, name: str) -> LibraryCard | None:
        with closing(self._connect()) as db:
            row = db.execute("SELECT data FROM cards WHERE name = ?", (name,)).fetchone()
        return LibraryCard.from_json(row[0]) if row else None

    def search(self, query: str, limit: int = 10) -> list[LibraryCard]:
        if not query.strip():
            return []
        with closing(self._connect()) as db:
            rows = db.execute(_SEARCH.format(p="?"), _search_args(query, limit)).fetchall()
        return [LibraryCard.from_json(row[0]) for row in rows]

    def count(self) -> int:
        with closing(self._connect()) as db:
            return db.execute("SELECT count(*) FROM cards").fetchone()[0]

    def describe(self) -> str:
        return f"sqlite:{self.path}"


class PostgresCardStore:
    def __init__(self, url: str, connect_timeout: int = 10):
        import psycopg  # only PostgreSQL users need the driver loaded

        self._psycopg = psycopg
        self.url = url
        self.connect_timeout = connect_timeout
        with self._connect() as db:
            db.execute("SELECT pg_advisory_xact_lock(%s)", (0x63617264,))  # serialise CREATE TABLE at start-up
            db.execute(_SCHEMA)

    def _connect(self):
        return self._psycopg.connect(self.url, connect_timeout=self.connect_timeout)

    def import_cards(self, cards: Iterable[LibraryCard], replace: bool = True) -> int:
        rows = _rows(cards)
        with self._connect() as db:  # one transaction: committed on success, rolled back on any error
            with db.cursor() as cursor:
                cursor.executemany((_UPSERT if replace else _INSERT_NEW).format(p="%s"), rows)
        return len(rows)

    def get(self, name: str) -> LibraryCard | None:
        with self._connect() as db:
            row = db.execute("SELECT data FROM cards WHERE name = %s", (name,)).fetchone()
        return LibraryCard.from_json(row[0]) if row else None

    def search(self, query: str, limit: int = 10) -> list[LibraryCard]:
        if not query.strip():
            return []
        with self._connect() as db:
            rows = db.execute(_SEARCH.format(p="%s"), _search_args(query, limit)).fetchall()
        return [LibraryCard.from_json(row[0]) for row in rows]

    def count(self) -> int:
        with self._connect() as db:
            return db.execute("SELECT count(*) FROM cards").fetchone()[0]

    def describe(self) -> str:
        return f"postgresql:{redacted(self.url)}"


class StarterCardStore:
    """The starter list alone, in memory: the library while its store cannot be opened or written (a read-only
    data directory, a database that is down), so the builder still fills cards; nothing can be imported."""

    def __init__(self, cards: Iterable[LibraryCard], reason: str):
        self._cards = {card.name: card for card in cards}
        self.reason = reason

    def import_cards(self, cards: Iterable[LibraryCard], replace: bool = True) -> int:
        raise RuntimeError(f"the card library cannot be written now: {self.reason}")

    def get(self, name: str) -> LibraryCard | None:
        return self._cards.get(name)

    def search(self, query: str, limit: int = 10) -> list[LibraryCard]:
        words = query.strip()
        if not words:
            return []
        found = [card for card in self._cards.values() if words in card.name]
        # As the stores' query: person-name prefix first, then by name.
        found.sort(key=lambda card: (not card.person_name.startswith(words), card.name))
        return found[:limit]

    def count(self) -> int:
        return len(self._cards)

    def describe(self) -> str:
        return f"starter list in memory ({self.reason})"


def open_library(config: Mapping[str, Any] | None = None, starter: bool = True) -> CardStore:
    """The card library in the configured store; an empty one is filled from the starter list first. A store
    that cannot be opened or written leaves the starter list in memory, with a log line (never a failed start)."""
    try:
        return _open_store(config, starter)
    except (sqlite3.Error, OSError, *_driver_errors()) as error:
        _LOG.warning("card library %s cannot be opened or written (%s): serving the starter list from memory",
                     redacted(store_location(config)), error)
        return StarterCardStore(starter_cards() if starter else (), str(error))


def _driver_errors() -> tuple[type[Exception], ...]:
    """psycopg's errors when PostgreSQL is in use (the driver is loaded only then)."""
    driver = sys.modules.get("psycopg")
    return (driver.Error,) if driver is not None else ()


def _open_store(config: Mapping[str, Any] | None, starter: bool) -> CardStore:
    location = store_location(config)
    if location.startswith(("postgresql://", "postgres://")):
        store: CardStore = PostgresCardStore(location)
    elif location.startswith("sqlite:"):
        store = SQLiteCardStore(Path(location.removeprefix("sqlite:").removeprefix("//")))
    else:
        raise ValueError(f"unknown card store {redacted(location)!r}: use postgresql://… or sqlite:<path>")
    if starter and store.count() == 0:
        store.import_cards(starter_cards(), replace=False)  # several workers may start at once: first wins
    return store
