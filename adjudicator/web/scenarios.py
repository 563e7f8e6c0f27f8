"""Scenarios on the web: the builder form, the gallery of examples, trace pages, permanent links, the API.

URLs (each trace page has its JSON twin)::

    /scenarios   /scenarios.json    the gallery: curated examples (scenarios/gallery.toml), ``?q=`` filters
    /scenarios/<name>   /scenarios/<name>.json   any scenario file's trace   /scenario/edit/<name>  it in the builder
    /scenario/new                   the builder (GET: empty; POST: the form's round trips, resolve, export)
    /s/<payload>   /s/<payload>.json  stateless link: the scenario is in the URL      /s/<payload>/edit
    /t/<id>   /t/<id>.json          short link: the stored trace                      /t/<id>/edit
    /t/<id>/rerun   /t/<id>/rerun.json   the stored scenario on the current rules: did the outcome change?
    POST /t                         store a scenario (form field ``payload``) and go to its short link
    POST /api/resolve               scenario (JSON or YAML) → trace JSON + ``links``
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)

from adjudicator import paths, vocabulary
from adjudicator.engine import Scenario, ScenarioError, canonical_json, dumps, load_scenario
from adjudicator.engine.trace import Trace, UnreadableTrace
from adjudicator.format.loading import MAX_SOURCE_BYTES, parse_text
from adjudicator.links import (
    LinkRecord,
    LinkStore,
    PayloadProblem,
    Ruling,
    decode_payload,
    encode_payload,
    is_link_id,
    open_store,
    payload_text,
    rerun,
    scenario_of_text,
    stored_for,
)
from adjudicator.links.payload import payload_made_under
from adjudicator.rulebook import load_release
from adjudicator.search import corpus
from adjudicator.web import gallery as curated, trace_views
from adjudicator.web.builder_data import validated
from adjudicator.web.builder_draft import PLAYERS, TURN_ORDER, ZONES, Draft, draft_from_data, new_draft, turn_order
from adjudicator.web.builder_edit import apply_operation
from adjudicator.web.clause_versions import beside_ruling
from adjudicator.web.builder_inputs import TEMPLATE_HELPERS
from adjudicator.web.builder_kinds import LEFT_OPEN, NO_DEFENCE
from adjudicator.web.builder_labels import CARD_FLAG_WORDS, FORM_CHOICES, ROLE_CHOICES, field_label
from adjudicator.web.builder_posted import MAX_FIELDS, draft_from_form
from adjudicator.web.errors import wants_json
from adjudicator.web.rate_limits import write_limit
from adjudicator.web.services import find_book

bp = Blueprint("scenarios", __name__)
T = TypeVar("T")

STORE_EXTENSION = "adjudicator.links"
YAML_TYPES = ("application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml")
MAX_FORM_BYTES = 2 * 1024 * 1024
MAX_FORM_PARTS = MAX_FIELDS
PARTIAL_HEADER = "X-Builder-Partial"


@bp.record_once
def _open_store(state) -> None:
    state.app.extensions[STORE_EXTENSION] = open_store(state.app.config)


def link_store() -> LinkStore:
    return current_app.extensions[STORE_EXTENSION]


# --- the gallery -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Example:
    name: str          # "attack/block-deck-attack-excess"
    group: str
    title: str
    question: str
    cites: tuple[str, ...] = ()  # the clauses its expectation says the ruling cites (expect.cites)


@lru_cache(maxsize=1)
def _examples(root: Path) -> tuple[Example, ...]:
    # The corpus's plain fields, read once and kept beside the search index (search/corpus.py).
    return tuple(Example(entry.name, entry.name.rsplit("/", 1)[0], entry.title, entry.question, entry.cites)
                 for entry in corpus.entries(root))


def examples_citing(clause_id: str, limit: int = 6) -> tuple[list[Example], int]:
    """The examples whose expected ruling cites ``clause_id`` or one of its items (10.6.2 ← 10.6.2-6), the
    gallery's first; and how many there are in all."""
    curated = {card.name for group in curated_gallery() for card in group.cards}
    citing = [example for example in examples()
              if any(cite == clause_id or cite.startswith(clause_id + "-") for cite in example.cites)]
    citing.sort(key=lambda example: (example.name not in curated, example.name))
    return citing[:limit], len(citing)


