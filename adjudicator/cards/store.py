"""The card library's table: in PostgreSQL beside the short links when ``ADJUDICATOR_DATABASE_URL`` says so
(:func:`adjudicator.links.store.store_location`), else in its own SQLite file beside the links' file
(``cards.sqlite3``), so the links' quota counts links alone.

An import is one transaction: a list is stored whole or not at all. A card is keyed by its full printed
name (異名 + 人物名, 2.2.4); importing a name again replaces that card. Lookups are bounded. A store that
fails while serving (a read-only or full disk, PostgreSQL stopped) raises the links' typed
:class:`~adjudicator.links.faults.StoreUnavailable` (``store=cards``), which the web answers with a 503.
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
from adjudicator.links.faults import Store, StoreUnavailable, unavailable
from adjudicator.links.postgres import ProcessPool, create_schema
from adjudicator.links.store import BUSY_TIMEOUT_SECONDS, redacted, store_location

MAX_QUERY = 50
MAX_RESULTS = 20
SQLITE_NAME = "cards.sqlite3"  # beside the links' SQLite file

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
    """One SQLite file of its own (WAL); a short connection per operation, as the link store's."""

    def __init__(self, path: Path, moved_from: Path | None = None):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fresh = not self.path.exists()
        with closing(self._connect()) as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(_SCHEMA)
        if fresh and moved_from is not None:
            _move_old_table(moved_from, self.path)

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)
        db.execute(f"PRAGMA busy_timeout={int(BUSY_TIMEOUT_SECONDS * 1000)}")
        return db

    def _failed(self, error: BaseException, writing: bool) -> StoreUnavailable:
        what = "written" if writing else "read"
        return unavailable(error, f"card library {self.describe()} cannot be {what}", store=Store.CARDS,
                           writing=writing, directory=self.path.parent)

    def import_cards(self, cards: Iterable[LibraryCard], replace: bool = True) -> int:
        rows = _rows(cards)
        try:
            with closing(self._connect()) as db:
                db.execute("BEGIN IMMEDIATE")
                try:
                    db.executemany((_UPSERT if replace else _INSERT_NEW).format(p="?"), rows)
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
        except (sqlite3.Error, OSError) as error:
            raise self._failed(error, writing=True) from error
        return len(rows)

    def _read(self, sql: str, args: tuple) -> list[tuple]:
        try:
            with closing(self._connect()) as db:
                return db.execute(sql, args).fetchall()
        except (sqlite3.Error, OSError) as error:
            return self._read_immutable(sql, args, error)

    def _read_immutable(self, sql: str, args: tuple, error: BaseException) -> list[tuple]:
        """A read-only file system refuses even readers (WAL needs its shared-memory file): read the file as
        immutable, as the link store does; the library changes only by an import, which cannot run then."""
        try:
            with closing(sqlite3.connect(f"{self.path.resolve().as_uri()}?immutable=1", uri=True)) as db:
                return db.execute(sql, args).fetchall()
        except (sqlite3.Error, OSError):
            raise self._failed(error, writing=False) from error

    def get(self, name: str) -> LibraryCard | None:
        rows = self._read("SELECT data FROM cards WHERE name = ?", (name,))
        return LibraryCard.from_json(rows[0][0]) if rows else None

    def search(self, query: str, limit: int = 10) -> list[LibraryCard]:
        if not query.strip():
            return []
        return [LibraryCard.from_json(row[0]) for row in self._read(_SEARCH.format(p="?"), _search_args(query, limit))]

    def count(self) -> int:
        return self._read("SELECT count(*) FROM cards", ())[0][0]

    def describe(self) -> str:
        return f"sqlite:{self.path}"


def _move_old_table(links_path: Path, cards_path: Path) -> None:
    """Cards kept by an older release in the links' file move to their own file once, and leave the links'
    file (where they counted against the links' quota)."""
    if not links_path.is_file():
        return
    with closing(sqlite3.connect(links_path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None)) as db:
        if db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'cards'").fetchone() is None:
            return
        db.execute("ATTACH DATABASE ? AS moved", (str(cards_path),))
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT OR IGNORE INTO moved.cards SELECT name, person_name, data, updated FROM main.cards")
        db.execute("DROP TABLE main.cards")
        db.execute("COMMIT")


class PostgresCardStore:
    """A table beside the links' in the same database, through a pool that fails fast (``links.postgres``)."""

    _LOCK_KEY = 0x63617264  # serialises CREATE TABLE at start-up

    def __init__(self, url: str):
        self.url = url
        self._pool = ProcessPool(url, "adjudicator-cards")
        create_schema(url, _SCHEMA, self._LOCK_KEY)

    def close(self) -> None:
        self._pool.close()

    def _run(self, writing: bool, work):
        return self._pool.run(work, what=f"card library {self.describe()}", store=Store.CARDS, writing=writing)

    def import_cards(self, cards: Iterable[LibraryCard], replace: bool = True) -> int:
        rows = _rows(cards)

        def write(db) -> None:
            with db.cursor() as cursor:
                cursor.executemany((_UPSERT if replace else _INSERT_NEW).format(p="%s"), rows)

        self._run(True, write)
        return len(rows)

    def get(self, name: str) -> LibraryCard | None:
        row = self._run(False, lambda db: db.execute("SELECT data FROM cards WHERE name = %s", (name,)).fetchone())
        return LibraryCard.from_json(row[0]) if row else None

    def search(self, query: str, limit: int = 10) -> list[LibraryCard]:
        if not query.strip():
            return []
        rows = self._run(False, lambda db: db.execute(_SEARCH.format(p="%s"), _search_args(query, limit)).fetchall())
        return [LibraryCard.from_json(row[0]) for row in rows]

    def count(self) -> int:
        return self._run(False, lambda db: db.execute("SELECT count(*) FROM cards").fetchone()[0])

    def describe(self) -> str:
        return f"postgresql:{redacted(self.url)}"


class StarterCardStore:
    """The starter list alone, in memory: the library while its store cannot be opened or written (a read-only
    data directory, a database that is down), so the builder still fills cards; nothing can be imported."""

    def __init__(self, cards: Iterable[LibraryCard], reason: str):
        self._cards = {card.name: card for card in cards}
        self.reason = reason

    def import_cards(self, cards: Iterable[LibraryCard], replace: bool = True) -> int:
        raise StoreUnavailable(f"the card library cannot be written now: {self.reason}", store=Store.CARDS)

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
    except (sqlite3.Error, OSError, StoreUnavailable, *_driver_errors()) as error:
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
        links = Path(location.removeprefix("sqlite:").removeprefix("//"))
        store = SQLiteCardStore(links.with_name(SQLITE_NAME), moved_from=links)
    else:
        raise ValueError(f"unknown card store {redacted(location)!r}: use postgresql://… or sqlite:<path>")
    if starter and store.count() == 0:
        store.import_cards(starter_cards(), replace=False)  # several workers may start at once: first wins
    return store
