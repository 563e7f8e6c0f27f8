"""The rulebook model: counts, structure, lossless text, references and backlinks, for both books."""

from __future__ import annotations

import dataclasses
import re

import pytest

from adjudicator.rulebook import Node, Reference, list_rulebooks, load_rulebook


@pytest.fixture(scope="module")
def hi_story():
    return load_rulebook("hi-story")


@pytest.fixture(scope="module")
def duel_masters():
    return load_rulebook("duel-masters")


@pytest.mark.parametrize("book", ["hi-story", "duel-masters"])
def test_headings_and_texts_reproduce_the_source(book):
    rulebook = load_rulebook(book)
    # Items repeat lines of their clause's text, so the book is its preamble plus every other node.
    parts = [rulebook.preamble] + [node.heading + node.text for node in rulebook.walk() if node.kind != "item"]
    without_space = re.compile(r"\s+")
    assert without_space.sub("", "".join(parts)) == without_space.sub("", rulebook.source_text)


def test_list_rulebooks_puts_hi_story_first():
    books = list_rulebooks()
    assert [book.id for book in books] == ["hi-story", "duel-masters"]
    assert books[0] is load_rulebook("hi-story")


def test_metadata(hi_story):
    assert (hi_story.title, hi_story.release, hi_story.effective_date, hi_story.language) == (
        "Hi!story 総合ルールブック", "v1.0.0", "2026-10-13", "ja")
    assert hi_story.source_file.name == "hi-story-comprehensive-v1.0.0.txt"
    assert hi_story.preamble.startswith("Hi!story 総合ルールブック")
    assert "第16章を参照" in hi_story.preamble


def test_unknown_book_is_a_key_error():
    with pytest.raises(KeyError):
        load_rulebook("magic")


def test_nodes_are_immutable(hi_story):
    with pytest.raises(dataclasses.FrozenInstanceError):
        hi_story.get("6.7.1").text = "changed"


# -- Hi!story structure -----------------------------------------------------------------------------------


def test_lookup_forms(hi_story):
    assert hi_story.get("６．７．１").id == "6.7.1"
    assert hi_story.get("6.5.1").id == "6.5.1"
    assert hi_story.get("6.5.10").id == "6.5.10"
    assert hi_story.get("6.7").kind == "section"
    assert hi_story.get("ch12").kind == "chapter"
    assert hi_story.get("第12章").id == "ch12"
    assert hi_story.get("10.6.2-8").kind == "item"
    assert hi_story.get("10.6.2の⑧").id == "10.6.2-8"
    assert hi_story.get("6.7.10") is None
    assert hi_story.get("nonsense") is None


def test_clause_titles_and_parents(hi_story):
    one_one = hi_story.get("1.1")
    assert (one_one.kind, one_one.title, one_one.parent, one_one.heading) == ("clause", "目的", "ch1", "1.1（目的）")
    assert one_one.text.startswith("本書は、既存のルール説明書")
    assert hi_story.get("6.5.10").title == "「引く」の定義"
    assert hi_story.get("6.5.10").parent == "6.5"
    assert hi_story.get("13.6").title == "旧版の属性表記"
    assert hi_story.get("16.1").kind == "clause" and hi_story.get("16.1").title is None
    assert hi_story.get("6.7").title == "「その後」"
    assert hi_story.get("ch6").title == "効果の基本構造"
    assert hi_story.get("ch6").number == "第6章"


def test_chapter_12_has_an_implicit_section(hi_story):
    section = hi_story.get("12.1")
    assert (section.kind, section.title, section.parent, section.heading) == ("section", None, "ch12", "")
    assert section.children == ("12.1.1", "12.1.2", "12.1.3", "12.1.4")
    assert hi_story.get("12.1.4").title == "「このゲームに勝利する」"


def test_empty_chapters_stay(hi_story):
    for chapter in ("ch15", "ch17"):
        assert hi_story.get(chapter).children == ()
    assert hi_story.get("ch15").title == "用語集"


