"""The scenario corpus's plain fields, and what is derived from them or from the rulebooks' text, read once
and kept beside the index.

The clause pages (the examples citing a clause), the search page (the worked examples after the hits) and the
gallery (its cards, each a resolved scenario) all read the files under ``scenarios/``. Parsing the 671 YAML
files took a quarter of a second, twice, and the gallery's 44 resolves a sixth, in every worker on its first
requests after a start (``bench/start_bench.py``). So the service makes them once, in the master before the
fork, and keeps each as JSON beside the search index (``$ADJUDICATOR_DATA_DIR/corpus``), named after a
fingerprint of every corpus file and of the package's source (path, size, modification time): a changed,
added or removed file, or changed code (the gallery's rulings come from the engine), leads to a new one, never
to stale examples. The search's sound-alike readings (MeCab over every clause, a sixth of a second) are kept
the same way, named after each rulebook's SHA-256 and the code that reads them (:func:`kept_for_books`).
What cannot be read back as written (damaged, or a read-only data directory) is made
again; it never breaks a page.

Only plain fields are read here; a scenario itself is always loaded through the format's own guarded loader.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

import orjson
import yaml

from adjudicator import paths
from adjudicator.format.loading import SAFE_LOADER

MAX_FILES = 2000  # the corpus holds a few hundred; a bound, not a limit anyone should meet
CACHE_DIR_NAME = "corpus"
_PACKAGE_DIR = Path(__file__).resolve().parents[1]
# What a kept file that does not read back raises in ``read`` (wrong JSON, wrong shape).
UNREADABLE = (ValueError, TypeError, KeyError, IndexError)

T = TypeVar("T")
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Entry:
    """A worked example: a scenario file's question and the clauses its answer cites (``expect.cites``), the one
    shape the search page, the clause pages and the gallery's links use (its page is ``/scenarios/<name>``)."""

    name: str  # "attack/battle-equal-power": the file's path under the corpus, without ".yaml"
    title: str  # the file's name when it has none
    question: str
    cites: tuple[str, ...]

    def as_json(self) -> dict:
        return {"name": self.name, "title": self.title, "question": self.question, "cites": list(self.cites)}


def _files(root: Path) -> list[Path]:
    return sorted(root.rglob("*.yaml"))[:MAX_FILES]


# The package's modules whose code makes each kind of kept data (paths under ``adjudicator/``); () is the whole
# package: the gallery's cards are rulings, made by the engine, the format and their vocabulary.
CODE: dict[str, tuple[str, ...]] = {
    "scan": ("search/corpus.py",),
    "examples": ("search/corpus.py", "search/examples.py", "search/analysis.py"),
    "gallery": (),
    "sounds": ("search/soundalike.py", "search/analysis.py", "morphology.py"),
    "readings": (),  # the card reader's citations (search/specificity.py): the reader and the format it reads into
}


@lru_cache(maxsize=8)
def _stats(base: Path, suffix: str) -> tuple[tuple[str, int, int], ...]:
    """Path, size and modification time of every file under ``base`` ending in ``suffix``, as Python's own
    bytecode cache judges a source changed (reading and hashing the 4 MB took 30 ms of every start)."""
    found, pending = [], [("", str(base))]
    while pending:
        prefix, directory = pending.pop()
        with os.scandir(directory) as listing:
            for entry in listing:
                if entry.is_dir(follow_symlinks=False):
                    if entry.name != "__pycache__":
                        pending.append((f"{prefix}{entry.name}/", entry.path))
                elif entry.name.endswith(suffix):
                    status = entry.stat()
                    found.append((prefix + entry.name, status.st_size, status.st_mtime_ns))
    return tuple(sorted(found))


@lru_cache(maxsize=16)
def fingerprint(kind: str, root: Path) -> str:
    """Of every corpus file (``gallery.toml`` too) and of the code that makes ``kind`` from them."""
    return _digest(kind, _stats(root, ""))


