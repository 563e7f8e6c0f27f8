"""The page cache keeps whole answers of URL-only pages and nothing else (adjudicator/web/common/page_cache.py)."""

from __future__ import annotations

import pytest

from adjudicator.web import create_app
from adjudicator.web.common.page_cache import IMMUTABLE_ENDPOINTS, PageCache

BROWSER = {"Accept-Encoding": "gzip, deflate, br"}


@pytest.fixture()
def fresh_app(_session_env):
    return create_app({"TESTING": True, "PAGE_CACHE_SIZE": 8})


def _cache(app) -> PageCache:
    return app.extensions["page_cache"]


def test_every_immutable_endpoint_is_a_route(app):
    assert IMMUTABLE_ENDPOINTS <= {rule.endpoint for rule in app.url_map.iter_rules()}


def test_a_clause_page_is_served_again_byte_for_byte(fresh_app):
    client = fresh_app.test_client()
    first = client.get("/rules/hi-story/6.7.1", headers=BROWSER)
    second = client.get("/rules/hi-story/6.7.1", headers=BROWSER)
    assert first.status_code == second.status_code == 200
    assert first.data == second.data and first.headers["Content-Encoding"] == second.headers["Content-Encoding"]
    assert second.headers["Content-Security-Policy"] == first.headers["Content-Security-Policy"]
    assert (_cache(fresh_app).hits, _cache(fresh_app).misses) == (1, 1)


def test_each_accept_encoding_gets_its_own_answer(fresh_app):
    client = fresh_app.test_client()
    compressed = client.get("/rules/hi-story/6.7.1", headers=BROWSER)
    plain = client.get("/rules/hi-story/6.7.1")
    assert "Content-Encoding" not in plain.headers
    assert "その後" in plain.get_data(as_text=True)
    assert compressed.headers["Content-Encoding"] in ("br", "gzip")
    assert _cache(fresh_app).hits == 0 and len(_cache(fresh_app)) == 2


def test_errors_redirects_and_other_routes_are_never_kept(fresh_app):
    client = fresh_app.test_client()
    for _ in range(2):
        assert client.get("/rules/hi-story/99.99.99").status_code == 404
        assert client.get("/search?q=その後").status_code == 200
        assert client.get("/healthz").status_code == 200
    assert len(_cache(fresh_app)) == 0 and _cache(fresh_app).hits == 0


def test_the_cache_is_bounded_least_recently_used_first(fresh_app):
    client = fresh_app.test_client()
    clauses = ["6.7.1", "6.7.2", "6.7.3", "6.7.4", "6.7.5", "6.7.6", "10.1.9", "10.1.7", "11.2.2", "11.2.3"]
    for clause in clauses:
        assert client.get(f"/rules/hi-story/{clause}").status_code == 200
    assert len(_cache(fresh_app)) == 8
    client.get("/rules/hi-story/6.7.1")  # the oldest was dropped: a miss again
    assert _cache(fresh_app).hits == 0


def test_size_zero_turns_it_off(_session_env):
    app = create_app({"TESTING": True, "PAGE_CACHE_SIZE": 0})
    client = app.test_client()
    client.get("/rules/hi-story/6.7.1")
    client.get("/rules/hi-story/6.7.1")
    assert len(_cache(app)) == 0 and _cache(app).misses == 0


def _rulings_store(app):
    return app.extensions["adjudicator.official"]


def test_a_page_whose_rulings_cannot_be_read_says_so_and_is_not_kept(fresh_app, monkeypatch):
    from adjudicator.links.faults import Cause, Store, StoreUnavailable

    def down():
        raise StoreUnavailable("down", cause=Cause.DATABASE_DOWN, store=Store.RULINGS, writing=False)

    store = _rulings_store(fresh_app)
    monkeypatch.setattr(store, "stamp", down)
    monkeypatch.setattr(store, "load", down)
    client = fresh_app.test_client()
    for _ in range(2):
        page = client.get("/rules/hi-story/6.7.1")
        assert page.status_code == 200
        assert "いまは公式裁定を読めません（データベース（PostgreSQL）に接続できません）" in page.get_data(as_text=True)
    assert len(_cache(fresh_app)) == 0
    monkeypatch.undo()
    assert "公式裁定を読めません" not in client.get("/rules/hi-story/6.7.1").get_data(as_text=True)
    assert len(_cache(fresh_app)) == 1


def test_a_page_made_while_the_rulings_changed_is_not_kept(fresh_app, monkeypatch):
    stamps = iter(range(100))
    monkeypatch.setattr(_rulings_store(fresh_app), "stamp", lambda: str(next(stamps)))
    client = fresh_app.test_client()
    assert client.get("/rules/hi-story/6.7.1").status_code == 200
    assert len(_cache(fresh_app)) == 0  # an import between the key and the answer: the next request makes it again
