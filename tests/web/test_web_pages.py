"""Every HTML page of the rulebook browser and search, through the Flask test client."""

from __future__ import annotations

import gzip
import re

import pytest

from adjudicator.rulebook import load_rulebook
from adjudicator.search.query import MAX_QUERY_LENGTH

HI_STORY = load_rulebook("hi-story")
DUEL_MASTERS = load_rulebook("duel-masters")

PAGES = [
    "/",
    "/rules/hi-story",
    "/rules/duel-masters",
    "/rules/hi-story/ch6",
    "/rules/hi-story/6.7",
    "/rules/hi-story/6.7.1",
    "/rules/hi-story/v1.0.0/6.7.1",
    "/rules/hi-story/v1.0.0",
    "/rules/hi-story/10.6.2",
    "/rules/hi-story/10.6.2-8",
    "/rules/hi-story/5.2.1-1",
    "/rules/duel-masters/101.4a",
    "/search?q=その後",
    "/search?q=6.7",
    "/search?q=",
    "/rules/hi-story/glossary",
    "/scenarios",
    "/scenario/new",
]
WHOLE_BOOKS = ["/rules/hi-story/all", "/rules/duel-masters/all"]
PAGE_BUDGET = 60 * 1024  # bytes, compressed


def html(response) -> str:
    return response.get_data(as_text=True)


@pytest.mark.parametrize("url", PAGES + WHOLE_BOOKS)
def test_every_page_renders_in_japanese_with_every_books_edition(client, url):
    response = client.get(url)
    assert response.status_code == 200
    page = html(response)
    assert '<html lang="ja">' in page
    for book in (HI_STORY, DUEL_MASTERS):
        assert book.release in page
    assert f"{HI_STORY.effective_date} 施行" in page


@pytest.mark.parametrize("url", PAGES + WHOLE_BOOKS + ["/rules/hi-story/6.7.99", "/rules/nope/6.7.1", "/nothing"])
def test_pages_have_no_inline_script_style_or_handlers(client, url):
    page = html(client.get(url))
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page)
    assert not re.search(r"\son[a-z]+\s*=", page)
    assert not re.search(r"\sstyle\s*=", page) and "<style" not in page


@pytest.mark.parametrize("url", PAGES)
def test_pages_are_light_once_compressed(client, url):
    response = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert response.headers.get("Content-Encoding") == "gzip"
    assert len(response.data) < PAGE_BUDGET
    assert gzip.decompress(response.data).decode().startswith("<!doctype html>")


@pytest.mark.parametrize("url", PAGES + WHOLE_BOOKS)
def test_html_ids_do_not_start_with_a_digit(client, url):
    ids = re.findall(r'\sid="([^"]*)"', html(client.get(url)))
    assert ids and not [value for value in ids if value[:1].isdigit()]


def test_home_has_one_search_box_and_the_books(client):
    page = html(client.get("/"))
    assert page.count('name="q"') == 1
    assert 'href="/rules/hi-story"' in page and 'href="/rules/duel-masters"' in page


def test_toc_lists_every_chapter_and_section(client):
    page = html(client.get("/rules/hi-story"))
    for node in HI_STORY.walk():
        if node.kind in ("chapter", "section"):
            assert f'href="/rules/hi-story/{node.id}"' in page, node.id


def test_clause_page_says_which_release_the_latest_url_shows(client):
    assert f"最新版（{HI_STORY.release}）を表示しています" in html(client.get("/rules/hi-story/6.7.1"))
    assert "この版に固定したリンクです" in html(client.get(f"/rules/hi-story/{HI_STORY.release}/6.7.1"))


def test_clause_page_has_breadcrumbs_text_anchor_and_permalink(client):
    page = html(client.get("/rules/hi-story/6.7.1"))
    for ancestor in HI_STORY.heading_path("6.7.1")[:-1]:
        assert f'href="/rules/hi-story/{ancestor.id}"' in page
    assert 'id="c-6.7.1"' in page
    assert HI_STORY.get("6.7.1").text[:30] in page
    assert f'data-copy="http://localhost/rules/hi-story/{HI_STORY.release}/6.7.1"' in page


def test_clause_page_lists_the_clauses_that_cite_it(client):
    page = html(client.get("/rules/hi-story/6.7.1"))
    assert "この条文を参照している条文" in page
    sources = HI_STORY.backlinks("6.7.1")
    assert sources
    for source in sources:
        assert f'href="/rules/hi-story/{source}"' in page


def test_clause_page_links_previous_and_next(client):
    page = html(client.get("/rules/hi-story/6.7.1"))
    assert f'rel="prev" href="/rules/hi-story/{HI_STORY.previous("6.7.1").id}"' in page
    assert f'rel="next" href="/rules/hi-story/{HI_STORY.next("6.7.1").id}"' in page


