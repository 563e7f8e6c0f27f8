"""One ruling object: the trace reads back from its JSON, and a ruling's parts are each computed once."""

from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest

from adjudicator import paths
from adjudicator.engine import resolve
from adjudicator.reading import load_scenario
from adjudicator.engine.board_record import BoardRecord, SlotRecord
from adjudicator.engine.trace import Trace, UnreadableTrace
from adjudicator.links import Ruling, encode_payload, make_record
from adjudicator.links import ruling as ruling_module

SCENARIOS = sorted(p for p in paths.scenarios_dir().rglob("*") if p.suffix in (".yaml", ".yml", ".json"))
EXAMPLE = paths.scenarios_dir() / "attack" / "block-deck-attack-excess.yaml"


def _scenario(path: Path = EXAMPLE):
    return load_scenario(path.read_text(encoding="utf-8"))


def test_every_trace_of_the_repository_reads_back_from_its_json():
    """``Trace.from_json(t.to_json())`` is ``t``, through JSON text as a stored link keeps it, and writes
    back the same bytes (the typed boards write exactly the JSON the engine wrote)."""
    for path in SCENARIOS:
        trace = resolve(_scenario(path))
        text = json.dumps(trace.to_json(), ensure_ascii=False)
        read = Trace.from_json(json.loads(text))
        assert read == trace, path
        assert json.dumps(read.to_json(), ensure_ascii=False) == text, path


def test_the_boards_of_a_trace_are_typed_records():
    trace = resolve(_scenario())
    assert isinstance(trace.final, BoardRecord) and isinstance(trace.initial, BoardRecord)
    attacker = trace.initial.slot("A", "1")
    assert isinstance(attacker, SlotRecord) and attacker.names[-1] == attacker.top
    assert trace.final.player("B").deck < trace.initial.player("B").deck  # the deck attack took cards


def test_a_document_that_is_not_a_trace_is_refused():
    with pytest.raises(ValueError, match="hi-story-trace/1"):
        Trace.from_json({"format": "hi-story-scenario/1"})


@pytest.mark.parametrize("damage", [
    lambda t: t.update(steps=[{"n": 1}]),                              # a step without its text
    lambda t: t["final"]["B"].update(deck="many"),                     # a count that is not one
    lambda t: t["final"]["A"]["field"].update({"7": t["final"]["A"]["field"]["1"]}),  # no slot 7 (2.3.1)
    lambda t: t["initial"]["A"]["field"]["1"].update(face="sideways"),
    lambda t: t.update(final=["not", "a", "board"]),
    lambda t: t.update(decision="B"),
])
def test_a_damaged_trace_is_refused_with_a_reason_not_a_crash(damage):
    document = resolve(_scenario()).to_json()
    damage(document)
    with pytest.raises(UnreadableTrace, match="damaged hi-story-trace/1"):
        Trace.from_json(document)


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
    # A query string of its own, so that the page cache (web/common/page_cache.py) has not kept this page already.
    page = client.get(f"/scenarios/attack/block-deck-attack-excess?probe={uuid.uuid4().hex}")
    assert page.status_code == 200
    assert len(encoded) == 1
    assert encode_payload(_scenario()) in page.get_data(as_text=True)
