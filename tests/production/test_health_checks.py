"""What /healthz and /readyz say about faults found while serving: a search index whose files were deleted or
changed (degraded on /healthz; /readyz rebuilds it and says so), a links' quota that is full (ready: every
read works), and a card library beside the links that does not count against the links' quota."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import yaml

from adjudicator import paths
from adjudicator.reading import load_scenario
from adjudicator.links import encode_payload

EXAMPLE = paths.scenarios_dir() / "attack" / "block-deck-attack-excess.yaml"


def _client(tmp_path: Path, data_dir: Path, monkeypatch, **config):
    monkeypatch.setenv("ADJUDICATOR_DATA_DIR", str(tmp_path))
    subprocess.run(["cp", "-a", str(data_dir / "index"), str(tmp_path / "index")], check=True)
    from adjudicator.web import create_app

    made = create_app({"TESTING": True, "RATELIMIT_STORAGE_URI": "memory://", **config})
    return made.test_client(), made


def _payload(title: str) -> str:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    data["title"] = title
    return encode_payload(load_scenario(data))


@pytest.mark.parametrize("damage", ["deleted", "overwritten"])
def test_a_damaged_index_is_reported_then_rebuilt_by_readyz(app, data_dir, tmp_path, monkeypatch, damage):
    client, made = _client(tmp_path, data_dir, monkeypatch)
    assert client.get("/healthz").get_data(as_text=True) == "ok"
    kept = made.extensions["adjudicator"].kept
    for path in Path(kept.opened.directory).glob("*.seg"):
        path.unlink() if damage == "deleted" else path.write_bytes(b"\0" * path.stat().st_size)
    said = client.get("/healthz").get_data(as_text=True)
    assert said.startswith("degraded: search index damaged") and ("missing" if damage == "deleted" else "changed") in said
    ready = client.get("/readyz")  # rebuilds it (a balancer may have stopped sending searches here)
    assert ready.status_code == 200 and ready.get_json()["search"]["intact"]
    assert "rebuilt" in ready.get_json()["search"]["reason"] and kept.repairs == 1
    assert "search index rebuilt" in client.get("/healthz").get_data(as_text=True)
    found = client.get("/search.json", query_string={"q": "身代わり"})
    assert found.status_code == 200 and found.get_json()["hits"]


def test_the_card_library_does_not_count_against_the_links_quota(app, data_dir, tmp_path, monkeypatch):
    from adjudicator.cards.importing import read_cards
    from adjudicator.web.cards.views import LIBRARY_EXTENSION

    client, made = _client(tmp_path, data_dir, monkeypatch, LINK_QUOTA_BYTES=256 * 1024)
    many = "\n".join(f"- {{name: 量の試験{n}, rank: 2, power: 3000, effects: [{{name: 効果{n}, text: カードを1枚引く。}}]}}"
                     for n in range(3000))
    assert made.extensions[LIBRARY_EXTENSION].import_cards(read_cards(many, "yaml")) == 3000
    assert (tmp_path / "cards.sqlite3").stat().st_size > 256 * 1024  # more than the whole quota, in its own file
    assert client.post("/t", data={"payload": _payload("カードの後")}).status_code == 303
    assert client.get("/readyz").get_json()["quota_reached"] is False


def test_cards_kept_in_the_links_file_by_an_older_release_move_to_their_own(tmp_path):
    import sqlite3

    from adjudicator.cards.importing import read_cards
    from adjudicator.cards.store import _SCHEMA, open_library

    links = tmp_path / "links.sqlite3"
    with sqlite3.connect(links) as db:
        db.execute(_SCHEMA)
        card = read_cards("- {name: 古い武将}", "yaml")[0]
        db.execute("INSERT INTO cards VALUES (?, ?, ?, 'then')", (card.name, card.person_name, card.to_json()))
    library = open_library({"LINK_DB_PATH": str(links)})
    assert library.get("古い武将") is not None
    with sqlite3.connect(links) as db:
        assert db.execute("SELECT count(*) FROM sqlite_master WHERE name = 'cards'").fetchone()[0] == 0
