"""What a store says when it cannot serve now: one typed error for the links and the card library alike.

The web answers :class:`StoreUnavailable` with a 503 in Japanese that names the reason (``cause``), what could
not be done (reading or writing, ``writing``) and which store (``store``); :class:`StoreFull` with a 507. A
driver's own error (sqlite3, OSError, psycopg, the pool) never reaches a view: the stores turn it into one of
these with :func:`cause_of`.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from enum import Enum
from pathlib import Path

MIN_FREE_BYTES = 4 * 1024 * 1024  # below this much free disk, writes are refused before SQLite runs out


class Cause(str, Enum):
    READ_ONLY = "read_only"                    # the data directory's file system is mounted read-only
    DISK_FULL = "disk_full"                    # no room left on the disk (or the database's disk)
    DATABASE_DOWN = "database_down"            # PostgreSQL does not answer (stopped, unreachable, pool waited)
    DATABASE_READ_ONLY = "database_read_only"  # PostgreSQL answers but refuses writes (a standby, read-only mode)
    QUOTA = "quota"                            # the link store reached ADJUDICATOR_LINK_QUOTA_MB
    DISK_ERROR = "disk_error"                  # anything else the disk or the file said


class Store(str, Enum):
    LINKS = "links"
    CARDS = "cards"
    RULINGS = "rulings"  # the imported official rulings (adjudicator.official.store)


class StoreUnavailable(RuntimeError):
    """The store cannot do this now (read-only or full disk, database down or read-only): answer 503, retry later."""

    def __init__(self, message: str, *, cause: Cause = Cause.DISK_ERROR, store: Store = Store.LINKS,
                 writing: bool = True):
        super().__init__(message)
        self.cause = cause
        self.store = store
        self.writing = writing


class StoreFull(StoreUnavailable):
    """The store has reached its quota: no new links until an operator makes room (507)."""

    def __init__(self, message: str, *, store: Store = Store.LINKS):
        super().__init__(message, cause=Cause.QUOTA, store=store, writing=True)


_SQLITE_READ_ONLY = ("readonly", "read-only")
_SQLITE_FULL = ("disk is full", "database or disk is full")


def cause_of(error: BaseException) -> Cause:
    """The reason behind a driver's error: read by type and errno, and by SQLite's and psycopg's wording."""
    if isinstance(error, StoreUnavailable):
        return error.cause
    if isinstance(error, OSError) and error.errno is not None:
        return {errno.EROFS: Cause.READ_ONLY, errno.ENOSPC: Cause.DISK_FULL,
                errno.EDQUOT: Cause.DISK_FULL}.get(error.errno, Cause.DISK_ERROR)
    if isinstance(error, sqlite3.Error):
        text = str(error).lower()
        if any(words in text for words in _SQLITE_READ_ONLY):
            return Cause.READ_ONLY
        return Cause.DISK_FULL if any(words in text for words in _SQLITE_FULL) else Cause.DISK_ERROR
    # psycopg and psycopg_pool by name: whoever uses SQLite alone never loads them.
    name = type(error).__name__
    if name == "ReadOnlySqlTransaction":
        return Cause.DATABASE_READ_ONLY
    if name == "DiskFull":
        return Cause.DISK_FULL
    return Cause.DATABASE_DOWN if name in ("OperationalError", "PoolTimeout", "InterfaceError") else Cause.DISK_ERROR


def disk_cause(directory: Path, min_free_bytes: int = MIN_FREE_BYTES) -> Cause | None:
    """What is wrong with the disk under ``directory`` now (read-only, or less than MIN_FREE_BYTES free), if
    anything: SQLite often says only "disk I/O error" where the disk is full or read-only."""
    try:
        stats = os.statvfs(directory)
    except OSError:
        return None
    if stats.f_flag & os.ST_RDONLY:
        return Cause.READ_ONLY
    return Cause.DISK_FULL if stats.f_bavail * stats.f_frsize < min_free_bytes else None


def unavailable(error: BaseException, message: str, *, store: Store, writing: bool,
                directory: Path | None = None) -> StoreUnavailable:
    """``error`` as the store's typed error, its cause read from it (and from the disk under ``directory``)."""
    cause = cause_of(error)
    if cause is Cause.DISK_ERROR and directory is not None:
        cause = disk_cause(directory) or cause
    return StoreUnavailable(f"{message}: {error}", cause=cause, store=store, writing=writing)
