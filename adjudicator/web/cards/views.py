"""The card library and 「この条件に一致する？」 on the web: ``/match`` (and ``/match.json``),
``GET``/``POST /api/match``, and ``GET /api/cards?q=…`` for the builder's name autocomplete.

The library is opened once at start-up (an empty one is filled from the starter list); the matching is
``adjudicator.cards.match``, the one the CLI uses. A library whose store fails while serving answers 503 with
the reason (``store_faults.py``); in the builder, the judge is told and types the card in.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify, render_template, request

from adjudicator.cards import CardStore, open_library
from adjudicator.cards.match import MatchError, card_query, match, normalise_name, with_library
from adjudicator.cards.store import MAX_QUERY, MAX_RESULTS
from adjudicator.format.base import MAX_TEXT
from adjudicator.links.faults import StoreUnavailable
from adjudicator.web.cards.text import text_view
from adjudicator.web.common import store_faults
from adjudicator.web.common.services import find_book
from adjudicator.web.common.twins import json_twin
from adjudicator.web.common.urls import node_url
from adjudicator.web.rulings import trace_views

bp = Blueprint("cards", __name__)

LIBRARY_EXTENSION = "adjudicator.cards"
MAX_CONDITION = 200
MAX_BODY_BYTES = 64 * 1024   # a condition and one card's information; far more is not a question
CARD_FIELDS = ("type", "rank", "level", "power", "role", "attributes", "effects", "ruby")


@bp.record_once
def _open_library(state) -> None:
    state.app.extensions[LIBRARY_EXTENSION] = open_library(state.app.config)
    # The builder's card partials (templates/cards/) read a pasted text and show clause chips.
    state.app.add_template_global(text_view, "card_text_view")
    state.app.add_template_global(clause_chips, "clause_chips")


def library() -> CardStore:
    return current_app.extensions[LIBRARY_EXTENSION]


def clause_chips(clause_ids) -> list:
    book = find_book("hi-story")
    return trace_views.ChipMaker(book, lambda node_id: node_url(book, node_id) if book else None)(list(clause_ids))


def library_card(name: str) -> tuple[dict[str, Any] | None, str]:
    """The printed card the builder fills in for ``name``, and what to tell the judge. An exact name wins;
    else a single card containing it; several candidates are listed, never picked."""
    name = normalise_name(name or "")
    if not name:
        return None, "カード名を入れてから「ライブラリから入れる」を押してください。"
    try:
        return _from_library(name)
    except StoreUnavailable as error:  # the builder keeps working: the judge types the card in by hand
        return None, store_faults.message(error)


def _from_library(name: str) -> tuple[dict[str, Any] | None, str]:
    found = library().get(name)
    if found is None:
        candidates = library().search(name, 6)
        if len(candidates) > 1:
            listed = "、".join(f"〈{c.name}〉" for c in candidates[:5])
            return None, f"ライブラリに「{name}」を含むカードが複数あります（{listed}）。名前を正確に入れてください。"
        if not candidates:
            return None, f"カードライブラリに「{name}」はありません。カード情報を入力してください。"
        found = candidates[0]
    return found.printed(), f"カードライブラリの〈{found.name}〉を入れました。効果文の読み取りを確かめてください。"


# --- does this card match this wording? -------------------------------------------------------------


def _answer(condition: str, name: str, fields: dict[str, Any]) -> tuple[dict[str, Any], int]:
    if not condition.strip() or not name.strip():
        return {"error": "条件（condition）とカード名（card）を入れてください。", "status": 400}, 400
    if len(condition) > MAX_CONDITION:
        return {"error": f"条件は{MAX_CONDITION}文字までです。", "status": 400}, 400
    try:
        card = card_query(name, **{key: fields.get(key) for key in CARD_FIELDS})
        return match(condition, with_library(card, library())).to_json(), 200
    except MatchError as error:
        return {"error": str(error), "position": error.position, "status": 400}, 400


def _form_fields(source) -> dict[str, Any]:
    """Query-string fields; an empty box is not given (unknown), except 「なし」 which says none."""
    return {key: (source.get(key) or None) for key in CARD_FIELDS}


@bp.route("/api/match", methods=["GET", "POST"])
def api_match():
    if request.method == "POST":
        if (request.content_length or 0) > MAX_BODY_BYTES:
            return jsonify({"error": f"本文は{MAX_BODY_BYTES // 1024} KiBまでです。", "status": 413}), 413
        body = request.get_json(silent=True)
        if not isinstance(body, dict):
            return jsonify({"error": "JSON のオブジェクト（condition, card）を送ってください。", "status": 400}), 400
        card = body.get("card")
        fields = card if isinstance(card, dict) else {}
        name = fields.get("name") if isinstance(card, dict) else card
        condition = body.get("condition")
        if not isinstance(condition, str) or not isinstance(name, str):
            return jsonify({"error": "condition と card（名前、または name を持つオブジェクト）は文字列です。", "status": 400}), 400
        wrong = [key for key in CARD_FIELDS if fields.get(key) is not None and _scalar_or_list(fields[key]) is None]
        if wrong:  # a field of another type is refused (as the OpenAPI description says), not read as unknown
            return jsonify({"error": f"card の {'、'.join(wrong)} は文字列・整数・文字列の配列のいずれかです。",
                            "status": 400}), 400
        answer, status = _answer(condition, name, {k: _scalar_or_list(fields.get(k)) for k in CARD_FIELDS})
    else:
        answer, status = _answer(request.args.get("condition", ""), request.args.get("card", ""), _form_fields(request.args))
    return jsonify(answer), status


def _scalar_or_list(value: Any) -> Any:
    if isinstance(value, (str, int, list)) and not isinstance(value, bool):
        return value
    return None


@json_twin(bp, "/match")
def match_page(as_json: bool):
    if as_json:
        return _match_json()
    condition, name = request.args.get("condition", ""), request.args.get("card", "")
    answer, status = (None, 200)
    if condition or name:
        answer, status = _answer(condition, name, _form_fields(request.args))
    book = find_book("hi-story")
    chips = trace_views.ChipMaker(book, lambda node_id: node_url(book, node_id) if book else None)
    return render_template("match.html", form=request.args, answer=answer, chips=chips), status


def _match_json():
    answer, status = _answer(request.args.get("condition", ""), request.args.get("card", ""), _form_fields(request.args))
    return jsonify(answer), status


# --- the library ----------------------------------------------------------------------------------------


@bp.route("/api/cards")
def api_cards():
    query = request.args.get("q", "")
    if len(query) > MAX_QUERY:
        return jsonify({"error": f"q は{MAX_QUERY}文字までです。", "status": 400}), 400
    try:
        limit = int(request.args.get("limit", 10))
    except ValueError:
        return jsonify({"error": "limit は整数です。", "status": 400}), 400
    if not 1 <= limit <= MAX_RESULTS:
        return jsonify({"error": f"limit は1〜{MAX_RESULTS}です。", "status": 400}), 400
    found = library().search(query, limit)
    return jsonify({
        "query": query,
        "cards": [{"name": card.name, "person_name": card.person_name, "card": card.printed()} for card in found],
    })


# --- the builder's pasted effect text ---------------------------------------------------------------------


@bp.route("/scenario/card-text", methods=["POST"])
def card_text_fragment():
    """The reading of a pasted effect text as the builder shows it (static/js/cards.js asks as one types)."""
    request.max_content_length = MAX_BODY_BYTES
    text = request.form.get("text", "")[:MAX_TEXT + 1]
    prefix = request.form.get("prefix", "")[:200]
    return render_template("cards/_reading.html", view=text_view(text), prefix=prefix,
                           handwritten=request.form.get("handwritten") == "1")
