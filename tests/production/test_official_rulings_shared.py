"""Official rulings kept in PostgreSQL when the service's store is there (``official.store``): a ruling imported
through one instance shows on every other within ``STAMP_SECONDS`` (their kept pages follow), an import is
all or nothing, and a database that fails while importing or reading gives a Japanese answer, never a 500:
the pages that show rulings beside their own content say why they cannot, the feed (rulings alone) is a 503,
the command refuses, and nothing changed. The file store (no database) keeps its behaviour
(tests/rulebook/test_official_rulings.py)."""

from __future__ import annotations

import json
import time
from contextlib import closing
from pathlib import Path

import pytest
from click.testing import CliRunner

from adjudicator.cli import main
from adjudicator.links.faults import Store, StoreUnavailable
from adjudicator.official import PostgresRulingStore, RulingsFile, read_rulings_file
from adjudicator.official.store import FILE_NAME, STAMP_SECONDS
from tests.links.postgres import fresh_schema_url, postgres_url
from tests.production.private_postgres import private_cluster

OFFICIAL = Path(__file__).parent.parent / "data" / "official"
RULINGS = OFFICIAL / "rulings.yaml"  # q-2026-001 and the q-2025-014 it superseded cite 6.7.1
CLAUSE = "/rules/hi-story/6.7.1"
CONFIG = {"TESTING": True, "RATELIMIT_STORAGE_URI": "memory://", "RATELIMIT_WRITES": "100000 per minute"}
CANNOT_READ = "いまは公式裁定を読めません（データベース（PostgreSQL）に接続できません）"


def _import(url: str, monkeypatch, path: Path = RULINGS):
    monkeypatch.setenv("ADJUDICATOR_DATABASE_URL", url)
    try:
        return CliRunner().invoke(main, ["rulings", "import", str(path), "--json"])
    finally:
        monkeypatch.delenv("ADJUDICATOR_DATABASE_URL")


def _instance(url: str):
    from adjudicator.web import create_app

    return create_app({**CONFIG, "DATABASE_URL": url}).test_client()


@pytest.fixture()
def shared_url() -> str:
    return fresh_schema_url(postgres_url(), "rulings_test")


@pytest.fixture(params=["file", "postgresql"])
def store(request, tmp_path):
    made = RulingsFile(tmp_path) if request.param == "file" else \
        PostgresRulingStore(fresh_schema_url(postgres_url(), "rulings_test"), stamp_seconds=0)
    yield made
    made.close()


def _kept_ids(url: str) -> list[str]:
    with closing(PostgresRulingStore(url)) as store:
        return [ruling.id for ruling in store.load()]


def test_both_stores_merge_by_id_keep_the_first_import_order_and_move_the_stamp(store):
    rulings = read_rulings_file(RULINGS)
    assert store.load() == ()
    before = store.stamp()
    assert store.save(rulings[1:]) == (2, 2)
    assert store.stamp() != before
    changed = rulings[1].model_copy(update={"answer": "いいえ。"})
    assert store.save([rulings[0], changed]) == (1, 3)
    assert [ruling.id for ruling in store.load()] == ["q-2025-014", "q-2026-002", "q-2026-001"]
    assert store.load()[0].answer == "いいえ。"


def test_a_ruling_imported_through_one_instance_shows_on_the_other(app, data_dir, shared_url, monkeypatch):
    first, second = _instance(shared_url), _instance(shared_url)
    for instance in (first, second):  # each keeps the clause page without the rulings
        assert 'class="official-rulings"' not in instance.get(CLAUSE).get_data(as_text=True)
    imported = _import(shared_url, monkeypatch)
    assert imported.exit_code == 0, imported.output
    assert json.loads(imported.output) == {"imported": 3, "new": 3, "kept": 3}
    assert not (data_dir / FILE_NAME).exists()  # not in the data directory: in the database
    time.sleep(STAMP_SECONDS + 0.1)
    for instance in (second, first):
        page = instance.get(CLAUSE).get_data(as_text=True)
        assert 'data-ruling="q-2026-001"' in page and "data-superseded" in page
        assert "q-2026-002" in instance.get("/search.json?q=手札の枚数").get_data(as_text=True)
        assert "公式裁定 q-2026-001" in instance.get("/feed.atom").get_data(as_text=True)
    cache = second.application.extensions["page_cache"]
    hits = cache.hits
    assert 'data-ruling="q-2026-001"' in second.get(CLAUSE).get_data(as_text=True)
    assert cache.hits == hits + 1  # the page made after the import is kept again


