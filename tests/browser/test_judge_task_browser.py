"""A judge's task at a venue, on a phone: build the attack/block dispute of
scenarios/attack/block-deck-attack-excess.yaml in the builder and count what it took.

Counted as a person would do it: a tap on a button or a text box is one tap, a picker is two (open, choose);
a field already showing the wanted value is not touched. The counts are printed and written to
test-artifacts/judge-task.txt; the test asserts the ruling is right and that the task stays short.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.phone import ARTIFACTS, PHONE, Tally


def _place(tally: Tally, slot: str, name: str, rank: str, power: str, role: str) -> None:
    page = tally.page
    prefix = f"players.{slot[0]}.field.{slot[1]}.cards.0"
    tally.tap(page.get_by_role("button", name=f"{slot}にカードを置く"))
    tally.type(page.locator(f'[name="{prefix}.name"]'), name)
    tally.type(page.locator(f'[name="{prefix}.rank"]'), rank)
    tally.type(page.locator(f'[name="{prefix}.power"]'), power)
    tally.choose(f"{prefix}.role", role)


def test_the_judge_builds_the_block_dispute_from_home_in_few_taps(browser, live_server):
    context = browser.new_context(base_url=live_server, locale="ja-JP", viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto("/")
        tally = Tally(page)
        tally.tap(page.get_by_role("navigation", name="メインメニュー").get_by_role("link", name="裁定を調べる"))
        expect(page).to_have_url(re.compile(r"/scenario/new$"))
        tally.pick(page.get_by_label("ターンプレイヤー", exact=True), "A")
        tally.pick(page.get_by_label("先攻/後攻"), "first")
        tally.type(page.get_by_label("何ターン目（そのプレイヤーの）"), "5")
        tally.pick(page.get_by_label("フェーズ"), "attack")
        tally.type(page.locator('[name="players.A.deck.count"]'), "12")
        tally.type(page.locator('[name="players.B.deck.count"]'), "9")
        tally.type(page.locator('[name="players.B.graveyard.count"]'), "2")
        _place(tally, "A1", "豊臣秀吉", "3", "5000", "attacker")
        _place(tally, "B2", "石田三成", "1", "2000", "blocker")
        tally.tap(page.get_by_role("button", name="行動を追加"))
        # The attacker and the target are pickers over occupied slots only: A1 is the one attacker there is.
        attacker = page.locator('[name="actions.0.attacker"]')
        expect(attacker.locator("option")).to_have_text(["A1〈豊臣秀吉〉"])
        expect(page.locator('[name="actions.0.target"] option')).to_have_text(["Bの山札", "B2〈石田三成〉"])
        tally.pick(attacker, "A1")
        tally.pick(page.locator('[name="actions.0.target"]'), "deck")
        tally.choose("actions.0.responses.0.choice", "block:B2")
        height = page.evaluate("document.documentElement.scrollHeight")
        tally.tap(page.get_by_role("button", name="判定する"))

        expect(page.locator("[data-happened]")).to_have_text("石田三成はバトルに敗れ墓地へ。Bの山札から3枚墓地へ")
        expect(page.locator("[data-verdict]")).to_have_text("すべての行動が認められます")
        expect(page.locator(".verdict .numbers")).to_contain_text("Bの山札 9 → 6枚")
        screens = height / PHONE["height"]
        report = (f"judge task (attack/block-deck-attack-excess, 390x844): taps={tally.taps} pickers={tally.pickers} "
                  f"typed={tally.typed} screens={screens:.1f} ({height} px)")
        print(report)
        ARTIFACTS.mkdir(exist_ok=True)
        (ARTIFACTS / "judge-task.txt").write_text(report + "\n" + "\n".join(tally.log) + "\n", encoding="utf-8")
        # Before this builder: 22 taps, 3 pickers, 12 typed entries, 5.0 screens (measured the same way).
        assert tally.typed <= 10 and tally.taps <= 18 and tally.pickers == 0, report
        assert not [entry for entry in tally.log if re.fullmatch(r"type [AB][1-5]", entry)], "a slot was typed"
    finally:
        context.close()
