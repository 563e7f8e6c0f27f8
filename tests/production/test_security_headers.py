"""Security headers on every kind of response, and user text escaped wherever it comes back."""

from __future__ import annotations

import json
import re

import pytest

from adjudicator.web.common.security import SECURITY_HEADERS
from tests.production.hostile_input import XSS, hostile_scenario

RESPONSES = [
    ("GET", "/"),
    ("GET", "/healthz"),
    ("GET", "/rules/hi-story/6.7.1"),
    ("GET", "/rules/hi-story/6.7.1.json"),
    ("GET", "/search?q=その後"),
    ("GET", "/search.json?q=その後"),
    ("GET", "/api/openapi.json"),
    ("GET", "/sw.js"),
    ("GET", "/static/css/app.css"),
    ("GET", "/rules/hi-story/6.7.99"),   # 404 page
    ("GET", "/nothing.json"),           # 404 JSON
    ("POST", "/rules/hi-story/6.7.1"),  # 405
]


def directives(policy: str) -> dict[str, list[str]]:
    parsed = {}
    for part in policy.split(";"):
        name, *values = part.split()
        parsed[name] = values
    return parsed


@pytest.mark.parametrize(("method", "url"), RESPONSES)
def test_every_response_carries_the_security_headers(client, method, url):
    response = client.open(url, method=method)
    for name, value in SECURITY_HEADERS.items():
        assert response.headers.get(name) == value, name


def test_content_security_policy_allows_no_inline_code_and_no_framing(client):
    policy = directives(client.get("/").headers["Content-Security-Policy"])
    for directive in ("script-src", "style-src"):
        assert policy[directive] == ["'self'"]
        assert not {"'unsafe-inline'", "'unsafe-eval'", "*", "data:"} & set(policy[directive])
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["base-uri"] == ["'none'"]


def test_headers_are_fixed_values_a_view_cannot_widen_by_accident(client):
    response = client.get("/rules/hi-story/6.7.1")
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["Referrer-Policy"] == "strict-origin-when-cross-origin"
    assert "Strict-Transport-Security" not in response.headers  # only over HTTPS


def test_hsts_only_over_https(client):
    response = client.get("/healthz", base_url="https://localhost")
    assert response.headers["Strict-Transport-Security"].startswith("max-age=")


def test_healthz_does_nothing_but_answer(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_data(as_text=True) == "ok"
    assert response.mimetype == "text/plain"


def test_search_query_is_escaped_in_the_page(client):
    page = client.get("/search", query_string={"q": XSS}).get_data(as_text=True)
    assert "<script>alert" not in page
    assert "<img src=x" not in page
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in page or "&lt;script&gt;" in page


def test_search_query_in_json_is_data_not_markup(client):
    response = client.get("/search.json", query_string={"q": XSS})
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert json.loads(response.get_data(as_text=True))["query"] == XSS


@pytest.mark.parametrize("url", [
    "/rules/hi-story/{x}",
    "/rules/{x}/6.7.1",
    "/rules/hi-story/{x}/6.7.1",
    "/search?book={x}",
])
def test_user_text_in_error_pages_is_escaped(client, url):
    response = client.get(url.format(x=XSS.replace("/", "%2F")))
    assert response.status_code in (400, 404)
    page = response.get_data(as_text=True)
    assert "<script>alert" not in page
    assert "<img src=x" not in page


def test_filter_error_in_json_is_data_not_markup(client):
    response = client.get("/search.json", query_string={"q": "x", "book": XSS})
    assert response.status_code == 400
    assert response.mimetype == "application/json"
    assert XSS in response.get_json()["error"]


# --- scenarios, trace pages and link previews ------------------------------------------------------------


@pytest.fixture(scope="module")
def hostile_links(app) -> dict:
    response = app.test_client().post("/api/resolve?short=true", json=hostile_scenario())
    assert response.status_code == 200
    return response.get_json()["links"]


@pytest.mark.parametrize("kind", ["short", "stateless"])
def test_trace_page_and_its_link_preview_escape_user_text(client, hostile_links, kind):
    response = client.get(hostile_links[kind])
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "<script>alert" not in page and "<img src=x" not in page
    head = page.split("</head>", 1)[0]
    previews = re.findall(r'<meta (?:property|name)="(?:og|twitter):[^"]*" content="([^"]*)"', head)
    assert previews, "the trace page has link-preview meta tags"
    assert any("&lt;script&gt;" in content for content in previews)
    assert "</title></head>" not in page  # the question cannot close the head early
    for name, value in SECURITY_HEADERS.items():
        assert response.headers[name] == value


def test_short_link_json_returns_user_text_as_data(client, hostile_links):
    response = client.get(hostile_links["short"] + ".json")
    assert response.status_code == 200 and response.mimetype == "application/json"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert XSS in strings_in(response.get_json())  # kept verbatim: JSON is data, escaped by whoever renders it


def strings_in(value) -> set[str]:
    if isinstance(value, str):
        return {value}
    children = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    return set().union(*(strings_in(child) for child in children))


# --- errors.py's public rendering, which security.py's handlers share ------------------------------------


@pytest.mark.parametrize(("url", "json_wanted"), [("/api/x", True), ("/rules/hi-story/x.json", True),
                                                   ("/rules/hi-story/x", False)])
def test_errors_renders_any_http_error_as_json_or_a_page(app, url, json_wanted):
    from werkzeug.exceptions import NotFound

    from adjudicator.web.common import errors

    with app.test_request_context(url):
        assert errors.wants_json() is json_wanted
        response, status = errors.render(NotFound())
    assert status == 404
    if json_wanted:
        assert response.get_json() == {"error": "このアドレスのページはありません。", "status": 404}
    else:
        assert "このアドレスのページはありません。" in response


def test_errors_keeps_no_private_aliases_of_its_public_functions():
    from adjudicator.web.common import errors

    assert not {"_handle", "_wants_json"} & set(vars(errors))
