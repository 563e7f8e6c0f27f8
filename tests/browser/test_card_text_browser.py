"""A judge at a phone-width table (390 px), in Debian's chromium: picks a card from the card library by its
name, pastes another card's effect text, sees it read back with clause chips, resolves, and shares the link."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.phone import ARTIFACTS, fresh_page, no_sideways_scroll, settled


TEXT = "相手の場の〈信長〉を全て墓地へ送る。"


def _place(page, slot: str) -> str:
    page.get_by_role("button", name=f"{slot}にカードを置く").click()
    settled(page)
    return f"players.{slot[0]}.field.{slot[1]}.cards.0"


def _paste_effect(page, card: str, name: str, text: str):
    """Add an effect to the card at ``card`` (its form path), give its name and paste its text; its reading box."""
    fieldset = page.locator(f'fieldset[id="{card}"]')
    fieldset.locator("summary").first.click()
    fieldset.get_by_role("button", name="効果を追加").click()
    settled(page)
    page.locator(f'[name="{card}.effects.0.name"]').fill(name)
    page.locator(f'[name="{card}.effects.0.text"]').fill(text)
    return page.locator(f'[id="{card}.effects.0.reading"]')


def test_pick_a_library_card_paste_a_text_resolve_and_share(phone, browser, live_server):
    page = phone
    page.goto("/scenario/new")
    page.get_by_label("タイトル").fill("〈信長〉を全て墓地へ — 貼り付けた効果文で判定")
    page.get_by_label("ターンプレイヤー", exact=True).select_option("A")  # a round trip: the pickers follow it
    settled(page)
    page.get_by_label("先攻/後攻").select_option("first")
    page.get_by_label("何ターン目（そのプレイヤーの）").fill("5")
    page.get_by_label("フェーズ").select_option("effect")
    page.locator('[name="players.A.deck.count"]').fill("10")
    page.locator('[name="players.B.deck.count"]').fill("10")

    # The card library: typing part of a name suggests cards; choosing one fills the card.
    kunoichi = _place(page, "A1")
    name = page.locator(f'[name="{kunoichi}.name"]')
    name.press_sequentially("くノ")
    expect(page.locator('#library-cards option[value="くノ一"]')).to_have_count(1)
    name.fill("くノ一")
    # The fill is a round trip now (no page load for Playwright to wait on), and it reads the card's text: the
    # reader's first reading takes seconds on a loaded machine, and the exact name may already have started the
    # fill, which replaces the form under the input (the press waits for it, past the 15 s default under load).
    name.press("Tab", timeout=60_000)
    expect(page.locator(".library-note")).to_contain_text("カードライブラリの〈くノ一〉を入れました", timeout=60_000)
    expect(page.locator(f'[name="{kunoichi}.power"]')).to_have_value("1000")
    expect(page.locator(f'[name="{kunoichi}.effects.0.name"]')).to_have_value("潜入")

    # Another card, whose effect the judge pastes from the physical card: read back before resolving.
    mitsuhide = _place(page, "A2")
    page.locator(f'[name="{mitsuhide}.name"]').fill("明智光秀")
    page.locator(f'[name="{mitsuhide}.rank"]').fill("2")
    page.locator(f'[name="{mitsuhide}.power"]').fill("3000")
    reading = _paste_effect(page, mitsuhide, "謀反", TEXT)
    expect(reading).to_contain_text("全て読めました")
    expect(reading).to_contain_text("相手の場の〈信長〉のカード全てを墓地へ送る。")
    expect(reading.locator('a.chip[data-clause="7.1.4"]')).to_be_visible()

    nobunaga = _place(page, "B1")
    page.locator(f'[name="{nobunaga}.name"]').fill("尾張の大うつけ　織田信長")
    page.locator(f'[name="{nobunaga}.rank"]').fill("3")
    page.locator(f'[name="{nobunaga}.power"]').fill("5000")
    page.get_by_role("button", name="行動を追加").click()
    settled(page)
    page.locator('[name="actions.0.kind"]').select_option("activate")
    settled(page)
    page.locator('[name="actions.0.card"]').fill("A2")
    page.locator('[name="actions.0.effect"]').fill("謀反")
    no_sideways_scroll(page)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "builder-card-text-phone.png"), full_page=True)

    page.get_by_role("button", name="判定する").click()
    expect(page).to_have_url(re.compile(r"/s/2\.[^/]+$"))  # resolving stores nothing
    expect(page.locator("[data-verdict]")).to_have_text("すべての行動が認められます")
    expect(page.locator(".trace-steps")).to_contain_text("墓地へ送る")
    expect(page.locator('.trace-steps a.chip[data-clause="7.1.4"]').first).to_be_visible()
    no_sideways_scroll(page)

    page.get_by_role("button", name="短縮リンクを作る").click()  # sharing makes the short link
    expect(page).to_have_url(re.compile(r"/t/[a-z2-7]{16}$"))
    page.get_by_role("button", name="短縮リンクをコピー").click()
    expect(page.locator(".share .copy-status").first).to_have_text("コピーしました")
    short_link = page.evaluate("navigator.clipboard.readText()")
    context, fresh = fresh_page(browser, live_server)
    try:
        fresh.goto(short_link)
        expect(fresh.locator("[data-verdict]")).to_have_text("すべての行動が認められます")
        expect(fresh.locator(".trace-steps")).to_contain_text("墓地へ送る")
    finally:
        context.close()
    assert page.dialogs == []


def test_does_this_card_match_this_wording_on_a_phone(phone):
    page = phone
    page.goto("/match")
    page.get_by_label("条件").fill("〈織田〉")
    card = page.get_by_label("カード名")
    card.press_sequentially("織田")
    expect(page.locator('#library-cards option[value="尾張の大うつけ　織田信長"]')).to_have_count(1)
    card.fill("尾張の大うつけ　織田信長")
    page.get_by_role("button", name="判定する").click()
    expect(page.locator(".match-answer h2")).to_contain_text("一致する")
    expect(page.locator(".match-answer .checks")).to_contain_text("人物名「織田信長」が「織田」を含む")
    page.locator('.match-answer .checks a.chip[data-clause="7.1.4"]').first.tap()
    popover = page.locator(".chip-popover")
    expect(popover).to_contain_text("異名を含めない")          # 7.1.4's own text, on tap
    expect(popover.get_by_role("link", name="条文のページを開く")).to_have_attribute("href", "/rules/hi-story/7.1.4")
    page.keyboard.press("Escape")
    page.get_by_label("条件").fill("〈うつけ〉")
    page.get_by_role("button", name="判定する").click()
    expect(page.locator(".match-answer h2")).to_contain_text("一致しない")
    expect(page.locator(".match-answer")).to_contain_text("〈〉は異名を参照しない")
    no_sideways_scroll(page)
