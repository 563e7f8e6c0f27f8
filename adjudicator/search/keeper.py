"""The search over the index on disk, kept working while serving: a damaged index is noticed and rebuilt.

The index is opened (and verified) once at start by :func:`~adjudicator.search.store.open_or_build`. While the
service runs, its files may still be deleted or overwritten (an operator's mistake, a full disk, a bad copy):

- before each search, the index's files are compared with what was opened (a ``stat`` of each file: inode,
  size, modification time; some microseconds), so a file deleted or overwritten is noticed before Whoosh reads
  it;
- a search that fails anyway has the index verified against its build's checksums; a damaged one is noticed
  there (an error that is not the index's is raised as it was).

Either way the index is reopened through ``open_or_build``, which rebuilds it (under its file lock, once for
every worker of the instance) or, on a disk that cannot be written, builds it in memory, and a new
:class:`ClauseSearch` replaces the old one: the cached results and every thread's searcher and scored postings
go with it (they may hold a closed reader or pages of the damaged files). :meth:`KeptIndex.health` says what
was found and when, for ``/healthz`` and ``/readyz``.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from adjudicator.rulebook import Rulebook
from adjudicator.search.engine import DEFAULT_CACHE_SIZE, ClauseSearch, SearchResult
from adjudicator.search.store import DamagedIndex, OpenedIndex, open_or_build, verify

log = logging.getLogger(__name__)
REPAIR_SHOWN_SECONDS = 300.0  # how long /healthz still mentions a repair after it


@dataclass(frozen=True)
class IndexHealth:
    intact: bool  # the files are the ones opened (or the index is in memory)
    reason: str = ""  # what was found damaged, or the last repair (when and why), for /healthz
    repaired_seconds_ago: float | None = None


class KeptIndex:
    """The one :class:`ClauseSearch` of a process, replaced by a fresh one when its index is found damaged."""

    def __init__(self, books: tuple[Rulebook, ...], root: Path | None = None,
                 cache_size: int = DEFAULT_CACHE_SIZE):
        self._books = books
        self._root = root
        self._cache_size = cache_size
        self._lock = threading.Lock()  # one repair at a time in the threaded development server
        self._last_repair: tuple[float, str] | None = None
        self.repairs = 0
        self._use(open_or_build(books, root))

    def _use(self, opened: OpenedIndex) -> None:
        self.opened = opened
        self._stamp = _files_stamp(opened)
        search = ClauseSearch(opened.index, self._books, cache_size=self._cache_size)
        # Everything a search needs besides the index's readers, built now: at start (before the fork under
        # --preload) and at a repair, so no search waits for it.
        search.prepare()
        self._search = search

    @property
    def search(self) -> ClauseSearch:
        """The search, its index checked first (and rebuilt if its files changed)."""
        search = self._search
        problem = self._files_problem()
        if problem is not None:
            self.repair(search, problem)
        return self._search

    def search_counted(self, *args, **kwargs) -> tuple[SearchResult, bool]:
        """:meth:`ClauseSearch.search_counted`, on a rebuilt index when the search failed on a damaged one."""
        search = self.search
        try:
            return search.search_counted(*args, **kwargs)
        except KeyError:
            raise  # a filter naming no book or chapter: the caller's error, not the index's
        except Exception as error:  # noqa: BLE001 - Whoosh's errors on a damaged index have no common type
            problem = self._verified_problem()
            if problem is None and search is self._search:
                raise  # the index verifies: a fault of the program, not of the index
            self.repair(search, f"{problem} ({type(error).__name__})")
            return self._search.search_counted(*args, **kwargs)

    def repair(self, failed: ClauseSearch, problem: str) -> None:
        """Reopen the index (rebuilt if it does not verify) unless another thread already replaced ``failed``."""
        with self._lock:
            if self._search is not failed:
                return
            log.warning("search index %s damaged while serving (%s): reopening it", self.opened.directory, problem)
            self._use(open_or_build(self._books, self._root))
            self.repairs += 1
            self._last_repair = (time.monotonic(), problem)

    def health(self) -> IndexHealth:
        problem = self._files_problem()
        if problem is not None:
            return IndexHealth(False, f"search index damaged ({problem}): rebuilt at the next search")
        if self._last_repair is not None:
            ago = time.monotonic() - self._last_repair[0]
            if ago < REPAIR_SHOWN_SECONDS:
                return IndexHealth(True, f"search index rebuilt {ago:.0f} s ago ({self._last_repair[1]})", ago)
        return IndexHealth(True)

    def _files_problem(self) -> str | None:
        if self._stamp is None:
            return None
        current = _files_stamp(self.opened)
        if current == self._stamp:
            return None
        missing = sorted(set(self._stamp) - set(current))
        changed = sorted(name for name in set(self._stamp) & set(current) if current[name] != self._stamp[name])
        return "; ".join(filter(None, (missing and f"missing: {', '.join(missing)}",
                                       changed and f"changed: {', '.join(changed)}")))

    def _verified_problem(self) -> str | None:
        """What is wrong with the index on disk, by its build's checksums; None when it verifies."""
        if self.opened.in_memory:
            return None
        try:
            verify(self.opened.directory)
        except DamagedIndex as damage:
            return str(damage)
        return self._files_problem()


def _files_stamp(opened: OpenedIndex) -> dict[str, tuple[int, int, int]] | None:
    """Each file of the index directory: (inode, size, modification time); None for an index in memory."""
    if opened.in_memory:
        return None
    stamp = {}
    try:
        entries = list(os.scandir(opened.directory))
    except OSError:
        return {}
    for entry in entries:
        if entry.name.endswith("WRITELOCK"):
            continue  # Whoosh's lock file: rewritten by writers, read by no search
        try:
            stat = entry.stat()
        except OSError:
            continue
        if entry.is_file():
            stamp[entry.name] = (stat.st_ino, stat.st_size, stat.st_mtime_ns)
    return stamp
