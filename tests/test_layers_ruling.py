"""One ruling object: the trace reads back from its JSON, and a ruling's parts are each computed once."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest

from adjudicator import paths
from adjudicator.engine import load_scenario, resolve
from adjudicator.engine.trace import Trace
from adjudicator.links import Ruling, encode_payload, make_record
from adjudicator.links import ruling as ruling_module

SCENARIOS = sorted(p for p in paths.scenarios_dir().rglob("*") if p.suffix in (".yaml", ".yml", ".json"))
EXAMPLE = paths.scenarios_dir() / "attack" / "block-deck-attack-excess.yaml"


def _scenario(path: Path = EXAMPLE):
    return load_scenario(path.read_text(encoding="utf-8"))


def test_every_trace_of_the_repository_reads_back_from_its_json():
    """``Trace.from_json(t.to_json())`` is ``t``, through JSON text as a stored link keeps it."""
    for path in SCENARIOS:
        trace = resolve(_scenario(path))
        document = json.loads(json.dumps(trace.to_json(), ensure_ascii=False))
        assert Trace.from_json(document) == trace, path


def test_a_document_that_is_not_a_trace_is_refused():
    with pytest.raises(ValueError, match="hi-story-trace/1"):
        Trace.from_json({"format": "hi-story-scenario/1"})


def _counting(monkeypatch, name: str) -> list[int]:
    calls: list[int] = []
    original = getattr(ruling_module, name)

    def counted(*args, **kwargs):
        calls.append(1)
        return original(*args, **kwargs)

    monkeypatch.setattr(ruling_module, name, counted)
    return calls


def test_a_ruling_resolves_canonicalises_and_encodes_once(monkeypatch):
    resolved, canonical, encoded = (_counting(monkeypatch, n) for n in ("resolve", "canonical_json", "encode_canonical"))
    ruling = Ruling.resolved(_scenario())
    for _ in range(2):
        record, payload, document = ruling.record(), ruling.payload, ruling.trace_json
    assert (len(resolved), len(canonical), len(encoded)) == (1, 1, 1)
    assert payload == encode_payload(ruling.scenario)
    assert record.id == make_record(ruling.scenario, document).id
    assert document == resolve(ruling.scenario).to_json()


def test_a_stored_ruling_shows_the_stored_trace_as_it_is():
    scenario = _scenario()
    older = resolve(scenario).to_json()
    older["steps"][0]["text"] = "旧エンジンの説明文。"
    stored = Ruling.of_record(make_record(scenario, older))
    assert stored.trace_json == older
    assert stored.trace.steps[0].text == "旧エンジンの説明文。"
    assert stored.record() is stored.stored


def test_a_ruling_is_made_now_or_read_from_a_record():
    with pytest.raises(ValueError):
        Ruling(_scenario())


def test_the_trace_page_encodes_its_payload_once(client, monkeypatch):
    encoded = _counting(monkeypatch, "encode_canonical")
    # A query string of its own, so that the page cache (web/page_cache.py) has not kept this page already.
    page = client.get(f"/scenarios/attack/block-deck-attack-excess?probe={uuid.uuid4().hex}")
    assert page.status_code == 200
    assert len(encoded) == 1
    assert encode_payload(_scenario()) in page.get_data(as_text=True)
