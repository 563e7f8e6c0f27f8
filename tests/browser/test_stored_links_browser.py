"""A short link whose stored trace this version cannot read, opened in a real browser at phone width: the page
says so plainly (no error page, nothing sticking out, nothing axe objects to) and one tap judges the scenario
anew on the current rules."""

from __future__ import annotations

import json
from dataclasses import replace

from playwright.sync_api import expect

from adjudicator import paths
from adjudicator.engine import resolve
from adjudicator.reading import load_scenario
from adjudicator.links import encode_payload, make_record
from adjudicator.links.record import Versions
from adjudicator.web.common.link_store import link_store
from tests.browser.phone import sideways, violations


EXAMPLE = paths.scenarios_dir() / "attack" / "block-deck-attack-excess.yaml"


def test_a_damaged_stored_trace_says_so_and_offers_to_judge_anew(app, phone_page, axe):  # noqa: F811
    scenario = load_scenario(EXAMPLE.read_text(encoding="utf-8"))
    damaged = {**resolve(scenario).to_json(), "final": {"B": {"deck": "many"}}}
    made = make_record(scenario, resolve(scenario).to_json(), Versions("hi-story", "v1.0.0", "0.0.1-damaged"))
    with app.app_context():
        record = link_store().put(replace(made, trace=json.dumps(damaged, ensure_ascii=False)))

    answer = phone_page.goto(f"/t/{record.id}")
    assert answer is not None and answer.status == 409
    expect(phone_page.get_by_role("heading", level=1)).to_have_text("リンクを開けません")
    expect(phone_page.locator(".error")).to_contain_text("このリンクに保存された判定は、壊れているか")
    assert sideways(phone_page) == [] and violations(axe, phone_page) == []

    base = phone_page.url.split("/t/")[0]
    phone_page.get_by_role("link", name="現在のルールで判定する").tap()
    expect(phone_page).to_have_url(f"{base}/s/{encode_payload(scenario)}")
    expect(phone_page.locator("[data-verdict]")).to_have_text("すべての行動が認められます")
