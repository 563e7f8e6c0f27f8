"""The live box's answers below Flask: a prefix costs a lookup in memory, not a whole Flask request.

While a person types, the box asks ``/search/suggest.json`` for each prefix (most of the search traffic). The
answer is a lookup of some 20 µs (search/suggest.py), but through Flask it cost what a whole request costs: the
request context, the host and size checks, the hooks that add the security and cache headers, the response
object (about twice /healthz's time, in process). Those headers are the same for every prefix sent with the same
``Host``, scheme, script root and ``Accept-Encoding``; only the body and its length differ.

So the first answer for each such combination is Flask's (every check and hook applies to it), and its status
line and headers are kept. A later prefix with the same combination is answered here, with those headers, the
body that the view's own :func:`~adjudicator.web.search.pages.suggest_answer` makes, and its length. Anything
else goes to Flask as before: another method or path, a request with a body, a long query string, an error
(a book or limit that does not exist), a URL the app has not kept yet, or the app in debug mode.

Only headers known to be the same for every prefix of a combination are reused (``SHAPE_HEADERS``: the type,
the encoding, the security and cache headers; the length is the body's own). An answer with any other header
(a cookie, an ETag, a request id or a rate-limit count that a later hook might add) is never kept, so every
prefix goes through Flask again: slower, never wrong. ``tests/search/test_live_answers.py`` compares both
answers, headers and bytes, over the benchmark's prefixes, and checks that nearly all are answered here, so a
new header costs the speed loudly.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable

from flask import Flask

from adjudicator.web.common.security import SECURITY_HEADERS
from adjudicator.web.common.services import EXTENSION
from adjudicator.web.search.pages import KEPT_URLS, KeptUrls, NotKept, suggest_answer

PATH = "/search/suggest.json"
# Far below the URL bound the app refuses with a 414 (security.MAX_URL_CHARS): a longer one goes to Flask.
MAX_QUERY_STRING = 2_000
MAX_KEPT_SHAPES = 64  # combinations of Host, scheme, script root and Accept-Encoding whose headers are kept
# The headers that depend only on that combination (the security headers, HSTS on https, the cache policy, the
# type and encoding): the only ones a kept answer may carry. Content-Length is replaced by the body's own.
SHAPE_HEADERS = frozenset({
    "content-type", "content-length", "content-encoding", "vary", "cache-control", "strict-transport-security",
    *(name.lower() for name in SECURITY_HEADERS),
})


class LiveAnswers:
    """WSGI middleware over the Flask app: answers the live box's prefixes itself once Flask answered one alike."""

    def __init__(self, app: Flask, wsgi_app: Callable):
        self._app = app
        self._wsgi_app = wsgi_app
        self._headers: dict[tuple[str, ...], tuple[tuple[str, str], ...]] = {}
        self._lock = threading.Lock()
        self.answered = 0  # answers given here (for the tests and the benchmark)

    def __call__(self, environ: dict, start_response: Callable) -> Iterable[bytes]:
        if not self._plain(environ):
            return self._wsgi_app(environ, start_response)
        shape = (environ.get("HTTP_HOST", ""), environ.get("SCRIPT_NAME", ""), environ.get("wsgi.url_scheme", ""),
                 environ.get("HTTP_ACCEPT_ENCODING", ""))
        headers = self._headers.get(shape)
        body = self._body(environ) if headers is not None else None
        if body is None:
            return self._learn(shape, environ, start_response)
        length = str(len(body))
        start_response("200 OK", [(name, length if name.lower() == "content-length" else value)
                                  for name, value in headers])
        self.answered += 1
        return [body]

    def _plain(self, environ: dict) -> bool:
        """A GET of the live box's path with no body and a short query string, the app not in debug mode."""
        return (environ.get("PATH_INFO") == PATH and environ.get("REQUEST_METHOD") == "GET"
                and environ.get("CONTENT_LENGTH", "") in ("", "0") and not environ.get("HTTP_TRANSFER_ENCODING")
                and len(environ.get("QUERY_STRING", "")) <= MAX_QUERY_STRING and not self._app.debug)

    def _body(self, environ: dict) -> bytes | None:
        """The view's JSON for this request, or None when Flask must answer it (an error, a URL not kept)."""
        services = self._app.extensions[EXTENSION]
        urls = KeptUrls(self._app.extensions.setdefault(KEPT_URLS, {}), environ.get("SCRIPT_NAME", ""),
                        can_build=False)
        try:
            payload, status = suggest_answer(self._app.request_class(environ).args, services.books,
                                             services.suggestions, urls)
        except NotKept:
            return None
        if status != 200:
            return None
        return self._app.json.response(payload).get_data()

    def _learn(self, shape: tuple[str, ...], environ: dict, start_response: Callable) -> Iterable[bytes]:
        """Flask's answer, its headers kept when it is a plain 200."""

        def capture(status, headers, exc_info=None):
            if status.startswith("200 ") and all(name.lower() in SHAPE_HEADERS for name, _ in headers):
                with self._lock:
                    if len(self._headers) >= MAX_KEPT_SHAPES:
                        self._headers.clear()
                    self._headers[shape] = tuple(headers)
            return start_response(status, headers, exc_info)

        return self._wsgi_app(environ, capture)


def init_app(app: Flask) -> LiveAnswers:
    """Installs the middleware around the Flask app, under the page cache (which keeps its answers too)."""
    live = LiveAnswers(app, app.wsgi_app)
    app.wsgi_app = live
    app.extensions["search.live"] = live
    return live