def _digest(kind: str, sources: Iterable[tuple[str, object, object]]) -> str:
    """Of ``sources`` (a file's path, size and time, or a book's id and SHA-256) and of ``kind``'s code."""
    code = CODE[kind]
    digest = hashlib.sha256(kind.encode())
    for where, *stamp in (*sources, *(stat for stat in _stats(_PACKAGE_DIR, ".py") if not code or stat[0] in code)):
        digest.update("\0".join(map(str, ("\n" + where, *stamp))).encode())
    return digest.hexdigest()[:20]


def is_kept(kind: str, root: Path) -> bool:
    """Whether ``kind`` is kept for this corpus and code (a start can then read it instead of making it)."""
    cache = _cache_file(kind, root)
    return cache is not None and cache.is_file()


@lru_cache(maxsize=4)
def entries(root: Path) -> tuple[Entry, ...]:
    """Every readable scenario under ``root`` (sorted by path); a file that does not parse as a YAML mapping is
    left out (the scenario tests report it), so one bad file never breaks a page."""
    return kept("scan", root, lambda: [row for path in _files(root) if (row := _row(root, path)) is not None],
                lambda rows: tuple(_entry(row) for row in rows))


def _row(root: Path, path: Path) -> list | None:
    try:
        fields = yaml.load(path.read_text(encoding="utf-8"), Loader=SAFE_LOADER) or {}
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return None
    if not isinstance(fields, dict):
        return None
    name = path.relative_to(root).with_suffix("").as_posix()
    expect = fields.get("expect") if isinstance(fields.get("expect"), dict) else {}
    cites = [str(cite) for cite in (expect.get("cites") or ()) if isinstance(cite, (str, int, float))]
    return [name, str(fields.get("title") or name), str(fields.get("question") or ""), cites]


def _entry(row: list) -> Entry:
    name, title, question, cites = row
    entry = Entry(name, title, question, tuple(cites))
    if not all(isinstance(value, str) for value in (name, title, question, *cites)):
        raise TypeError(f"not a scanned entry: {row!r}")
    return entry


def kept(kind: str, root: Path, make: Callable[[], Any], read: Callable[[Any], T]) -> T:
    """``read(make())``, where ``make`` gives plain JSON data about the corpus under ``root`` (``kind`` one of
    ``CODE``, which names the code that makes it): made once per corpus and code, then read back from the file kept under the fingerprint. ``read`` checks what it reads
    and raises one of ``UNREADABLE`` when it is not what ``make`` gives: then it is made again."""
    return _kept(kind, _cache_file(kind, root), make, read)


def kept_for_books(kind: str, books: tuple[tuple[str, str], ...], make: Callable[[], Any],
                   read: Callable[[Any], T]) -> T:
    """As :func:`kept`, for data made from the rulebooks' text: ``books`` are their (id, SHA-256)."""
    try:
        stamp = _digest(kind, sorted(books))
        cache = paths.user_data_dir() / CACHE_DIR_NAME / f"{kind}-{stamp}.json"
    except OSError:
        cache = None
    return _kept(kind, cache, make, read)


def _kept(kind: str, cache: Path | None, make: Callable[[], Any], read: Callable[[Any], T]) -> T:
    if cache is not None:
        try:
            return read(orjson.loads(cache.read_bytes()))
        except FileNotFoundError:
            pass
        except (OSError, *UNREADABLE) as error:
            log.warning("the kept %s %s does not read back (%s): making it again", kind, cache, error)
    data = make()
    found = read(data)
    if cache is not None:
        _write(cache, data)
    return found


def _cache_file(kind: str, root: Path) -> Path | None:
    try:
        return paths.user_data_dir() / CACHE_DIR_NAME / f"{kind}-{fingerprint(kind, root)}.json"
    except OSError:
        return None


def _write(cache: Path, data: Any) -> None:
    """Atomically (several workers may start at once), then what older corpora or code left is removed."""
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".writing-", dir=cache.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                json.dump(data, file, ensure_ascii=False)
            os.replace(temporary, cache)
        finally:
            Path(temporary).unlink(missing_ok=True)
        kind = cache.name.rsplit("-", 1)[0]
        for stale in cache.parent.glob(f"{kind}-*.json"):
            if stale != cache:
                stale.unlink(missing_ok=True)
    except OSError as error:
        log.warning("%s cannot be kept (%s): it is made again at the next start", cache, error)
