"""/search/suggest.json (the live box) and the search page's book choice."""

from __future__ import annotations

import re
from html import unescape


def test_the_live_box_asks_the_suggestions_route(client):
    page = client.get("/").get_data(as_text=True)
    assert 'data-live-search="/search/suggest.json"' in page


def test_suggestions_link_to_the_clause_or_to_a_search(client):
    payload = client.get("/search/suggest.json", query_string={"q": "その後", "book": "hi-story", "limit": 8}).get_json()
    first, second = payload["suggestions"][:2]
    assert first["url"] == "/rules/hi-story/6.7.1" and first["id"] == "6.7.1"
    assert second["url"] == "/rules/hi-story/6.7"
    quoted = next(item for item in payload["suggestions"] if item["kind"] == "phrase")
    assert quoted["url"].startswith("/search?q=") and quoted["id"] is None
    assert payload["search_url"] == "/search?q=%E3%81%9D%E3%81%AE%E5%BE%8C&book=hi-story"


def test_a_clause_number_typed_in_full_is_offered_as_a_jump(client):
    payload = client.get("/search/suggest.json", query_string={"q": "10.6.2"}).get_json()
    assert payload["suggestions"][0]["exact"] is True
    assert payload["suggestions"][0]["url"] == "/rules/hi-story/10.6.2"


def test_bad_filters_are_refused_in_japanese(client):
    answer = client.get("/search/suggest.json", query_string={"q": "a", "book": "nope"})
    assert answer.status_code == 400 and "ありません" in answer.get_json()["error"]
    answer = client.get("/search/suggest.json", query_string={"q": "a", "limit": "x"})
    assert answer.status_code == 400 and "整数" in answer.get_json()["error"]


def test_nothing_typed_suggests_nothing(client):
    payload = client.get("/search/suggest.json").get_json()
    assert payload == {"query": "", "book": None, "suggestions": [], "search_url": None}


def _choice(page: str) -> str:
    return unescape(re.sub(r"\s+", " ", re.search(r'<p class="book-choice"[^>]*>(.*?)</p>', page, re.S).group(1)))


def test_the_page_says_which_book_answered_and_offers_the_others(client):
    page = client.get("/search", query_string={"q": "シールドは何枚で始まる"}).get_data(as_text=True)
    said = _choice(page)
    assert said.startswith("デュエル・マスターズ 総合ルール 1. ゲームの基本で答えました（質問の「シールド」から選びました）")
    assert 'book=hi-story">Hi!story 総合ルールブックで探す' in said
    assert 'book=all">すべてのルールブックで探す' in said
    assert re.findall(r'class="hit-number" href="/rules/([^/]+)/', page)[:1] == ["duel-masters"]


def test_a_question_without_evidence_is_answered_by_hi_story_and_says_why(client):
    page = client.get("/search", query_string={"q": "山札が0枚になったら負け？"}).get_data(as_text=True)
    assert "Hi!story 総合ルールブックで答えました（ルールブックを選んでいないため）" in _choice(page)
    assert set(re.findall(r'class="hit-number" href="/rules/([^/]+)/', page)) == {"hi-story"}


def test_a_chosen_book_or_all_books_is_not_second_guessed(client):
    page = client.get("/search", query_string={"q": "シールドは何枚", "book": "all"}).get_data(as_text=True)
    assert 'class="book-choice"' not in page and '<option value="all" selected>' in page
    payload = client.get("/search.json", query_string={"q": "シールドは何枚", "book": "hi-story"}).get_json()
    assert payload["book"] == "hi-story" and payload["book_choice"] is None


def test_the_json_twin_names_the_choice_and_the_other_searches(client):
    payload = client.get("/search.json", query_string={"q": "ウラのカード"}).get_json()
    choice = payload["book_choice"]
    assert (payload["book"], choice["book"], choice["decided"], choice["evidence"]) == (
        "hi-story", "hi-story", True, ["ウラ"])
    assert [other["url"].split("book=")[1] for other in choice["others"]] == ["duel-masters", "all"]
    assert all(other["url"].startswith("/search.json?") for other in choice["others"])