def test_every_explicit_cross_reference_is_a_link(client):
    for clause_id in ("6.5.11", "10.6.4", "3.1.8"):
        page = html(client.get(f"/rules/hi-story/{clause_id}"))
        for reference in HI_STORY.get(clause_id).references:
            if not reference.implied:
                assert f'<a class="ref" href="/rules/hi-story/{reference.target}">{reference.surface}</a>' in page


def test_item_references_link_to_the_item(client):
    page = html(client.get("/rules/hi-story/10.6.4"))
    assert 'href="/rules/hi-story/10.6.2-8">⑧</a>' in page


def test_listed_items_are_shown_with_their_own_anchors(client):
    page = html(client.get("/rules/hi-story/10.6.2"))
    for item_id in HI_STORY.get("10.6.2").children:
        assert f'id="c-{item_id}"' in page


def test_a_section_page_shows_its_whole_subtree(client):
    page = html(client.get("/rules/hi-story/6.7"))
    for clause_id in HI_STORY.get("6.7").children:
        assert f'id="c-{clause_id}"' in page
        assert HI_STORY.get(clause_id).text[:20] in page


def test_a_chapter_page_shows_its_sections(client):
    page = html(client.get("/rules/hi-story/ch11"))
    for section_id in HI_STORY.get("ch11").children:
        assert f'id="c-{section_id}"' in page


def test_the_whole_book_page_links_references_inside_the_page(client):
    page = html(client.get("/rules/hi-story/all"))
    assert '<a class="ref" href="#c-6.7.1">6.7.1</a>' in page
    assert page.count('class="node node-clause"') == HI_STORY.count("clause")


def test_non_canonical_numbers_redirect_to_the_canonical_url(client):
    response = client.get("/rules/hi-story/６．７．１")
    assert response.status_code == 301 and response.headers["Location"].endswith("/rules/hi-story/6.7.1")
    response = client.get("/rules/hi-story/10.6.2の⑧")
    assert response.status_code == 301 and response.headers["Location"].endswith("/rules/hi-story/10.6.2-8")


def test_an_unknown_clause_is_a_404_that_suggests_the_nearest(client):
    response = client.get("/rules/hi-story/6.7.9")
    assert response.status_code == 404
    page = html(response)
    assert "6.7.9" in page and "近い条文" in page
    assert 'href="/rules/hi-story/6.7.6"' in page


def test_an_unknown_book_is_a_404_that_offers_the_clause_in_the_real_books(client):
    response = client.get("/rules/histoire/6.7.1")
    assert response.status_code == 404
    page = html(response)
    assert 'href="/rules/hi-story/6.7.1"' in page and 'href="/rules/duel-masters"' in page


def test_an_unknown_release_is_a_404_pointing_at_the_current_one(client):
    response = client.get("/rules/hi-story/v0.9.0/6.7.1")
    assert response.status_code == 404
    assert HI_STORY.release in html(response) and 'href="/rules/hi-story/6.7.1"' in html(response)


def test_a_pinned_release_root_goes_to_the_pinned_table_of_contents(client):
    response = client.get(f"/rules/hi-story/{HI_STORY.release}/")
    assert response.status_code == 301
    assert response.headers["Location"].endswith(f"/rules/hi-story/{HI_STORY.release}")


def test_the_pinned_table_of_contents_says_so_and_links_its_json_twin(client):
    page = html(client.get(f"/rules/hi-story/{HI_STORY.release}"))
    assert "この版に固定したリンクです" in page and 'href="/rules/hi-story/6.7"' in page
    assert f'href="/rules/hi-story/{HI_STORY.release}.json">この目次のJSON' in page
    latest = html(client.get("/rules/hi-story"))
    assert "この版に固定したリンクです" not in latest and 'href="/rules/hi-story.json">この目次のJSON' in latest


def test_an_unknown_page_is_a_japanese_404(client):
    response = client.get("/nothing/here")
    assert response.status_code == 404 and "ページが見つかりません" in html(response)


def test_search_shows_hits_in_their_section_path_with_highlights(client):
    page = html(client.get("/search?q=その後"))
    assert '<a class="hit-number" href="/rules/hi-story/6.7.1">6.7.1</a>' in page
    assert "6.7 「その後」" in page and "<mark>その後</mark>" in page


def test_search_for_a_clause_number_goes_straight_to_it(client):
    for typed, target in (("6.7.1", "/rules/hi-story/6.7.1"), ("６．７．１", "/rules/hi-story/6.7.1"),
                          ("101.4a", "/rules/duel-masters/101.4a")):
        response = client.get("/search", query_string={"q": typed})
        assert response.status_code == 302 and response.headers["Location"].endswith(target)


