"""The search page and its JSON twin. A clause number goes straight to the clause.

Both show the ranking one page at a time (``page``, ``limit``), say how the query was read (numbers, marks,
player words read as rulebook terms), and list after the clauses the gallery's worked examples that match.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from urllib.parse import urlencode

from flask import Blueprint, current_app, g, jsonify, redirect, render_template, request, url_for

from adjudicator import paths
from adjudicator.rulebook.numbers import bounded_int
from adjudicator.search.engine import DEFAULT_LIMIT, MAX_LIMIT, MAX_OFFSET, SearchResult
from adjudicator.search.book_choice import BookChoice
from adjudicator.search.corpus import Entry
from adjudicator.search import examples
from adjudicator.search.query import MAX_QUERY_LENGTH, parse_query
from adjudicator.search.suggest import MAX_SUGGESTIONS, SuggestionIndex
from adjudicator.web.common.services import books, clause_search, find_book, services, suggestions
from adjudicator.web.common.urls import node_url
from adjudicator.web.common.twins import json_twin
from adjudicator.web.search.hit_markup import HitMarkup
from adjudicator.web.rulings.official import block_json, rulings_for_search

bp = Blueprint("search", __name__)


# The book filter's value for every book at once; no value at all lets the question's words choose the book.
ALL_BOOKS = "all"


def _arguments() -> tuple[str, str | None, str | None, int, int, str | None]:
    """(query, book, chapter, limit, page, error): a bad filter is the user's error, reported, not raised.
    ``book`` is a book's id, ``ALL_BOOKS``, or None when nobody chose (the question's words will)."""
    text = request.args.get("q", "")
    book_id = request.args.get("book") or None
    chapter = request.args.get("chapter") or None
    limit, error = _limit(request.args.get("limit"))
    limit = max(1, min(limit, MAX_LIMIT))
    page, page_error = _page(request.args.get("page"), MAX_OFFSET // limit + 1)
    error = error or page_error
    if error:
        book_id, chapter = None, None
    book = find_book(book_id) if book_id and book_id != ALL_BOOKS else None
    if error is None and book_id and book_id != ALL_BOOKS and book is None:
        error, book_id, chapter = f"ルールブック「{book_id}」はありません。", None, None
    elif error is None and chapter and (book is None or book.get(chapter) is None or book.get(chapter).kind != "chapter"):
        error, chapter = f"章「{chapter}」はありません（章で絞り込むにはルールブックを選んでください）。", None
    return text, book_id, chapter, limit, page, error


def _page(text: str | None, last: int) -> tuple[int, str | None]:
    """The page asked for, clamped to 1..last; text that is no integer is refused (as the OpenAPI description says),
    never read as the first page."""
    if text is None or text == "":
        return 1, None
    digits = text[1:] if text.startswith("-") else text.removeprefix("+")
    if not (digits.isascii() and digits.isdigit()):
        return 1, "ページ（page）は整数で指定してください。"
    if text.startswith("-"):
        return 1, None
    value = bounded_int(digits, max_digits=6)  # None: more digits than any page has, so the last page
    return (last if value is None else max(1, min(value, last))), None


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


def _run() -> tuple[SearchResult, int, int, str | None, BookChoice | None]:
    """The search asked for, and the book choice when the question's words chose the book."""
    text, book_id, chapter, limit, page, error = _arguments()
    choice = None
    if book_id is None and not parse_query(text).mentions:  # a clause number names its own book
        choice = clause_search().choose_book(text)
        book_id = choice.book
    # Through the kept index: a search on an index damaged while serving is answered from a rebuilt one.
    result, cached = services().kept.search_counted(text, book=None if book_id == ALL_BOOKS else book_id,
                                                    chapter=chapter, limit=limit, offset=(page - 1) * limit)
    g.search_cached = cached
    return result, limit, page, error, choice


def _choice_links(result: SearchResult, choice: BookChoice | None) -> list[tuple[str, str]]:
    """(title, URL) of the same search in each other book and in all of them, for the page to offer."""
    if choice is None:
        return []
    search_url = KeptUrls.of_request().search
    links = [(book.title, search_url(q=result.query.text, book=book.id)) for book in books() if book.id != choice.book]
    return links + [("すべてのルールブック", search_url(q=result.query.text, book=ALL_BOOKS))]


