"""What the service keeps beside the index for its next start: the corpus scan (the same entries from the
kept file as from the files; a changed corpus, a damaged file or a data directory that cannot be written never
serve stale or no examples) and the compiled templates."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator import paths
from adjudicator.search import corpus

SCENARIO = """title: 同じパワー
question: 同じパワーならどうなる？
expect:
  cites: ["10.6.2-7", 6]
"""


def scan(root: Path) -> tuple[corpus.Entry, ...]:
    corpus.entries.cache_clear()  # what a new process sees
    corpus._stats.cache_clear()
    corpus.fingerprint.cache_clear()
    return corpus.entries(root)


@pytest.fixture()
def own_data_dir(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv(paths.DATA_DIR_ENV, str(tmp_path / "data"))
    return tmp_path / "data" / corpus.CACHE_DIR_NAME


@pytest.fixture()
def root(tmp_path) -> Path:
    (tmp_path / "scenarios" / "attack").mkdir(parents=True)
    (tmp_path / "scenarios" / "attack" / "equal.yaml").write_text(SCENARIO, "utf-8")
    (tmp_path / "scenarios" / "untitled.yaml").write_text("question: 何？\n", "utf-8")
    (tmp_path / "scenarios" / "broken.yaml").write_text("title: [unclosed\n", "utf-8")
    return tmp_path / "scenarios"


def test_the_scan_reads_plain_fields_and_leaves_out_what_does_not_parse(root, own_data_dir):
    assert scan(root) == (
        corpus.Entry("attack/equal", "同じパワー", "同じパワーならどうなる？", ("10.6.2-7", "6")),
        corpus.Entry("untitled", "untitled", "何？", ()),
    )


def test_a_second_start_reads_the_kept_scan_and_a_changed_file_is_read_again(root, own_data_dir):
    assert not corpus.is_kept("scan", root)
    first = scan(root)
    assert corpus.is_kept("scan", root) and not corpus.is_kept("gallery", root)
    [kept] = own_data_dir.glob("scan-*.json")
    assert scan(root) == first
    (root / "attack" / "equal.yaml").write_text(SCENARIO.replace("同じパワー", "違うパワー"), "utf-8")
    changed = scan(root)
    assert changed[0].title == "違うパワー" and changed[1:] == first[1:]
    assert [path.name for path in own_data_dir.glob("scan-*.json")] != [kept.name]  # the old scan removed
    (root / "added.yaml").write_text("title: 追加\n", "utf-8")
    assert [entry.name for entry in scan(root)] == ["added", "attack/equal", "untitled"]


def test_a_damaged_kept_scan_is_read_again_from_the_files(root, own_data_dir):
    first = scan(root)
    [kept] = own_data_dir.glob("scan-*.json")
    for damage in ("[[", '[["a", "b", "c", [1]]]', '{"not": "rows"}'):
        kept.write_text(damage, "utf-8")
        assert scan(root) == first


def test_a_data_directory_that_cannot_be_written_still_gives_the_entries(root, own_data_dir):
    own_data_dir.parent.mkdir(parents=True)
    own_data_dir.write_text("a file where the cache directory would be", "utf-8")
    assert [entry.name for entry in scan(root)] == ["attack/equal", "untitled"]


def test_the_gallery_and_the_examples_read_back_are_those_made(own_data_dir):
    from adjudicator.search.examples import ExampleIndex
    from adjudicator.web.rulings import gallery

    root = paths.scenarios_dir()

    def made_anew():
        scan(root)
        gallery.gallery.cache_clear()
        index = ExampleIndex.scan(root)
        return gallery.gallery(root), [(e.name, index.bigrams(e)) for e in index.matching("ウラのカードで攻撃できる？", ["6.7.1"])]

    first = made_anew()
    assert sorted(path.name.split("-")[0] for path in own_data_dir.iterdir()) == ["examples", "gallery", "scan"]
    assert made_anew() == first
    for kept in own_data_dir.iterdir():
        kept.write_text('[["damaged"]]', "utf-8")
    assert made_anew() == first


def test_templates_compiled_once_are_not_compiled_again_by_the_next_app(client, data_dir, monkeypatch):
    from adjudicator.web import create_app

    assert client.get("/scenarios").status_code == 200  # compiles the gallery's templates and keeps them
    assert any((data_dir / "templates-compiled").iterdir())
    again = create_app({"TESTING": True})

    def compile_again(*args, **kwargs):
        raise AssertionError("a kept template was compiled again")

    monkeypatch.setattr(again.jinja_env, "compile", compile_again)
    assert again.test_client().get("/scenarios").status_code == 200


def test_the_kept_sound_alike_readings_read_back_as_made_and_a_damaged_file_is_made_again(own_data_dir, monkeypatch):
    from adjudicator.rulebook.loader import list_rulebooks
    from adjudicator.search import soundalike

    books = tuple(list_rulebooks())
    question = "てふだをすてて、ぼちに召還したら？"

    def read_anew():
        soundalike._BUILT.clear()  # what a new process sees
        return soundalike.SoundAlikes.for_books(books).read(question)

    made = read_anew()
    assert [(alike.word, alike.terms[0]) for alike in made] == [("てふだ", "手札"), ("ぼち", "墓地"), ("召還し", "召喚し")]
    [kept] = own_data_dir.glob("sounds-*.json")
    with monkeypatch.context() as patched:
        patched.setattr(soundalike, "_read_readings", lambda books: pytest.fail("MeCab read the books again"))
        assert read_anew() == made
    for damage in ("{", '{"readings": [], "sources": {}}', '{"readings": {"テフダ": [1]}, "sources": {}}'):
        kept.write_text(damage, "utf-8")
        assert read_anew() == made


def test_a_first_start_makes_what_the_first_requests_would_have_waited_for(tmp_path, monkeypatch):
    """A fresh data directory: create_app makes and keeps the corpus's scan, examples and gallery, so the first
    clause page, search and gallery build nothing (they waited 4.6 s and 2 s for it on a loaded machine). In a
    process of its own, as a start is (this one's caches already hold the corpus)."""
    import subprocess
    import sys

    from adjudicator import paths

    monkeypatch.setenv("ADJUDICATOR_DATA_DIR", str(tmp_path))
    subprocess.run([sys.executable, "-c", "from adjudicator.web import create_app; create_app()"], check=True,
                   timeout=300)
    root = paths.scenarios_dir()
    assert all(corpus.is_kept(kind, root) for kind in ("scan", "examples", "gallery"))
