"""The search page and its JSON twin. A clause number goes straight to the clause."""

from __future__ import annotations

from flask import Blueprint, jsonify, redirect, render_template, request

from adjudicator.rulebook.numbers import bounded_int
from adjudicator.search.engine import DEFAULT_LIMIT, MAX_LIMIT, SearchResult
from adjudicator.search.query import MAX_QUERY_LENGTH
from adjudicator.web.links import node_url
from adjudicator.web.services import books, clause_search, find_book

bp = Blueprint("search", __name__)


def _arguments() -> tuple[str, str | None, str | None, int, str | None]:
    """(query, book, chapter, limit, error): a bad filter is the user's error, reported, not raised."""
    text = request.args.get("q", "")
    book_id = request.args.get("book") or None
    chapter = request.args.get("chapter") or None
    limit, error = _limit(request.args.get("limit"))
    if error:
        book_id, chapter = None, None
    book = find_book(book_id) if book_id else None
    if error is None and book_id and book is None:
        error, book_id, chapter = f"ルールブック「{book_id}」はありません。", None, None
    elif error is None and chapter and (book is None or book.get(chapter) is None or book.get(chapter).kind != "chapter"):
        error, chapter = f"章「{chapter}」はありません（章で絞り込むにはルールブックを選んでください）。", None
    return text, book_id, chapter, max(1, min(limit, MAX_LIMIT)), error


def _limit(text: str | None) -> tuple[int, str | None]:
    """Hits per page, clamped to 1..MAX_LIMIT; text that is no integer is refused rather than read as the default."""
    if text is None or text == "":
        return DEFAULT_LIMIT, None
    sign, digits = ("-", text[1:]) if text.startswith("-") else ("", text.removeprefix("+"))
    value = bounded_int(digits, max_digits=18)
    if value is None:
        if digits.isascii() and digits.isdigit():  # an integer too long to need reading: it is past the bound
            return (1 if sign else MAX_LIMIT), None
        return DEFAULT_LIMIT, f"件数（limit）は整数で指定してください（1〜{MAX_LIMIT}）。"
    return (-value if sign else value) or DEFAULT_LIMIT, None


def _run() -> tuple[SearchResult, str | None]:
    text, book_id, chapter, limit, error = _arguments()
    return clause_search().search(text, book=book_id, chapter=chapter, limit=limit), error


def _url(result: SearchResult, node) -> str:
    return node_url(find_book(node.book), node.id)


@bp.route("/search")
def search():
    result, error = _run()
    if result.jump is not None and error is None:
        return redirect(_url(result, result.jump))
    selected = find_book(result.book) if result.book else None
    return render_template(
        "search/results.html",
        result=result,
        error=error,
        selected_book=selected,
        chapters=selected.chapters if selected else (),
        max_length=MAX_QUERY_LENGTH,
        url_of=lambda hit: node_url(find_book(hit.book), hit.id),
        book_titles={book.id: book.title for book in books()},
    ), 400 if error else 200


@bp.route("/search.json")
def search_json():
    result, error = _run()
    if error:
        return jsonify({"error": error}), 400
    payload = result.as_json()
    for hit, data in zip(result.hits, payload["hits"]):
        data["url"] = _url(result, hit.node)
    for key in ("jump", "section"):
        node = getattr(result, key)
        if node is not None:
            payload[key]["url"] = _url(result, node)
    return jsonify(payload)
