"""The JSON twins of every page, the bulk dumps, and the OpenAPI description that lists them."""

from __future__ import annotations

import re

import pytest

from adjudicator.rulebook import load_rulebook

HI_STORY = load_rulebook("hi-story")

TWINS = [
    ("/", "/index.json"),
    ("/rules/hi-story", "/rules/hi-story.json"),
    ("/rules/hi-story/ch6", "/rules/hi-story/ch6.json"),
    ("/rules/hi-story/6.7", "/rules/hi-story/6.7.json"),
    ("/rules/hi-story/6.7.1", "/rules/hi-story/6.7.1.json"),
    ("/rules/hi-story/v1.0.0/6.7.1", "/rules/hi-story/v1.0.0/6.7.1.json"),
    ("/rules/hi-story/v1.0.0", "/rules/hi-story/v1.0.0.json"),
    ("/rules/hi-story/10.6.2-8", "/rules/hi-story/10.6.2-8.json"),
    ("/rules/duel-masters/101.4a", "/rules/duel-masters/101.4a.json"),
    ("/rules/hi-story/all", "/rules/hi-story/all.json"),
    ("/search?q=その後", "/search.json?q=その後"),
]


@pytest.mark.parametrize(("page", "twin"), TWINS)
def test_every_page_has_a_json_twin(client, page, twin):
    assert client.get(page).status_code == 200
    response = client.get(twin)
    assert response.status_code == 200 and response.is_json


def test_the_twin_url_is_linked_from_the_page(client):
    assert 'href="/rules/hi-story/6.7.1.json"' in client.get("/rules/hi-story/6.7.1").get_data(as_text=True)


def test_rulebooks_json_names_release_and_effective_date(client):
    books = {book["id"]: book for book in client.get("/index.json").json["rulebooks"]}
    assert books["hi-story"]["release"] == HI_STORY.release
    assert books["hi-story"]["effective_date"] == HI_STORY.effective_date
    assert books["hi-story"]["sha256"] == HI_STORY.sha256


def test_toc_json_nests_sections_under_chapters(client):
    chapters = client.get("/rules/hi-story.json").json["chapters"]
    assert [chapter["id"] for chapter in chapters] == [chapter.id for chapter in HI_STORY.chapters]
    chapter6 = next(chapter for chapter in chapters if chapter["id"] == "ch6")
    assert [section["id"] for section in chapter6["children"]] == list(HI_STORY.get("ch6").children)


def test_the_pinned_toc_json_is_the_toc_pinned_to_the_release(client):
    latest = client.get("/rules/hi-story.json").json
    pinned = client.get(f"/rules/hi-story/{HI_STORY.release}.json").json
    assert latest.pop("pinned") is False and pinned.pop("pinned") is True
    assert pinned == latest
    assert client.get("/rules/hi-story/v0.9.0.json").status_code == 404


def test_clause_json_has_text_references_backlinks_and_neighbours(client):
    data = client.get("/rules/hi-story/6.5.11.json").json
    node = HI_STORY.get("6.5.11")
    assert data["node"]["text"] == node.text
    assert [ref["target"] for ref in data["node"]["references"]] == [ref.target for ref in node.references]
    assert data["node"]["references"][0]["url"] == f"/rules/hi-story/{node.references[0].target}"
    assert [source["id"] for source in data["backlinks"]] == list(HI_STORY.backlinks("6.5.11"))
    assert data["previous"]["id"] == HI_STORY.previous("6.5.11").id
    assert data["next"]["id"] == HI_STORY.next("6.5.11").id
    assert data["node"]["permalink"] == f"/rules/hi-story/{HI_STORY.release}/6.5.11"
    assert data["pinned"] is False
    assert client.get(f"/rules/hi-story/{HI_STORY.release}/6.5.11.json").json["pinned"] is True


def test_section_json_carries_its_subtree(client):
    data = client.get("/rules/hi-story/6.7.json").json
    assert [node["id"] for node in data["subtree"]] == list(HI_STORY.get("6.7").children)


def test_non_canonical_json_redirects_to_the_canonical_json(client):
    response = client.get("/rules/hi-story/６．７．１.json")
    assert response.status_code == 301 and response.headers["Location"].endswith("/rules/hi-story/6.7.1.json")