def curated_gallery() -> tuple[curated.GalleryGroup, ...]:
    return curated.gallery(paths.scenarios_dir())


def examples() -> tuple[Example, ...]:
    return _examples(paths.scenarios_dir())


def example_scenario(name: str) -> Scenario:
    """An example by name; only names the gallery lists are ever opened (no path from the URL)."""
    if name not in {example.name for example in examples()}:
        abort(404, description=f"例題「{name}」はありません。")
    return load_scenario((paths.scenarios_dir() / f"{name}.yaml").read_text(encoding="utf-8"))


def _gallery_groups() -> tuple[tuple[curated.GalleryGroup, ...], str]:
    query = request.args.get("q", "")[: curated.MAX_FILTER_CHARS]
    return curated.filtered(curated.gallery(paths.scenarios_dir()), query), query


@bp.route("/scenarios")
def gallery():
    # Every card is on the page; those the filter leaves out carry `hidden`, so the filter works without
    # JavaScript and gallery.js can widen it again as the box is edited.
    matching, query = _gallery_groups()
    shown = {card.name for group in matching for card in group.cards}
    return render_template("scenario/gallery.html", groups=curated.gallery(paths.scenarios_dir()), query=query,
                           shown=shown, corpus=len(examples()))


@bp.route("/scenarios.json")
def gallery_json():
    groups, query = _gallery_groups()
    return jsonify({
        "query": query,
        "groups": [{
            "title": group.title, "topic": group.topic, "chapter": group.chapter,
            "examples": [{
                "name": card.name, "title": card.title, "question": card.question, "legal": card.legal,
                "summary": card.summary, "verdict": card.status, "clauses": list(card.clauses),
                "url": url_for("scenarios.example_trace", name=card.name),
                "json": url_for("scenarios.example_trace", name=f"{card.name}.json"),
                "edit": url_for("scenarios.edit_example", name=card.name),
            } for card in group.cards],
        } for group in groups],
        "corpus": len(examples()),
    })


@bp.route("/scenarios/<path:name>")
def example_trace(name: str):
    if name.endswith(".json") and name.removesuffix(".json") in {example.name for example in examples()}:
        return _example_json(name.removesuffix(".json"))
    return _trace_page(Ruling.resolved(example_scenario(name)), record=None, example=name)


def _example_json(name: str):
    """An example's twin: the scenario, the trace resolved now, and its links (nothing is stored)."""
    ruling = Ruling.resolved(example_scenario(name))
    return jsonify({"name": name, "scenario": ruling.scenario.dump(), "trace": ruling.trace_json,
                    "links": {**_links(ruling.payload, None), "page": url_for("scenarios.example_trace", name=name)}})


@bp.route("/scenario/edit/<path:name>")
def edit_example(name: str):
    return _builder(draft_from_data(example_scenario(name).dump()))


# --- the builder -------------------------------------------------------------------------------------------


@bp.route("/scenario/new", methods=["GET"])
def new_scenario():
    return _builder(new_draft(), blank=True)


@bp.route("/scenario/new", methods=["POST"])
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
    ruling = Ruling.resolved(scenario)
    if ruling.trace.errors:
        # An impossible board: show each named reason next to its field (the engine resolved nothing).
        for path, text in ruling.trace.errors:
            conversion.error(conversion.field_of(path), text)  # the board checks speak Japanese
        return _builder(draft, errors=conversion.errors, status=422)
    if operation == "check":
        return _builder(draft, notice="入力に誤りはありません。")
    # Resolving writes nothing: the trace page's 「短縮リンクを作る」 stores it when someone asks (POST /t).
    return redirect(url_for("scenarios.stateless_link", payload=ruling.payload), code=303)


