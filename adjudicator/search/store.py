"""The Whoosh index on disk: built on first use, reused while the books and the schema stay the same.

The index directory is named after a fingerprint of the schema version and every book's SHA-256, so a
changed book or schema simply leads to a new directory. Several gunicorn workers may start at once: one
builds under an exclusive file lock into a temporary directory and renames it into place (atomic on one
file system); the others wait on the lock and then open what it built.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import pickle
import shutil
import tempfile
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from whoosh import index as whoosh_index
from whoosh.index import Index

from adjudicator import paths
from adjudicator.rulebook import Rulebook
from adjudicator.search.documents import SCHEMA_VERSION, build_schema, documents

_LOCK_NAME = ".build.lock"
_TEMP_PREFIX = ".building-"


@dataclass(frozen=True)
class OpenedIndex:
    index: Index
    directory: Path
    built: bool  # whether this call built it (False: reused an index already on disk)
    seconds: float  # time spent opening (and building, if it did)


def index_root() -> Path:
    return paths.user_data_dir() / "index"


def fingerprint(books: Iterable[Rulebook]) -> str:
    digest = hashlib.sha256(f"schema={SCHEMA_VERSION}".encode())
    # The schema itself (fields, analyzers and their settings), so that a changed schema gets a new index
    # even when nobody bumps SCHEMA_VERSION; its pickle is what Whoosh stores in the index, and is stable
    # across processes (no hash-ordered sets in it).
    digest.update(pickle.dumps(build_schema(), protocol=4))
    for book in sorted(books, key=lambda book: book.id):
        digest.update(f"\n{book.id}={book.sha256}".encode())
    return digest.hexdigest()[:20]


def open_or_build(books: tuple[Rulebook, ...], root: Path | None = None) -> OpenedIndex:
    """The index of ``books`` under ``root`` (default: the user data directory), built if missing."""
    started = time.perf_counter()
    root = root or index_root()
    root.mkdir(parents=True, exist_ok=True)
    target = root / f"v{SCHEMA_VERSION}-{fingerprint(books)}"
    built = False
    if not target.is_dir():
        with _exclusive(root / _LOCK_NAME):
            if not target.is_dir():  # another process may have built it while we waited
                _build(books, root, target)
                _remove_stale(root, keep=target)
                built = True
    return OpenedIndex(whoosh_index.open_dir(str(target)), target, built, time.perf_counter() - started)


def _build(books: tuple[Rulebook, ...], root: Path, target: Path) -> None:
    staging = Path(tempfile.mkdtemp(prefix=_TEMP_PREFIX, dir=root))
    try:
        index = whoosh_index.create_in(str(staging), build_schema())
        writer = index.writer()
        for book in books:
            for document in documents(book):
                writer.add_document(**document)
        writer.commit()
        os.rename(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def _remove_stale(root: Path, keep: Path) -> None:
    """Indexes of older books or schemas, and builds that died half-way (we hold the lock)."""
    for entry in root.iterdir():
        if entry.is_dir() and entry != keep:
            shutil.rmtree(entry, ignore_errors=True)


@contextmanager
def _exclusive(lock_path: Path) -> Iterator[None]:
    with open(lock_path, "a+") as lock_file:
        fcntl.flock(lock_file, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock_file, fcntl.LOCK_UN)
