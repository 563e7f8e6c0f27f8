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


def test_an_answer_with_a_header_of_its_own_is_never_reused(_session_env):
    """A hook that adds a per-request header (a request id here) makes every prefix Flask's: each answer keeps
    its own value, none is copied from the first."""
    from itertools import count

    from adjudicator.web import create_app

    app = create_app({"TESTING": True, "RATELIMIT_STORAGE_URI": "memory://"})
    ids = count(1)

    @app.after_request
    def _request_id(response):
        response.headers["X-Request-Id"] = str(next(ids))
        return response

    live = app.extensions["search.live"]
    answers = [dict(_answer(live, f"{PATH}?q={text}")[1]) for text in ("そ", "その", "その後", "ブ", "ブロ")]
    assert [answer["X-Request-Id"] for answer in answers] == ["1", "2", "3", "4", "5"]
    assert live.answered == 0


def test_an_https_answer_is_kept_with_its_hsts_header(app):
    live = app.extensions["search.live"]
    secure = {**HEADERS, "X-Forwarded-Proto": "https"}
    environ = {"wsgi.url_scheme": "https"}
    paths = [f"{PATH}?q={text}" for text in ("ル", "ルー", "ルール")]
    answers = []
    for path in paths:
        built = EnvironBuilder(path=path, headers=secure, method="GET", environ_overrides=environ).get_environ()
        said = []
        body = b"".join(live(built, lambda status, headers, exc_info=None: said.append((status, headers))))
        answers.append((said[0], body))
    before = live.answered
    assert all(dict(headers).get("Strict-Transport-Security") for (_, headers), _ in answers)
    built = EnvironBuilder(path=paths[-1], headers=secure, environ_overrides=environ).get_environ()
    assert b"".join(live(built, lambda *args: None)) == answers[-1][1]
    assert live.answered == before + 1
