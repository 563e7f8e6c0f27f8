"""The search page and /search.json: readings, the nearest clause, paging and worked examples."""

from __future__ import annotations

import re
from html import unescape


def html(response) -> str:
    assert response.status_code == 200, response.status_code
    return response.get_data(as_text=True)


def hit_numbers(page: str) -> list[str]:
    return re.findall(r'class="hit-number" href="[^"]+">([^<]+)</a>', page)


def test_the_page_says_which_player_words_it_read_and_credits_the_rulebook(client):
    page = html(client.get("/search", query_string={"q": "タップしたカードでランダムに選ぶ", "book": "hi-story"}))
    readings = unescape(re.search(r'<p class="search-readings">(.*?)</p>', page, re.S).group(1))
    assert "タップ</b> → レスト（カードゲームの用語）" in readings
    assert re.search(r'ランダムに</b> → 見ずに（<a href="/rules/hi-story/4.3.1">4.3.1</a>）', readings)


def test_a_kanji_one_off_the_rulebooks_is_credited_to_a_clause_that_prints_the_word_meant(client):
    page = html(client.get("/search", query_string={"q": "墓池に送る", "book": "hi-story"}))
    readings = unescape(re.search(r'<p class="search-readings">(.*?)</p>', page, re.S).group(1))
    assert re.search(r'墓池</b> → 墓地（<a href="/rules/hi-story/2.3.4">2.3.4</a>）', readings)


def test_a_reading_with_no_clause_is_card_game_usage_only_when_the_glossary_says_so(app):
    from adjudicator.web.search.pages import _reading_source

    with app.test_request_context():
        assert _reading_source("TCG") == ("カードゲームの用語", None)
        assert _reading_source("") == ("近い表記", None)  # a near spelling whose pair no clause prints as a word
        assert _reading_source("hi-story:99.9") == ("近い表記", None)


def test_an_unknown_number_offers_the_nearest_clause(client):
    page = html(client.get("/search", query_string={"q": "6.7.10", "book": "hi-story"}))
    assert "6.7.10 という条文はありません" in page
    assert re.search(r'<div class="search-suggestions">.*href="/rules/hi-story/6.7.6"', page, re.S)
    assert "見つかりませんでした" not in page and hit_numbers(page) == []


def test_a_number_in_a_question_is_pinned_and_marked(client):
    page = html(client.get("/search", query_string={"q": "11.2.2 ブロック", "book": "hi-story"}))
    assert hit_numbers(page)[0] == "11.2.2"
    assert page.count('class="pin"') == 1


def test_a_quote_not_in_the_rulebook_says_the_results_are_for_its_words(client):
    page = html(client.get("/search", query_string={"q": "「相手の攻撃中に発動できる」事変"}))
    assert "そのまま含む条文はありません" in page and hit_numbers(page)


def test_results_go_on_past_the_first_twenty(client):
    first = html(client.get("/search", query_string={"q": "攻撃", "book": "hi-story"}))
    total = int(re.search(r'<p class="count">(\d+) 件中 1–20 件</p>', first).group(1))
    assert total > 20 and "（上位）" not in first
    next_url = unescape(re.search(r'<a rel="next" href="([^"]+)"', first).group(1))
    second = html(client.get(next_url))
    assert f"{total} 件中 21–" in second and '<ol class="hits" start="21">' in second
    assert not set(hit_numbers(first)) & set(hit_numbers(second))
    assert re.search(r'<a rel="prev" href="[^"]+page=1', second)


def test_worked_examples_follow_the_clauses_and_open(client):
    page = html(client.get("/search", query_string={"q": "パワーが同じ時はどうなる", "book": "hi-story"}))
    block = re.search(r'<section class="search-examples".*?</section>', page, re.S)
    assert block and page.index('<ol class="hits"') < block.start()
    links = re.findall(r'<a href="(/scenarios/[^"]+)">', block.group(0))
    assert links and client.get(links[0]).status_code == 200
    assert "根拠：" in block.group(0)


def test_the_json_twin_carries_readings_examples_and_the_next_page(client):
    data = client.get("/search.json", query_string={"q": "タップしたカードで攻撃できる？"}).get_json()
    assert data["readings"][0]["word"] == "タップ" and data["total"] >= len(data["hits"])
    assert data["examples"] and all(example["url"].startswith("/scenarios/") for example in data["examples"])
    assert data["next"] is None or data["next"].startswith("/search.json?")
    data = client.get("/search.json", query_string={"q": "攻撃", "page": 2, "limit": 5}).get_json()
    assert data["offset"] == 5 and len(data["hits"]) == 5 and "page=3" in data["next"]
    data = client.get("/search.json", query_string={"q": "6.7.10"}).get_json()
    assert data["suggestions"][0]["url"] == "/rules/hi-story/6.7.6"


def test_what_the_page_echoes_is_escaped(client):
    page = html(client.get("/search", query_string={"q": "<b>タップ</b>「<i>x</i>」"}))
    assert "<b>タップ</b>「" not in page and "<i>x</i>" not in page


def test_an_absurd_page_number_is_bounded_not_an_error(client):
    assert client.get("/search", query_string={"q": "攻撃", "page": 10**9}).status_code == 200
    assert client.get("/search.json", query_string={"q": "攻撃", "page": -3}).get_json()["offset"] == 0


def test_the_bench_can_count_the_result_cache_and_nobody_else_sees_it(app, client):
    from adjudicator.web import create_app

    assert "X-Search-Cache" not in client.get("/search.json?q=その後の処理").headers  # off by default
    counted = create_app({"TESTING": True, "SEARCH_CACHE_HEADER": True,
                          "RATELIMIT_STORAGE_URI": "memory://"}).test_client()
    first = counted.get("/search.json?q=場を離れるとは何か&limit=8")
    again = counted.get("/search.json?q=場を離れるとは何か&limit=8")
    other = counted.get("/search?q=場を離れるとは何か")  # another page size: another cache entry
    assert [r.headers["X-Search-Cache"] for r in (first, again, other)] == ["miss", "hit", "miss"]
    assert first.get_json() == again.get_json()
