"""Every page has its JSON twin at its address plus ``.json``, made by one route pattern (web/common/twins.py):
each page's rule has its twin rule in the app's URL map, and one page of every route, visited, answers HTML
while its twin answers JSON."""

from __future__ import annotations

import pytest

from adjudicator.web.common.twins import twin_rule

EXAMPLE = "attack/block-deck-attack-excess"
# What is not a page: redirects, downloads, files, health checks and the API (JSON already).
NOT_PAGES = {"static", "home.favicon", "home.llms_txt", "assets.service_worker", "health.healthz", "health.readyz",
             "rules.books_index", "rules.pinned_toc", "builder.stateless_yaml",
             "releases.pick_diff", "releases.feed"}  # the diff form's redirect; the Atom feed (XML)


@pytest.fixture(scope="module")
def pages(app) -> dict[str, str]:
    """One address of every page route, by endpoint (a short link and a stateless link made for the purpose)."""
    client = app.test_client()
    stateless = client.get(f"/scenarios/{EXAMPLE}.json").get_json()["links"]["stateless"]
    short = client.post("/t", data={"payload": stateless.removeprefix("/s/")}).headers["Location"]
    release = client.get("/rules/hi-story.json").get_json()["book"]["release"]
    return {
        "home.index": "/",
        "rules.toc": "/rules/hi-story",
        "rules.node": "/rules/hi-story/6.7.1",
        "rules.pinned_node": f"/rules/hi-story/{release}/6.7.1",
        "releases.release_list": "/rules/hi-story/releases",
        "releases.diff": f"/rules/hi-story/diff/{release}..{release}",
        "search.search": "/search?q=%E3%81%9D%E3%81%AE%E5%BE%8C",
        "cards.match_page": "/match?condition=%E3%80%88%E7%B9%94%E7%94%B0%E3%80%89&card=%E7%B9%94%E7%94%B0%E4%BF%A1%E9%95%B7",
        "rulings.gallery": "/scenarios?q=%E3%83%96%E3%83%AD%E3%83%83%E3%82%AF",
        "rulings.example_trace": f"/scenarios/{EXAMPLE}",
        "rulings.stateless_link": stateless,
        "rulings.short_link": short,
        "rulings.rerun_short_link": f"{short}/rerun",
        "builder.new_scenario": "/scenario/new",
        "builder.edit_example": f"/scenario/edit/{EXAMPLE}",
        "builder.edit_stateless": f"{stateless}/edit",
        "builder.edit_short_link": f"{short}/edit",
    }


def _page_rules(app):
    return [rule for rule in app.url_map.iter_rules()
            if "GET" in rule.methods and not rule.rule.startswith("/api/") and rule.endpoint not in NOT_PAGES
            and not rule.rule.endswith((".json", ".txt"))]


def test_every_page_route_has_its_twin_rule_and_a_page_visited_here(app, pages):
    twins = {(rule.rule, rule.endpoint) for rule in app.url_map.iter_rules()}
    page_rules = _page_rules(app)
    assert {rule.endpoint for rule in page_rules} == set(pages)
    assert [rule.rule for rule in page_rules if (twin_rule(rule.rule), rule.endpoint) not in twins] == []


def test_one_page_per_route_answers_html_and_its_twin_json(client, pages):
    for endpoint, address in pages.items():
        path, _, query = address.partition("?")
        page = client.get(address)
        twin = client.get(path + ".json" + ("?" + query if query else ""))
        assert (page.status_code, page.mimetype) == (200, "text/html"), endpoint
        assert (twin.status_code, twin.mimetype) == (200, "application/json"), endpoint
        assert twin.get_json(), endpoint


def test_the_home_page_and_the_builder_have_twins_as_the_readme_says(client):
    assert client.get("/.json").get_json() == client.get("/index.json").get_json()
    new = client.get("/scenario/new.json").get_json()
    assert new["errors"] == {} and new["draft"]["players"].keys() == {"A", "B"}
