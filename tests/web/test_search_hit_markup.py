"""The results page's kept markup (web/search/hit_markup.py, urls.site_url) is what a fresh render makes."""

from __future__ import annotations

import dataclasses
import gc

from flask import url_for

from adjudicator.web.common.services import books, services
from adjudicator.web.common.urls import SITE_URLS, site_url
from adjudicator.web.search import hit_markup
from adjudicator.web.search.hit_markup import KEPT_MARKUP, HitMarkup
from adjudicator.web.search.pages import KeptUrls
from tests.collector import collect_until_settled

QUERIES = ("その後", "手札を1枚捨てる", "ブロックできない？", "6.7.1 その後", "山札が0枚になったら負け？", "<script>")


def _hits(app, text: str):
    with app.test_request_context("/search"):
        return services().kept.search_counted(text, book=None, chapter=None, limit=20, offset=0)[0].hits


def _markup(app, root: str = "") -> HitMarkup:
    urls = KeptUrls(app.extensions.setdefault("search.urls", {}), root)
    return HitMarkup(app, root, lambda hit: urls.clause(hit.book, hit.id), {book.id: book.title for book in books()})


def test_a_kept_hit_is_the_fresh_rendering_and_on_the_page(app, client):
    for text in QUERIES:
        page = client.get("/search", query_string={"q": text, "book": "all"}).get_data(as_text=True)
        with app.test_request_context("/search"):
            markup = _markup(app)
            for pinned in (False, True):
                for hit in _hits(app, text):
                    assert markup(hit, pinned) == markup.render(hit, pinned)
                    assert markup(hit, pinned) == markup.render(hit, pinned)  # kept the second time
            for hit in _hits(app, text):
                assert str(markup(hit, False)) in page or str(markup(hit, True)) in page


def test_the_page_is_the_same_with_its_markup_kept_or_made_afresh(app, client):
    for text in QUERIES:
        app.extensions.pop(KEPT_MARKUP, None)
        app.extensions.pop(SITE_URLS, None)
        fresh = client.get("/search", query_string={"q": text}).get_data()
        assert client.get("/search", query_string={"q": text}).get_data() == fresh


def test_user_text_in_an_excerpt_stays_escaped(app):
    hits = _hits(app, "その後")
    assert hits
    hit = hits[0]
    marked = dataclasses.replace(hit, segments=(("<b>&", False), ("x", True)))
    with app.test_request_context("/search"):
        rendered = str(_markup(app)(marked, False))
    assert "&lt;b&gt;&amp;<mark>x</mark>" in rendered and "<b>&" not in rendered


def test_another_node_under_the_same_key_is_rendered_again(app):
    """A rulebook read again (a new release) makes new node objects: a markup kept from the old one is not shown."""
    hit = _hits(app, "その後")[0]
    with app.test_request_context("/search"):
        markup = _markup(app)
        before = markup(hit, False)
        retitled = dataclasses.replace(hit, node=dataclasses.replace(hit.node, title="改めた題"))
        after = markup(retitled, False)
    assert "改めた題" in after and "改めた題" not in before
    assert after == markup.render(retitled, False)


def test_the_script_root_is_part_of_the_key(app, client):
    text = "その後"
    client.get("/search", query_string={"q": text})
    rooted = client.get("/search", query_string={"q": text}, base_url="http://localhost/judge/").get_data(as_text=True)
    plain = client.get("/search", query_string={"q": text}).get_data(as_text=True)
    assert 'class="hit-number" href="/judge/rules/' in rooted and 'href="/judge/search"' in rooted
    assert 'class="hit-number" href="/rules/' in plain and 'href="/judge/' not in plain


def test_the_kept_markup_is_bounded(app, monkeypatch):
    monkeypatch.setattr(hit_markup, "MAX_KEPT", 3)
    app.extensions.pop(KEPT_MARKUP, None)
    with app.test_request_context("/search"):
        markup = _markup(app)
        for hit in _hits(app, "手札を1枚捨てる")[:10]:
            markup(hit, False)
    assert 1 <= len(app.extensions[KEPT_MARKUP]) <= 3


def test_site_url_is_url_for_per_host_and_root(app):
    for host, root in (("localhost", ""), ("localhost", "/judge"), ("127.0.0.1", "")):
        with app.test_request_context("/", base_url=f"http://{host}{root}"):
            for endpoint, values in (("search.search", {}), ("rules.toc", {"book_file": "hi-story"}),
                                     ("rules.node", {"book_id": "hi-story", "ref": "glossary"})):
                assert site_url(endpoint, **values) == url_for(endpoint, **values)
                assert site_url(endpoint, **values) == url_for(endpoint, **values)  # kept


def test_the_kept_markup_adds_nothing_the_collector_walks(app, client):
    """Kept as plain text under a key of text, flags and the excerpt's plain pieces (bench/gc_pauses.py)."""
    app.extensions.pop(KEPT_MARKUP, None)
    for text in QUERIES:
        client.get("/search", query_string={"q": text})
    kept = app.extensions[KEPT_MARKUP]
    assert len(kept) >= len(QUERIES)
    collect_until_settled()
    assert all(type(markup) is str for markup in kept.markup.values())
    assert not any(gc.is_tracked(key) for key in kept.markup)
