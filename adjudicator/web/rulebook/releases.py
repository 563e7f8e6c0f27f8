"""A book's releases and what changed between any two: ``/rules/hi-story/releases``,
``/rules/hi-story/diff/v1.0.0..v1.1.0`` (each with its ``.json`` twin), and the Atom feed of releases and
official rulings (``/feed.atom``).

A diff lists each change word by word; changes that only renumber (the same words under another number, or
references to renumbered clauses) are counted but shown only with ``?renumbered=1``, as Academy Ruins does.
"""

from __future__ import annotations

from typing import Any
from xml.etree import ElementTree

from flask import Blueprint, Response, abort, jsonify, redirect, render_template, request, url_for

from adjudicator import vocabulary
from adjudicator.rulebook import load_release, releases
from adjudicator.rulebook.changes import DiffItem, ReleaseDiff, release_diff
from adjudicator.web.common.official_store import official_store
from adjudicator.web.common.services import book_or_404, books
from adjudicator.web.common.twins import json_twin

bp = Blueprint("releases", __name__)

SPAN = ".."
SHOW_RENUMBERED = "renumbered"
FEED_ENTRIES = 50  # the newest releases and rulings; a reader keeps the older ones it has seen
ATOM = "http://www.w3.org/2005/Atom"


@json_twin(bp, "/rules/<book_id>/releases")
def release_list(book_id: str, as_json: bool):
    book = book_or_404(book_id)
    listed = [_release_json(book.id, entry.release) for entry in releases(book.id)]
    steps = [{"from": old["release"], "to": new["release"], "url": diff_url(book.id, old["release"], new["release"])}
             for old, new in zip(listed, listed[1:])]
    if as_json:
        return jsonify({"rulebook": book.id, "title": book.title, "latest": book.release, "releases": listed,
                        "diffs": steps})
    return render_template("rules/releases.html", book=book, pinned=False, listed=listed, steps=steps)


@json_twin(bp, "/rules/<book_id>/diff/<span>")
def diff(book_id: str, span: str, as_json: bool):
    book = book_or_404(book_id)
    old_release, separator, new_release = span.partition(SPAN)
    found = release_diff(book.id, old_release, new_release) if separator else None
    if found is None:
        return _no_such_diff(book, span, as_json)
    show_renumbered = request.args.get(SHOW_RENUMBERED) == "1"
    shown = [item for item in found.items if show_renumbered or not item.change.renumber_only]
    hidden = len(found.items) - len(shown)
    if as_json:
        return jsonify(_diff_json(found, shown, hidden, show_renumbered))
    return render_template("rules/diff.html", book=found.new, pinned=True, diff=found, items=shown, hidden=hidden,
                           show_renumbered=show_renumbered, words=vocabulary.CLAUSE_CHANGES,
                           counts=found.matching.counts(), releases=[e.release for e in releases(book.id)],
                           json_url=diff_url(book.id, found.old.release, found.new.release, json=True))


def diff_url(book_id: str, old: str, new: str, *, json: bool = False) -> str:
    return url_for("releases.diff", book_id=book_id, span=f"{old}{SPAN}{new}", as_json=json)


@bp.route("/rules/<book_id>/diff")
def pick_diff(book_id: str):
    """The release list's form: two releases picked, sent to their diff's address."""
    book = book_or_404(book_id)
    old, new = request.args.get("from", ""), request.args.get("to", "")
    if load_release(book.id, old) is None or load_release(book.id, new) is None:
        return _no_such_diff(book, f"{old}{SPAN}{new}", False)
    return redirect(diff_url(book.id, old, new), code=303)


def _no_such_diff(book, span: str, as_json: bool):
    known = [entry.release for entry in releases(book.id)]
    message = f"{book.title} の版の比較「{span}」はできません。版は {', '.join(known)} です（例: {known[0]}{SPAN}{known[-1]}）。"
    if as_json:
        return jsonify({"error": message, "releases": known}), 404
    abort(404, description=message)


def _release_json(book_id: str, release: str) -> dict[str, Any]:
    book = load_release(book_id, release)
    return {"release": book.release, "effective_date": book.effective_date, "sha256": book.sha256,
            "clauses": book.count("clause"),
            "url": url_for("rules.node", book_id=book_id, ref=release)}


