"""Manifests pin each source text: a changed byte stops the load instead of serving a different rulebook."""

from __future__ import annotations

import hashlib
import shutil

import pytest

from adjudicator.paths import rulebook_dir
from adjudicator.rulebook import load_rulebook
from adjudicator.rulebook.loader import parse_rulebook
from adjudicator.rulebook.manifest import SourceMismatch, read_manifests


def test_manifests_describe_both_books():
    manifests = read_manifests()
    assert list(manifests) == ["duel-masters", "hi-story"]  # file-name order
    hi_story = manifests["hi-story"]
    assert (hi_story.release, hi_story.effective_date, hi_story.language) == ("v1.0.0", "2026-10-13", "ja")
    for manifest in manifests.values():
        source = rulebook_dir() / manifest.source
        assert hashlib.sha256(source.read_bytes()).hexdigest() == manifest.sha256
        assert load_rulebook(manifest.id).sha256 == manifest.sha256


@pytest.mark.parametrize("book", ["hi-story", "duel-masters"])
def test_a_changed_source_is_refused(tmp_path, book):
    for path in rulebook_dir().iterdir():
        shutil.copy(path, tmp_path / path.name)
    manifest = read_manifests(tmp_path)[book]
    assert parse_rulebook(manifest, tmp_path).id == book  # the untouched copy loads
    source = tmp_path / manifest.source
    source.write_bytes(source.read_bytes().replace("。".encode(), "、".encode(), 1))
    with pytest.raises(SourceMismatch, match="sha256"):
        parse_rulebook(manifest, tmp_path)
