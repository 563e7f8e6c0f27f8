"""URLs of the rulebook pages: one place that knows how a clause is addressed."""

from __future__ import annotations

from flask import current_app, request, url_for

from adjudicator.rulebook import Rulebook
from adjudicator.web.common.rendering import anchor_id


def node_url(book: Rulebook, node_id: str, *, pinned: bool = False, external: bool = False,
             json: bool = False) -> str:
    """``/rules/hi-story/6.7.1`` (latest) or ``/rules/hi-story/v1.0.0/6.7.1`` (pinned to the release)."""
    ref = f"{node_id}.json" if json else node_id
    if pinned:
        return url_for("rules.pinned_node", book_id=book.id, release=book.release, ref=ref, _external=external)
    return url_for("rules.node", book_id=book.id, ref=ref, _external=external)


SITE_URLS = "site.urls"  # where an app keeps them (app.extensions)
_MAX_SITE_URLS = 1_000


def site_url(endpoint: str, **values: str) -> str:
    """``url_for`` for the links every page shows (the menu, the footer; base.html): they depend on the app's
    routes and the request's host and script root alone, so each is built once per app and host, not on
    every page (six url_for calls were 7 % of a submitted search page). Bounded: when full, all are dropped."""
    kept = current_app.extensions.setdefault(SITE_URLS, {})
    key = (request.host, request.script_root, endpoint, *sorted(values.items()))
    url = kept.get(key)
    if url is None:
        if len(kept) >= _MAX_SITE_URLS:
            kept.clear()
        url = kept[key] = url_for(endpoint, **values)
    return url


def toc_url(book: Rulebook, *, json: bool = False) -> str:
    return url_for("rules.toc", book_file=f"{book.id}.json" if json else book.id)


def whole_book_url(book: Rulebook, suffix: str = "") -> str:
    """The whole book as one page (``""``), its JSON dump (``".json"``) or its Markdown (``".md"``)."""
    return url_for("rules.node", book_id=book.id, ref=f"all{suffix}")


def reference_href(book: Rulebook, *, pinned: bool = False):
    """A function from a cited id to its page URL (``None`` if the book has no such node); ``pinned``, to its
    page in this very release (an older release's text links within that release)."""

    def href(target: str) -> str | None:
        node = book.get(target)
        return node_url(book, node.id, pinned=pinned) if node is not None else None

    return href


def in_page_href(book: Rulebook):
    """Like :func:`reference_href`, but to the node's anchor on the whole-book page."""

    def href(target: str) -> str | None:
        node = book.get(target)
        return f"#{anchor_id(node.id)}" if node is not None else None

    return href