@bp.after_request
def _say_whether_cached(response):
    """``X-Search-Cache: hit|miss`` when SEARCH_CACHE_HEADER is set, for bench/http_bench.py to count the
    result cache's hit rate. Off by default: it would tell a visitor whether someone searched the same lately."""
    if current_app.config.get("SEARCH_CACHE_HEADER") and "search_cached" in g:
        response.headers["X-Search-Cache"] = "hit" if g.search_cached else "miss"
    return response


def _examples(result: SearchResult) -> tuple[Entry, ...]:
    """Worked examples for the query: only on the first page, only for Hi!story (the gallery's book)."""
    if result.offset or result.book not in (None, "hi-story") or result.query.is_empty:
        return ()
    clause_ids = [hit.id for hit in result.hits if hit.book == "hi-story"]
    return examples.shipped(paths.scenarios_dir()).matching(result.query.text, clause_ids)


# A clause's URL depends on the app's routes and the script root alone; building it with url_for was a tenth
# of an uncached search (bench/profile_routes.py search_uncached: url_for, 14 a request). Kept per app, bounded
# by the books' nodes; an example's URL likewise.
_MAX_KEPT_URLS = 20_000


class NotKept(LookupError):
    """A URL that only Flask's url_for can build (outside a request: the live box's answer below Flask)."""


class KeptUrls:
    """The kept URLs of an app for one request's script root: the store and the root are looked up once, not
    through Flask's proxies for each of a page's twenty hits. ``can_build``: False outside Flask's request
    (``live.LiveAnswers``), where a URL not kept yet raises :class:`NotKept`."""

    def __init__(self, kept: dict, root: str, can_build: bool = True):
        self._kept, self.root, self._can_build = kept, root, can_build

    @classmethod
    def of_request(cls) -> KeptUrls:
        return cls(current_app.extensions.setdefault(KEPT_URLS, {}), request.script_root)

    def node(self, node) -> str:
        return self.clause(node.book, node.id)

    def clause(self, book_id: str, node_id: str) -> str:
        return self.kept(("clause", book_id, node_id), lambda: node_url(find_book(book_id), node_id))

    def example(self, name: str) -> str:
        return self.kept(("example", name), lambda: url_for("rulings.example_trace", name=name))

    def search(self, **args: str | int) -> str:
        """The search page's URL with these arguments (another book's, the next page's). Built, not kept: its key
        would be the person's question, and such keys would fill the store and clear the clauses' URLs with it."""
        return url_for("search.search", **args)

    def kept(self, key: tuple[str, ...], build: Callable[[], str]) -> str:
        kept, key = self._kept, (self.root, *key)
        url = kept.get(key)
        if url is None:
            if not self._can_build:
                raise NotKept(key)
            if len(kept) >= _MAX_KEPT_URLS:
                kept.clear()
            url = kept[key] = build()
        return url


KEPT_URLS = "search.urls"  # where an app keeps them (app.extensions)


def _page_url(result: SearchResult, limit: int, page: int) -> str:
    book = request.args.get("book")  # as asked: a book the words chose is chosen again for the next page
    args = {"q": result.query.text, "book": book, "chapter": result.chapter, "page": page}
    if limit != DEFAULT_LIMIT:
        args["limit"] = limit
    return KeptUrls.of_request().search(**{key: value for key, value in args.items() if value})


