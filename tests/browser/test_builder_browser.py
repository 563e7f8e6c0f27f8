"""The builder and the trace page in a real browser (Debian's chromium through Playwright), phone-sized.

Screenshots of the builder and of a trace at phone width go to test-artifacts/ (not committed).
"""

from __future__ import annotations

import re
import threading
import time

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from tests.browser.phone import ARTIFACTS, fresh_page, no_sideways_scroll, PHONE, settled

BLOCK_CLAUSES = ("11.2.1", "11.2.2", "11.7.1")
STATELESS_URL = r"/s/2\.[A-Za-z0-9_-]+~[^/~]+~[^/~]+$"  # the builder's 判定する opens the stateless link; nothing is stored


def _card(page, slot: str, name: str, rank: str, power: str, role: str) -> None:
    prefix = f"players.{slot[0]}.field.{slot[1]}.cards.0"
    page.get_by_role("button", name=f"{slot}にカードを置く").click()
    settled(page)
    page.locator(f'[name="{prefix}.name"]').fill(name)
    page.locator(f'[name="{prefix}.rank"]').fill(rank)
    page.locator(f'[name="{prefix}.power"]').fill(power)
    page.locator(f'input[type=radio][name="{prefix}.role"][value="{role}"]').check()


def _game(page, round_number: str, phase: str, counts: dict[str, str]) -> None:
    """A's turn (A went first), the round and the phase, and the zone counts given (``{"B.deck": "9"}``)."""
    page.get_by_label("ターンプレイヤー", exact=True).select_option("A")  # a round trip: the pickers follow it
    settled(page)
    page.get_by_label("先攻/後攻").select_option("first")
    page.get_by_label("何ターン目（そのプレイヤーの）").fill(round_number)
    page.get_by_label("フェーズ").select_option(phase)
    for zone, count in counts.items():
        page.locator(f'[name="players.{zone}.count"]').fill(count)


def _build_block_scenario(page) -> None:
    """scenarios/attack/block-deck-attack-excess.yaml, typed and clicked into the builder."""
    page.goto("/scenario/new")
    page.get_by_label("タイトル").fill("山札への攻撃をブロック — パワー差分だけ山札が削られる")
    page.get_by_label("問い（任意）").fill("パワー5000の山札への攻撃を、パワー2000のブロッカーでブロックしたら？")
    _game(page, "5", "attack", {"A.deck": "12", "B.deck": "9", "B.graveyard": "2"})
    _card(page, "A1", "豊臣秀吉", "3", "5000", "attacker")
    _card(page, "B2", "石田三成", "1", "2000", "blocker")
    page.get_by_role("button", name="行動を追加").click()
    settled(page)
    page.locator('[name="actions.0.kind"]').select_option("attack")  # a kind select: a round trip
    settled(page)
    page.locator('[name="actions.0.attacker"]').select_option("A1")
    page.locator('[name="actions.0.target"]').select_option("deck")
    page.get_by_role("radio", name="ブロック: B2〈石田三成〉").check()


def _steps(page) -> list[str]:
    return page.locator(".step-text").all_inner_texts()


