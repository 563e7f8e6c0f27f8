"""Official rulings: imported all or nothing (a bad file refused whole, naming row and field), kept in the data
directory, and checked against the engine by ``adjudicator verify`` (tests/data/official)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator.cli import main
from adjudicator.official import RulingImportError, RulingsFile, read_rulings, read_rulings_file, rulings_citing

OFFICIAL = Path(__file__).parent.parent / "data" / "official"


@pytest.fixture()
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_DATA_DIR", str(tmp_path))
    return tmp_path


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_a_good_file_is_imported_with_its_scenario_read():
    rulings = read_rulings_file(OFFICIAL / "rulings.yaml")
    assert [r.id for r in rulings] == ["q-2026-001", "q-2025-014", "q-2026-002"]
    first = rulings[0]
    assert first.clauses == ("6.7.1", "6.1.3") and first.cards == ("使番",)
    assert first.scenario["expect"]["state"] == {"A.hand": 2, "A.deck": 19, "B.graveyard": 6}
    assert rulings[1].superseded and rulings[1].superseded_by == "q-2026-001"
    assert [r.id for r in rulings_citing(["6.7.1"], rulings)] == ["q-2026-001", "q-2025-014"]  # newest first
    assert [r.id for r in rulings_citing(["4.1.3-1"], rulings)] == ["q-2026-002"]


BAD_YAML = """\
- id: q-1
  question: 正しい裁定
  answer: はい。
  date: "2026-11-01"
  source: https://example.org/qa#1
  clauses: ["6.7.1"]
- id: q-2
  question: 日付が存在しない
  answer: はい。
  date: "2026-02-30"
  source: https://example.org/qa#2
  clauses: ["6.7.1"]
- id: q-3
  question: 条文が本書にない
  answer: はい。
  date: "2026-11-03"
  source: javascript:alert(1)
  clauses: ["6.7.1", "99.9"]
  superseded_by: q-404
- id: q-1
  question: idが重複
  answer: はい。
  date: "2026-11-04"
  source: https://example.org/qa#4
  clauses: ["6.7.1"]
"""


def test_a_bad_file_is_refused_whole_naming_each_row_and_field():
    with pytest.raises(RulingImportError) as refused:
        read_rulings(BAD_YAML, "yaml")
    found = [(p.row, p.field) for p in refused.value.problems]
    assert found == [(2, "date"), (3, "source"), (4, "id")], [str(p) for p in refused.value.problems]
    assert str(refused.value.problems[0]) == "2件目のdate: 存在しない日付（YYYY-MM-DD で書く）"


def test_each_field_of_a_valid_row_is_checked_against_the_rulebook_and_the_other_rulings():
    text = BAD_YAML.replace("javascript:alert(1)", "https://example.org/qa#3")
    with pytest.raises(RulingImportError) as refused:
        read_rulings(text, "yaml")
    problems = {(p.row, p.field): str(p) for p in refused.value.problems}
    assert problems[(3, "clauses.1")] == "3件目のclauses.1: 「99.9」はHi!story 総合ルールブック v1.0.0にない"
    assert problems[(3, "superseded_by")] == "3件目のsuperseded_by: 「q-404」という裁定はない"


def test_a_ruling_scenario_without_an_answer_or_that_does_not_load_is_named():
    text = """\
- id: q-1
  question: 盤面つき
  answer: はい。
  date: "2026-11-01"
  source: https://example.org/qa#1
  clauses: ["6.7.1"]
  scenario: {format: hi-story-scenario/1, title: t, game: {round: 3, first_player: A, turn_player: A, phase: set}, players: {A: {deck: 5}, B: {deck: 5}}}
- id: q-2
  question: 壊れた盤面
  answer: はい。
  date: "2026-11-01"
  source: https://example.org/qa#2
  clauses: ["6.7.1"]
  scenario: {format: hi-story-scenario/1, title: t, game: {round: 3, first_player: A, turn_player: A, phase: set}, players: {A: {deck: -1}, B: {deck: 5}},
             expect: {legal: true}}