def _diff_json(found: ReleaseDiff, shown: list[DiffItem], hidden: int, show_renumbered: bool) -> dict[str, Any]:
    return {
        "rulebook": found.new.id,
        "from": {"release": found.old.release, "effective_date": found.old.effective_date},
        "to": {"release": found.new.release, "effective_date": found.new.effective_date},
        "counts": found.matching.counts(),
        "unchanged": found.matching.unchanged,
        "renumber_only_shown": show_renumbered,
        "renumber_only_hidden": hidden,
        "changes": [_item_json(found, item) for item in shown],
    }


def _item_json(found: ReleaseDiff, item: DiffItem) -> dict[str, Any]:
    change = item.change
    return {
        "kind": change.kind,
        "kind_ja": vocabulary.CLAUSE_CHANGES[change.kind],
        "old": [_clause_json(found.old, clause) for clause in change.old],
        "new": [_clause_json(found.new, clause) for clause in change.new],
        "renumber_only": change.renumber_only,
        "forced": change.forced,
        "old_text": item.old_text,
        "new_text": item.new_text,
        "words": [{"op": piece.op, "text": piece.text} for piece in item.pieces],
    }


def _clause_json(book, clause: str) -> dict[str, str]:
    return {"id": clause, "url": url_for("rules.pinned_node", book_id=book.id, release=book.release, ref=clause)}


# --- the Atom feed -------------------------------------------------------------------------------------------


@bp.route("/feed.atom")
def feed():
    """Releases of every book and the official rulings, newest first (RFC 4287)."""
    entries = sorted(_release_entries() + _ruling_entries(), key=lambda entry: entry["updated"], reverse=True)
    root = ElementTree.Element("feed", xmlns=ATOM)
    _text(root, "title", "Hi!story ルール裁定 — ルールブックの版と公式裁定")
    _text(root, "id", request.host_url.rstrip("/") + url_for("releases.feed"))
    ElementTree.SubElement(root, "link", rel="self", href=request.host_url.rstrip("/") + url_for("releases.feed"))
    _text(root, "updated", entries[0]["updated"] if entries else "1970-01-01T00:00:00Z")
    author = ElementTree.SubElement(root, "author")
    _text(author, "name", "Hi!story ルール裁定サービス")
    for entry in entries[:FEED_ENTRIES]:
        element = ElementTree.SubElement(root, "entry")
        for name in ("title", "id", "updated", "summary"):
            _text(element, name, entry[name])
        ElementTree.SubElement(element, "link", href=entry["link"])
    body = ElementTree.tostring(root, encoding="unicode", xml_declaration=True)
    return Response(body, mimetype="application/atom+xml")


def _text(parent, name: str, text: str) -> None:
    ElementTree.SubElement(parent, name).text = text


def _absolute(path: str) -> str:
    return request.host_url.rstrip("/") + path


def _release_entries() -> list[dict[str, str]]:
    entries = []
    for book in books():
        listed = releases(book.id)
        for before, entry in zip((None, *listed), listed):
            if entry.effective_date is None:
                continue  # a release without a date cannot be placed in a feed
            link = diff_url(book.id, before.release, entry.release) if before else \
                url_for("releases.release_list", book_id=book.id)
            entries.append({"title": f"{book.title} {entry.release}", "id": _absolute(link),
                            "updated": f"{entry.effective_date}T00:00:00Z", "link": _absolute(link),
                            "summary": f"{book.title} の版 {entry.release}（{entry.effective_date} 施行）"})
    return entries


def _ruling_entries() -> list[dict[str, str]]:
    entries = []
    for ruling in official_store().load():  # the feed is its rulings: a store that cannot be read is a 503
        link = url_for("rules.node", book_id=ruling.book, ref=ruling.clauses[0]) + f"#ruling-{ruling.id}"
        marked = f"（{ruling.superseded_by} に差し替え）" if ruling.superseded else ""
        entries.append({"title": f"公式裁定 {ruling.id}: {ruling.question}{marked}", "id": _absolute(link),
                        "updated": f"{ruling.date}T00:00:00Z", "link": _absolute(link),
                        "summary": f"{ruling.answer}（{', '.join(ruling.clauses)}）"})
    return entries
