"""The live box's prefixes answered below Flask (web/search/live.py) are Flask's answers, headers and bytes."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from werkzeug.test import EnvironBuilder

from adjudicator.web.search.live import MAX_QUERY_STRING, PATH
from adjudicator.web.search.pages import KeptUrls, NotKept, suggest_answer
from bench import http_bench

HEADERS = {"Accept-Encoding": "gzip, deflate, br", "Accept": "text/html,application/json", "Host": "localhost"}
EDGES = ("", " ", "6.7", "6.7.1", "その後", "ｿﾉｺﾞ", "てふだ", "「場の下」", "x" * 300, "ブロック できない？", "%", "&", "\u3000")


def _answer(wsgi_app, path: str, headers=HEADERS, method: str = "GET"):
    environ = EnvironBuilder(path=path, headers=headers, method=method).get_environ()
    said = []
    body = b"".join(wsgi_app(environ, lambda status, headers, exc_info=None: said.append((status, headers))))
    status, listed = said[0]
    return status, sorted(listed), body


def _prefixes() -> list[str]:
    paths = http_bench.typed_search_paths(http_bench.query_texts(), PATH)
    live = [path for path in paths if path.startswith(PATH)]
    return live[::7]


def test_each_prefix_answered_below_flask_is_flasks_answer(app):
    live = app.extensions["search.live"]
    flask_app = live._wsgi_app
    asked = _prefixes() + [f"{PATH}?{urlencode(args)}" for text in EDGES for args in (
        {"q": text}, {"q": text, "book": "hi-story", "limit": 8}, {"q": text, "book": "duel-masters", "limit": "3"},
        {"q": text, "book": "", "limit": "-3"})]
    assert len(asked) > 1000
    for path in asked[:5]:  # Flask answers the first of each kind; its headers are kept
        _answer(live, path)
    before = live.answered
    for path in asked:
        assert _answer(live, path) == _answer(flask_app, path), path
    assert live.answered - before > 0.9 * len(asked)  # nearly all of them answered below Flask


@pytest.mark.parametrize("query", [
    "q=a&book=nope", "q=a&limit=abc", "q=a&limit=1.5", "q=" + "a" * (MAX_QUERY_STRING + 1),
])
def test_an_error_or_a_long_query_is_flasks_to_answer(app, query):
    live = app.extensions["search.live"]
    _answer(live, f"{PATH}?q=warm")
    before = live.answered
    assert _answer(live, f"{PATH}?{query}") == _answer(live._wsgi_app, f"{PATH}?{query}")
    assert live.answered == before


def test_another_host_method_or_path_is_flasks_to_answer(app):
    live = app.extensions["search.live"]
    _answer(live, f"{PATH}?q=warm")
    before = live.answered
    refused = _answer(live, f"{PATH}?q=その後", headers={**HEADERS, "Host": "evil.example"})
    assert refused[0].startswith("400 ")
    assert _answer(live, f"{PATH}?q=その後", method="HEAD")[0].startswith("200 ")
    assert _answer(live, f"{PATH}?q=その後", method="POST")[0].startswith("405 ")
    assert live.answered == before


def test_a_url_not_kept_yet_is_left_to_flask(app):
    with app.app_context():
        from adjudicator.web.common.services import services

        ready = services()
        with pytest.raises(NotKept):
            suggest_answer({"q": "その後", "limit": "8"}, ready.books, ready.suggestions, KeptUrls({}, "", can_build=False))