"""
    with pytest.raises(RulingImportError) as refused:
        read_rulings(text, "yaml")
    fields = [(p.row, p.field) for p in refused.value.problems]
    assert (1, "scenario.expect") in fields
    assert any(row == 2 and field.startswith("scenario.players.A.deck") for row, field in fields), fields


def test_csv_with_japanese_headers_and_its_line_numbers():
    good = ("id,質問,回答,日付,出典,条文,カード\n"
            "q-1,手札の枚数は？,公開情報です。,2026-11-01,https://example.org/qa#1,4.1.1 4.1.3,\n")
    assert read_rulings(good, "csv")[0].clauses == ("4.1.1", "4.1.3")
    bad = good + "q-2,,回答,2026-11-01,https://example.org/qa#2,4.1.1,\n"
    with pytest.raises(RulingImportError) as refused:
        read_rulings(bad, "csv")
    assert [str(p) for p in refused.value.problems] == ["3行目のquestion: 必須の項目がない"]


def test_the_cli_imports_all_or_nothing(data_dir, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(BAD_YAML, encoding="utf-8")
    refused = run("rulings", "import", str(bad), "--json")
    assert refused.exit_code == 2
    assert "2件目のdate" in refused.output and "何も読み込んでいない" in refused.output
    assert RulingsFile(data_dir).load() == ()  # the good first row was not imported either
    imported = run("rulings", "import", str(OFFICIAL / "rulings.yaml"), "--json")
    assert imported.exit_code == 0, imported.output
    assert json.loads(imported.output) == {"imported": 3, "new": 3, "kept": 3}
    again = run("rulings", "import", str(OFFICIAL / "rulings.yaml"), "--json")
    assert json.loads(again.output) == {"imported": 3, "new": 0, "kept": 3}
    listed = run("rulings", "list").output
    assert "q-2025-014" in listed and "（q-2026-001 に差し替え）" in listed


def test_verify_passes_when_the_engine_agrees_and_fails_naming_the_ruling_when_not(data_dir):
    assert run("rulings", "import", str(OFFICIAL / "rulings.yaml")).exit_code == 0
    agreeing = run("verify", "-v")
    assert agreeing.exit_code == 0, agreeing.output
    assert "PASS official ruling q-2026-001" in agreeing.output and "1 passed, 0 failed" in agreeing.output
    disagreeing = run("verify", "--rulings", str(OFFICIAL / "disagreeing.yaml"))
    assert disagreeing.exit_code == 1
    assert "FAIL official ruling q-2026-099 (https://example.org/hi-story/qa#q-2026-099): the engine disagrees" \
        in disagreeing.output
    assert "state: A.hand expected 3, got 2" in disagreeing.output
    assert disagreeing.output.rstrip().endswith("1 passed, 1 failed")


def test_a_damaged_rulings_file_is_said_never_a_500_and_an_import_changes_nothing(data_dir, tmp_path):
    """A file cut short or edited by hand: the pages say the rulings cannot be read, the feed answers 503, and
    an import refuses to write over it (exit 3) rather than take the damaged file for no rulings."""
    from adjudicator.web import create_app

    assert run("rulings", "import", str(OFFICIAL / "rulings.yaml")).exit_code == 0
    path = RulingsFile(data_dir).path
    path.write_text(path.read_text(encoding="utf-8")[:200], encoding="utf-8")  # cut short
    client = create_app({"TESTING": True}).test_client()
    page = client.get("/rules/hi-story/6.7.1")
    assert page.status_code == 200
    assert "いまは公式裁定を読めません（保存されたデータが壊れています）" in page.get_data(as_text=True)
    assert client.get("/rules/hi-story/6.7.1.json").get_json()["official_rulings_unavailable"]
    feed = client.get("/feed.atom")
    assert feed.status_code == 503 and "保存されたデータが壊れています" in feed.get_data(as_text=True)
    damaged = path.read_bytes()
    refused = run("rulings", "import", str(OFFICIAL / "rulings.yaml"))
    assert refused.exit_code == 3 and path.read_bytes() == damaged
