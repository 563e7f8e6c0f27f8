"""Security headers, request limits and a Japanese answer for every refusal.

Registered by :func:`init_app`. The headers go on every response (pages, JSON, static files, errors):

- ``Content-Security-Policy``: scripts and styles only from this site (no inline code: the templates
  have none), no plugins, no framing, forms post only here.
- ``X-Content-Type-Options: nosniff``: a JSON answer that echoes user text is never read as HTML.
- ``X-Frame-Options: DENY`` with ``frame-ancestors 'none'``: the pages cannot be framed (clickjacking).
- ``Referrer-Policy: strict-origin-when-cross-origin``: a shared link's scenario never leaks to other sites.
- ``Permissions-Policy``: no camera, microphone, location, payment or USB; the clipboard only for this site
  (the copy-link buttons).
- ``Strict-Transport-Security`` on HTTPS answers (``ADJUDICATOR_HSTS_SECONDS``, 0 turns it off); behind a TLS
  proxy, ``ADJUDICATOR_PROXY_HOPS=1`` applies ProxyFix so HTTPS, the client address and the host are the
  proxy's (never trusted from a client that reaches gunicorn directly).
- ``Cache-Control``: ``no-store`` for the builder and every error; an ``ETag`` (and 304 on a match) for clause
  pages and stored rulings, which never change for a release, with a short ``max-age`` for their JSON twins
  (the HTML pages revalidate, for the service worker's sake); ``no-cache`` for the rest.
- ``Allow`` on every 405.

The ``Host`` header is checked against ``ADJUDICATOR_ALLOWED_HOSTS`` (the app's ``ALLOWED_HOSTS``; loopback
names by default, and every address ``adjudicator serve`` listens on) before anything builds an absolute URL
from it, so it is never reflected into a page, a link or the OpenAPI description; another host gets a 400.
The check is ours, not Flask's ``TRUSTED_HOSTS``: Werkzeug cuts each trusted name at its first colon, so an
IPv6 address (``[::1]``) could never be trusted there.

Faults of the stores (the short links, the card library) answer in Japanese (``store_faults.py``): 503 with
``Retry-After`` and the reason while one cannot read or write (a read-only or full disk, a database down),
507 once the links' quota is reached (``/healthz`` and ``/readyz``: ``web/health.py``).

Limits past which a request is refused with a 4xx in Japanese (never a 500, never read into memory):
the request body (``MAX_CONTENT_LENGTH``, checked against ``Content-Length`` before the view runs; a
chunked body without one is refused with 411), the URL length, and Werkzeug's form limits.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from flask import Flask, Request, Response, abort, current_app, jsonify, request
from werkzeug.exceptions import (
    HTTPException,
    InternalServerError,
    MethodNotAllowed,
    SecurityError,
)
from werkzeug.middleware.proxy_fix import ProxyFix

from adjudicator import settings
from adjudicator.format.loading import MAX_SOURCE_BYTES
from adjudicator.links import StoreUnavailable
from adjudicator.web.common import errors, store_faults

# A scenario source may be 512 KiB; sent inside JSON its Japanese may be escaped (\uXXXX: 6 bytes for 3),
# so the body may be twice the source.
MAX_BODY_BYTES = 2 * MAX_SOURCE_BYTES
# The longest address served: a stateless link carries a compressed scenario in its path (links.payload
# caps it at 24,000 characters); anything longer is refused before routing.
MAX_URL_CHARS = 32 * 1024
MAX_FORM_BYTES = 500_000   # Flask's default, stated here so the README's table is the truth
MAX_FORM_PARTS = 1_000


class FormBoundedRequest(Request):
    """A request whose url-encoded form is bounded as a whole by the form-memory size.

    Werkzeug reads a url-encoded body into memory in one piece; since 3.1.9 it no longer applies
    ``max_form_memory_size`` to it (only to multipart text parts), so without this a view that raises its
    own ``max_content_length`` (the builder's file import) would parse a url-encoded form of that size.
    """

    def _load_form_data(self) -> None:
        if self.mimetype == "application/x-www-form-urlencoded" and self.max_form_memory_size is not None:
            limit = self.max_content_length
            self.max_content_length = (self.max_form_memory_size if limit is None
                                       else min(limit, self.max_form_memory_size))
        super()._load_form_data()


CONTENT_SECURITY_POLICY = "; ".join((
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))

SECURITY_HEADERS: Mapping[str, str] = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), clipboard-write=(self)",
}

# Settings read from the environment when the app's config does not give them (README: production).
ALLOWED_HOSTS_ENV = "ADJUDICATOR_ALLOWED_HOSTS"
PROXY_HOPS_ENV = "ADJUDICATOR_PROXY_HOPS"
HSTS_ENV = "ADJUDICATOR_HSTS_SECONDS"
DEFAULT_ALLOWED_HOSTS = tuple(settings.default(ALLOWED_HOSTS_ENV).split(","))  # the loopback names
DEFAULT_HSTS_SECONDS = int(settings.default(HSTS_ENV))  # a year
RETRY_AFTER_SECONDS = store_faults.RETRY_AFTER_SECONDS

# A view says how its answers may be kept, with a decorator in its own module (``no_store``, ``same_for_a_release``);
# the rest are ``no-cache``. Pages the same for everyone for a whole release may be kept this long by browsers and
# caches (not the tables of contents: the service worker's start pages revalidate, so offline it is the worker
# that answers and says so).
CACHE_SECONDS = 300
NO_STORE, SAME_FOR_A_RELEASE = "no-store", "release"


def no_store(view):
    """No cache keeps this view's answers (the builder's pages, what writes, readiness)."""
    view.cache_policy = NO_STORE
    return view


def same_for_a_release(view):
    """This view's answers (its JSON twin's too) are the same for everyone for a whole release: an ETag, 304s."""
    view.cache_policy = SAME_FOR_A_RELEASE
    return view

# Werkzeug's English defaults, said in Japanese. 400/404/405 are errors.py's.
_MESSAGES: Mapping[int, str] = {
    406: "この形式では応答できません。",
    408: "リクエストが時間内に届きませんでした。",
    411: "送るデータの長さ（Content-Length）を付けてください。",
    413: f"送られたデータが大きすぎます（{MAX_BODY_BYTES // 1024} KiBまで）。",
    414: f"アドレスが長すぎます（{MAX_URL_CHARS:,}文字まで）。",
    415: "この形式のデータは受け付けていません。",
    429: "リクエストが多すぎます。しばらく待ってからやり直してください。",
    431: "リクエストのヘッダーが大きすぎます。",
}
UNTRUSTED_HOST = "このホスト名には応答しません（ADJUDICATOR_ALLOWED_HOSTS）。"
_INTERNAL_ERROR = "サーバーの内部で問題が起きました。時間をおいてやり直してください。"

def init_app(app: Flask) -> None:
    # Flask's defaults are None (no limit) or its own numbers: ours apply unless the caller set others.
    for key, value in (("MAX_CONTENT_LENGTH", MAX_BODY_BYTES), ("MAX_FORM_MEMORY_SIZE", MAX_FORM_BYTES),
                       ("MAX_FORM_PARTS", MAX_FORM_PARTS)):
        if app.config.get(key) in (None, Flask.default_config.get(key)):
            app.config[key] = value
    app.request_class = FormBoundedRequest
    _settings(app)
    # The host first, before any other hook or view can build a URL from it.
    app.before_request_funcs.setdefault(None, []).insert(0, _refuse_untrusted_host)
    app.before_request(_refuse_oversized)
    app.after_request(_add_headers)
    app.register_error_handler(HTTPException, _japanese_error)
    app.register_error_handler(InternalServerError, _internal_error)
    app.register_error_handler(StoreUnavailable, store_faults.answer)
    app.register_error_handler(SecurityError, _untrusted_host)


def _settings(app: Flask) -> None:
    if not app.config.get("ALLOWED_HOSTS"):
        app.config["ALLOWED_HOSTS"] = allowed_hosts_setting()
    app.config.setdefault("HSTS_SECONDS", _env_int(HSTS_ENV, DEFAULT_HSTS_SECONDS))


def allowed_hosts_setting() -> list[str]:
    """The host names ``ADJUDICATOR_ALLOWED_HOSTS`` lists (comma-separated), or the loopback names."""
    listed = settings.environment(ALLOWED_HOSTS_ENV)
    return [host.strip() for host in listed.split(",") if host.strip()] or list(DEFAULT_ALLOWED_HOSTS)


# A Host header: a name or IPv4 address, or a bracketed IPv6 address, then an optional port.
_HOST_HEADER = re.compile(r"([a-z0-9.-]+|\[[a-f0-9]*:[a-f0-9.:]+\])(?::([1-9][0-9]{0,4}))?")


def host_allowed(host_header: str, allowed: list[str] | tuple[str, ...]) -> bool:
    """Whether a ``Host`` header (``name[:port]``, ``[v6]:port``) names one of ``allowed``; a name starting with
    a dot allows its subdomains. An IPv6 entry may be written bare (``::1``) or bracketed (``[::1]``)."""
    found = _HOST_HEADER.fullmatch(host_header.lower())
    if found is None or (found.group(2) and int(found.group(2)) > 65535):
        return False
    name = found.group(1)
    for entry in allowed:
        entry = _bare_host(entry.strip().lower())
        if name == entry or (entry.startswith(".") and name.endswith(entry)):
            return True
    return False


def _bare_host(entry: str) -> str:
    """An allow-list entry without its port, an IPv6 address bracketed as a Host header writes it."""
    if entry.startswith("["):
        return entry.partition("]")[0] + "]"
    if entry.count(":") > 1:
        return f"[{entry}]"
    return entry.partition(":")[0]


def _refuse_untrusted_host() -> None:
    # request.host is the Host header (or, without one, the server's address), "" when its characters are bad.
    if not host_allowed(request.host, current_app.config["ALLOWED_HOSTS"]):
        raise SecurityError()


def wrap_wsgi(app: Flask) -> None:
    """The outermost WSGI layers, around everything else (the page cache included), so that what they change
    is what every layer below sees: ProxyFix behind a proxy (its scheme, client and host), then 304s."""
    app.wsgi_app = _NotModified(app.wsgi_app)
    hops = app.config.get("PROXY_HOPS", _env_int(PROXY_HOPS_ENV, 0))
    if hops:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops, x_port=hops)


class _NotModified:
    """A 304 for a GET whose If-None-Match names the answer's ETag, for pages Flask renders and for those the
    page cache serves below it alike."""

    def __init__(self, wsgi_app):
        self.wsgi_app = wsgi_app

    def __call__(self, environ, start_response):
        wanted = environ.get("HTTP_IF_NONE_MATCH", "")
        if not wanted or environ.get("REQUEST_METHOD") not in ("GET", "HEAD"):
            return self.wsgi_app(environ, start_response)
        matched = []

        def conditional(status, headers, exc_info=None):
            etag = next((value for name, value in headers if name.lower() == "etag"), None)
            if status.startswith("200 ") and etag and _etag_matches(wanted, etag):
                matched.append(True)
                kept = [(name, value) for name, value in headers if name.lower() not in _NOT_MODIFIED_DROPS]
                return start_response("304 Not Modified", kept, exc_info)
            return start_response(status, headers, exc_info)

        result = self.wsgi_app(environ, conditional)
        if not matched:
            return result
        if hasattr(result, "close"):
            result.close()
        return [b""]


_NOT_MODIFIED_DROPS = frozenset({"content-length", "content-type", "content-encoding", "transfer-encoding"})


def _etag_matches(wanted: str, etag: str) -> bool:
    tags = {tag.strip().removeprefix("W/") for tag in wanted.split(",")}
    return "*" in tags or etag.removeprefix("W/") in tags


def _env_int(name: str, default: int) -> int:
    value = settings.environment(name)
    return int(value) if value.isascii() and value.isdigit() and len(value) < 10 else default


def _refuse_oversized() -> None:
    """Refuse before the view runs, so no view ever starts on a request it could not finish."""
    if len(request.full_path) > MAX_URL_CHARS:
        abort(414)
    if "chunked" in request.headers.get("Transfer-Encoding", "").lower():
        # Werkzeug stops a chunked body at MAX_CONTENT_LENGTH without an error (the view would read a
        # silently cut body); every client of ours sends Content-Length, so ask for it.
        abort(411)
    limit = current_app.config["MAX_CONTENT_LENGTH"]
    if limit is not None and request.content_length is not None and request.content_length > limit:
        abort(413)


def _add_headers(response: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    hsts = current_app.config.get("HSTS_SECONDS", DEFAULT_HSTS_SECONDS)
    if request.is_secure and hsts:
        response.headers.setdefault("Strict-Transport-Security", f"max-age={hsts}")
    if response.status_code == 405 and "Allow" not in response.headers:
        refused = request.routing_exception
        if isinstance(refused, MethodNotAllowed) and refused.valid_methods:
            response.headers["Allow"] = ", ".join(sorted(refused.valid_methods))
    return _cache_headers(response)


def _cache_headers(response: Response) -> Response:
    if "Cache-Control" in response.headers:  # static files and the service worker say their own
        return response
    policy = getattr(current_app.view_functions.get(request.endpoint or ""), "cache_policy", None)
    if response.status_code >= 400 or policy == NO_STORE:
        response.headers["Cache-Control"] = "no-store"
    elif policy == SAME_FOR_A_RELEASE and response.status_code == 200 and request.method in ("GET", "HEAD"):
        # The pages themselves revalidate (a 304 costs nothing): the service worker fetches them first from the
        # network, and a copy still fresh in the HTTP cache would answer offline without its offline notice.
        fresh = response.mimetype == "application/json"
        response.headers["Cache-Control"] = f"public, max-age={CACHE_SECONDS}" if fresh else "no-cache"
        if not response.is_streamed:
            response.add_etag()  # a match becomes a 304 in _NotModified, below which the page cache serves
    else:
        response.headers["Cache-Control"] = "no-cache"
    return response


def _untrusted_host(error: SecurityError):
    """A Host header outside the allow-list: refused without repeating it (Werkzeug's text names the host).
    A page of its own: no URL can be built for an untrusted host, so the site's templates cannot render."""
    if errors.wants_json():
        return jsonify({"error": UNTRUSTED_HOST, "status": 400}), 400
    return Response(f"<!doctype html><html lang=\"ja\"><meta charset=\"utf-8\"><title>400</title>"
                    f"<p>{UNTRUSTED_HOST}</p></html>", status=400, mimetype="text/html")


def _japanese_error(error: HTTPException):
    """Every 4xx without a handler of its own, in Japanese, as JSON or a page like errors.py's."""
    if error.code is None or error.code < 400:
        return error
    if error.code == 429 or error.description == type(error).description:  # 429's own text is the limit
        error.description = _MESSAGES.get(error.code, f"リクエストを処理できませんでした（{error.code}）。")
    rendered = errors.render(error)  # errors.py's rendering: one look for every error
    if error.code == 429:
        response = current_app.make_response(rendered)
        response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
    return rendered


def _internal_error(error: InternalServerError):
    """A bug's answer: Japanese, no details (they go to the log). Tests propagate the exception instead."""
    error.description = _INTERNAL_ERROR
    if errors.wants_json():
        return jsonify({"error": _INTERNAL_ERROR, "status": 500}), 500
    return Response(f"<!doctype html><html lang=\"ja\"><meta charset=\"utf-8\"><title>500</title>"
                    f"<p>{_INTERNAL_ERROR}</p></html>", status=500, mimetype="text/html")
