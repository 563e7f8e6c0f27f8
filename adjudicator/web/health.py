"""Health checks: ``GET /healthz`` (liveness: ``ok`` or what is degraded) and ``GET /readyz`` (503 while new short
links cannot be written; the rest keeps working)."""

from __future__ import annotations

import time

from flask import Blueprint, Response, current_app, jsonify

from adjudicator.web.common.link_store import link_store
from adjudicator.web.common.security import no_store

bp = Blueprint("health", __name__)


@bp.route("/healthz")
def healthz() -> Response:
    """Liveness for load balancers, and the baseline of bench/http_bench.py: ``ok``, or what is degraded
    (the service is alive either way: reads keep working), from a check at most a second old."""
    degraded = _degraded()
    return Response("ok" if not degraded else "degraded: " + "; ".join(degraded), mimetype="text/plain")


@bp.route("/readyz")
@no_store
def readyz():
    """Whether new short links can be written now: 200, or 503 with the reason (the rest keeps working)."""
    health = link_store().health()
    body = {"writes": health.writable, **({"reason": health.reason} if health.reason else {})}
    return jsonify(body), 200 if health.writable else 503


# /healthz is polled often (load balancers, the bench's baseline) and the store's full check takes its write
# lock: /healthz reports a check at most this old, /readyz always checks anew.
HEALTH_MAX_AGE_SECONDS = 1.0
HEALTH_EXTENSION = "adjudicator.health"


def _recent_health():
    checked = current_app.extensions.get(HEALTH_EXTENSION)
    now = time.monotonic()
    if checked is None or now - checked[0] > HEALTH_MAX_AGE_SECONDS:
        checked = current_app.extensions[HEALTH_EXTENSION] = (now, link_store().health())
    return checked[1]


def _degraded() -> list[str]:
    found = []
    health = _recent_health()
    if not health.writable:
        found.append(f"links read-only ({health.reason})")
    services = current_app.extensions.get("adjudicator")
    if services is not None and getattr(services, "index_in_memory", False):
        found.append("search index in memory (data directory not writable)")
    return found