def test_build_resolve_and_share_the_block_scenario(phone, browser, live_server):
    ARTIFACTS.mkdir(exist_ok=True)
    _build_block_scenario(phone)
    expect(phone.locator('[name="players.B.field.2.cards.0.name"]')).to_have_value("石田三成")
    no_sideways_scroll(phone)
    phone.screenshot(path=str(ARTIFACTS / "builder-phone.png"), full_page=True)

    phone.get_by_role("button", name="判定する").click()
    expect(phone).to_have_url(re.compile(STATELESS_URL))  # resolving stores nothing
    expect(phone.locator("[data-verdict]")).to_have_text("すべての行動が認められます")
    expect(phone.locator(".verdict .numbers")).to_contain_text("Bの山札 9 → 6枚")
    for clause in BLOCK_CLAUSES:
        expect(phone.locator(f'.trace-steps a.chip[data-clause="{clause}"]').first).to_be_visible()
    expect(phone.locator(".disclaimer")).to_contain_text("ヘッドジャッジ")
    no_sideways_scroll(phone)
    phone.screenshot(path=str(ARTIFACTS / "trace-phone.png"), full_page=True)
    steps = _steps(phone)
    assert len(steps) >= 8

    phone.get_by_role("button", name="短縮リンクを作る").click()
    expect(phone).to_have_url(re.compile(r"/t/[a-z2-7]{16}$"))
    phone.get_by_role("button", name="短縮リンクをコピー").click()
    expect(phone.locator(".share .copy-status").first).to_have_text("コピーしました")
    short_link = phone.evaluate("navigator.clipboard.readText()")
    assert re.fullmatch(rf"{re.escape(live_server)}/t/[a-z2-7]{{16}}", short_link)
    stateless_link = phone.locator("#stateless-link").input_value()
    assert "/s/2." in stateless_link

    for link in (short_link, stateless_link):
        context, fresh = fresh_page(browser, live_server)
        try:
            fresh.goto(link)
            expect(fresh.locator("[data-verdict]")).to_have_text("すべての行動が認められます")
            assert _steps(fresh) == steps
            for clause in BLOCK_CLAUSES:
                expect(fresh.locator(f'a.chip[data-clause="{clause}"]').first).to_be_visible()
        finally:
            context.close()
    assert phone.dialogs == []


def test_step_anchor_and_clause_text_on_tap(phone):
    phone.goto("/scenarios/attack/block-deck-attack-excess#step-6")
    expect(phone.locator("#step-6")).to_be_in_viewport()
    chip = phone.locator('#step-6 a.chip[data-clause="11.7.1"]')
    chip.tap()
    popover = phone.locator(".chip-popover")
    expect(popover).to_contain_text("11.7.1")
    expect(popover.get_by_role("link", name="条文のページを開く")).to_have_attribute("href", "/rules/hi-story/v1.0.0/11.7.1")
    expect(phone).to_have_url(re.compile(r"#step-6$"))  # the first tap showed the text, it did not navigate
    phone.keyboard.press("Escape")
    expect(popover).to_have_count(0)
    copy = phone.get_by_role("button", name="手順6のリンクをコピー")
    copy.click()
    # The clipboard is written asynchronously: read it once the page says it is done.
    expect(phone.locator(".step-link").filter(has=copy).locator(".copy-status")).to_have_text("コピーしました")
    assert phone.evaluate("navigator.clipboard.readText()").endswith("#step-6")


def test_an_illegal_action_shows_its_ruling(phone):
    phone.goto("/scenario/edit/attack/block-deck-attack-excess")
    phone.locator('[name="players.A.field.1.face"]').select_option("down")
    phone.get_by_role("button", name="判定する").click()
    expect(phone.locator("[data-verdict]")).to_contain_text("認められない行動があります")
    ruling = phone.locator(".ruling.violation")
    expect(ruling).to_contain_text("行動1")
    expect(ruling.locator("a.chip").first).to_be_visible()
    expect(phone.locator(".verdict")).to_have_class(re.compile(r"\billegal\b"))


def _late_server(app, delay: float):
    """The app behind a server that answers the builder's round trips ``delay`` seconds late, as a loaded
    machine or a venue's poor signal does; yields its base URL."""

    def slow(environ, start_response):
        if environ.get("HTTP_X_BUILDER_PARTIAL"):
            time.sleep(delay)
        return app(environ, start_response)

    server = make_server("127.0.0.1", 0, slow, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=10)


@pytest.fixture()
def slow_round_trips(app):
    yield from _late_server(app, 0.3)


@pytest.fixture()
def very_slow_round_trips(app):
    """Late enough that every check of the busy form fits inside one round trip, even on a loaded machine."""
    yield from _late_server(app, 3.0)


def test_building_keeps_every_choice_when_round_trips_are_slow(browser, slow_round_trips):
    context, page = fresh_page(browser, slow_round_trips)
    try:
        _build_block_scenario(page)
        settled(page)  # every round trip has answered: what was chosen meanwhile must still be there
        expect(page.get_by_role("radio", name="ブロック: B2〈石田三成〉")).to_be_checked()
        page.get_by_role("button", name="判定する").click()
        expect(page.locator(".verdict .numbers")).to_contain_text("Bの山札 9 → 6枚")
    finally:
        context.close()