def test_search_for_a_section_number_shows_its_clauses(client):
    page = html(client.get("/search?q=6.7&book=hi-story"))
    for clause_id in HI_STORY.get("6.7").children:
        assert f'href="/rules/hi-story/{clause_id}"' in page


def test_search_filters_by_book_and_chapter(client):
    page = html(client.get("/search?q=攻撃&book=hi-story&chapter=ch11"))
    hits = re.findall(r'class="hit-number" href="/rules/([^/]+)/([^"]+)"', page)
    assert hits and all(book == "hi-story" and node.startswith("11.") for book, node in hits)
    assert '<option value="ch11" selected>' in page


def test_search_with_a_bad_filter_says_so(client):
    response = client.get("/search?q=山札&book=nope")
    assert response.status_code == 400 and "nope" in html(response)
    response = client.get("/search?q=山札&chapter=ch6")
    assert response.status_code == 400


def test_search_escapes_the_query(client):
    page = html(client.get("/search", query_string={"q": '<script>alert(1)</script>"'}))
    assert "<script>alert(1)" not in page and "&lt;script&gt;alert(1)" in page


@pytest.mark.parametrize("odd", ['"', "「", "AND OR", "*", "？", "場 AND", "「」"])
def test_search_never_fails_on_odd_syntax(client, odd):
    assert client.get("/search", query_string={"q": odd}).status_code == 200


def test_search_caps_a_long_query_and_says_so(client):
    page = html(client.get("/search", query_string={"q": "攻撃" * 150}))
    assert f"先頭の{MAX_QUERY_LENGTH}文字" in page


def test_versioned_assets_are_cached_for_a_year_and_the_service_worker_is_not(client):
    page = html(client.get("/"))
    css = re.search(r'href="(/static/css/app\.css\?v=[0-9a-f]+)"', page).group(1)
    response = client.get(css)
    assert response.status_code == 200
    assert response.cache_control.max_age == 365 * 24 * 3600 and response.cache_control.immutable
    # Flask marks static files no-cache by default; a versioned URL must not be revalidated on every view.
    assert not response.cache_control.no_cache and "no-cache" not in response.headers["Cache-Control"]
    assert client.get("/static/css/app.css?v=stale").cache_control.no_cache
    worker = client.get("/sw.js")
    assert worker.status_code == 200 and worker.headers["Cache-Control"] == "no-cache"
    assert worker.mimetype == "text/javascript"


def test_bare_prefixes_redirect_to_the_pages_that_list_them(client):
    assert client.get("/rules/").headers["Location"].endswith("/")
    assert client.get("/api/").headers["Location"].endswith("/api/openapi.json")


def test_a_table_of_contents_has_no_markdown_twin(client):
    assert client.get("/rules/hi-story.md").status_code == 404


# --- finding things, the gallery, the glossary, the JSON twins (issue 15) -----------------------------------


def test_every_page_header_leads_to_the_three_jobs_and_the_gallery(client):
    for path in ("/", "/rules/hi-story/6.7.1", "/search?q=その後", "/scenarios", "/scenario/new"):
        nav = re.search(r'<nav class="jobs"[^>]*>(.*?)</nav>', html(client.get(path)), re.S).group(1)
        for href, label in (("/scenario/new", "裁定を調べる"), ("/rules/hi-story", "ルールを読む"),
                            ("/search", "条文を検索"), ("/scenarios", "例題")):
            assert re.search(rf'href="{re.escape(href)}"[^>]*>{label}</a>', nav), (path, label)


def test_the_gallery_filters_without_javascript(client):
    everything = html(client.get("/scenarios"))
    filtered = html(client.get("/scenarios?q=身代わり"))
    cards = re.findall(r'<li class="gallery-card"[^>]*>', filtered)
    shown = [card for card in cards if not card.endswith(" hidden>")]
    assert len(cards) == everything.count('class="gallery-card"') > len(shown) >= 2
    assert any("身代わり" in card for card in shown)  # the others are in a group whose title says 身代わり
    assert f"{len(shown)}件の例題（「身代わり」で絞り込み）" in filtered
    assert "に当たる例題はありません" in html(client.get("/scenarios?q=存在しない語句xyz"))


def test_gallery_cards_show_the_question_and_what_happened(client):
    page = html(client.get("/scenarios"))
    card = re.search(r'<li class="gallery-card"[^>]*>(?:(?!</li>).)*block-deck-attack-excess(?:(?!</li>).)*</li>', page, re.S).group()
    assert "パワー5000の山札への攻撃を" in card
    assert "石田三成はバトルに敗れ墓地へ。Bの山札から3枚墓地へ" in card
    assert "rules/late-probe" not in page and "rules/siblings" not in page