def test_a_failed_import_changes_nothing_and_says_so(shared_url, monkeypatch):
    assert _import(shared_url, monkeypatch, OFFICIAL / "sonogo-zero-targets.yaml").exit_code == 2  # not a rulings file
    good = read_rulings_file(RULINGS)
    with closing(PostgresRulingStore(shared_url)) as store:
        store.save(good[:1])
    import psycopg

    with psycopg.connect(shared_url, autocommit=True) as db:  # the counter's update fails after the rows were written
        db.execute("CREATE FUNCTION refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'disk gone'; END $$ "
                   "LANGUAGE plpgsql")
        db.execute("CREATE TRIGGER refuse BEFORE UPDATE ON official_rulings_version FOR EACH ROW EXECUTE FUNCTION refuse()")
    refused = _import(shared_url, monkeypatch)
    assert refused.exit_code == 3 and "何も読み込んでいない" in refused.output
    with closing(PostgresRulingStore(shared_url)) as store, pytest.raises(StoreUnavailable) as failed:
        store.save(good)
    assert failed.value.store is Store.RULINGS and failed.value.writing
    assert _kept_ids(shared_url) == ["q-2026-001"]


def test_postgresql_stopped_while_importing_and_reading(app, monkeypatch):
    with private_cluster() as cluster:
        assert _import(cluster.url, monkeypatch).exit_code == 0
        client = _instance(cluster.url)
        assert 'data-ruling="q-2026-001"' in client.get(CLAUSE).get_data(as_text=True)
        cluster.stop()
        time.sleep(STAMP_SECONDS + 0.1)
        for _ in range(3):
            page = client.get(CLAUSE)
            assert page.status_code == 200 and CANNOT_READ in page.get_data(as_text=True)
            twin = client.get(f"{CLAUSE}.json")
            assert twin.status_code == 200 and twin.get_json()["official_rulings"] == []
            assert twin.get_json()["official_rulings_unavailable"].startswith(CANNOT_READ)
            search = client.get("/search?q=身代わり")
            assert search.status_code == 200 and CANNOT_READ in search.get_data(as_text=True)
            feed = client.get("/feed.atom")
            assert feed.status_code == 503 and feed.headers["Retry-After"] == "60"
            assert CANNOT_READ in feed.get_data(as_text=True)
        refused = _import(cluster.url, monkeypatch, OFFICIAL / "rulings.yaml")
        assert refused.exit_code == 3 and "何も読み込んでいない" in refused.output
        cluster.start()
        deadline = time.monotonic() + 30
        while CANNOT_READ in client.get(CLAUSE).get_data(as_text=True):  # the notice page was never kept
            assert time.monotonic() < deadline, "the rulings did not come back after PostgreSQL started again"
            time.sleep(0.3)
        assert 'data-ruling="q-2026-001"' in client.get(CLAUSE).get_data(as_text=True)
        assert _kept_ids(cluster.url) == ["q-2026-001", "q-2025-014", "q-2026-002"]


def test_a_row_damaged_in_the_database_is_said_never_a_500(shared_url, monkeypatch):
    """A ruling's row edited by hand (not what an import wrote): the clause page says the rulings cannot be read
    and why, the feed answers 503, and an import refuses rather than merge into rows it cannot read."""
    import psycopg

    assert _import(shared_url, monkeypatch).exit_code == 0
    with psycopg.connect(shared_url, autocommit=True) as db:
        db.execute("UPDATE official_rulings SET data = '{\"id\": 1}' WHERE id = 'q-2026-001'")
        db.execute("UPDATE official_rulings_version SET version = version + 1")
    client = _instance(shared_url)
    page = client.get(CLAUSE)
    assert page.status_code == 200
    assert "いまは公式裁定を読めません（保存されたデータが壊れています）" in page.get_data(as_text=True)
    assert client.get("/feed.atom").status_code == 503
    assert _import(shared_url, monkeypatch).exit_code == 3