def test_json_404s_suggest_the_nearest_clause(client):
    response = client.get("/rules/hi-story/6.7.9.json")
    assert response.status_code == 404 and response.is_json
    assert "6.7.6" in [node["id"] for node in response.json["suggestions"]]
    response = client.get("/rules/histoire/6.7.1.json")
    assert response.status_code == 404
    assert {"book": "hi-story", "id": "6.7.1"}.items() <= response.json["suggestions"][0].items()
    assert client.get("/rules/hi-story/v0.1/6.7.1.json").json["release"] == HI_STORY.release
    assert client.get("/api/nothing").is_json


def test_the_json_dump_holds_every_node_in_order(client):
    data = client.get("/rules/hi-story/all.json").json
    assert [node["id"] for node in data["nodes"]] == [node.id for node in HI_STORY.walk()]
    by_id = {node["id"]: node for node in data["nodes"]}
    assert by_id["6.7.1"]["backlinks"] == list(HI_STORY.backlinks("6.7.1"))


def test_the_markdown_dump_has_an_anchor_and_permalink_per_clause(client):
    response = client.get("/rules/hi-story/all.md")
    assert response.status_code == 200 and response.mimetype == "text/markdown"
    text = response.get_data(as_text=True)
    for clause in HI_STORY.clauses():
        assert f"{{#c-{clause.id}}}" in text, clause.id
    assert f"http://localhost/rules/hi-story/{HI_STORY.release}/6.7.1" in text
    assert HI_STORY.get("6.7.1").text in text


def test_search_json_lists_hits_in_rank_order_with_urls(client):
    data = client.get("/search.json", query_string={"q": "その後", "book": "hi-story"}).json
    assert data["query"] == "その後"
    assert data["hits"][0]["id"] == "6.7.1" and data["hits"][0]["url"] == "/rules/hi-story/6.7.1"
    scores = [hit["score"] for hit in data["hits"]]
    assert scores == sorted(scores, reverse=True)
    assert {"book", "id", "title", "snippet"} <= data["hits"][0].keys()


def test_search_json_for_a_number_names_the_jump(client):
    data = client.get("/search.json", query_string={"q": "10.6.2"}).json
    assert data["jump"] == {"book": "hi-story", "id": "10.6.2", "kind": "clause", "url": "/rules/hi-story/10.6.2"}


def test_search_json_rejects_a_bad_filter(client):
    response = client.get("/search.json", query_string={"q": "山札", "book": "hi-story", "chapter": "ch99"})
    assert response.status_code == 400 and "ch99" in response.json["error"]


def test_search_json_caps_the_limit(client):
    data = client.get("/search.json", query_string={"q": "カード", "limit": 1000}).json
    assert 20 < len(data["hits"]) <= 100


def _shape(path: str) -> str:
    """A route with its parameters unnamed: ``/t/<link_id>.json`` and ``/t/{id}.json`` are both ``/t/{}.json``."""
    return re.sub(r"<[^>]+>|\{[^}]+\}", "{}", path)


def test_openapi_describes_every_json_route(client, app):
    description = client.get("/api/openapi.json").json
    assert description["openapi"].startswith("3.")
    described = set(description["paths"])
    for route in ("/index.json", "/rules/{book}.json", "/rules/{book}/{id}.json",
                  "/rules/{book}/{release}/{id}.json", "/rules/{book}/all.json", "/rules/{book}/all.md",
                  "/search.json", "/api/openapi.json", "/scenarios/{name}.json"):
        assert route in described
    # Every JSON twin the app routes (a rule ending in .json) and every /api/ route is described, whatever
    # its parameters are called.
    routed = {_shape(rule.rule) for rule in app.url_map.iter_rules()
              if rule.rule.endswith(".json") or (rule.rule.startswith("/api/") and rule.rule != "/api/")}
    assert routed - {_shape(path) for path in described} == set()
    assert {"/match.json", "/scenarios.json", "/t/{}/rerun.json", "/t/{}.json", "/s/{}.json"} <= routed
    assert description["servers"] == [{"url": "/"}]  # never the Host header (a configured PUBLIC_URL, or relative)
