"""Releases as data: a new release of either book is its text beside the old one plus a manifest entry, and
the matcher follows every clause across it (tests/data/releases: a synthetic release of each book with a
changed sentence, a split clause, a renumbered, an added and a removed clause)."""

from __future__ import annotations

import json
import shutil

import pytest
import yaml
from click.testing import CliRunner
from pydantic import ValidationError

from adjudicator.cli import main
from adjudicator.paths import rulebook_dir
from adjudicator.rulebook import load_release, load_rulebook, releases
from adjudicator.rulebook.changes import history, in_release, release_diff
from adjudicator.rulebook.identity import ForcedMatch, match_releases
from adjudicator.rulebook.manifest import Manifest, read_manifests
from adjudicator.rulebook.wording_diff import word_diff

# What the synthetic releases change, as their manifests' comments say: (kind, old ids, new ids, renumber only).
EXPECTED = {
    ("hi-story", "v1.0.0", "v1.1.0"): [
        ("added", (), ("4.1.4",), False),
        ("split", ("4.3.1",), ("4.3.1", "4.3.2"), False),
        ("renumbered", ("4.3.2",), ("4.3.3",), True),
        ("removed", ("4.4.2",), (), False),
        ("changed", ("6.7.1",), ("6.7.1",), False),
    ],
    ("duel-masters", "rule-1-basics", "rule-1-basics-r2"): [
        ("changed", ("101.3",), ("101.3",), False),
        ("added", (), ("102.3",), False),
        ("split", ("104.2b",), ("104.2b", "104.2c"), False),
        ("renumbered", ("104.2c",), ("104.2d",), True),
        ("removed", ("105.6",), (), False),
    ],
}


def test_the_shipped_folder_has_one_release_of_each_book():
    assert [entry.release for entry in releases("hi-story")] == ["v1.0.0"]
    assert [entry.release for entry in releases("duel-masters")] == ["rule-1-basics"]
    assert load_rulebook("hi-story").release == "v1.0.0"


def test_the_synthetic_manifests_only_add_a_release_entry(landed_rulebook_dir):
    shipped, landed = read_manifests(), read_manifests(landed_rulebook_dir)
    for book, manifest in landed.items():
        assert manifest.model_copy(update={"releases": ()}) == shipped[book]
        assert len(manifest.releases) == 1


@pytest.mark.parametrize("book, old, new", list(EXPECTED))
def test_a_release_lands_without_code_and_becomes_latest(releases_landed, book, old, new):
    assert [entry.release for entry in releases(book)] == [old, new]
    assert load_rulebook(book).release == new
    assert load_release(book, old).release == old and load_release(book, "v9.9.9") is None
    assert load_release(book, old).sha256 == read_manifests()[book].sha256


def test_rulebooks_lists_every_release_with_the_newest_latest(releases_landed):
    result = CliRunner().invoke(main, ["rulebooks", "--json"])
    assert result.exit_code == 0, result.output
    listed = {book["id"]: book for book in json.loads(result.output)}
    assert listed["hi-story"]["release"] == "v1.1.0" and listed["hi-story"]["clauses"] == 256
    assert [(r["release"], r["latest"]) for r in listed["hi-story"]["releases"]] == [("v1.0.0", False),
                                                                                     ("v1.1.0", True)]
    assert [r["release"] for r in listed["duel-masters"]["releases"]] == ["rule-1-basics", "rule-1-basics-r2"]
    text = CliRunner().invoke(main, ["rulebooks"]).output
    assert "版 release v1.1.0 (2026-12-01) hi-story-comprehensive-v1.1.0.txt  latest" in text


@pytest.mark.parametrize("book, old, new", list(EXPECTED))
def test_every_change_is_found_and_classified(releases_landed, book, old, new):
    diff = release_diff(book, old, new)
    found = [(item.change.kind, item.change.old, item.change.new, item.change.renumber_only) for item in diff.items]
    assert sorted(found) == sorted(EXPECTED[(book, old, new)])
    touched = {clause for item in diff.items for clause in item.change.old}
    assert len(touched) == 4 and diff.matching.unchanged == diff.old.count("clause") - len(touched)


def test_the_word_diff_gives_back_both_texts_and_names_the_changed_words(releases_landed):
    item = next(i for i in release_diff("hi-story", "v1.0.0", "v1.1.0").items if i.change.kind == "changed")
    assert "".join(p.text for p in item.pieces if p.op != "insert") == item.old_text
    assert "".join(p.text for p in item.pieces if p.op != "delete") == item.new_text
    assert [(p.op, p.text) for p in item.pieces if p.op != "equal"] == [
        ("delete", "完全に終了していなければ"), ("insert", "一部でも行えなかった場合は")]


