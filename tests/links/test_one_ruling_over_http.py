"""Over HTTP, right after creation, an example's page, its JSON twin, its short link and the short link's
re-run tell one ruling (issue 12, item 1). Run over every example that types a choice the canonical form
once dropped (a defence declined, a damage-to-zero right not used, an expected null winner or decision)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from adjudicator.engine import resolve
from adjudicator.web.rulings import trace_views
from adjudicator.web.rulings.examples import example_scenario

ROOT = Path(__file__).resolve().parents[2] / "scenarios"
TYPED_CHOICE = re.compile(r"response: none|damage_zero: false|winner: null|decision: null")
NAMES = sorted(
    path.relative_to(ROOT).with_suffix("").as_posix()
    for path in ROOT.rglob("*.yaml")
    if TYPED_CHOICE.search(path.read_text(encoding="utf-8"))
)


def _attribute(page: str, pattern: str) -> str:
    found = re.search(pattern, page)
    assert found, pattern
    return html.unescape(found.group(1))


def test_the_examples_typing_a_choice_are_many():
    assert len(NAMES) > 100 and "turns/power-zero-battles" in NAMES


@pytest.mark.parametrize("name", NAMES)
def test_page_twin_short_link_and_rerun_agree(client, name: str):
    ruling = resolve(example_scenario(name))
    expected = ruling.to_json()
    page = client.get(f"/scenarios/{name}").get_data(as_text=True)
    assert trace_views.verdict(ruling).headline in page

    twin = client.get(_attribute(page, r'<link rel="alternate" type="application/json" href="([^"]+)"')).get_json()
    assert twin["trace"] == expected

    payload = _attribute(page, r'name="payload" value="([^"]+)"')
    created = client.post("/t", data={"payload": payload})
    assert created.status_code == 303
    short = created.headers["Location"]
    assert client.get(f"{short}.json").get_json()["trace"] == expected
    assert "結果は変わりません。" in client.get(f"{short}/rerun").get_data(as_text=True)
