"""Whole responses of the pages that depend on their URL alone, kept in a bounded cache per worker.

A clause page, a table of contents, a whole book, a stored ruling (``/t/<id>``: the trace seen when the link
was made, never re-resolved) and a stateless link (``/s/<payload>``: the payload is the whole scenario, and
the engine is the same for the life of the process) are the same bytes for every visitor who sends the same
URL, Host and Accept-Encoding (no view of theirs reads any other header, a cookie or the client). Rendering them again costs Markdown, Jinja and compression on every request —
the bulk of those routes' time — so the finished response (compressed, with its security headers) is kept
and served again below Flask, which is as cheap as the server's own baseline route.

Only 200 answers to GET are kept, never one that sets a cookie, never one larger than ``MAX_ENTRY_BYTES``;
the cache holds at most ``PAGE_CACHE_SIZE`` entries (0 turns it off) and ``MAX_TOTAL_BYTES`` in all, the
least recently used going first. Nothing here is shared between workers, and nothing survives a restart:
the rulebook and the engine only change with a new deployment. The official rulings a clause or trace page
shows change with an import, at any time, through any instance: their store's change stamp (the file's
modification time, or PostgreSQL's import counter, re-read at most every ``official.store.STAMP_SECONDS``) is
part of every key, so an import is seen on the next request, or within that bound (``generation``). A page is
kept only if the stamp is the same after it was made as before (an import meanwhile, or a store that could not
be read: a page that says so is never kept).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from flask import Flask
from werkzeug.exceptions import HTTPException

from adjudicator.links.faults import StoreUnavailable
from adjudicator.web.common.official_store import official_store

# The endpoints whose 200 answer depends on the URL alone (and the Host, for absolute links in the page).
IMMUTABLE_ENDPOINTS = frozenset({
    "rules.books_index",
    "rules.toc",
    "rules.pinned_toc",
    "rules.node",
    "rules.pinned_node",
    "rulings.example_trace",
    "rulings.stateless_link",
    "rulings.short_link",
    "search.suggest_json",
})
DEFAULT_SIZE = 2_000
MAX_ENTRY_BYTES = 1 << 20
MAX_TOTAL_BYTES = 64 << 20


@dataclass(frozen=True)
class Page:
    status: str
    headers: tuple[tuple[str, str], ...]
    body: bytes


class PageCache:
    """WSGI middleware: serves a kept :class:`Page` for an immutable endpoint, or keeps the app's answer."""

    def __init__(self, app: Flask, wsgi_app: Callable, size: int,
                 generation: Callable[[], str | None] = lambda: ""):
        self._urls = app.url_map
        self._generation = generation
        self._wsgi_app = wsgi_app
        self._size = size
        self._pages: OrderedDict[tuple[str, ...], Page] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        key = self._key(environ)
        if key is None:
            return self._wsgi_app(environ, start_response)
        with self._lock:
            page = self._pages.get(key)
            if page is not None:
                self._pages.move_to_end(key)
                self.hits += 1
        if page is not None:
            start_response(page.status, list(page.headers))
            return [page.body]
        self.misses += 1
        return self._keep(key, environ, start_response)

    def _key(self, environ: dict) -> tuple[str, ...] | None:
        if self._size <= 0 or environ.get("REQUEST_METHOD") != "GET":
            return None
        try:
            endpoint, _ = self._urls.bind_to_environ(environ).match()
        except HTTPException:  # no route, a redirect to a canonical URL: the app answers it
            return None
        if endpoint not in IMMUTABLE_ENDPOINTS:
            return None
        generation = self._generation()
        if generation is None:  # the rulings cannot be read now: the page says so, and is not kept
            return None
        # Accept-Encoding decides the coding flask-compress chooses; browsers send a handful of spellings.
        return (environ.get("HTTP_HOST", ""), environ.get("SCRIPT_NAME", ""), environ.get("PATH_INFO", ""),
                environ.get("QUERY_STRING", ""), "".join(environ.get("HTTP_ACCEPT_ENCODING", "").lower().split()),
                environ.get("wsgi.url_scheme", "http"), generation)

    def _keep(self, key: tuple[str, ...], environ: dict, start_response: Callable) -> Iterable[bytes]:
        answered: dict[str, object] = {}

        def capture(status, headers, exc_info=None):
            answered["status"], answered["headers"] = status, headers
            return start_response(status, headers, exc_info)

        result = self._wsgi_app(environ, capture)
        try:
            body = b"".join(result)
        finally:
            if hasattr(result, "close"):
                result.close()
        if self._generation() == key[-1]:  # no import meanwhile, and the rulings could be read
            self._store(key, answered, body)
        return [body]

    def _store(self, key: tuple[str, ...], answered: dict, body: bytes) -> None:
        headers = tuple(answered.get("headers") or ())
        keepable = (str(answered.get("status", "")).startswith("200 ") and len(body) <= MAX_ENTRY_BYTES
                    and not any(name.lower() == "set-cookie" for name, _ in headers))
        if not keepable:
            return
        with self._lock:
            if key in self._pages:
                return
            self._pages[key] = Page(str(answered["status"]), headers, body)
            self._bytes += len(body)
            while len(self._pages) > self._size or self._bytes > MAX_TOTAL_BYTES:
                _, dropped = self._pages.popitem(last=False)
                self._bytes -= len(dropped.body)

    def __len__(self) -> int:
        return len(self._pages)


def init_app(app: Flask) -> PageCache:
    with app.app_context():
        rulings = official_store()
    cache = PageCache(app, app.wsgi_app, int(app.config.get("PAGE_CACHE_SIZE", DEFAULT_SIZE)),
                      generation=lambda: _stamp(rulings))
    app.wsgi_app = cache
    app.extensions["page_cache"] = cache
    return cache


def _stamp(rulings) -> str | None:
    """The rulings' change stamp, or None while their store cannot be read."""
    try:
        return rulings.stamp()
    except StoreUnavailable:
        return None
