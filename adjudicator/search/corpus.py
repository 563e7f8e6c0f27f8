"""The scenario corpus's plain fields (name, title, question, the clauses ``expect.cites`` names), read once.

The clause pages (the examples citing a clause) and the search page (the worked examples after the hits) both
need them for every file under ``scenarios/``. Parsing the 671 YAML files took a quarter of a second, twice,
in every worker on its first requests after a start (bench/start_bench.py), so one scan serves both, and it
is kept as JSON beside the search index (``$ADJUDICATOR_DATA_DIR/corpus``), named after a fingerprint of every
file's path and bytes and of this module's own source: a changed, added or removed file, or a changed reader,
leads to a new scan, never to stale examples. A cache that cannot be read or written (damaged, read-only
directory) is scanned again; it never breaks a page.

Only plain fields are read here; a scenario itself is always loaded through the format's own guarded loader.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import yaml

from adjudicator import paths

MAX_FILES = 2000  # the corpus holds a few hundred; a bound, not a limit anyone should meet
CACHE_DIR_NAME = "corpus"
_PREFIX = "scan-"
# libyaml's safe loader when PyYAML has it: a tenth of the pure-Python loader's time over the corpus.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Entry:
    name: str  # "attack/battle-equal-power": the file's path under the corpus, without ".yaml"
    title: str  # the file's name when it has none
    question: str
    cites: tuple[str, ...]


@lru_cache(maxsize=4)
def entries(root: Path) -> tuple[Entry, ...]:
    """Every readable scenario under ``root`` (sorted by path); a file that does not parse as a YAML mapping is
    left out (the scenario tests report it), so one bad file never breaks a page."""
    files = sorted(root.rglob("*.yaml"))[:MAX_FILES]
    contents = []
    for path in files:
        try:
            contents.append((path.relative_to(root).with_suffix("").as_posix(), path.read_bytes()))
        except OSError:
            continue
    cache = _cache_file(_fingerprint(contents))
    kept = _read(cache) if cache is not None else None
    if kept is not None:
        return kept
    found = tuple(entry for name, data in contents if (entry := _entry(name, data)) is not None)
    if cache is not None:
        _write(cache, found)
    return found


def _entry(name: str, data: bytes) -> Entry | None:
    try:
        fields = yaml.load(data.decode("utf-8"), Loader=_LOADER) or {}
    except (UnicodeDecodeError, yaml.YAMLError):
        return None
    if not isinstance(fields, dict):
        return None
    expect = fields.get("expect") if isinstance(fields.get("expect"), dict) else {}
    cites = tuple(str(cite) for cite in (expect.get("cites") or ()) if isinstance(cite, (str, int, float)))
    return Entry(name, str(fields.get("title") or name), str(fields.get("question") or ""), cites)


def _fingerprint(contents: Sequence[tuple[str, bytes]]) -> str:
    digest = hashlib.sha256(Path(__file__).read_bytes())  # a changed reader reads the corpus again
    for name, data in contents:
        digest.update(f"\n{name}\n{len(data)}\n".encode())
        digest.update(data)
    return digest.hexdigest()[:20]


def _cache_file(fingerprint: str) -> Path | None:
    try:
        directory = paths.user_data_dir() / CACHE_DIR_NAME
    except OSError:
        return None
    return directory / f"{_PREFIX}{fingerprint}.json"


def _read(cache: Path) -> tuple[Entry, ...] | None:
    try:
        rows = json.loads(cache.read_text("utf-8"))
        found = tuple(Entry(name, title, question, tuple(cites)) for name, title, question, cites in rows)
    except (OSError, ValueError, TypeError):
        return None
    if not all(isinstance(value, str) for entry in found
               for value in (entry.name, entry.title, entry.question, *entry.cites)):
        return None
    return found


def _write(cache: Path, found: tuple[Entry, ...]) -> None:
    """Atomically (several workers may start at once), then the scans of older corpora are removed."""
    rows = [[entry.name, entry.title, entry.question, list(entry.cites)] for entry in found]
    try:
        cache.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".writing-", dir=cache.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                json.dump(rows, file, ensure_ascii=False)
            os.replace(temporary, cache)
        finally:
            Path(temporary).unlink(missing_ok=True)
        for stale in cache.parent.glob(f"{_PREFIX}*.json"):
            if stale != cache:
                stale.unlink(missing_ok=True)
    except OSError as error:
        log.warning("the corpus scan cannot be kept in %s (%s): it is read again at the next start",
                    cache.parent, error)