def _builder(draft, *, errors: dict[str, list[str]] | None = None, status: int = 200, notice: str | None = None,
             focus: str = "", blank: bool = False):
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
        **TEMPLATE_HELPERS,
    )
    if request.headers.get(PARTIAL_HEADER):
        return render_template("scenario/_builder_form.html", **context), status
    return render_template("scenario/builder.html", **context), status


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
                    hand[pid] += [(card["id"], f"{card['id']}〈{card.get('name') or '手札'}〉") for card in cards if card.get("id")]
    game = draft.get("game") if isinstance(draft.get("game"), dict) else {}
    attacker = game.get("turn_player") if game.get("turn_player") in PLAYERS else "A"
    defender = "B" if attacker == "A" else "A"
    nothing = [("", "（場にカードを置いてください）")]
    defences = [(LEFT_OPEN, "決めていない（防御側に選択を求める）"), (NO_DEFENCE, "防御しない")]
    defences += [(f"block:{ref}", f"ブロック: {label}") for ref, label in occupied[defender]]
    defences += [(f"substitute:{ref}", f"身代わり: {label}") for ref, label in hand[defender]]
    defences += [(f"event:{ref}", f"事変: {label}") for ref, label in hand[defender]]
    slots = [f"{p}{n}" for p in "AB" for n in range(1, 6)]
    return {
        "slots": slots, "slot_choices": [(ref, ref) for ref in slots], "ids": ids,
        "attackers": occupied[attacker] or nothing,
        "targets": [("deck", f"{defender}の山札")] + occupied[defender],
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


# --- stateless links -----------------------------------------------------------------------------------------


def _decoded_or_error(payload: str) -> Scenario:
    return _or_link_problem(decode_payload(payload))


def _or_link_problem(result: T | PayloadProblem) -> T:
    """``result``, unless it is why a link cannot be opened: then the link problem page (400) says why."""
    if isinstance(result, PayloadProblem):
        details = [f"{e.path}: {e.message_ja}" for e in result.errors]
        abort(Response(render_template("scenario/link_problem.html", message=result.message, details=details), 400))
    return result


@bp.route("/s/<payload>")
def stateless_link(payload: str):
    return _trace_page(Ruling.resolved(_decoded_or_error(payload)), record=None)


@bp.route("/s/<payload>.json")
def stateless_link_json(payload: str):
    """The short link twin's JSON, resolved now: nothing is stored, so there is no ``id`` nor ``created``."""
    result = decode_payload(payload)
    if isinstance(result, PayloadProblem):
        return _api_error(400, result.message, result.errors)
    ruling = Ruling.resolved(result)
    shown = ruling.record().to_json(trace=ruling.trace_json)
    del shown["id"], shown["created"]
    # What the link says it was made under (null for a link made before that was recorded): the ruling above is
    # made now, by this engine, under the release its rules cite.
    made = payload_made_under(payload)
    return jsonify({**shown, "made_under": {"release": made.release, "engine": made.engine},
                    "links": _links(ruling.payload, None)})


@bp.route("/s/<payload>/edit")
def edit_stateless(payload: str):
    return _builder(draft_from_data(_decoded_or_error(payload).dump()))


@bp.route("/s/<payload>/yaml")
def stateless_yaml(payload: str):
    return _yaml_download(_decoded_or_error(payload))


@bp.route("/t", methods=["POST"])
def share():
    record = _share(request.form.get("payload", ""))
    return redirect(url_for("scenarios.short_link", link_id=record.id), code=303)


def _share(payload: str) -> LinkRecord:
    """The short link's record for a stateless payload: the one stored for its scenario on the current rules,
    or a new one. Counted against the write limit either way, as before.

    A payload this service made carries the scenario's canonical JSON, which a short link's id is made from:
    a record stored for it is found from the payload's text alone, without reading (validating) the scenario
    again, let alone resolving it. Otherwise the scenario is read (a payload that is none: the link problem
    page, as before) and resolved, unless a record of its canonical form is stored (``Ruling.shared``)."""
    text = _or_link_problem(payload_text(payload))
    stored = stored_for(text, link_store())
    scenario = _or_link_problem(scenario_of_text(text)) if stored is None else None
    with write_limit():
        if stored is not None:
            return stored
        # The text is the canonical form, looked up just now: nothing is stored for it, so resolve it.
        ruling = Ruling.resolved(scenario) if canonical_json(scenario) == text else Ruling.shared(scenario, link_store())
        return ruling.stored or link_store().put(ruling.record())


def _store(record: LinkRecord) -> LinkRecord:
    """A ruling written (this or ``_share``): counted against the client's write limit (rate_limits)."""
    with write_limit():
        return link_store().put(record)


# --- short links -----------------------------------------------------------------------------------------------


def _record_or_404(link_id: str) -> LinkRecord:
    record = link_store().get(link_id) if is_link_id(link_id) else None
    if record is None:
        abort(404, description=f"リンク「{link_id}」は見つかりません。")
    return record


@bp.route("/t/<link_id>")
def short_link(link_id: str):
    record = _record_or_404(link_id)
    # The stored trace, never a new resolution: the link shows what was seen when it was made.
    return _trace_page(Ruling.of_record(record), record=record)


@bp.route("/t/<link_id>.json")
def short_link_json(link_id: str):
    record = _record_or_404(link_id)
    ruling = Ruling.of_record(record)
    stale = {"scenario_valid": False, "notice": STALE_SCENARIO} if ruling.stale else {}
    return jsonify({**record.to_json(trace=ruling.trace_json), **stale, "links": _links(ruling.payload, record)})


@bp.route("/t/<link_id>/edit")
def edit_short_link(link_id: str):
    record = _record_or_404(link_id)
    try:
        data = record.scenario_data()
    except ValueError:  # a damaged record whose scenario is not even JSON: said plainly, never a 500
        data = None
    if not isinstance(data, dict):
        return render_template("scenario/link_problem.html", message=UNREADABLE_SCENARIO, details=[]), 409
    return _builder(draft_from_data(data))


@bp.route("/t/<link_id>/rerun.json")
def rerun_short_link_json(link_id: str):
    record = _record_or_404(link_id)
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
        "links": {"short": url_for("scenarios.short_link", link_id=record.id),
                  "page": url_for("scenarios.rerun_short_link", link_id=record.id)},
    })


