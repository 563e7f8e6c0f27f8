"""The links' and the card library's SQLite files on a disk that turns read-only or fills up while the service
runs: reads go on (stored links, the library's cards, the builder's fill, the search), every write is a 503 in
Japanese that names the reason, no request answers 500, and no link acknowledged before the fault is lost.
``cards import`` on such a disk is a clear refusal (exit 1), not a traceback. The disk is a real tmpfs
(``disks.py``: root only, as in ``.ci/run``)."""

from __future__ import annotations

import subprocess
from collections import Counter
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from adjudicator import paths
from adjudicator.reading import load_scenario
from adjudicator.links import encode_payload
from tests.production.disks import fill, remount, tmpfs

EXAMPLE = paths.scenarios_dir() / "attack" / "block-deck-attack-excess.yaml"
CARD_FIELD = "players.A.field.1.cards.0"
EXTRA_CARDS = "- {name: 故障試験の武将, type: person, rank: 2, power: 3000}\n"
ROUNDS = 10


def _payload(title: str) -> str:
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    data["title"] = title
    return encode_payload(load_scenario(data))


def _serving(disk: Path, built_index: Path, monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_DATA_DIR", str(disk))
    subprocess.run(["cp", "-a", str(built_index), str(disk / "index")], check=True)
    from adjudicator.web import create_app

    return create_app({"TESTING": True, "RATELIMIT_STORAGE_URI": "memory://"}).test_client()


def _import_cards(tmp_path: Path) -> tuple[int, str]:
    from adjudicator.cli import main

    listing = tmp_path / "more-cards.yaml"
    listing.write_text(EXTRA_CARDS, encoding="utf-8")
    result = CliRunner().invoke(main, ["cards", "import", str(listing)])
    return result.exit_code, result.output + (str(result.exception) if result.exit_code not in (0, 1, 2) else "")


def _traffic(client, stored: list[str], statuses: Counter, reason: str) -> None:
    """One round of what people do, every answer counted; what may fail is a write, as a 503 naming ``reason``."""
    for link in stored:
        for path in (link, f"{link}.json", f"{link}/rerun"):
            answer = client.get(path)
            statuses[answer.status_code] += 1
            assert answer.status_code == 200, (path, answer.status_code)
            assert "短縮リンクを保存できません" not in answer.get_data(as_text=True)  # a read never says saving failed
    for path, query in (("/api/cards", {"q": "織田"}), ("/search.json", {"q": "身代わり"}),
                        ("/rules/hi-story/6.7.1", {})):
        answer = client.get(path, query_string=query)
        statuses[answer.status_code] += 1
        assert answer.status_code == 200, (path, answer.status_code)
    filled = client.post("/scenario/new", data={"op": f"library:{CARD_FIELD}", f"{CARD_FIELD}.name": "くノ一",
                                                "players.A.field.1.face": "up"})
    statuses[filled.status_code] += 1
    assert filled.status_code == 200 and "〈くノ一〉を入れました" in filled.get_data(as_text=True)
    made = client.post("/t", data={"payload": _payload(f"故障中 {sum(statuses.values())}")})
    statuses[made.status_code] += 1
    assert made.status_code == 503 and made.headers["Retry-After"] == "60"
    assert reason in made.get_data(as_text=True) and "短縮リンク" in made.get_data(as_text=True)


@pytest.mark.parametrize("fault", ["read-only", "full"])
def test_links_and_cards_while_the_disk_fails(fault, app, data_dir, tmp_path, monkeypatch, capsys):
    reason = {"read-only": "読み取り専用", "full": "空きがありません"}[fault]
    with tmpfs(tmp_path / "disk", size="24m") as disk:
        client = _serving(disk, data_dir / "index", monkeypatch)
        assert _import_cards(tmp_path)[0] == 0
        stored = [client.post("/t", data={"payload": _payload(f"故障前 {n}")}).headers["Location"] for n in range(5)]
        assert all(link.startswith("/t/") for link in stored)
        filler = None
        if fault == "read-only":
            remount(disk, "ro")
        else:
            filler = fill(disk)
        statuses: Counter = Counter()
        for _ in range(ROUNDS):
            _traffic(client, stored, statuses, reason)
        code, said = _import_cards(tmp_path)
        assert code == 1 and "何も読み込んでいない" in said, said
        assert client.get("/api/cards", query_string={"q": "故障試験"}).get_json()["cards"]  # imported before
        lost = sum(client.get(f"{link}.json").status_code != 200 for link in stored)
        if fault == "read-only":
            remount(disk, "rw")
        else:
            filler.unlink()
        assert client.post("/t", data={"payload": _payload("回復後")}).status_code == 303
        assert _import_cards(tmp_path)[0] == 0
    with capsys.disabled():
        print(f"\n{fault} disk while serving: {sum(statuses.values())} requests, "
              f"{sum(n for s, n in statuses.items() if s >= 500 and s != 503)} other 5xx, "
              f"{statuses[503]} writes refused with 503, {lost} of {len(stored)} acknowledged links lost")
    assert statuses[500] == 0 and lost == 0
