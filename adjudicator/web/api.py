"""The API description: ``openapi.yaml`` beside this module, served as JSON at ``/api/openapi.json``.

Areas that add endpoints describe them in that one file.
"""

from __future__ import annotations

from importlib import resources

import yaml
from flask import Blueprint, Flask, current_app, jsonify, redirect

EXTENSION = "adjudicator.openapi"

bp = Blueprint("api", __name__, url_prefix="/api")


def load_description() -> dict:
    return yaml.safe_load(resources.files("adjudicator.web").joinpath("openapi.yaml").read_text("utf-8"))


def init_app(app: Flask) -> None:
    app.extensions[EXTENSION] = load_description()


@bp.route("/")
def index():
    return redirect("/api/openapi.json")


@bp.route("/openapi.json")
def openapi():
    description = dict(current_app.extensions[EXTENSION])
    # Never the Host header: a configured public address, or relative to wherever the description was read.
    description["servers"] = [{"url": current_app.config.get("PUBLIC_URL") or "/"}]
    return jsonify(description)