def _clause_fates_json(check) -> dict[str, Any]:
    """The stored ruling's cited clauses followed into the latest release (links/clause_fates.py)."""
    return {"book": check.book, "release": check.release, "latest": check.latest,
            "fates": [{"clause": fate.clause, "kind": fate.kind, "latest": list(fate.latest),
                       "renumber_only": fate.renumber_only,
                       "words": [{"op": piece.op, "text": piece.text} for piece in fate.pieces]}
                      for fate in check.fates]}


@bp.route("/t/<link_id>/rerun")
def rerun_short_link(link_id: str):
    record = _record_or_404(link_id)
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


# --- the JSON API ----------------------------------------------------------------------------------------------


# The API's top-level messages are for people, in Japanese like every page; each error of a scenario that
# does not load keeps the engine's English `message` (with its clause) beside its Japanese `message_ja`.
TOO_LARGE = f"シナリオが大きすぎます（{MAX_SOURCE_BYTES // 1024} KiBまで）。"
UNSUPPORTED_TYPE = "シナリオは application/json か application/yaml で送ってください。"
NOT_VALID = "シナリオに誤りがあります（誤りの箇所と内容は errors にあります）。"
STALE_SCENARIO = ("このリンクのシナリオは現在のシナリオ形式では有効ではないため、現在のルールで再判定できません。"
                  "表示しているのは保存された判定です。")
UNREADABLE_SCENARIO = ("このリンクに保存されたシナリオは壊れているため、ビルダーで開けません。"
                       "保存された判定はリンクのページで見られます。")
UNREADABLE_TRACE = ("このリンクに保存された判定は、壊れているか、このバージョンでは読めない形式のため表示できません。"
                    "シナリオが有効なら、下のリンクから現在のルールで判定できます。")


@bp.errorhandler(UnreadableTrace)
def _unreadable_trace(error: UnreadableTrace):
    """A stored trace that does not read (damaged, or of another format): said plainly, never a 500. The
    stored record itself is untouched, and the scenario, when it still loads, can be judged anew."""
    current_app.logger.warning("unreadable stored trace at %s: %s", request.path, error)
    record = link_store().get(request.view_args["link_id"]) if "link_id" in (request.view_args or {}) else None
    payload = Ruling.of_record(record).payload if record is not None else None
    if wants_json():
        return jsonify({"error": UNREADABLE_TRACE, "status": 409, "links": _links(payload, None)}), 409
    judge_anew = url_for("scenarios.stateless_link", payload=payload) if payload else None
    return render_template("scenario/link_problem.html", message=UNREADABLE_TRACE, details=[],
                           judge_anew=judge_anew), 409