def test_the_form_is_locked_while_a_round_trip_is_in_flight(browser, very_slow_round_trips):
    context, page = fresh_page(browser, very_slow_round_trips)
    try:
        page.goto("/scenario/new")
        title = page.get_by_label("タイトル")
        title.fill("ブロック")
        title.focus()
        page.get_by_role("button", name="行動を追加").dispatch_event("click")  # keeps the focus in the title
        expect(page.locator("form#builder")).to_have_attribute("aria-busy", "true")
        expect(page.locator(".busy-status")).to_have_text("更新中…")
        expect(title).not_to_be_editable()
        order = page.get_by_label("先攻/後攻")
        expect(order).to_be_enabled()  # a choice made meanwhile is carried over to the answer's form (issue 27)
        order.select_option("second")
        title.focus()
        page.keyboard.type("の判定")  # typed into the form the answer is about to replace
        typed_while_busy = title.input_value()
        settled(page)
        expect(page.locator('[name="actions.0.kind"]')).to_be_visible()  # the answer's form is in
        expect(title).to_have_value(typed_while_busy)  # nothing shown while busy was thrown away
        expect(title).to_have_value("ブロック")
        expect(page.get_by_label("先攻/後攻")).to_have_value("second")  # not lost with the old form
        expect(title).to_be_editable()
        expect(page.locator(".busy-status")).to_have_text("")
        title.fill("山札への攻撃をブロック")
        expect(title).to_have_value("山札への攻撃をブロック")
    finally:
        context.close()


def test_a_script_card_name_shows_as_text(phone):
    _build_block_scenario(phone)
    phone.locator('[name="players.A.field.1.cards.0.name"]').fill("<script>alert(1)</script>")
    phone.get_by_role("button", name="判定する").click()
    expect(phone).to_have_url(re.compile(STATELESS_URL))
    expect(phone.locator("[data-verdict]")).to_be_visible()
    expect(phone.locator(".board .side-A .card-name").first).to_have_text("<script>alert(1)</script>")
    expect(phone.locator(".step-text").first).to_contain_text("<script>alert(1)</script>")
    phone.get_by_role("link", name="ビルダーで編集").click()
    expect(phone).to_have_url(re.compile(r"/s/2\.[A-Za-z0-9_-]+~[^/~]+~[^/~]+/edit$"))
    expect(phone.locator('[name="players.A.field.1.cards.0.name"]')).to_have_value("<script>alert(1)</script>")
    assert phone.dialogs == []


def test_validation_errors_appear_next_to_the_field_in_japanese(phone):
    phone.goto("/scenario/edit/attack/block-deck-attack-excess")
    phone.locator('[name="players.A.field.1.cards.0.rank"]').fill("9")
    phone.get_by_role("button", name="判定する").click()
    error = phone.locator('[id="error-players.A.field.1.cards.0.rank"]')
    expect(error).to_have_text("人物のランクは0〜4です (2.2.1)")
    expect(phone.locator('[name="players.A.field.1.cards.0.rank"]')).to_have_attribute("aria-invalid", "true")
    expect(phone.locator(".error-summary")).to_contain_text("1件の誤り")


