"""The builder on the web: ``/scenario/new`` (GET: empty; POST: the form's round trips, resolve, export, check),
and any ruling opened in it (an example, a stateless link, a short link) or downloaded as YAML."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, redirect, render_template, request, url_for

from adjudicator.engine import board_errors
from adjudicator.vocabulary import opponent_of
from adjudicator.format.errors import ScenarioError
from adjudicator.format.loading import dumps
from adjudicator.format.scenario import Scenario
from adjudicator.format.loading import MAX_SOURCE_BYTES, parse_text
from adjudicator.links import encode_payload
from adjudicator.web.builder.draft import PLAYERS, TURN_ORDER, ZONES, Draft, draft_from_data, new_draft, turn_order, validated
from adjudicator.web.builder.edit import apply_operation, offline_items
from adjudicator.web.builder.inputs import TEMPLATE_HELPERS
from adjudicator.web.builder.kinds import LEFT_OPEN, NO_DEFENCE
from adjudicator.web.builder.labels import CARD_FLAG_WORDS, FORM_CHOICES, ROLE_CHOICES, field_label
from adjudicator.web.builder.posted import LIST_LIMITS, MAX_FIELDS, draft_from_form
from adjudicator.web.common.link_store import record_or_404
from adjudicator.web.common.twins import json_twin
from adjudicator.web.rulings.examples import example_scenario
from adjudicator.web.rulings.trace_page import decoded_or_error
from adjudicator.web.common.security import no_store

bp = Blueprint("builder", __name__)

MAX_FORM_BYTES = 2 * 1024 * 1024
MAX_FORM_PARTS = MAX_FIELDS
PARTIAL_HEADER = "X-Builder-Partial"
UNREADABLE_SCENARIO = ("このリンクに保存されたシナリオは壊れているため、ビルダーで開けません。"
                       "保存された判定はリンクのページで見られます。")


@json_twin(bp, "/scenario/new", methods=["GET"])
@no_store
def new_scenario(as_json: bool):
    return _builder(new_draft(), blank=True, as_json=as_json)


@bp.route("/scenario/new", methods=["POST"])
@no_store
def builder_round_trip():
    request.max_content_length = MAX_FORM_BYTES
    request.max_form_parts = MAX_FORM_PARTS
    draft = draft_from_form(request.form)
    operation = request.form.get("op", "")
    if operation == "import":
        return _import(draft)
    if operation in ("resolve", "export", "check"):
        return _finish(draft, operation)
    return _builder(apply_operation(draft, operation), focus=operation)


@json_twin(bp, "/scenario/edit/<path:name>")
@no_store
def edit_example(name: str, as_json: bool):
    return _builder(draft_from_data(example_scenario(name).dump()), as_json=as_json)


@json_twin(bp, "/s/<payload>/edit")
@no_store
def edit_stateless(payload: str, as_json: bool):
    return _builder(draft_from_data(decoded_or_error(payload).dump()), as_json=as_json)


@bp.route("/s/<payload>/yaml")
def stateless_yaml(payload: str):
    return _yaml_download(decoded_or_error(payload))


@json_twin(bp, "/t/<link_id>/edit")
@no_store
def edit_short_link(link_id: str, as_json: bool):
    record = record_or_404(link_id)
    try:
        data = record.scenario_data()
    except ValueError:  # a damaged record whose scenario is not even JSON: said plainly, never a 500
        data = None
    if not isinstance(data, dict):
        if as_json:
            return jsonify({"error": UNREADABLE_SCENARIO, "status": 409}), 409
        return render_template("scenario/link_problem.html", message=UNREADABLE_SCENARIO, details=[]), 409
    return _builder(draft_from_data(data), as_json=as_json)


def _import(draft: Draft):
    upload = request.files.get("import_file")
    text = upload.read(MAX_SOURCE_BYTES + 1).decode("utf-8", "replace") if upload and upload.filename else ""
    text = text or request.form.get("import_text", "")
    if not text.strip():
        return _builder(draft, errors={"import_text": ["読み込むYAMLを貼り付けるか、ファイルを選んでください"]}, status=422)
    try:
        data = parse_text(text)
    except ScenarioError as error:
        return _builder(draft, errors={"import_text": [e.message_ja for e in error.errors]}, status=422)
    imported = draft_from_data(data)
    conversion = validated(imported)
    return _builder(imported, errors=conversion.errors, status=422 if conversion.errors else 200,
                    notice=None if conversion.errors else "YAMLを読み込みました。")


def _finish(draft: Draft, operation: str):
    conversion = validated(draft)
    if conversion.errors or conversion.scenario is None:
        return _builder(draft, errors=conversion.errors, status=422)
    scenario = conversion.scenario
    if operation == "export":
        return _yaml_download(scenario)
    problems = board_errors(scenario)
    if problems:
        # An impossible board: show each named reason next to its field (the engine resolves nothing).
        for path, text in problems:
            conversion.error(conversion.field_of(path), text)  # the board checks speak Japanese
        return _builder(draft, errors=conversion.errors, status=422)
    if operation == "check":
        return _builder(draft, notice="入力に誤りはありません。")
    # The ruling's page resolves it, once: here the board is only checked. Resolving writes nothing: the trace
    # page's 「短縮リンクを作る」 stores it when someone asks (POST /t).
    return redirect(url_for("rulings.stateless_link", payload=encode_payload(scenario)), code=303)


def _builder(draft, *, errors: dict[str, list[str]] | None = None, status: int = 200, notice: str | None = None,
             focus: str = "", blank: bool = False, as_json: bool = False):
    if as_json:  # the page's twin: the draft the form shows, and what it says about it
        return jsonify({"draft": draft, "errors": errors or {}, "notice": notice}), status
    context = dict(
        blank=blank,  # the empty builder: builder.js brings back a draft kept in this browser
        draft=draft,
        errors=errors or {},
        notice=notice,
        focus=focus,
        options=_options(draft),
        choices=FORM_CHOICES,
        flag_words=CARD_FLAG_WORDS,
        field_label=field_label,
        turn_order=turn_order,
        turn_orders=tuple(TURN_ORDER.items()),
        role_choices=ROLE_CHOICES,
        offline_items=offline_items(),  # builder.js adds these without the network, within the same bounds
        list_limits=LIST_LIMITS,
        choice_words=CHOICE_WORDS,
        **TEMPLATE_HELPERS,
    )
    if request.headers.get(PARTIAL_HEADER):
        return render_template("scenario/_builder_form.html", **context), status
    return render_template("scenario/builder.html", **context), status


# The words of the choices the board gives (_options); builder.js makes the same choices from them offline.
CHOICE_WORDS = {
    "nothing": "（場にカードを置いてください）", LEFT_OPEN: "決めていない（防御側に選択を求める）", NO_DEFENCE: "防御しない",
    "block": "ブロック: ", "substitute": "身代わり: ", "event": "事変: ", "deck": "の山札", "hand": "手札",
}


def _options(draft: Draft) -> dict[str, Any]:
    """Choices for the selects, from the board as drafted: the attacker among the turn player's occupied
    slots, the target and the blocker among the opponent's, 身代わり and 事変 among the opponent's hand cards
    (never an empty slot nor one's own), and the ids of declared cards (for hand/deck actions)."""
    ids: list[str] = []
    players = draft.get("players") if isinstance(draft.get("players"), dict) else {}
    occupied: dict[str, list[tuple[str, str]]] = {pid: [] for pid in PLAYERS}
    hand: dict[str, list[tuple[str, str]]] = {pid: [] for pid in PLAYERS}
    for pid in PLAYERS:
        player = players.get(pid) if isinstance(players.get(pid), dict) else {}
        for zone in (*ZONES, "field"):
            node = player.get(zone)
            stacks = node.items() if zone == "field" and isinstance(node, dict) else [("", node)]
            for slot, stack in stacks:
                cards = [c for c in (stack or {}).get("cards", []) if isinstance(c, dict)] if isinstance(stack, dict) else []
                ids += [card["id"] for card in cards if card.get("id")]
                if zone == "field" and cards:
                    occupied[pid].append((f"{pid}{slot}", _slot_label(f"{pid}{slot}", cards[-1])))
                if zone == "hand":
                    hand[pid] += [(card["id"], f"{card['id']}〈{card.get('name') or CHOICE_WORDS['hand']}〉") for card in cards if card.get("id")]
    game = draft.get("game") if isinstance(draft.get("game"), dict) else {}
    attacker = game.get("turn_player") if game.get("turn_player") in PLAYERS else "A"
    defender = opponent_of(attacker)
    nothing = [("", CHOICE_WORDS["nothing"])]
    defences = [(LEFT_OPEN, CHOICE_WORDS[LEFT_OPEN]), (NO_DEFENCE, CHOICE_WORDS[NO_DEFENCE])]
    defences += [(f"block:{ref}", CHOICE_WORDS["block"] + label) for ref, label in occupied[defender]]
    defences += [(f"{kind}:{ref}", CHOICE_WORDS[kind] + label) for kind in ("substitute", "event") for ref, label in hand[defender]]
    slots = [f"{p}{n}" for p in PLAYERS for n in range(1, 6)]
    return {
        "slots": slots, "slot_choices": [(ref, ref) for ref in slots], "ids": ids,
        "attackers": occupied[attacker] or nothing,
        "targets": [("deck", defender + CHOICE_WORDS["deck"])] + occupied[defender],
        "defences": defences,
        "occupied": [choice for pid in PLAYERS for choice in occupied[pid]] or nothing,
    }


def _slot_label(ref: str, top: dict) -> str:
    name = str(top.get("name") or "").strip()
    return f"{ref}〈{name}〉" if name else ref


def _yaml_download(scenario: Scenario) -> Response:
    return Response(
        dumps(scenario),
        mimetype="application/yaml",
        headers={"Content-Disposition": 'attachment; filename="scenario.yaml"'},
    )
