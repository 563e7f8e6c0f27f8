"""Security headers, request limits and a Japanese answer for every refusal; ``GET /healthz``.

Registered by :func:`init_app`. The headers go on every response (pages, JSON, static files, errors):

- ``Content-Security-Policy``: scripts and styles only from this site (no inline code: the templates
  have none), no plugins, no framing, forms post only here.
- ``X-Content-Type-Options: nosniff``: a JSON answer that echoes user text is never read as HTML.
- ``X-Frame-Options: DENY`` with ``frame-ancestors 'none'``: the pages cannot be framed (clickjacking).
- ``Referrer-Policy: strict-origin-when-cross-origin``: a shared link's scenario never leaks to other sites.

Limits past which a request is refused with a 4xx in Japanese (never a 500, never read into memory):
the request body (``MAX_CONTENT_LENGTH``, checked against ``Content-Length`` before the view runs; a
chunked body without one is refused with 411), the URL length, and Werkzeug's form limits.
"""

from __future__ import annotations

from collections.abc import Mapping

from flask import Blueprint, Flask, Response, abort, current_app, jsonify, request
from werkzeug.exceptions import HTTPException, InternalServerError

from adjudicator.format.scenario import MAX_SOURCE_BYTES
from adjudicator.web import errors

# A scenario source may be 512 KiB; sent inside JSON its Japanese may be escaped (\uXXXX: 6 bytes for 3),
# so the body may be twice the source.
MAX_BODY_BYTES = 2 * MAX_SOURCE_BYTES
# The longest address served: a stateless link carries a compressed scenario in its path (links.payload
# caps it at 24,000 characters); anything longer is refused before routing.
MAX_URL_CHARS = 32 * 1024
MAX_FORM_BYTES = 500_000   # Flask's default, stated here so the README's table is the truth
MAX_FORM_PARTS = 1_000

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
}

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
_INTERNAL_ERROR = "サーバーの内部で問題が起きました。時間をおいてやり直してください。"

bp = Blueprint("security", __name__)


@bp.route("/healthz")
def healthz() -> Response:
    """Liveness for load balancers, and the baseline of bench/http_bench.py: it does nothing."""
    return Response("ok", mimetype="text/plain")


def init_app(app: Flask) -> None:
    # Flask's defaults are None (no limit) or its own numbers: ours apply unless the caller set others.
    for key, value in (("MAX_CONTENT_LENGTH", MAX_BODY_BYTES), ("MAX_FORM_MEMORY_SIZE", MAX_FORM_BYTES),
                       ("MAX_FORM_PARTS", MAX_FORM_PARTS)):
        if app.config.get(key) in (None, Flask.default_config.get(key)):
            app.config[key] = value
    app.before_request(_refuse_oversized)
    app.after_request(_add_headers)
    app.register_error_handler(HTTPException, _japanese_error)
    app.register_error_handler(InternalServerError, _internal_error)
    app.register_blueprint(bp)


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
    if request.is_secure:
        response.headers.setdefault("Strict-Transport-Security", "max-age=31536000")
    return response


def _japanese_error(error: HTTPException):
    """Every 4xx without a handler of its own, in Japanese, as JSON or a page like errors.py's."""
    if error.code is None or error.code < 400:
        return error
    if error.description == type(error).description:
        error.description = _MESSAGES.get(error.code, f"リクエストを処理できませんでした（{error.code}）。")
    return errors.render(error)  # errors.py's rendering: one look for every error


def _internal_error(error: InternalServerError):
    """A bug's answer: Japanese, no details (they go to the log). Tests propagate the exception instead."""
    error.description = _INTERNAL_ERROR
    if errors.wants_json():
        return jsonify({"error": _INTERNAL_ERROR, "status": 500}), 500
    return Response(f"<!doctype html><html lang=\"ja\"><meta charset=\"utf-8\"><title>500</title>"
                    f"<p>{_INTERNAL_ERROR}</p></html>", status=500, mimetype="text/html")