def test_the_builder_works_without_javascript(browser, live_server):
    context = browser.new_context(base_url=live_server, locale="ja-JP", viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto("/scenario/edit/attack/block-deck-attack-excess")
        page.get_by_role("button", name="A2にカードを置く").click()
        expect(page).to_have_url(re.compile(r"/scenario/new#players\.A\.field\.2\.cards\.0$"))
        page.locator('[name="players.A.field.2.cards.0.name"]').fill("徳川家康")
        page.locator('[name="players.A.field.2.cards.0.power"]').fill("4000")
        page.get_by_role("button", name="行動を追加").click()
        page.locator('[name="actions.1.kind"]').select_option("end_turn")
        page.get_by_role("button", name="反映").last.click()
        expect(page.locator('[name="actions.1.attacker"]')).to_have_count(0)
        expect(page.locator('[name="players.A.field.2.cards.0.name"]')).to_have_value("徳川家康")
        page.get_by_role("button", name="判定する").click()
        expect(page).to_have_url(re.compile(STATELESS_URL))
        expect(page.locator(".board").last).to_contain_text("徳川家康")
    finally:
        context.close()


def test_gallery_opens_an_example_in_the_builder_and_as_a_trace(phone):
    phone.goto("/scenarios")
    item = phone.locator(".gallery li", has_text="山札への攻撃をブロック — パワー差分だけ山札が削られる")
    item.get_by_role("link", name="ビルダーで開く").click()
    expect(phone.locator('[name="players.A.field.1.cards.0.name"]')).to_have_value("豊臣秀吉")
    phone.go_back()
    phone.locator(".gallery li", has_text="山札への攻撃をブロック — パワー差分だけ山札が削られる").get_by_role("link", name="判定を見る").click()
    expect(phone.locator("[data-verdict]")).to_have_text("すべての行動が認められます")
    no_sideways_scroll(phone)


def test_a_step_written_by_hand_gets_the_inputs_of_its_kind_on_a_phone(phone):
    """The step's inputs come from the format's field table: picking 「山札の上から墓地へ送る」 shows its
    「誰の」 (the format's default, 相手) and 「枚数」; the condition 「山札がN枚以上なら」 shows its own."""
    page = phone
    page.goto("/scenario/new")
    _game(page, "4", "effect", {"A.deck": "15", "B.deck": "10"})
    _card(page, "A1", "竹中半兵衛", "1", "1000", "blocker")
    card = page.locator('fieldset[id="players.A.field.1.cards.0"]')
    card.locator("summary").first.click()
    card.get_by_role("button", name="効果を追加").click()
    settled(page)
    effect = "players.A.field.1.cards.0.effects.0"
    page.locator(f'[name="{effect}.name"]').fill("十面埋伏")
    page.locator(f'[name="{effect}.mark"]').select_option("once")
    page.get_by_role("button", name="文を追加（「。」）").click()
    settled(page)
    sentence, step = f"{effect}.sentences.0", f"{effect}.sentences.0.steps.0"
    page.locator(f'[name="{step}.kind"]').select_option("mill")
    settled(page)
    expect(page.locator(f'[name="{step}.player"]')).to_have_value("opponent")
    page.locator(f'[name="{step}.count"]').fill("2")
    page.locator(f'[name="{sentence}.if.kind"]').select_option("deck_at_least")
    settled(page)
    page.locator(f'[name="{sentence}.if.player"]').select_option("opponent")
    page.locator(f'[name="{sentence}.if.count"]').fill("5")
    page.get_by_role("button", name="行動を追加").click()
    settled(page)
    page.locator('[name="actions.0.kind"]').select_option("activate")
    settled(page)
    page.locator('[name="actions.0.card"]').fill("A1")
    page.locator('[name="actions.0.effect"]').fill("十面埋伏")
    no_sideways_scroll(page)

    page.get_by_role("button", name="判定する").click()
    expect(page).to_have_url(re.compile(STATELESS_URL))
    expect(page.locator("[data-verdict]")).to_have_text("すべての行動が認められます")
    twin = page.request.get(page.url + ".json").json()
    assert twin["scenario"]["players"]["A"]["field"]["1"]["card"]["effects"][0]["sentences"][0] == {
        "if": {"deck_at_least": {"player": "opponent", "count": 5}}, "do": [{"mill": {"count": 2}}]}
    assert twin["trace"]["final"]["B"]["deck"] == 8
    page.get_by_role("link", name="ビルダーで編集").click()
    expect(page.locator(f'[name="{step}.kind"]')).to_have_value("mill")
    expect(page.locator(f'[name="{step}.count"]')).to_have_value("2")
    expect(page.locator(f'[name="{sentence}.if.count"]')).to_have_value("5")
    assert page.dialogs == []
