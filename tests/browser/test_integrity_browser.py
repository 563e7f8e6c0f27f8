"""In a real browser at phone width (issue 12, items 5 and 6): a deck count left blank in the builder is not
read as 0, and a trace's 「続きを調べる」 opens the builder on the ruling's final board."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.phone import PHONE, settled




def _phone(browser, live_server):
    context = browser.new_context(base_url=live_server, locale="ja-JP", viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


def test_a_blank_deck_is_not_read_as_zero(browser, live_server):
    context, page = _phone(browser, live_server)
    try:
        page.goto("/scenario/new")
        page.get_by_label("タイトル").fill("山札の枚数を書かずに攻撃")
        page.locator('[name="players.A.deck.count"]').fill("20")
        expect(page.locator('[name="players.B.deck.count"]')).to_have_value("")       # nothing typed for B's deck
        page.get_by_role("button", name="A1にカードを置く").click()
        settled(page)
        prefix = "players.A.field.1.cards.0"
        page.locator(f'[name="{prefix}.name"]').fill("侍")
        page.locator(f'[name="{prefix}.rank"]').fill("1")
        page.locator(f'[name="{prefix}.power"]').fill("3000")
        page.locator(f'input[type=radio][name="{prefix}.role"][value="attacker"]').check()
        page.get_by_role("button", name="行動を追加").click()
        settled(page)
        page.locator('[name="actions.0.kind"]').select_option("attack")
        settled(page)
        page.locator('[name="actions.0.attacker"]').select_option("A1")
        page.locator('[name="actions.0.target"]').select_option("deck")
        expect(page.locator('[name="actions.0.responses.0.choice"][value="open"]')).to_be_checked()  # left open by default
        page.locator('[name="actions.0.responses.0.choice"][value="none"]').check()
        page.locator('[name="actions.0.damage_zero"]').select_option("no")
        page.get_by_role("button", name="判定する").click()
        expect(page).to_have_url(re.compile(r"/s/2\.[^/]+$"))  # resolving stores nothing (links on request)
        verdict = page.locator("[data-verdict]")
        expect(verdict).to_contain_text("Bの山札の枚数が必要です")  # a count, in the judge's words (issue 27)
        expect(verdict).not_to_contain_text("すべての行動が認められます")
        expect(verdict).not_to_contain_text("勝利")
        expect(page.locator(".ruling.decision")).to_contain_text("Bの山札の枚数が入力されていない")
        expect(page.locator(".zone-count").filter(has_text="山札 不明").first).to_be_visible()
    finally:
        context.close()


def test_continue_opens_the_builder_on_the_final_board(browser, live_server):
    context, page = _phone(browser, live_server)
    try:
        page.goto("/scenarios/attack/block-deck-attack-excess")
        page.get_by_role("link", name="続きを調べる").click()
        expect(page).to_have_url(re.compile(r"/s/[^/]+/edit$"))
        # The ruling left B's deck at 6 and A1 rested: the next question starts from there.
        expect(page.locator('[name="players.B.deck.count"]')).to_have_value("6")
        expect(page.locator('[name="players.B.graveyard.count"]')).to_have_value("6")
        expect(page.locator('[name="players.A.field.1.state"]')).to_have_value("rest")
        expect(page.locator('[name="players.A.field.1.cards.0.name"]')).to_have_value("豊臣秀吉")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    finally:
        context.close()
