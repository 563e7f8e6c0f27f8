"""Clause text to HTML (escaping, links from reference offsets) and nearest-clause suggestions."""

from __future__ import annotations

from adjudicator.rulebook import Reference, load_rulebook
from adjudicator.web.rulebook.nearest import nearest_nodes
from adjudicator.web.common.rendering import anchor_id, item_body, linkable, render_text, split_items

HI_STORY = load_rulebook("hi-story")


def href(target: str) -> str | None:
    return f"/rules/hi-story/{target}" if HI_STORY.get(target) else None


def test_raw_html_in_the_text_is_escaped_not_passed_through():
    html = render_text('<script>alert(1)</script><img src=x onerror="alert(1)"> <b>太字</b>', (), href)
    assert "<script>" not in html and "<img" not in html and "<b>" not in html
    assert "&lt;script&gt;" in html and "&lt;b&gt;太字&lt;/b&gt;" in html


def test_markdown_links_and_autolinks_are_not_made():
    html = render_text("[押して](javascript:alert(1)) <http://example.com> ![x](y.png)", (), href)
    assert "<a" not in html and "<img" not in html and "javascript:alert(1)" in html


def test_markdown_still_renders_emphasis_and_lists():
    html = render_text("*強調*\n\n1. 一\n2. 二", (), href)
    assert "<em>強調</em>" in html and "<ol>" in html


def test_references_become_links_from_their_offsets():
    text = "「その後」（6.7.1）に進める。6.7.1は別。"
    references = (Reference("6.7.1", "6.7.1", 6, 11),)
    html = render_text(text, references, href)
    assert html.count('<a class="ref" href="/rules/hi-story/6.7.1">6.7.1</a>') == 1  # the second is not cited


def test_a_reference_whose_offsets_do_not_match_its_surface_is_not_linked():
    html = render_text("6.7.1を参照", (Reference("6.7.1", "6.7.1", 1, 6),), href)
    assert "<a" not in html


def test_a_reference_to_a_missing_clause_stays_text():
    html = render_text("99.9.9を参照", (Reference("99.9.9", "99.9.9", 0, 6),), href)
    assert "<a" not in html and "99.9.9" in html


def test_placeholder_characters_in_the_source_cannot_forge_a_link():
    html = render_text("\ue0000\ue001 と 6.7.1", (Reference("6.7.1", "6.7.1", 6, 11),), href)
    assert html.count("<a ") == 1


def test_implied_and_overlapping_references_are_not_linked_twice():
    node = HI_STORY.get("10.6.4")
    chosen = linkable(node.references)
    assert all(not ref.implied for ref in chosen)
    assert all(a.end <= b.start for a, b in zip(chosen, chosen[1:]))


def test_listed_items_are_split_from_their_clause_and_keep_their_references():
    clause = HI_STORY.get("10.1.10")
    body = split_items(clause, tuple(HI_STORY.get(child) for child in clause.children))
    assert [item.id for item in body.items] == list(clause.children)
    assert "1. " not in body.text
    text, references = item_body(HI_STORY.get("10.1.10-1"))
    assert all(text[ref.start:ref.end] == ref.surface for ref in references)
    assert not text.startswith("1. ")


def test_inline_items_stay_inside_the_clause_text():
    clause = HI_STORY.get("5.2.1")
    body = split_items(clause, tuple(HI_STORY.get(child) for child in clause.children))
    assert body.items == () and body.text == clause.text


def test_anchor_ids_never_start_with_a_digit():
    assert all(not anchor_id(node.id)[0].isdigit() for node in HI_STORY.walk())


def test_nearest_nodes_prefer_the_same_section_and_the_closest_number():
    assert [node.id for node in nearest_nodes(HI_STORY, "6.7.9")][:2] == ["6.7", "6.7.6"]
    assert nearest_nodes(HI_STORY, "10.6.2-12")[0].id == "10.6.2"
    assert nearest_nodes(HI_STORY, "zzz") == ()