@bp.route("/api/resolve", methods=["POST"])
def api_resolve():
    if request.content_length is not None and request.content_length > MAX_SOURCE_BYTES:
        return _api_error(413, TOO_LARGE)
    if request.args.get("short", "false") not in ("true", "false") or len(request.args.getlist("short")) > 1:
        return _api_error(400, "short には true か false を指定してください。")
    body = request.get_data(cache=False)[: MAX_SOURCE_BYTES + 1]
    mimetype = request.mimetype
    try:
        if mimetype == "application/json":
            scenario = load_scenario(_json_body(body))
        elif mimetype in YAML_TYPES:
            scenario = load_scenario(body.decode("utf-8", "replace"))
        else:
            return _api_error(415, UNSUPPORTED_TYPE)
    except ScenarioError as error:
        return _api_error(400, NOT_VALID, error.errors)
    ruling = Ruling.resolved(scenario)
    # A ruling is stored only when asked (``?short=true``, like POST /t): resolving alone writes nothing.
    record = _store(ruling.record()) if request.args.get("short") == "true" else None
    return jsonify({**ruling.trace_json, "links": _links(ruling.payload, record)})


def _json_body(body: bytes) -> Any:
    if len(body) > MAX_SOURCE_BYTES:
        raise ScenarioError.of("source_too_large", max_kib=MAX_SOURCE_BYTES // 1024)
    try:
        return json.loads(body)
    except (ValueError, RecursionError) as error:
        raise ScenarioError.of("not_json", problem=str(error)) from None


def _api_error(status: int, message: str, errors=()) -> tuple[Response, int]:
    """errors.py's shape (``error`` in Japanese, ``status``), plus the scenario's errors: each its path, code,
    params, clause and messages (``FormatError.to_json``)."""
    return jsonify({"error": message, "status": status, "errors": [e.to_json() for e in errors]}), status


def _links(payload: str | None, record: LinkRecord | None) -> dict[str, str]:
    links = {"stateless": url_for("scenarios.stateless_link", payload=payload)} if payload else {}
    if record is not None:
        links["short"] = url_for("scenarios.short_link", link_id=record.id)
    return links


# --- the trace page --------------------------------------------------------------------------------------------


def _trace_page(ruling: Ruling, *, record: LinkRecord | None, example: str | None = None):
    book = find_book("hi-story")
    trace = ruling.trace
    # Each chip opens the clause as it read in the release the ruling was made under (a stored ruling keeps
    # its release; the pinned page of an older release says which release is current).
    release = trace.rulebook.get("release") or (book.release if book else "")
    # ... and shows that release's text: a newer release landed since must not change what a stored ruling says.
    made_under = (load_release(book.id, release) if book else None) or book
    chips = trace_views.ChipMaker(made_under, lambda node_id: url_for("rules.pinned_node", book_id=book.id,
                                                                       release=release, ref=node_id) if book else None)
    links = _links(ruling.payload, record)
    verdict = trace_views.verdict(trace)
    return render_template(
        "scenario/trace.html",
        trace=trace,
        verdict=verdict,
        chips=chips,
        main_chips=chips(verdict.main_clauses),
        before=trace_views.board_view(trace.initial),
        after=trace_views.board_view(trace.final),
        actions=_action_summaries(ruling.scenario) if ruling.scenario else [],
        record=record,
        example=example,
        payload=ruling.payload,
        stale=STALE_SCENARIO if ruling.stale else None,
        continue_payload=_continue_payload(trace),
        links=links,
        absolute={name: request.host_url.rstrip("/") + path for name, path in links.items()},
        page_url=request.base_url,
        change_words=vocabulary.CLAUSE_CHANGES,
        **beside_ruling(book, trace),
    )


def _continue_payload(trace: Trace) -> str | None:
    """The ruling's final board (``final_scenario``) as a link payload for 「続きを調べる」, if there is one."""
    final = trace.final_scenario
    if not final:
        return None
    try:
        return encode_payload(load_scenario(final))
    except ScenarioError:  # a stored trace from an older engine: no continuation rather than an error
        return None


ACTION_WORDS = vocabulary.ACTIONS


def _action_summaries(scenario: Scenario) -> list[str]:
    return [f"行動{i + 1}: {ACTION_WORDS.get(action.kind, action.kind)}" for i, action in enumerate(scenario.actions)]
