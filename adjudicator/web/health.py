"""Health checks: ``GET /healthz`` (liveness: ``ok`` or what is degraded) and ``GET /readyz`` (readiness).

``/readyz`` answers 503 while new short links cannot be written for a reason that waiting may cure (a read-only
or full disk, the database down), and 200 when only the links' quota is reached (every read works, and a new
link is a 507 that no other instance would answer better). It also checks the search index's files and, when
they were deleted or changed, rebuilds it there (``search/keeper.py``), so an instance that a balancer stops
sending searches to is still repaired; its answer says so.
"""

from __future__ import annotations

import time

from flask import Blueprint, Response, current_app, jsonify

from adjudicator.web.common.link_store import link_store
from adjudicator.web.common.security import no_store
from adjudicator.web.common.services import services

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
    """Whether new short links can be written now and the search index is whole: 200, or 503 with the reason."""
    health = link_store().health()
    kept = services().kept
    kept.search  # noqa: B018 - checks the index's files, and rebuilds it when they changed
    index = kept.health()
    body = {"writes": health.writable, **({"reason": health.reason} if health.reason else {}),
            "quota_reached": health.quota_reached,
            "search": {"intact": index.intact, **({"reason": index.reason} if index.reason else {})}}
    ready = (health.writable or health.quota_reached) and index.intact
    return jsonify(body), 200 if ready else 503


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
    held = current_app.extensions.get("adjudicator")
    if held is not None and getattr(held, "index_in_memory", False):
        found.append("search index in memory (data directory not writable)")
    if held is not None:
        index = held.kept.health()  # a stat of each file: no rebuild here, the next search or /readyz does it
        if index.reason:
            found.append(index.reason)
    return found
