"""``POST /api/resolve``: a scenario (JSON or YAML) → its trace JSON and ``links``; ``?short=true`` stores it."""

from __future__ import annotations

import json
from typing import Any

from flask import jsonify, request

from adjudicator.format.errors import ScenarioError
from adjudicator.reading import load_scenario
from adjudicator.format.loading import MAX_SOURCE_BYTES
from adjudicator.links import Ruling
from adjudicator.web.api.openapi import bp
from adjudicator.web.common.errors import scenario_error
from adjudicator.web.common.link_store import store
from adjudicator.web.rulings.trace_page import ruling_links
from adjudicator.web.common.security import no_store

YAML_TYPES = ("application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml")

# The API's top-level messages are for people, in Japanese like every page; each error of a scenario that
# does not load keeps the engine's English `message` (with its clause) beside its Japanese `message_ja`.
TOO_LARGE = f"シナリオが大きすぎます（{MAX_SOURCE_BYTES // 1024} KiBまで）。"
UNSUPPORTED_TYPE = "シナリオは application/json か application/yaml で送ってください。"
NOT_VALID = "シナリオに誤りがあります（誤りの箇所と内容は errors にあります）。"


@bp.route("/resolve", methods=["POST"])
@no_store
def api_resolve():
    if request.content_length is not None and request.content_length > MAX_SOURCE_BYTES:
        return scenario_error(413, TOO_LARGE)
    if request.args.get("short", "false") not in ("true", "false") or len(request.args.getlist("short")) > 1:
        return scenario_error(400, "short には true か false を指定してください。")
    body = request.get_data(cache=False)[: MAX_SOURCE_BYTES + 1]
    mimetype = request.mimetype
    try:
        if mimetype == "application/json":
            scenario = load_scenario(_json_body(body))
        elif mimetype in YAML_TYPES:
            scenario = load_scenario(body.decode("utf-8", "replace"))
        else:
            return scenario_error(415, UNSUPPORTED_TYPE)
    except ScenarioError as error:
        return scenario_error(400, NOT_VALID, error.errors)
    ruling = Ruling.resolved(scenario)
    # A ruling is stored only when asked (``?short=true``, like POST /t): resolving alone writes nothing.
    record = store(ruling.record()) if request.args.get("short") == "true" else None
    return jsonify({**ruling.trace_json, "links": ruling_links(ruling.payload, record)})


def _json_body(body: bytes) -> Any:
    if len(body) > MAX_SOURCE_BYTES:
        raise ScenarioError.of("source_too_large", max_kib=MAX_SOURCE_BYTES // 1024)
    try:
        return json.loads(body)
    except (ValueError, RecursionError) as error:
        raise ScenarioError.of("not_json", problem=str(error)) from None
