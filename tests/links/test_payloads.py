"""The stateless payload codec and short-link ids: canonical, versioned, bounded before decompression."""

from __future__ import annotations

import base64
import copy
import json
import random
import re
import zlib
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator import ENGINE_VERSION, paths
from adjudicator.format.loading import canonical_json
from adjudicator.reading import load_scenario
from adjudicator.links import PayloadProblem, decode_payload, encode_payload, is_link_id, link_id, make_record
from adjudicator.links.payload import MAX_JSON_BYTES, MAX_PAYLOAD_CHARS, MadeUnder, payload_made_under, payload_text
from adjudicator.links.record import Versions, current_versions

EXAMPLE = paths.scenarios_dir() / "attack" / "block-deck-attack-excess.yaml"
ALL_EXAMPLES = sorted(paths.scenarios_dir().rglob("*.yaml"))
V1 = Versions("hi-story", "v1.0.0", "0.1.0")


def _example_data() -> dict:
    return yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))


def _shuffled(value, rng: random.Random):
    """The same data with every mapping's keys in a random order."""
    if isinstance(value, dict):
        items = list(value.items())
        rng.shuffle(items)
        return {k: _shuffled(v, rng) for k, v in items}
    if isinstance(value, list):
        return [_shuffled(v, rng) for v in value]
    return value


def _encode(raw: bytes) -> str:
    return "1." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


@pytest.mark.parametrize("path", ALL_EXAMPLES, ids=lambda p: str(p.relative_to(paths.scenarios_dir())))
def test_every_example_round_trips_through_the_payload(path: Path):
    scenario = load_scenario(path.read_text(encoding="utf-8"))
    payload = encode_payload(scenario)
    assert payload.startswith("2.") and payload.endswith("~v1.0.0~" + ENGINE_VERSION)
    assert all(c.isalnum() or c in "-_.~" for c in payload)
    assert decode_payload(payload) == scenario


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(["yaml", "json-indented", "json-compact"]))
def test_key_order_and_whitespace_do_not_change_payload_or_id(rng, style):
    data = _example_data()
    reordered = _shuffled(data, rng)
    text = {
        "yaml": lambda d: yaml.safe_dump(d, allow_unicode=True, sort_keys=False, default_flow_style=False),
        "json-indented": lambda d: json.dumps(d, ensure_ascii=False, indent=3),
        "json-compact": lambda d: json.dumps(d, separators=(",", ":")),
    }[style](reordered)
    original, again = load_scenario(data), load_scenario(text)
    assert canonical_json(again) == canonical_json(original)
    assert encode_payload(again) == encode_payload(original)
    assert link_id(canonical_json(again), V1) == link_id(canonical_json(original), V1)


def test_defaults_written_out_are_the_same_scenario():
    data = _example_data()
    explicit = copy.deepcopy(data)
    explicit["players"]["A"]["field"][1]["card"]["type"] = "person"
    explicit["players"]["A"]["field"][1]["face"] = "up"
    explicit["players"]["B"]["hand"] = 0
    assert encode_payload(load_scenario(explicit)) == encode_payload(load_scenario(data))


def test_a_different_scenario_gets_a_different_id():
    data = _example_data()
    changed = copy.deepcopy(data)
    changed["players"]["B"]["deck"] = 10
    ids = {link_id(canonical_json(load_scenario(d)), V1) for d in (data, changed)}
    assert len(ids) == 2


def test_the_id_depends_on_rulebook_release_and_engine_version():
    canonical = canonical_json(load_scenario(_example_data()))
    ids = {
        link_id(canonical, V1),
        link_id(canonical, Versions("hi-story", "v1.0.1", "0.1.0")),
        link_id(canonical, Versions("hi-story", "v1.0.0", "0.2.0")),
    }
    assert len(ids) == 3
    assert all(is_link_id(i) for i in ids)


def test_current_versions_come_from_the_rulebook_and_the_engine():
    from adjudicator.rulebook import load_rulebook

    versions = current_versions()
    assert versions == Versions("hi-story", load_rulebook("hi-story").release, ENGINE_VERSION)


def test_a_release_landed_as_data_is_not_the_one_rulings_are_made_under(releases_landed):
    from adjudicator.rulebook import load_rulebook

    # The engine's rules cite v1.0.0's clauses until they are reviewed against the new release.
    assert load_rulebook("hi-story").release == "v1.1.0"
    assert current_versions() == Versions("hi-story", "v1.0.0", ENGINE_VERSION)