def test_continuation_lines_belong_to_the_clause_above(hi_story):
    assert hi_story.get("3.5.2").text.endswith("上に別のカードがセット・セットせずに召喚される、レストされる、オモテ・ウラの向きが変わる。")
    prompt = hi_story.get("16.2").text
    assert "https://rule.highsto.net/card/pj-sngk-sg-a-007" in prompt
    assert prompt.endswith("ランク1の大谷吉継の上にも召喚できますか？")
    # 第14章's opening sentence is the chapter's introduction, not part of a clause.
    assert hi_story.get("ch14").text == "一般原則からは導けない、特定のカードに固有の特殊裁定をここにまとめる。"


def test_list_items(hi_story):
    steps = hi_story.get("10.6.2")
    assert steps.children == tuple(f"10.6.2-{n}" for n in range(1, 11))
    eighth = hi_story.get("10.6.2-8")
    assert eighth.text == "8. 敗れたカードの移動、およびダメージを受けた山札の移動処理。"
    assert eighth.text in steps.text
    assert hi_story.get("10.1.10").children == ("10.1.10-1", "10.1.10-2", "10.1.10-3")
    copied = [hi_story.get(f"6.11.1-{n}") for n in (1, 2, 3)]
    assert [item.text for item in copied] == ["効果テキスト全文（自己記述された条件を含む）", "効果名", "効果制限"]
    assert [item.number for item in copied] == ["①", "②", "③"]
    assert hi_story.get("5.2.1-2").text == "召喚フェーズ"


def test_navigation(hi_story):
    assert hi_story.previous("6.7.1").id == "6.6.3"
    assert hi_story.next("6.7.1").id == "6.7.2"
    assert hi_story.next("1.2").id == "2.1.1"  # across a chapter and a section heading
    assert hi_story.previous("1.1") is None
    assert [node.id for node in hi_story.subtree("6.7")] == ["6.7", *(f"6.7.{n}" for n in range(1, 7))]
    assert [node.id for node in hi_story.heading_path("10.6.2-8")] == ["ch10", "10.6", "10.6.2", "10.6.2-8"]
    positions = [node.position for node in hi_story.walk()]
    assert positions == list(range(len(positions)))


# -- references ---------------------------------------------------------------------------------------------


def _targets(node: Node) -> list[str]:
    return [reference.target for reference in node.references]


def test_every_reference_resolves(hi_story):
    unresolved = [(node.id, ref.surface, ref.target) for node in hi_story.walk() for ref in node.references
                  if hi_story.get(ref.target) is None]
    assert unresolved == []


def test_reference_spans_match_the_text(hi_story):
    for node in hi_story.walk():
        for reference in node.references:
            assert node.text[reference.start:reference.end] == reference.surface, (node.id, reference)


def test_every_written_number_is_a_reference(hi_story):
    # A deliberately simple pattern, independent of the parser's: each dotted number in a clause is cited.
    for clause in hi_story.clauses():
        written = {(m.start(), m.group()) for m in re.finditer(r"\d+\.\d+(?:\.\d+)?", clause.text)}
        missing = {(start, number) for start, number in written
                   if not any(ref.start <= start < ref.end and number in ref.surface for ref in clause.references)}
        assert not missing, (clause.id, missing)


@pytest.mark.parametrize(("clause", "surface", "targets"), [
    ("3.1.1", "5.2.3", ["5.2.3"]),  # （5.2.3参照）
    ("6.5.11", "6.7.1", ["6.7.1"]),  # bare （6.7.1）
    ("6.5.2", "6.7", ["6.7"]),  # （6.7参照）: the section
    ("2.3.6", "4.1", ["3.1", "4.1"]),  # （3.1・4.1参照）
    ("14.2", "10.1.8", ["10.1.8"]),  # 10.1.8の通り
    ("6.5.9", "6.5.1", ["6.5.1"]),  # 6.5.1の原則
    ("3.6.3", "3.6.1", ["3.6.1"]),  # 3.6.1と同様
    ("2.5.2", "第12章", ["ch12"]),  # 第12章参照
    ("6.11.1", "6.4.1〜6.4.3", ["6.4.1", "6.4.2", "6.4.3"]),
    ("7.1.5", "7.1.1〜7.1.4", ["7.1.1", "7.1.2", "7.1.3", "7.1.4"]),
    ("11.7.2", "10.6.2の⑧", ["10.6.2-8"]),
    ("10.6.4", "10.6.2の①から⑧まで", [f"10.6.2-{n}" for n in range(1, 9)]),
    ("6.11.4", "6.11.1の①", ["6.11.1-1"]),
])
def test_reference_forms(hi_story, clause, surface, targets):
    node = hi_story.get(clause)
    assert surface in node.text
    for target in targets:
        assert target in _targets(node), (clause, target, _targets(node))


