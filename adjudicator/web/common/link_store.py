"""The link store, reached by every area through this one service: opened once per app (``init_app``), read with
:func:`link_store`, written with :func:`store` (counted against the client's write limit)."""

from __future__ import annotations

from flask import Flask, abort, current_app

from adjudicator.links import LinkRecord, LinkStore, is_link_id, open_store
from adjudicator.web.common.rate_limits import write_limit

EXTENSION = "adjudicator.links"


def init_app(app: Flask) -> None:
    app.extensions[EXTENSION] = open_store(app.config)


def link_store() -> LinkStore:
    return current_app.extensions[EXTENSION]


def store(record: LinkRecord) -> LinkRecord:
    """A ruling written: counted against the client's write limit (rate_limits)."""
    with write_limit():
        return link_store().put(record)


def record_or_404(link_id: str) -> LinkRecord:
    record = link_store().get(link_id) if is_link_id(link_id) else None
    if record is None:
        abort(404, description=f"リンク「{link_id}」は見つかりません。")
    return record