def _pages(result: SearchResult, limit: int, page: int) -> dict:
    last = max(1, -(-result.total // limit))
    return {
        "page": page, "last": last, "first_shown": result.offset + 1 if result.hits else 0,
        "last_shown": result.offset + len(result.hits),
        "previous": _page_url(result, limit, page - 1) if page > 1 else None,
        "next": _page_url(result, limit, page + 1) if page < last and result.offset + limit <= MAX_OFFSET else None,
    }


def _reading_source(source: str) -> tuple[str, str | None]:
    """How the page credits a reading: the clause that defines or prints it (with its link), general card-game
    usage (``TCG``), or else a spelling one kanji off the rulebook's (墓池 → 墓地, ``search/soundalike.py``)."""
    book_id, _, node_id = source.partition(":")
    book = find_book(book_id) if node_id else None
    if book is None or book.get(node_id) is None:
        return ("カードゲームの用語" if source == "TCG" else "近い表記"), None
    return node_id, node_url(book, node_id)


@json_twin(bp, "/search")
def search(as_json: bool):
    if as_json:
        return _search_json()
    result, limit, page, error, choice = _run()
    if result.jump is not None and error is None:
        return redirect(KeptUrls.of_request().node(result.jump))
    selected = find_book(result.book) if result.book and choice is None else None
    urls = KeptUrls.of_request()
    book_titles = {book.id: book.title for book in books()}

    def url_of(hit):
        return urls.clause(hit.book, hit.id)

    return render_template(
        "search/results.html",
        result=result,
        error=error,
        selected_book=selected,
        chapters=selected.chapters if selected else (),
        max_length=MAX_QUERY_LENGTH,
        url_of=url_of,
        hit_markup=HitMarkup(current_app._get_current_object(), urls.root, url_of, book_titles),
        example_url=urls.example,
        reading_source=_reading_source,
        book_titles=book_titles,
        pages=_pages(result, limit, page),
        examples=_examples(result),
        book_choice=choice,
        book_value=request.args.get("book") or "",
        other_books=_choice_links(result, choice),
        official=rulings_for_search(result.query.text, result.hits) if not error else (),
    ), 400 if error else 200


def _search_json():
    result, limit, page, error, choice = _run()
    if error:
        return jsonify({"error": error}), 400
    payload = result.as_json()
    payload["book_choice"] = None if choice is None else {
        "book": choice.book, "decided": choice.decided, "evidence": list(choice.evidence),
        "others": [{"title": title, "url": url.replace("/search?", "/search.json?", 1)}
                   for title, url in _choice_links(result, choice)]}
    urls = KeptUrls.of_request()
    for hits, data in ((result.hits, payload["hits"]), (result.suggestions, payload["suggestions"])):
        for hit, item in zip(hits, data):
            item["url"] = urls.node(hit.node)
    for key in ("jump", "section"):
        node = getattr(result, key)
        if node is not None:
            payload[key]["url"] = urls.node(node)
    pages = _pages(result, limit, page)
    payload["page"], payload["next"] = page, pages["next"] and pages["next"].replace("/search?", "/search.json?", 1)
    payload["examples"] = [dict(example.as_json(), url=urls.example(example.name)) for example in _examples(result)]
    payload.update(block_json(rulings_for_search(result.query.text, result.hits)))
    return jsonify(payload)


@bp.route("/search/suggest.json")
def suggest_json():
    """The live box's answer while a person types: suggestions from memory (search/suggest.py), no ranking.

    Depends on the URL alone, so the page cache keeps it (page_cache.IMMUTABLE_ENDPOINTS); most prefixes are
    answered below Flask (live.LiveAnswers) with the same :func:`suggest_answer`."""
    payload, status = suggest_answer(request.args, books(), suggestions(), KeptUrls.of_request())
    response = jsonify(payload)
    if status != 200:
        return response, status
    # A kilobyte or two: compressing it cost more than the rest of the answer (brotli, 0.35 ms a request).
    response.headers["Content-Encoding"] = "identity"
    return response


def suggest_answer(args: Mapping[str, str], books_served: tuple, index: SuggestionIndex, urls: KeptUrls
                   ) -> tuple[dict, int]:
    """The live box's JSON document for the request's arguments, and its status (400: a bad book or limit)."""
    text = args.get("q", "")[:MAX_QUERY_LENGTH]
    book_id = args.get("book") or None
    if book_id is not None and not any(book.id == book_id for book in books_served):
        return {"error": f"ルールブック「{book_id}」はありません。"}, 400
    limit, error = _limit(args.get("limit"))
    if error:
        return {"error": error}, 400
    found = index.suggest(text, book_id, max(1, min(limit, MAX_SUGGESTIONS)))
    items = [dict(entry.as_json(text), url=_suggestion_url(urls, entry, book_id)) for entry in found]
    return {"query": text, "book": book_id, "suggestions": items,
            "search_url": _search_url(urls.root, text, book_id) if text.strip() else None}, 200


def _suggestion_url(urls: KeptUrls, entry, book_id: str | None) -> str:
    if entry.node_id:
        return urls.clause(entry.book, entry.node_id)
    return urls.kept(("suggest", entry.query, book_id or ""), lambda: _search_url(urls.root, entry.query, book_id))


def _search_url(root: str, text: str, book_id: str | None) -> str:
    return f"{root}/search?{urlencode(_search_args(text, book_id))}"


def _search_args(text: str | None, book_id: str | None) -> dict[str, str]:
    return {"q": text or "", **({"book": book_id} if book_id else {})}
