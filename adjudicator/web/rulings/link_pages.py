"""The pages of links: a stateless link carries its scenario (``/s/<payload>``), a short link names a stored
ruling (``/t/<id>``, made by ``POST /t``), and a stored ruling rerun on the current rules (``/t/<id>/rerun``)."""

from __future__ import annotations

from typing import Any

from flask import current_app, jsonify, redirect, render_template, request, url_for

from adjudicator import vocabulary
from adjudicator.format.loading import canonical_json
from adjudicator.engine.trace import UnreadableTrace
from adjudicator.links import LinkRecord, PayloadProblem, Ruling, decode_payload, payload_text, rerun, scenario_of_text, stored_for
from adjudicator.links.clause_fates import ReleaseCheck
from adjudicator.links.payload import payload_made_under
from adjudicator.web.common.cross_site import same_site_only
from adjudicator.web.common.errors import scenario_error, wants_json
from adjudicator.web.common.link_store import link_store, record_or_404
from adjudicator.web.common.rate_limits import write_limit
from adjudicator.web.common.twins import json_twin
from adjudicator.web.rulings import trace_views
from adjudicator.web.rulings.blueprint import bp
from adjudicator.web.rulings.trace_page import STALE_SCENARIO, decoded_or_error, or_link_problem, ruling_links, trace_page
from adjudicator.web.common.security import no_store, same_for_a_release

UNREADABLE_TRACE = ("このリンクに保存された判定は、壊れているか、このバージョンでは読めない形式のため表示できません。"
                    "シナリオが有効なら、下のリンクから現在のルールで判定できます。")


# --- stateless links -----------------------------------------------------------------------------------------


@json_twin(bp, "/s/<payload>")
def stateless_link(payload: str, as_json: bool):
    if as_json:
        return _stateless_link_json(payload)
    return trace_page(Ruling.resolved(decoded_or_error(payload)), record=None,
                      link_made_under=payload_made_under(payload))


def _stateless_link_json(payload: str):
    """The short link twin's JSON, resolved now: nothing is stored, so there is no ``id`` nor ``created``."""
    result = decode_payload(payload)
    if isinstance(result, PayloadProblem):
        return scenario_error(400, result.message, result.errors)
    ruling = Ruling.resolved(result)
    shown = ruling.record().to_json(trace=ruling.trace_json)
    del shown["id"], shown["created"]
    # What the link says it was made under (null for a link made before that was recorded): the ruling above is
    # made now, by this engine, under the release its rules cite.
    made = payload_made_under(payload)
    return jsonify({**shown, "made_under": {"release": made.release, "engine": made.engine},
                    "links": ruling_links(ruling.payload, None)})


@bp.route("/t", methods=["POST"])
@no_store
@same_site_only
def share():
    record = _share(request.form.get("payload", ""))
    return redirect(url_for("rulings.short_link", link_id=record.id), code=303)


def _share(payload: str) -> LinkRecord:
    """The short link's record for a stateless payload: the one stored for its scenario on the current rules,
    or a new one. Counted against the write limit either way, as before.

    A payload this service made carries the scenario's canonical JSON, which a short link's id is made from:
    a record stored for it is found from the payload's text alone, without reading (validating) the scenario
    again, let alone resolving it. Otherwise the scenario is read (a payload that is none: the link problem
    page, as before) and resolved, unless a record of its canonical form is stored (``Ruling.shared``)."""
    text = or_link_problem(payload_text(payload))
    stored = stored_for(text, link_store())
    scenario = or_link_problem(scenario_of_text(text)) if stored is None else None
    with write_limit():
        if stored is not None:
            return stored
        # The text is the canonical form, looked up just now: nothing is stored for it, so resolve it.
        ruling = Ruling.resolved(scenario) if canonical_json(scenario) == text else Ruling.shared(scenario, link_store())
        return ruling.stored or link_store().put(ruling.record())


# --- short links -----------------------------------------------------------------------------------------------


@json_twin(bp, "/t/<link_id>")
@same_for_a_release
def short_link(link_id: str, as_json: bool):
    record = record_or_404(link_id)
    if as_json:
        return _short_link_json(record)
    # The stored trace, never a new resolution: the link shows what was seen when it was made.
    return trace_page(Ruling.of_record(record), record=record)


def _short_link_json(record: LinkRecord):
    ruling = Ruling.of_record(record)
    stale = {"scenario_valid": False, "notice": STALE_SCENARIO} if ruling.stale else {}
    return jsonify({**record.to_json(trace=ruling.trace_json), **stale, "links": ruling_links(ruling.payload, record)})


def _rerun_json(record: LinkRecord):
    ruling = Ruling.of_record(record)
    if ruling.stale:
        return jsonify({"error": STALE_SCENARIO, "status": 409}), 409
    result = rerun(ruling)
    return jsonify({
        "id": record.id, "changed": result.changed, "differences": list(result.differences),
        "stored": {"rulebook": {"id": record.rulebook_id, "release": record.release}, "engine": record.engine,
                   "verdict": trace_views.verdict(result.stored).headline, "created": record.created},
        "current": {"rulebook": result.current.rulebook, "engine": result.current.engine,
                    "verdict": trace_views.verdict(result.current).headline, "trace": result.current.to_json()},
        "clauses": _clause_fates_json(result.release),
        "links": {"short": url_for("rulings.short_link", link_id=record.id),
                  "page": url_for("rulings.rerun_short_link", link_id=record.id)},
    })


def _clause_fates_json(check: ReleaseCheck) -> dict[str, Any]:
    """The stored ruling's cited clauses followed into the latest release (links/clause_fates.py)."""
    return {"book": check.book, "release": check.release, "latest": check.latest,
            "fates": [{"clause": fate.clause, "kind": fate.kind, "latest": list(fate.latest),
                       "renumber_only": fate.renumber_only,
                       "words": [{"op": piece.op, "text": piece.text} for piece in fate.pieces]}
                      for fate in check.fates]}


@json_twin(bp, "/t/<link_id>/rerun")
def rerun_short_link(link_id: str, as_json: bool):
    record = record_or_404(link_id)
    if as_json:
        return _rerun_json(record)
    ruling = Ruling.of_record(record)
    if ruling.stale:
        return render_template("scenario/link_problem.html", message=STALE_SCENARIO, details=[]), 409
    result = rerun(ruling)
    return render_template(
        "scenario/rerun.html",
        record=record,
        rerun=result,
        stored_verdict=trace_views.verdict(result.stored),
        current_verdict=trace_views.verdict(result.current),
        payload=ruling.payload,
        change_words=vocabulary.CLAUSE_CHANGES,
    )


@bp.errorhandler(UnreadableTrace)
def _unreadable_trace(error: UnreadableTrace):
    """A stored trace that does not read (damaged, or of another format): said plainly, never a 500. The
    stored record itself is untouched, and the scenario, when it still loads, can be judged anew."""
    current_app.logger.warning("unreadable stored trace at %s: %s", request.path, error)
    record = link_store().get(request.view_args["link_id"]) if "link_id" in (request.view_args or {}) else None
    payload = Ruling.of_record(record).payload if record is not None else None
    if wants_json():
        return jsonify({"error": UNREADABLE_TRACE, "status": 409, "links": ruling_links(payload, None)}), 409
    judge_anew = url_for("rulings.stateless_link", payload=payload) if payload else None
    return render_template("scenario/link_problem.html", message=UNREADABLE_TRACE, details=[],
                           judge_anew=judge_anew), 409