def test_a_payload_records_what_it_was_made_under_and_old_ones_still_open():
    scenario = load_scenario(_example_data())
    made = encode_payload(scenario, Versions("hi-story", "v1.0.0", "0.1.0"))
    assert payload_made_under(made) == MadeUnder("v1.0.0", "0.1.0")
    old = _encode(zlib.compress(canonical_json(scenario).encode()))  # a link made before this change
    assert payload_made_under(old) == MadeUnder(None, None)
    assert decode_payload(old) == decode_payload(made) == scenario
    assert payload_text(old) == payload_text(made) == canonical_json(scenario)  # the short link's id material
    assert payload_made_under(made.replace("~v1.0.0~", "~<b>~")) == MadeUnder(None, None)


def test_make_record_keeps_scenario_versions_and_trace_verbatim():
    scenario = load_scenario(_example_data())
    trace = {"format": "hi-story-trace/1", "steps": [{"n": 1, "text": "〈豊臣秀吉〉が攻撃する。", "cites": ["10.6.2-1"]}]}
    record = make_record(scenario, trace, V1)
    assert record.id == link_id(canonical_json(scenario), V1)
    assert record.scenario == canonical_json(scenario)
    assert (record.release, record.engine) == ("v1.0.0", "0.1.0")
    assert record.trace_data() == trace
    assert record.to_json()["scenario"] == scenario.dump()


@pytest.mark.parametrize(
    "payload, fragment",
    [
        ("3." + "A" * 10, "版"),  # 1 and 2 are read (links made before and after versions were recorded)
        ("2.!!!not-base64!!!~v1.0.0~0.1.0", "base64url"),
        ("no-version-dot", "版"),
        ("1.!!!not-base64!!!", "base64url"),
        (_encode(b"definitely not zlib"), "展開"),
        (_encode(zlib.compress(b'{"format": "hi-story-scenario/1"}')[:-6]), "途中"),
        (_encode(zlib.compress(b"{}") + b"trailing"), "余分"),
        (_encode(zlib.compress(b"\xff\xfe\xfa")), "UTF-8"),
        (_encode(zlib.compress(b"[1, 2,")), "JSON"),
        (_encode(zlib.compress(b"[" * 100_000)), "JSON"),
        ("1." + "A" * (MAX_PAYLOAD_CHARS + 1), "長すぎ"),
    ],
)
def test_broken_payloads_are_refused_with_a_reason(payload, fragment):
    result = decode_payload(payload)
    assert isinstance(result, PayloadProblem)
    assert fragment in result.message


def test_a_payload_that_is_not_a_scenario_names_the_bad_field():
    data = _example_data()
    data["players"]["A"]["field"][6] = data["players"]["A"]["field"].pop(1)
    raw = json.dumps(data, ensure_ascii=False).encode()
    result = decode_payload(_encode(zlib.compress(raw)))
    assert isinstance(result, PayloadProblem)
    assert ("players.A.field.6", "slots are 1..5 (2.3.1)") in [(e.path, e.message) for e in result.errors]


def test_decompression_stops_at_the_bound_before_inflating_a_bomb():
    # 15 MiB of spaces compress to ~15 KiB, short enough to pass the length check: max_length stops the
    # inflation at the scenario size limit instead of producing 15 MiB.
    bomb = zlib.compress(b" " * (MAX_JSON_BYTES * 30), 9)
    small_enough = _encode(bomb)
    assert len(small_enough) <= MAX_PAYLOAD_CHARS
    result = decode_payload(small_enough)
    assert isinstance(result, PayloadProblem)
    assert "大きすぎ" in result.message


def test_the_documented_production_commands_let_long_stateless_links_through_gunicorn():
    """gunicorn refuses request lines over 4094 bytes itself, in English; a stateless link needs the limit off
    (the app enforces its own URL bound). The module's docstring gives the README's command."""
    import adjudicator.web

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"^Production: `(gunicorn [^`]+)`", readme, re.M)
    assert len(commands) == 1 and "--limit-request-line 0" in commands[0]
    documented = [line.strip() for line in adjudicator.web.__doc__.splitlines() if line.strip().startswith("gunicorn ")]
    assert documented == commands
