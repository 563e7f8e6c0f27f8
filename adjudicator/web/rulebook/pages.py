"""The rulebook browser: table of contents, chapter/section/clause pages (latest and release-pinned),
the whole book on one page, and the bulk dumps. Every page has a JSON twin at ``<url>.json``.
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify, redirect, render_template, request, url_for

from adjudicator.rulebook import Node, Rulebook, load_release, releases
from adjudicator.web.rulebook.blocks import blocks
from adjudicator.web.rulebook.glossary import glossary, terms_in
from adjudicator.web.common.urls import in_page_href, node_url, reference_href, toc_url
from adjudicator.web.rulebook.nearest import nearest_nodes
from adjudicator.web.rulings.examples import examples_citing
from adjudicator.web.rulebook.versions import clause_history, moved_here
from adjudicator.web.rulings.official import OfficialBlock, block_json, official_rulings
from adjudicator.web.rulebook.serialize import dump_json, dump_markdown, node_json, toc_json
from adjudicator.web.common.services import books, find_book
from adjudicator.web.common.twins import json_twin
from adjudicator.web.common.security import same_for_a_release

bp = Blueprint("rules", __name__)

WHOLE_BOOK = "all"
GLOSSARY = "glossary"
JSON_SUFFIX = ".json"
MARKDOWN_SUFFIX = ".md"


def _split_suffix(name: str) -> tuple[str, str]:
    for suffix in (JSON_SUFFIX, MARKDOWN_SUFFIX):
        if name.endswith(suffix):
            return name[: -len(suffix)], suffix
    return name, ""


def _as_asked(name: str, as_json: bool) -> str:
    """The name as this module's pages read it, the twin's ``.json`` kept on it (beside ``all.md``'s ``.md``)."""
    return name + JSON_SUFFIX if as_json else name


@bp.route("/rules/")
def books_index():
    return redirect("/", code=301)


@json_twin(bp, "/rules/<book_file>")
def toc(book_file: str, as_json: bool):
    book_id, suffix = _split_suffix(_as_asked(book_file, as_json))
    book = find_book(book_id)
    if book is None:
        return _unknown_book(book_id, None, suffix)
    return _toc_page(book, suffix, pinned=False)


@bp.route("/rules/<book_id>/<release>/")
def pinned_toc(book_id: str, release: str):
    book = find_book(book_id)
    if book is None:
        return _unknown_book(book_id, None, "")
    if load_release(book.id, release) is None:
        return _wrong_release(book, release, None)
    return redirect(url_for("rules.node", book_id=book.id, ref=release), code=301)


@json_twin(bp, "/rules/<book_id>/<ref>")
@same_for_a_release
def node(book_id: str, ref: str, as_json: bool):
    ref = _as_asked(ref, as_json)
    book = find_book(book_id)
    if book is None:
        return _unknown_book(book_id, *_split_suffix(ref))
    return _node_page(book, ref, pinned=False)


@json_twin(bp, "/rules/<book_id>/<release>/<ref>")
@same_for_a_release
def pinned_node(book_id: str, release: str, ref: str, as_json: bool):
    ref = _as_asked(ref, as_json)
    book = find_book(book_id)
    if book is None:
        return _unknown_book(book_id, *_split_suffix(ref))
    pinned = load_release(book.id, release)  # every release stays served at its pinned address
    if pinned is None:
        return _wrong_release(book, release, ref)
    return _node_page(pinned, ref, pinned=True)


def _node_page(book: Rulebook, ref: str, pinned: bool):
    name, suffix = _split_suffix(ref)
    if name == WHOLE_BOOK:
        return _whole_book(book, suffix)
    if name == GLOSSARY:
        return _glossary(book, suffix, pinned)
    release = load_release(book.id, name) if not pinned else None
    if release is not None:  # /rules/hi-story/v1.0.0: the table of contents pinned to a release
        return _toc_page(release, suffix, pinned=True)
    found = book.get(name)
    if found is None or suffix == MARKDOWN_SUFFIX:
        return _missing(book, name, suffix)
    if found.id != name:  # ６．７．１, 第6章, 10.6.2の⑧: send people to the one canonical address
        return redirect(node_url(book, found.id, pinned=pinned, json=suffix == JSON_SUFFIX), code=301)
    versions = _versions(book, found)
    if suffix == JSON_SUFFIX:
        return jsonify({**node_json(book, found, pinned=pinned), **_versions_json(versions)})
    return render_template(
        "rules/node.html",
        book=book,
        node=found,
        pinned=pinned,
        href=lambda ref: node_url(book, ref, pinned=pinned),
        path=book.heading_path(found.id)[:-1],
        blocks=blocks(book, book.subtree(found.id), reference_href(book, pinned=pinned), top_level=1),
        backlinks=[source for source_id in book.backlinks(found.id) if (source := book.get(source_id))],
        previous=book.previous(found.id),
        following=book.next(found.id),
        permalink=node_url(book, found.id, pinned=True, external=True),
        json_url=node_url(book, found.id, pinned=pinned, json=True),
        terms=terms_in(book, " ".join(node.text for node in book.subtree(found.id))),
        examples=_examples_for(book, found),
        preview_text=_preview(found),
        **versions,
    )


def _versions(book: Rulebook, node: Node) -> dict:
    """The clause across releases (a clause, or an item as its clause) and the official rulings on it."""
    if node.kind not in ("clause", "item"):
        return {"history": (), "moved": (), "official": OfficialBlock(), "newer_release": None, "latest_clause": None}
    clause = node.id.split("-")[0]
    history = clause_history(book, clause)
    latest = releases(book.id)[-1].release
    latest_row = next((row for row in history if row.release == latest), None)
    return {
        "history": history,
        "moved": moved_here(book, clause),
        "official": official_rulings(book, [node.id]),
        "newer_release": latest if book.release != latest else None,
        "latest_clause": latest_row.clause if latest_row else None,
    }


def _versions_json(versions: dict) -> dict:
    return {
        "history": [{"release": row.release, "effective_date": row.effective_date, "clause": row.clause,
                     "url": row.url, "change": row.change} for row in versions["history"]],
        **block_json(versions["official"]),
    }


PREVIEW_CHARS = 200


def _preview(node: Node) -> str:
    """The clause's own text on one line, for the OpenGraph description of a shared link (chat previews)."""
    text = " ".join(node.text.split())
    return text if len(text) <= PREVIEW_CHARS else text[: PREVIEW_CHARS - 1] + "…"


def _examples_for(book: Rulebook, node: Node):
    """The example scenarios whose expected ruling cites this clause (or one of its items): Hi!story only."""
    if book.id != "hi-story" or node.kind not in ("clause", "item"):
        return (), 0
    return examples_citing(node.id)


def _glossary(book: Rulebook, suffix: str, pinned: bool):
    terms = glossary(book)
    if suffix == JSON_SUFFIX:
        return jsonify({
            "rulebook": book.identity(),
            "source": "clauses that define a term in their text (chapter 15 用語集 is empty in the source)",
            "terms": [{"term": t.term, "definition": t.definition, "clause": t.clause,
                       "url": node_url(book, t.clause)} for t in terms],
        })
    if suffix:
        return _missing(book, GLOSSARY + suffix, suffix)
    return render_template("rules/glossary.html", book=book, pinned=pinned, terms=terms,
                           json_url=url_for("rules.node", book_id=book.id, ref=GLOSSARY + JSON_SUFFIX))


def _toc_page(book: Rulebook, suffix: str, *, pinned: bool):
    """The table of contents, latest (``/rules/hi-story``) or pinned (``/rules/hi-story/v1.0.0``), or its twin."""
    ref = book.release if pinned else book.id
    if suffix == JSON_SUFFIX:
        return jsonify({**toc_json(book), "pinned": pinned})
    if suffix:
        return _missing(book, ref + suffix, suffix)
    json_url = url_for("rules.node", book_id=book.id, ref=f"{ref}{JSON_SUFFIX}") if pinned else toc_url(book, json=True)
    return render_template("rules/toc.html", book=book, toc=toc_json(book)["chapters"], pinned=pinned,
                           json_url=json_url)


def _whole_book(book: Rulebook, suffix: str):
    if suffix == JSON_SUFFIX:
        return jsonify(dump_json(book))
    if suffix == MARKDOWN_SUFFIX:
        return Response(dump_markdown(book, request.host_url), mimetype="text/markdown")
    everything = tuple(book.walk())
    return render_template("rules/book.html", book=book, pinned=False,
                           blocks=blocks(book, everything, in_page_href(book), top_level=2))


def _missing(book: Rulebook, name: str, suffix: str):
    """404 for a clause that does not exist, naming the nearest ones that do (and, for a clause of an older
    release, where it went)."""
    suggestions = nearest_nodes(book, name)
    moved = moved_here(book, name) if book.get(name) is None else ()
    message = f"{book.title} に「{name}」はありません。" + _where_it_went(moved)
    if suffix == JSON_SUFFIX:
        return jsonify({
            "error": message,
            "suggestions": [{"id": node.id, "label": node.label, "url": node_url(book, node.id)}
                            for node in suggestions],
        }), 404
    return render_template("rules/missing.html", book=book, pinned=False, name=name, message=message,
                           suggestions=suggestions, moved=moved), 404


def _where_it_went(moved) -> str:
    """「v1.0.0 の 4.4.2 は v1.1.0 で削除されました。」 for a number an older release had; empty otherwise."""
    if not moved:
        return ""
    last = moved[-1]
    now = f"{'・'.join(last.now)} になりました" if last.now else "削除されました"
    return f"{last.release} の {last.clause} は {last.now_release} で{now}。"


def _wrong_release(book: Rulebook, release: str, ref: str | None):
    name, suffix = _split_suffix(ref or "")
    known = "、".join(entry.release for entry in releases(book.id))
    message = f"{book.title} の版「{release}」はありません。公開中の版は {known}（最新版 {book.release}）です。"
    current: Node | None = book.get(name) if name else None
    if suffix == JSON_SUFFIX:
        return jsonify({"error": message, "release": book.release,
                        "current": node_url(book, current.id) if current else toc_url(book)}), 404
    return render_template("rules/missing.html", book=book, pinned=False, name=name or release, message=message,
                           suggestions=(current,) if current else ()), 404


def _unknown_book(book_id: str, name: str | None, suffix: str):
    """404 for a book id that does not exist, offering the clause of that number in the books that exist."""
    message = f"ルールブック「{book_id}」はありません。"
    suggestions = [(book, found) for book in books() if name and (found := book.get(name)) is not None]
    if suffix == JSON_SUFFIX:
        return jsonify({
            "error": message,
            "rulebooks": [{"id": book.id, "title": book.title, "url": toc_url(book)} for book in books()],
            "suggestions": [{"book": book.id, "id": node.id, "label": node.label, "url": node_url(book, node.id)}
                            for book, node in suggestions],
        }), 404
    return render_template("rules/unknown_book.html", message=message, suggestions=suggestions), 404
