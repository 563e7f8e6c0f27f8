"""``adjudicator rulebooks`` and ``adjudicator clause`` through the real click group."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from adjudicator.cli import main
from adjudicator.rulebook import load_rulebook

# Expected counts, read off the sources with these one-liners (run from the repository root), never from
# the parser:
#   H=rulebook/hi-story-comprehensive-v1.0.0.txt; D=rulebook/duel-masters-rule-1-basics.txt
#   grep -c '^第[0-9]*章' $H                          → 17 chapters
#   grep -cP '^([2-9]|1[01])\.\d+ ' $H                → 62 section lines, + 12.1 (chapter 12 prints none) = 63
#   grep -cP '^\d+\.\d+\.\d+' $H                      → 243 three-level clauses
#   grep -cP '^(1|13|14|16)\.\d+[ （]' $H             → 12 two-level clauses (1.1, 1.2, 13.1–13.6, 14.1, 14.2,
#                                                        16.1, 16.2) = 255 clauses
#   grep -cP '^\d+\. ' $H                             → 13 list lines (10.1.10: 3, 10.6.2: 10), plus the ①…
#                                                        runs read by eye in 5.2.1 (①–⑤) and 6.11.1 (①–③) = 21
#   grep -cP '^\d\. ' $D                              → 1 chapter
#   grep -oP '(^|\s)1\d\d[.．](?!\d)' $D | wc -l      → 14 rule groups, + 112 (line 26 starts inside it) = 15
#   grep -oP '(^|\s)1\d\d[.．]\d+[a-z]?' $D | wc -l   → 107 clauses
EXPECTED_COUNTS = {
    "hi-story": {"chapters": 17, "sections": 63, "clauses": 255, "items": 21},
    "duel-masters": {"chapters": 1, "sections": 15, "clauses": 107, "items": 0},
}


@pytest.mark.parametrize("book", sorted(EXPECTED_COUNTS))
def test_the_model_counts_match_the_source(book):
    rulebook = load_rulebook(book)
    counted = {f"{kind}s": rulebook.count(kind) for kind in ("chapter", "section", "clause", "item")}
    assert counted == EXPECTED_COUNTS[book]
    assert len(rulebook.chapters) == EXPECTED_COUNTS[book]["chapters"]
    assert sum(1 for _ in rulebook.clauses()) == EXPECTED_COUNTS[book]["clauses"]


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(main, list(args), catch_exceptions=False)

    return invoke


def test_rulebooks_json_prints_the_counts_the_tests_expect(run):
    result = run("rulebooks", "--json")
    assert result.exit_code == 0
    listed = json.loads(result.output)
    assert [book["id"] for book in listed] == ["hi-story", "duel-masters"]
    for book in listed:
        counts = {key: book[key] for key in ("chapters", "sections", "clauses", "items")}
        assert counts == EXPECTED_COUNTS[book["id"]]
    assert listed[0]["release"] == "v1.0.0" and listed[0]["effective_date"] == "2026-10-13"


def test_rulebooks_text(run):
    result = run("rulebooks")
    assert result.exit_code == 0
    assert "hi-story" in result.output and "v1.0.0" in result.output
    assert "clauses 255" in result.output and "clauses 107" in result.output


def test_clause_text_output(run):
    result = run("clause", "6.7.1")
    assert result.exit_code == 0
    assert "第6章 効果の基本構造 › 6.7 「その後」 › 6.7.1" in result.output
    assert "「その後」は、その語を含む文の直前の文" in result.output
    assert "6.5.11" in result.output and "10.1.10" in result.output


def test_clause_json_for_an_item(run):
    result = run("clause", "10.6.2-8", "--json")
    assert result.exit_code == 0
    item = json.loads(result.output)
    assert (item["id"], item["kind"], item["parent"]) == ("10.6.2-8", "item", "10.6.2")
    assert item["text"] == "8. 敗れたカードの移動、およびダメージを受けた山札の移動処理。"
    assert [step["id"] for step in item["path"]] == ["ch10", "10.6", "10.6.2", "10.6.2-8"]
    assert "11.7.2" in item["backlinks"]


def test_clause_json_lists_references_out_and_in(run):
    clause = json.loads(run("clause", "6.5.11", "--json").output)
    assert [ref["target"] for ref in clause["references"]] == ["6.2.1", "6.7.1", "6.7.2"]
    assert clause["title"] == "「引けない」状態での効果"
    assert (clause["previous"], clause["next"]) == ("6.5.10", "6.5.12")


def test_full_width_number(run):
    assert json.loads(run("clause", "６．７．１", "--json").output)["id"] == "6.7.1"


def test_duel_masters_clause(run):
    result = run("clause", "101.4a", "--book", "duel-masters", "--json")
    assert result.exit_code == 0
    clause = json.loads(result.output)
    assert (clause["book"], clause["parent"]) == ("duel-masters", "101.4")
    assert clause["text"].startswith("複数の効果が同時に発生した場合")


def test_unknown_clause_exits_2_naming_the_nearest(run):
    result = run("clause", "6.7.10")
    assert result.exit_code == 2
    assert "6.7.10" in result.output and "6.7.6" in result.output
    assert "nearest clause" in result.output and "最も近い条文" in result.output


def test_unknown_book_exits_2(run):
    result = run("clause", "6.7.1", "--book", "magic")
    assert result.exit_code == 2
    assert "hi-story" in result.output
