"""The Whoosh index on disk: built on first use, reused while the books and the schema stay the same.

The index directory is named after a fingerprint of the schema version and every book's SHA-256, so a
changed book or schema simply leads to a new directory. Several gunicorn workers may start at once: one
builds under an exclusive file lock into a temporary directory and renames it into place (atomic on one
file system); the others wait on the lock and then open what it built.

The index is derived data, so it is verified every time it is opened and rebuilt when it does not verify:
each build writes the SHA-256 of every file it made (``SHA256SUMS.json``), and a damaged segment, a truncated
table of contents or a missing file leads to a rebuild, never to a search that fails forever or a service that
cannot start. Where the data directory cannot be written (read-only, full), the index is built in memory and
the search works all the same.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import logging
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
from whoosh.codec.whoosh3 import W3Codec
from whoosh.filedb.filestore import RamStorage
from whoosh.index import Index

from adjudicator import paths
from adjudicator.rulebook import Rulebook
from adjudicator.search.documents import SCHEMA_VERSION, build_schema, documents

_LOCK_NAME = ".build.lock"
_TEMP_PREFIX = ".building-"
_DAMAGED_PREFIX = ".damaged-"
MANIFEST_NAME = "SHA256SUMS.json"

log = logging.getLogger(__name__)


class DamagedIndex(Exception):
    """The index on disk is not the one its build wrote (a file changed, is missing or cannot be read)."""


@dataclass(frozen=True)
class OpenedIndex:
    index: Index
    directory: Path
    built: bool  # whether this call built it (False: reused an index already on disk)
    seconds: float  # time spent opening (and building, if it did)
    in_memory: bool = False  # the data directory could not be written: built in memory for this process
    repaired: bool = False  # the index on disk did not verify and was rebuilt


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
    """The index of ``books`` under ``root`` (default: the user data directory), built if missing or damaged."""
    started = time.perf_counter()
    root = root or index_root()
    target = root / f"v{SCHEMA_VERSION}-{fingerprint(books)}"
    index, problem = _open_verified(target)
    if index is not None:
        return OpenedIndex(index, target, False, time.perf_counter() - started)
    try:
        root.mkdir(parents=True, exist_ok=True)
        with _exclusive(root / _LOCK_NAME):
            index, problem = _open_verified(target)  # another process may have built it while we waited
            if index is None:
                if problem is not None:
                    log.warning("search index %s is damaged (%s): rebuilding it from the rulebooks", target, problem)
                    _discard(root, target)
                _build(books, root, target)
                _remove_stale(root, keep=target)
                index, after = _open_verified(target)
                if index is None:
                    raise DamagedIndex(f"the index just built does not verify: {after}")
                return OpenedIndex(index, target, True, time.perf_counter() - started, repaired=problem is not None)
    except OSError as error:
        # A read-only or full data directory must not take the rulebook and its search down: the index is
        # derived data, so this process builds its own in memory.
        log.warning("search index directory %s cannot be written (%s): building the index in memory", root, error)
        return OpenedIndex(_build_in_memory(books), target, True, time.perf_counter() - started, in_memory=True)
    return OpenedIndex(index, target, False, time.perf_counter() - started)


def _open_verified(target: Path) -> tuple[Index | None, str | None]:
    """(the index, None) when it verifies; (None, None) when there is none; (None, why) when it is damaged."""
    if not target.is_dir():
        return None, None
    try:
        verify(target)
        index = whoosh_index.open_dir(str(target))
        with index.searcher() as searcher:  # reads the table of contents and every segment's metadata
            searcher.doc_count()
        return index, None
    except Exception as error:  # noqa: BLE001 - any failure to read derived data means: rebuild it
        return None, f"{type(error).__name__}: {error}"


def verify(target: Path) -> None:
    """Raise DamagedIndex unless every file of the build is there with its checksum."""
    try:
        expected = json.loads((target / MANIFEST_NAME).read_text("utf-8"))
    except (OSError, ValueError) as error:
        raise DamagedIndex(f"no readable {MANIFEST_NAME}") from error
    for name, digest in expected.items():
        path = target / name
        if not path.is_file() or _sha256(path) != digest:
            raise DamagedIndex(f"{name} is missing or changed")


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _write_documents(index: Index, books: tuple[Rulebook, ...]) -> None:
    # Posting blocks written without zlib: compressing them was 830 M of the build's 5,600 M instructions
    # (callgrind), for an index of a few MB; Whoosh records each block's compression, so an index built
    # compressed still reads, and a search no longer inflates the blocks it reads.
    writer = index.writer(codec=W3Codec(compression=0))
    for book in books:
        for document in documents(book):
            writer.add_document(**document)
    writer.commit()


def _build(books: tuple[Rulebook, ...], root: Path, target: Path) -> None:
    staging = Path(tempfile.mkdtemp(prefix=_TEMP_PREFIX, dir=root))
    try:
        _write_documents(whoosh_index.create_in(str(staging), build_schema()), books)
        # Whoosh's lock file is empty and rewritten by writers; everything else is what a search reads.
        sums = {entry.name: _sha256(entry) for entry in sorted(staging.iterdir())
                if entry.is_file() and not entry.name.endswith("WRITELOCK")}
        (staging / MANIFEST_NAME).write_text(json.dumps(sums, indent=1), "utf-8")
        os.rename(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def _build_in_memory(books: tuple[Rulebook, ...]) -> Index:
    index = RamStorage().create_index(build_schema())
    _write_documents(index, books)
    return index


def _discard(root: Path, target: Path) -> None:
    """Move a damaged index out of the way (processes that still read it keep their open files)."""
    aside = Path(tempfile.mkdtemp(prefix=_DAMAGED_PREFIX, dir=root))
    os.rename(target, aside / target.name)
    shutil.rmtree(aside, ignore_errors=True)


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
