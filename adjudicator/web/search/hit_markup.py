"""Each hit's rendered ``<li>`` on the results page, kept per app: rendering a page's twenty hits through Jinja
(escaping every path label, title and excerpt segment) was most of a submitted page's template time.

A hit's markup depends on the clause (its node: number, title, the path above it), the book's title, the
clause's URL (the app's routes and the request's script root), whether the hit is pinned (asked by number) and
its excerpt's segments (the query's marks). The key holds all of them but the node, which is checked by
identity: the kept entry holds its node, so a rulebook loaded again (a new app, a new release) never meets a
markup made from another node object. At most ``MAX_KEPT`` entries per app; when full, they are dropped at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from flask import Flask
from markupsafe import Markup

from adjudicator.search.engine import Hit

MAX_KEPT = 20_000  # a page of hits (20) for each result the search keeps (engine.DEFAULT_CACHE_SIZE, 1,024)
KEPT_MARKUP = "search.hit_markup"  # where an app keeps them (app.extensions)
TEMPLATE = "search/_hit.html"


class KeptMarkup:
    """The markups kept, and the node each was made from.

    The markup is kept as a plain ``str`` and the node in a second dict, so an entry adds nothing the garbage
    collector tracks: a ``Markup`` is a tracked object, and so is a tuple that holds a node. Its key is an exact
    tuple of strings, booleans and the excerpt's plain segments, which the collector stops tracking (ten
    thousand entries were twenty thousand objects that each full collection walked; bench/gc_pauses.py).
    """

    def __init__(self) -> None:
        self.markup: dict[tuple, str] = {}
        self.nodes: dict[tuple, object] = {}

    def __len__(self) -> int:
        return len(self.markup)

    def get(self, key: tuple, node: object) -> Markup | None:
        markup = self.markup.get(key)
        if markup is None or self.nodes.get(key) is not node:  # .get: another thread may have just cleared both
            return None
        return Markup(markup)

    def keep(self, key: tuple, node: object, markup: Markup) -> None:
        if len(self.markup) >= MAX_KEPT:
            self.markup.clear()
            self.nodes.clear()
        self.markup[key] = str(markup)
        self.nodes[key] = node


class HitMarkup:
    """``markup(hit, pinned)``: the hit's ``<li>`` from search/_hit.html, made once per distinct hit."""

    def __init__(self, app: Flask, root: str, url_of: Callable[[Hit], str], book_titles: Mapping[str, str]):
        kept = app.extensions.get(KEPT_MARKUP)
        if kept is None:
            kept = app.extensions[KEPT_MARKUP] = KeptMarkup()
        self._kept: KeptMarkup = kept
        self._app, self._root, self._url_of, self._titles = app, root, url_of, book_titles

    def __call__(self, hit: Hit, pinned: bool) -> Markup:
        key = (self._root, hit.book, hit.node.id, bool(pinned), hit.segments)
        markup = self._kept.get(key, hit.node)
        if markup is None:
            markup = self.render(hit, pinned)
            self._kept.keep(key, hit.node, markup)
        return markup

    def render(self, hit: Hit, pinned: bool) -> Markup:
        """The markup made afresh, never kept."""
        item = self._app.jinja_env.get_template(TEMPLATE).module.hit_item
        return item(hit, self._url_of(hit), self._titles[hit.book], bool(pinned))