def test_bare_circled_numbers_cite_the_list_under_discussion(hi_story):
    # 10.6.5: "（⑥でパワーが確定し…）… ①の攻撃宣言時" speaks of the steps of 10.6.2.
    assert _targets(hi_story.get("10.6.5")) == ["10.6.2-6", "10.6.2-1"]
    assert _targets(hi_story.get("10.6.4"))[-2:] == ["10.6.2-9", "10.6.2-10"]
    # 6.11.1's own ①②③ number its items; they cite nothing.
    assert not any("6.11.1-" in target for target in _targets(hi_story.get("6.11.1")))


def test_range_inner_targets_are_implied(hi_story):
    references = {ref.target: ref for ref in hi_story.get("6.11.1").references}
    assert references["6.4.2"].implied and references["6.4.2"].surface == "6.4.1〜6.4.3"
    assert not references["6.4.1"].implied and references["6.4.1"].surface == "6.4.1"


def test_backlinks(hi_story):
    assert {"6.5.11", "10.1.10"} <= set(hi_story.backlinks("6.7.1"))
    # An item citation counts for its clause: 11.7.2 cites 10.6.2の⑧.
    assert "11.7.2" in hi_story.backlinks("10.6.2")
    assert "11.7.2" in hi_story.backlinks("10.6.2-8")
    # 6.5.1 is cited by 6.5.9 but 6.5.10 cites nothing of the kind: no prefix confusion.
    assert "6.5.9" in hi_story.backlinks("6.5.1")
    assert all("6.5.1" in _targets(hi_story.get(source)) for source in hi_story.backlinks("6.5.1"))
    assert hi_story.backlinks("6.7.10") == ()


def test_reference_is_a_value():
    assert Reference("6.7.1", "6.7.1", 0, 5) == Reference("6.7.1", "6.7.1", 0, 5)


# -- Duel Masters ---------------------------------------------------------------------------------------


def test_duel_masters_structure(duel_masters):
    assert duel_masters.get("ch1").title == "ゲームの基本"
    group = duel_masters.get("100")
    assert (group.kind, group.title, group.parent) == ("section", "ゲームに必要なもの", "ch1")
    assert duel_masters.get("101").title == "デュエル・マスターズの絶対法則"  # starts mid-paragraph
    assert duel_masters.get("100.1").text == "デュエル・マスターズは二人用の対戦ゲームです。"
    assert duel_masters.get("100.1.").id == "100.1"
    lettered = duel_masters.get("100.2a")
    assert (lettered.kind, lettered.parent) == ("clause", "100.2")
    assert "100.2a" in duel_masters.get("100.2").children
    assert duel_masters.get("101.4a").heading == "101.4a"


def test_duel_masters_quirks(duel_masters):
    assert duel_masters.get("103.2").number == "103.2．"  # full-width stop
    assert duel_masters.get("100.5").number == "100.5"  # no stop
    assert duel_masters.get("100.5").text.endswith("《Forbidden New Year》")
    assert "ちょうど 40 枚でなければならず" in duel_masters.get("100.2").text
    assert "パワー合計が11000 になるように" in duel_masters.get("108.1b").text
    implicit = duel_masters.get("112")
    assert (implicit.title, implicit.heading) == (None, "")
    assert duel_masters.get("112.3b").parent == "112"
    assert duel_masters.get("112.3b").line == 26
    assert duel_masters.preamble.startswith("rule-1-basics")


def test_duel_masters_clauses_are_in_number_order(duel_masters):
    from adjudicator.rulebook.numbers import sort_key

    keys = [sort_key(clause.id) for clause in duel_masters.clauses()]
    assert keys == sorted(keys)


def test_nearest_clause(hi_story, duel_masters):
    assert hi_story.nearest_clause("6.7.10").id == "6.7.6"
    assert hi_story.nearest_clause("0.1").id == "1.1"
    assert duel_masters.nearest_clause("101.4z").id == "101.4f"
