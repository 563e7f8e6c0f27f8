"""Error pages: JSON for JSON URLs, a Japanese page with a search box for everything else."""

from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from werkzeug.exceptions import HTTPException


def wants_json() -> bool:
    """Whether the current request is for JSON: a ``.json`` twin or anything under ``/api/``."""
    return request.path.endswith(".json") or request.path.startswith("/api/")


_JAPANESE = {
    400: "リクエストの内容を読み取れませんでした。",
    404: "このアドレスのページはありません。",
    405: "このアドレスはその方法では使えません。",
}


def render(error: HTTPException):
    """``error`` in Japanese as JSON (``error``, ``status``) or the error page; any handler may answer with it."""
    if error.description == type(error).description:  # Werkzeug's English default: say it in Japanese
        error.description = _JAPANESE.get(error.code, error.description)
    if wants_json():
        return jsonify({"error": error.description, "status": error.code}), error.code
    return render_template("errors/error.html", error=error), error.code


def init_app(app: Flask) -> None:
    for code in (400, 404, 405):
        app.register_error_handler(code, render)


def scenario_error(status: int, message: str, errors=()):
    """``render``'s JSON shape (``error`` in Japanese, ``status``), plus a scenario's errors: each its path, code,
    params, clause and messages (``FormatError.to_json``)."""
    return jsonify({"error": message, "status": status, "errors": [e.to_json() for e in errors]}), status
