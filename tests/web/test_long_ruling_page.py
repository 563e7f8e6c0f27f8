"""A short stateless link whose ruling is long (100 actions, hundreds of steps) renders a bounded page: the
ruling's link appears once (not once per step's copy button), at most MAX_PAGE_STEPS steps are shown with a
notice and a link to the JSON twin, which keeps every step."""

from __future__ import annotations

from adjudicator.reading import load_scenario
from adjudicator.links import encode_payload
from adjudicator.web.rulings.trace_page import MAX_PAGE_STEPS

PAGE_BUDGET_BYTES = 1024 * 1024


def _long_ruling_payload() -> str:
    fighters = {slot: {"card": {"name": f"武将{slot}", "rank": 2, "power": 2000, "role": "attacker"}} for slot in range(1, 6)}
    scenario = {
        "format": "hi-story-scenario/1", "title": "長い判定",
        "game": {"round": 6, "first_player": "A", "turn_player": "A", "phase": "draw"},
        "players": {"A": {"deck": 60, "hand": 5, "field": fighters}, "B": {"deck": 60, "field": fighters}},
        "actions": [{"draw_phase": {"draw": 1}}, {"end_turn": {}}] * 50,
    }
    return encode_payload(load_scenario(scenario))


def test_a_short_link_to_a_long_ruling_renders_a_bounded_page(client):
    payload = _long_ruling_payload()
    assert len(payload) < 1200
    page = client.get(f"/s/{payload}")
    body = page.get_data(as_text=True)
    steps = client.get(f"/s/{payload}.json").get_json()["trace"]["steps"]
    assert page.status_code == 200 and len(steps) > MAX_PAGE_STEPS  # the JSON twin keeps them all
    assert body.count('class="trace-step"') == MAX_PAGE_STEPS
    assert f"この判定は{len(steps)}手順あります" in body and f'href="http://localhost/s/{payload}.json"' in body
    assert body.count(payload) < 20  # the links, the share form and the steps' copy base: never once per step
    assert len(page.data) < PAGE_BUDGET_BYTES, len(page.data)