def test_a_renumbering_of_the_references_only_is_flagged():
    pieces = word_diff("6.7.4の通り処理する。", "6.7.3の通り処理する。")
    assert [(p.op, p.text) for p in pieces if p.op != "equal"] == [("delete", "6.7.4"), ("insert", "6.7.3")]
    book = load_rulebook("hi-story")
    edited = _with_text(book, "6.7.6", book["6.7.6"].text.replace("6.7.4", "6.7.9"))
    change = match_releases(book, edited).changes
    assert [(c.kind, c.old, c.renumber_only) for c in change] == [("changed", ("6.7.6",), True)]


def test_a_forced_match_pairs_what_the_words_cannot(releases_landed):
    old, new = load_release("hi-story", "v1.0.0"), load_rulebook("hi-story")
    forced = ForcedMatch.model_validate({"from": "v1.0.0", "to": "v1.1.0", "old": "4.4.2", "new": "4.1.4",
                                         "why": "the new clause replaces the shuffle exception"})
    changes = {(c.kind, c.old, c.new, c.forced) for c in match_releases(old, new, [forced]).changes}
    assert ("moved", ("4.4.2",), ("4.1.4",), True) in changes
    assert not any(kind in ("added", "removed") for kind, *_ in changes)
    gone = forced.model_copy(update={"new": None})
    assert ("removed", ("4.4.2",), (), True) in {(c.kind, c.old, c.new, c.forced)
                                                  for c in match_releases(old, new, [gone]).changes}


def test_the_forced_matches_file_beside_the_manifest_is_read(releases_landed, tmp_path, monkeypatch):
    for path in releases_landed.iterdir():
        shutil.copy(path, tmp_path / path.name)
    (tmp_path / "hi-story-matches.yaml").write_text(yaml.safe_dump([
        {"from": "v1.0.0", "to": "v1.1.0", "old": "4.4.2", "new": None, "why": "withdrawn, not replaced"}]),
        encoding="utf-8")
    monkeypatch.setenv("ADJUDICATOR_RULEBOOK_DIR", str(tmp_path))
    removed = [i.change for i in release_diff("hi-story", "v1.0.0", "v1.1.0").items if i.change.kind == "removed"]
    assert [(c.old, c.forced) for c in removed] == [(("4.4.2",), True)]
    assert set(read_manifests(tmp_path)) == {"hi-story", "duel-masters"}  # the file is no manifest


def test_a_clause_history_follows_renumbering_splits_and_removals(releases_landed):
    def walk(release, clause):
        return [(v.release, v.clause, v.change.kind if v.change else None) for v in history("hi-story", release, clause)]

    assert walk("v1.0.0", "4.3.2") == [("v1.0.0", "4.3.2", None), ("v1.1.0", "4.3.3", "renumbered")]
    assert walk("v1.1.0", "4.3.3") == walk("v1.0.0", "4.3.2")
    assert walk("v1.0.0", "4.4.2") == [("v1.0.0", "4.4.2", None), ("v1.1.0", None, "removed")]
    assert walk("v1.1.0", "4.1.4") == [("v1.0.0", None, None), ("v1.1.0", "4.1.4", "added")]
    assert walk("v1.1.0", "4.3.2") == [("v1.0.0", "4.3.1", None), ("v1.1.0", "4.3.2", "split")]
    assert in_release("hi-story", "v1.0.0", "4.3.2", "v1.1.0") == "4.3.3"
    assert in_release("hi-story", "v1.0.0", "1.1", "v1.1.0") == "1.1"


def test_a_release_out_of_order_is_refused():
    data = yaml.safe_load((rulebook_dir() / "hi-story.yaml").read_text(encoding="utf-8"))
    entry = {"release": "v0.9.0", "effective_date": "2026-01-01", "source": "x.txt", "sha256": "0" * 64}
    with pytest.raises(ValidationError, match="must have a date after"):
        Manifest.model_validate({**data, "releases": [entry]})
    with pytest.raises(ValidationError, match="listed twice"):
        Manifest.model_validate({**data, "releases": [{**entry, "release": "v1.0.0", "effective_date": "2027-01-01"}]})


def _with_text(book, clause_id, text):
    """The book with one clause's text replaced (a release made in memory)."""
    nodes = tuple(node if node.id != clause_id else type(node)(**{**node.__dict__, "text": text})
                  for node in book.nodes)
    metadata = {name: getattr(book, name) for name in ("id", "title", "effective_date", "language", "source_file",
                                                        "sha256", "source_text", "preamble")}
    return type(book).build(nodes=nodes, release="edited", **metadata)