def test_json_twins_of_the_gallery_an_example_and_a_rerun(client):
    gallery = client.get("/scenarios.json?q=ブロック").get_json()
    names = [example["name"] for group in gallery["groups"] for example in group["examples"]]
    assert "attack/block-deck-attack-excess" in names and gallery["query"] == "ブロック"
    example = client.get("/scenarios/attack/block-deck-attack-excess.json").get_json()
    assert example["trace"]["final"]["B"]["deck"] == 6 and example["scenario"]["title"]
    assert client.get("/scenarios/attack/nope.json").status_code == 404
    stored = client.post("/t", data={"payload": example["links"]["stateless"].removeprefix("/s/")})
    link = stored.headers["Location"]
    rerun = client.get(f"{link}/rerun.json").get_json()
    assert rerun["changed"] is False and rerun["stored"]["verdict"] == "すべての行動が認められます"
    assert f'href="{link}/rerun.json"' in html(client.get(f"{link}/rerun"))
    assert client.get("/t/aaaaaaaaaaaaaaaa/rerun.json").status_code == 404


def test_the_glossary_comes_from_the_rulebooks_definitions(client):
    page = html(client.get("/rules/hi-story/glossary"))
    assert "第15章「用語集」は原文では空" in page
    terms = client.get("/rules/hi-story/glossary.json").get_json()["terms"]
    by_term = {term["term"]: term for term in terms}
    assert by_term["場の下"]["clause"] == "2.4.1" and by_term["バトル"]["clause"] == "11.7.1"
    assert by_term["競合"]["definition"].endswith("を「競合」と呼ぶ。")
    for term in terms:  # every definition is the rulebook's own sentence
        assert term["definition"].rstrip("…") in " ".join(HI_STORY.get(term["clause"]).text.split())
        assert f'id="g-{term["term"]}"' in page


def test_a_clause_page_leads_on_to_its_terms_examples_and_a_preview(client):
    page = html(client.get("/rules/hi-story/11.2.2"))
    assert re.search(r'この条文を使う例題.*href="/scenarios/attack/block-deck-attack-excess"', page, re.S)
    assert 'href="/rules/hi-story/glossary#g-攻撃中"' in page  # 「攻撃中のカード」: 10.6.4 defines it
    assert '<meta property="og:title" content="11.2.2 — Hi!story 総合ルールブック v1.0.0">' in page
    description = re.search(r'<meta property="og:description" content="([^"]*)">', html(client.get("/rules/hi-story/6.7.1")))
    assert description.group(1).startswith("「その後」は、")


def test_trace_chips_link_the_release_the_ruling_was_made_under(client):
    page = html(client.get("/scenarios/attack/block-deck-attack-excess"))
    assert 'class="chip" href="/rules/hi-story/v1.0.0/11.7.1"' in page


def test_llms_txt_and_the_favicon(client):
    text = client.get("/llms.txt").get_data(as_text=True)
    assert text.startswith("# Hi!story ルール裁定") and "/rules/hi-story/all.md" in text
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.data[:4] == b"\x00\x00\x01\x00"


def test_japan_time_keeps_the_iso_time_in_the_markup():
    from adjudicator.web.common.times import japan_time

    assert japan_time("2026-12-01T08:56:00+00:00") == (
        '<time datetime="2026-12-01T08:56:00+00:00">2026年12月1日 17:56（日本時間）</time>')
    assert japan_time("<b>not a time</b>") == "&lt;b&gt;not a time&lt;/b&gt;"


def test_error_summary_names_fields_by_the_forms_labels(client):
    from adjudicator.web.builder.labels import field_label

    assert field_label("players.A.field.1.cards.0.rank") == "A1・カード1・ランク"
    assert field_label("actions.0.responses.0.choice") == "行動1・防御1"
    assert field_label("players.B.deck.count") == "プレイヤーB・山札・枚数"
    page = html(client.post("/scenario/new", data={"title": "t", "players.A.field.1.cards.0.rank": "9",
                                                    "op": "resolve"}))
    summary = re.search(r'<div class="error-summary".*?</div>', page, re.S).group()
    assert ">A1・カード1・ランク</a>" in summary and ">players.A.field.1.cards.0.rank<" not in summary


@pytest.mark.parametrize("name", ["attack/block-deck-attack-excess", "attack/face-down-cannot-attack",
                                  "attack/deck-out-wins"])
def test_the_cli_says_the_verdict_in_the_webs_words(name, client):
    from click.testing import CliRunner

    from adjudicator.cli import main
    from adjudicator.paths import scenarios_dir

    printed = CliRunner().invoke(main, ["resolve", str(scenarios_dir() / f"{name}.yaml")]).output
    headline = re.search(r'<p class="[^"]*" data-verdict>([^<]*)</p>', html(client.get(f"/scenarios/{name}"))).group(1)
    assert f"判定: {headline}\n" in printed
