"""The API description: ``openapi.yaml`` beside this module, served as JSON at ``/api/openapi.json``.

Areas that add endpoints describe them in that one file. ``POST /api/read``: an effect text's reading.
"""

from __future__ import annotations

import json
from importlib import resources

import yaml
from flask import Blueprint, Flask, current_app, jsonify, redirect, request

from adjudicator.format.loading import SAFE_LOADER
from adjudicator.reading import BadText, read_effect

EXTENSION = "adjudicator.openapi"

bp = Blueprint("api", __name__, url_prefix="/api")


def load_description() -> dict:
    # libyaml's loader (the format's): the pure-Python one took 76 ms of every start, this 11 ms.
    text = resources.files("adjudicator.web.api").joinpath("openapi.yaml").read_text("utf-8")
    return yaml.load(text, Loader=SAFE_LOADER)  # noqa: S506 - a safe loader


def init_app(app: Flask) -> None:
    app.extensions[EXTENSION] = load_description()


READ_BODY_BYTES = 16 * 1024  # a JSON body with one effect text (at most MAX_TEXT characters) fits easily
READ_ERRORS = {
    "size": "本文が大きすぎます（16 KiB まで）。",
    "json": "本文は JSON のオブジェクト {\"text\": \"効果テキスト\"} にしてください。",
    "text": "text には効果テキストを文字列で入れてください。",
}


@bp.route("/read", methods=["POST"])
def read():
    """The reader's reading of ``{"text": …}`` (adjudicator.reading): when, sentences, unread, cites, explanation."""
    if request.content_length is not None and request.content_length > READ_BODY_BYTES:
        return _read_error(413, READ_ERRORS["size"])
    body = request.get_data(cache=False)[: READ_BODY_BYTES + 1]
    if len(body) > READ_BODY_BYTES:
        return _read_error(413, READ_ERRORS["size"])
    try:
        data = json.loads(body.decode("utf-8"))
    except (ValueError, RecursionError):
        return _read_error(400, READ_ERRORS["json"])
    text = data.get("text") if isinstance(data, dict) else None
    if not isinstance(text, str):
        return _read_error(400, READ_ERRORS["text"])
    try:
        reading = read_effect(text)
    except BadText as error:
        return _read_error(400, str(error))
    return jsonify(reading.to_json())


def _read_error(status: int, message: str):
    return jsonify({"error": message, "status": status}), status


@bp.route("/")
def index():
    return redirect("/api/openapi.json")


@bp.route("/openapi.json")
def openapi():
    description = dict(current_app.extensions[EXTENSION])
    # Never the Host header: a configured public address, or relative to wherever the description was read.
    description["servers"] = [{"url": current_app.config.get("PUBLIC_URL") or "/"}]
    return jsonify(description)
