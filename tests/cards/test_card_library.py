"""The card library: import all-or-nothing with row/field problems, its own table in the links' store
(SQLite, and PostgreSQL when ADJUDICATOR_TEST_DATABASE_URL names a server), the starter list, the API."""

from __future__ import annotations

import json
import os
import uuid
from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator.cards import CardRowError, open_library
from adjudicator.cards.importing import read_card_file, read_cards
from adjudicator.cards.starter import extract, starter_cards, starter_path
from adjudicator.cards.store import MAX_RESULTS, PostgresCardStore, SQLiteCardStore
from adjudicator.cli import main

GOOD_YAML = """
- name: 尾張の大うつけ　織田信長
  rank: 3
  power: 5000
  role: attacker
  attributes: [戦国時代, 武将]
  effects:
    - {name: 天下布武, mark: once, text: カードを2枚引く。}
- {name: 千利休, rank: 2, power: 2000, role: blocker, attributes: [戦国時代, 文化人]}
- {name: 本能寺の変, type: event, level: 2, attributes: [戦国時代]}
"""
GOOD_CSV = """name,type,rank,level,power,role,attributes,effect_name,effect_mark,effect_text
豊臣秀吉,人物,3,,4500,剣,戦国時代・武将,天下統一,1,カードを1枚引く。
桶狭間の戦い,事変,,1,,,戦国時代,,,
"""


def postgres_url() -> str:
    url = os.environ.get("ADJUDICATOR_TEST_DATABASE_URL")
    if not url:
        pytest.skip("PostgreSQL card store tests need a server: set ADJUDICATOR_TEST_DATABASE_URL (.ci/run starts one)")
    import psycopg

    try:
        psycopg.connect(url, connect_timeout=3).close()
    except psycopg.OperationalError as error:
        pytest.skip(f"PostgreSQL card store tests: no server answers ({error})")
    schema = f"cards_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(url, autocommit=True) as db:
        db.execute(f'CREATE SCHEMA "{schema}"')
    return f"{url}{'&' if '?' in url else '?'}options=-csearch_path%3D{schema}"


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request, tmp_path: Path):
    made = SQLiteCardStore(tmp_path / "links.sqlite3") if request.param == "sqlite" else PostgresCardStore(postgres_url())
    yield made
    if isinstance(made, PostgresCardStore):  # its pool stopped here, not by the garbage collector in another thread
        made.close()


def test_yaml_and_csv_lists_read_into_cards():
    cards = read_cards(GOOD_YAML, "yaml")
    assert [c.name for c in cards] == ["尾張の大うつけ　織田信長", "千利休", "本能寺の変"]
    assert cards[0].printed()["effects"][0] == {"name": "天下布武", "mark": "once", "text": "カードを2枚引く。"}
    hideyoshi, okehazama = read_cards(GOOD_CSV, "csv")
    assert hideyoshi.card.role == "attacker" and hideyoshi.card.attributes == ["戦国時代", "武将"]
    assert hideyoshi.card.effects[0].mark == "once" and okehazama.card.type == "event" and okehazama.card.level == 1


@pytest.mark.parametrize(("text", "kind", "row", "field", "words"), [
    ("- {name: a, rank: 7}", "yaml", 1, "rank", "人物のランクは0〜4です (2.2.1)"),
    ("- {name: a}\n- {name: b, type: event, power: 100}", "yaml", 2, "", "2.2.1"),
    ("- {name: a, colour: red}", "yaml", 1, "colour", "知らない項目"),
    ("- {name: a}\n- {name: a}", "yaml", 2, "name", "1枚目と同じ名前"),
    ("- {name: a, effects: [{name: x, mark: weekly}]}", "yaml", 1, "effects.0.mark", "次のいずれかを選んでください"),
    ("- {rank: 1}", "yaml", 1, "name", "1枚目のname: 入力してください"),
    ("name,rank\nok,1\nbad,ランク\n", "csv", 3, "rank", "3行目のrank: 整数で入力してください"),
    ("name,rank\nok,1,extra\n", "csv", 2, "", "列が多い"),
])
def test_a_bad_row_is_named_by_row_and_field(text, kind, row, field, words):
    with pytest.raises(CardRowError) as refused:
        read_cards(text, kind)
    problem = next(p for p in refused.value.problems if p.row == row)
    assert problem.field == field and words in str(problem)
    assert "Input should" not in str(refused.value)  # the format's Japanese message, never pydantic's English


def test_a_file_with_any_problem_imports_nothing(tmp_path: Path):
    library = SQLiteCardStore(tmp_path / "links.sqlite3")
    library.import_cards(read_cards(GOOD_YAML, "yaml"))
    bad = tmp_path / "more.yaml"
    bad.write_text("- {name: 豊臣秀吉, rank: 3, power: 4500}\n- {name: 壊れたカード, rank: -1}\n", encoding="utf-8")
    with pytest.raises(CardRowError):
        library.import_cards(read_card_file(bad))
    assert library.count() == 3 and library.get("豊臣秀吉") is None


