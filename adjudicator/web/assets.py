"""Static assets: content-hashed URLs cached for a year, and the service worker at the site root.

``asset_url("css/app.css")`` gives ``/static/css/app.css?v=<hash of the file>``: a changed file gets a
new URL, so browsers (and the service worker) may keep every versioned URL forever.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from flask import Blueprint, Flask, current_app, request, send_from_directory

from adjudicator import paths

ONE_YEAR = 365 * 24 * 3600
SERVICE_WORKER = "js/sw.js"
EXTENSION = "adjudicator.assets"

bp = Blueprint("assets", __name__)


def _versions(static_dir: Path) -> dict[str, str]:
    return {
        path.relative_to(static_dir).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()[:12]
        for path in sorted(static_dir.rglob("*")) if path.is_file()
    }


def init_app(app: Flask) -> None:
    app.extensions[EXTENSION] = _versions(paths.static_dir())
    app.jinja_env.globals["asset_url"] = asset_url
    app.jinja_env.globals["assets_version"] = assets_version
    app.after_request(_cache_headers)


def asset_url(name: str) -> str:
    version = current_app.extensions[EXTENSION].get(name)
    if version is None:
        raise KeyError(f"no static asset {name!r}")  # a template names a file that does not exist
    return f"/static/{name}?v={version}"


def assets_version() -> str:
    """One version for the whole asset set (the service worker names its caches by it)."""
    combined = "".join(f"{name}={version}" for name, version in current_app.extensions[EXTENSION].items())
    return hashlib.sha256(combined.encode()).hexdigest()[:12]


@bp.route("/sw.js")
def service_worker():
    # Served from the root so that its scope is the whole site; never cached long, so a new one is found.
    response = send_from_directory(paths.static_dir(), SERVICE_WORKER, mimetype="text/javascript", max_age=0)
    response.headers["Cache-Control"] = "no-cache"
    return response


def _cache_headers(response):
    if request.endpoint == "static":
        if request.args.get("v") == current_app.extensions[EXTENSION].get(request.view_args.get("filename")):
            response.cache_control.no_cache = None  # Flask's default for static files; wrong for a versioned URL
            response.cache_control.public = True
            response.cache_control.max_age = ONE_YEAR
            response.cache_control.immutable = True
        else:
            response.cache_control.max_age = 0
            response.cache_control.no_cache = True
    return response