def test_the_store_keeps_cards_by_name_and_finds_them_again(store):
    assert store.import_cards(read_cards(GOOD_YAML, "yaml")) == 3
    assert store.get("千利休").card.attributes == ["戦国時代", "文化人"]
    assert [c.name for c in store.search("信長")] == ["尾張の大うつけ　織田信長"]
    assert [c.name for c in store.search("利")] == ["千利休"]
    assert store.search("%") == [] and store.search("_") == [] and store.search("  ") == []
    store.import_cards(read_cards("- {name: 千利休, rank: 3, power: 2500}", "yaml"))     # the same name replaces
    assert store.get("千利休").card.rank == 3 and store.count() == 3


def test_a_person_name_prefix_comes_first_and_results_are_bounded(store):
    names = [f"武将{i:02d}" for i in range(30)] + ["天下人　織田信長", "織田信秀"]
    store.import_cards(read_cards("\n".join(f"- {{name: {n}}}" for n in names), "yaml"))
    assert [c.name for c in store.search("織田")][:2] == ["織田信秀", "天下人　織田信長"]
    assert len(store.search("武将", limit=100)) == MAX_RESULTS


def test_an_import_is_one_transaction_on_both_stores(store):
    cards = read_cards(GOOD_YAML, "yaml")

    class Boom(Exception):
        pass

    def broken():
        yield from cards[:2]
        raise Boom

    with pytest.raises(Boom):
        store.import_cards(broken())
    assert store.count() == 0


def test_the_starter_list_is_valid_and_fills_an_empty_library(tmp_path: Path):
    shipped = starter_cards()
    assert len(shipped) > 100 and len({c.name for c in shipped}) == len(shipped)
    assert "yaml" in starter_path().suffix
    library = open_library({"LINK_DB_PATH": str(tmp_path / "links.sqlite3")})
    assert library.count() == len(shipped)
    library.import_cards(read_cards("- {name: 新しいカード}", "yaml"))
    again = open_library({"LINK_DB_PATH": str(tmp_path / "links.sqlite3")})
    assert again.count() == len(shipped) + 1                 # only an empty library is filled


def test_the_starter_extraction_keeps_printed_information_only(tmp_path: Path):
    scenario = (Path(__file__).resolve().parents[2] / "scenarios/rules/chapter7/not-name.yaml").read_text("utf-8")
    (tmp_path / "one.yaml").write_text(scenario.replace("face: down", "face: down, state: rest"), encoding="utf-8")
    cards, variants = extract([tmp_path / "one.yaml"])
    assert [c.name for c in cards] == sorted(["明智光秀", "尾張の大うつけ　織田信長", "豊臣秀吉", "伏兵"])
    assert variants == [] and all("id" not in c.printed() for c in cards)


def test_cli_import_reports_problems_and_imports_good_files(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_LINK_DB", str(tmp_path / "links.sqlite3"))
    bad = tmp_path / "bad.csv"
    bad.write_text("name,power\n足軽,たくさん\n", encoding="utf-8")
    refused = CliRunner().invoke(main, ["cards", "import", str(bad), "--json"])
    assert refused.exit_code == 2
    problem = json.loads(refused.stdout)["problems"][0]
    assert (problem["field"], problem["code"], problem["message"]) == ("power", "not_integer", "整数で入力してください")
    good = tmp_path / "good.csv"
    good.write_text(GOOD_CSV, encoding="utf-8")
    imported = CliRunner().invoke(main, ["cards", "import", str(good)])
    assert imported.exit_code == 0 and "2枚を読み込んだ" in imported.output
    shown = CliRunner().invoke(main, ["cards", "show", "豊臣秀吉"])
    assert "power: 4500" in shown.output


def test_api_cards_autocompletes_from_the_library(client):
    found = client.get("/api/cards", query_string={"q": "信長"}).json["cards"]
    assert found and all("信長" in card["name"] for card in found)
    assert found[0]["card"]["name"] == found[0]["name"] and "rank" in found[0]["card"]
    assert client.get("/api/cards", query_string={"q": "x" * 51}).status_code == 400
    assert client.get("/api/cards", query_string={"q": "a", "limit": "0"}).status_code == 400
    assert client.get("/api/cards").json["cards"] == []


def test_a_csv_with_japanese_headers_reads_the_same():
    japanese = "カード名,種類,ランク,パワー,マーク,属性,効果名,効果マーク,効果文\n豊臣秀吉,人物,3,4500,剣,戦国時代・武将,天下統一,1,カードを1枚引く。\n"
    assert read_cards(japanese, "csv")[0].printed() == read_cards(GOOD_CSV, "csv")[0].printed()


def test_an_empty_postgresql_library_is_filled_from_the_starter_list():
    library = open_library({"DATABASE_URL": postgres_url()})
    try:
        assert isinstance(library, PostgresCardStore) and library.count() == len(starter_cards())
    finally:
        library.close()


def test_a_store_that_cannot_be_opened_leaves_the_starter_list_in_memory(tmp_path: Path):
    missing_parent = tmp_path / "not-a-directory"
    missing_parent.write_text("a file where the store's folder should be", encoding="utf-8")
    library = open_library({"LINK_DB_PATH": str(missing_parent / "links.sqlite3")})
    assert library.count() == len(starter_cards()) > 0
    found = library.search("信長")
    assert found and all("信長" in card.name for card in found)
    assert library.get(found[0].name) == found[0]
    with pytest.raises(RuntimeError):
        library.import_cards(starter_cards()[:1])
