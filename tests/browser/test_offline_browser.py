"""Offline at a venue, at phone width: after one visit the site works without a connection, and the builder
never loses a draft. The server is really taken down (and brought back on the same port), so the browser
is offline the way a phone in a hall without signal is.
"""

from __future__ import annotations

import re
import socket
import threading

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from tests.browser.phone import ARTIFACTS, PHONE, no_sideways_scroll, settled

STORED = ("/", "/scenario/new", "/scenarios", "/rules/hi-story", "/rules/hi-story/all", "/rules/duel-masters",
          "/rules/duel-masters/all")


class Venue:
    """The app on one fixed loopback port that the test can take down and bring back."""

    def __init__(self, app):
        self.app = app
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.server = None
        self.thread = None
        self.up()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def up(self) -> None:
        self.server = make_server("127.0.0.1", self.port, self.app, threaded=True)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def down(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.thread.join(timeout=10)
            self.server = None


@pytest.fixture()
def venue(app):
    place = Venue(app)
    yield place
    place.down()


@pytest.fixture()
def phone_at(browser, venue):
    context = browser.new_context(base_url=venue.url, locale="ja-JP", viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(30_000)  # installing stores both whole books, the largest pages
    yield page
    context.close()


def _installed(page) -> None:
    """The service worker is active, controls the page, and has stored every start page."""
    page.wait_for_function(
        "navigator.serviceWorker.controller !== null && navigator.serviceWorker.controller.state === 'activated'",
        polling=200)
    page.wait_for_function(
        """(paths) => caches.open('adjudicator-pages-v1').then((cache) =>
              Promise.all(paths.map((path) => cache.match(path)))).then((found) => found.every(Boolean))""",
        arg=list(STORED), polling=300)


def test_after_one_visit_the_books_builder_and_gallery_open_offline(phone_at, venue):
    phone_at.goto("/")
    phone_at.evaluate("navigator.serviceWorker.ready.then(() => true)")
    phone_at.reload()
    _installed(phone_at)
    venue.down()
    phone_at.goto("/rules/hi-story")  # never opened: stored on install
    expect(phone_at.locator("#offline-banner")).to_be_visible()
    expect(phone_at.locator(".toc")).to_contain_text("第6章")
    phone_at.goto("/scenarios")
    expect(phone_at.locator(".gallery-card").first).to_be_visible()
    phone_at.goto("/rules/hi-story/v1.0.0/6.7.1")  # a clause never opened: in the stored book, at its anchor
    expect(phone_at).to_have_url(re.compile(r"/rules/hi-story/all#c-6\.7\.1$"))
    expect(phone_at.locator("#c-6\\.7\\.1")).to_be_in_viewport()
    phone_at.goto("/scenario/new")
    expect(phone_at.get_by_role("button", name="判定する")).to_be_visible()


def test_offline_the_builder_keeps_the_draft_and_resolves_when_back(phone_at, venue):
    phone_at.goto("/scenario/new")
    phone_at.evaluate("navigator.serviceWorker.ready.then(() => true)")
    phone_at.reload()
    _installed(phone_at)
    phone_at.get_by_role("button", name="A1にカードを置く").click()
    expect(phone_at.locator('[name="players.A.field.1.cards.0.name"]')).to_be_visible()
    phone_at.locator('[name="players.A.field.1.cards.0.name"]').fill("豊臣秀吉")
    phone_at.locator('[name="players.A.field.1.cards.0.power"]').fill("5000")
    phone_at.locator('input[type=radio][name="players.A.field.1.cards.0.role"][value="attacker"]').check()
    phone_at.locator('[name="players.A.deck.count"]').fill("12")
    phone_at.locator('[name="players.B.deck.count"]').fill("9")
    phone_at.get_by_role("button", name="行動を追加").click()
    expect(phone_at.locator('[name="actions.0.attacker"]')).to_have_value("A1")

    venue.down()
    phone_at.get_by_role("button", name="判定する").click()
    notice = phone_at.locator("#offline-builder")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("判定にはインターネット接続が必要です")
    expect(phone_at.locator('[name="players.A.field.1.cards.0.name"]')).to_have_value("豊臣秀吉")

    phone_at.reload()  # offline: the stored empty builder, with the draft this browser kept
    expect(phone_at.locator("#draft-restored")).to_be_visible()
    expect(phone_at.locator('[name="players.A.field.1.cards.0.name"]')).to_have_value("豊臣秀吉")
    expect(phone_at.locator('[name="players.B.deck.count"]')).to_have_value("9")
    phone_at.get_by_role("button", name="判定する").click()
    expect(notice).to_be_visible()

    venue.up()  # the connection is back: the waiting ruling goes through by itself
    expect(phone_at).to_have_url(re.compile(r"/s/2\.[A-Za-z0-9_-]+~[^/~]+~[^/~]+$"), timeout=30_000)  # resolving stores nothing
    expect(phone_at.locator("[data-verdict]")).to_have_text("すべての行動が認められます")
    expect(phone_at.locator(".verdict .numbers")).to_contain_text("Bの山札 9 → 4枚")
    phone_at.goto("/scenario/new")  # the draft became a ruling: the builder starts empty again
    expect(phone_at.locator("#draft-restored")).to_be_hidden()
    expect(phone_at.locator('[name="players.A.field.1.cards.0.name"]')).to_have_count(0)


def test_offline_the_place_buttons_still_put_a_card_in_the_slot_and_fit_the_phone(phone_at, venue):
    """Issue 27: offline, ＋置く did nothing and spoke of 判定; now the card's inputs come from the page itself."""
    phone_at.goto("/scenario/new")
    phone_at.evaluate("navigator.serviceWorker.ready.then(() => true)")
    phone_at.reload()
    _installed(phone_at)
    buttons = phone_at.get_by_role("button", name=re.compile(r"^[AB][1-5]にカードを置く$"))
    expect(buttons).to_have_count(10)
    for index in range(10):  # each ＋置く inside the phone's width, its word not cut
        fits = buttons.nth(index).evaluate(
            "(b) => b.scrollWidth <= b.clientWidth && b.getBoundingClientRect().right <= window.innerWidth")
        assert fits, index
    venue.down()
    phone_at.get_by_role("button", name="B2にカードを置く").click()
    name = phone_at.locator('[name="players.B.field.2.cards.0.name"]')
    expect(name).to_be_visible()
    expect(phone_at.locator("#offline-builder")).to_be_hidden()  # no word about 判定 for an edit
    name.fill("足軽")
    phone_at.locator('input[type=radio][name="players.B.field.2.cards.0.role"][value="blocker"]').check()
    phone_at.locator('[id="players.B.field.2"]').screenshot(path=str(ARTIFACTS / "offline-place-card-390.png"))
    phone_at.reload()  # the offline edit is in the draft this browser keeps
    expect(phone_at.locator('[name="players.B.field.2.cards.0.name"]')).to_have_value("足軽")


# A judge's edits, button by button (each builder edit button once at least): ("click", accessible name, within),
# ("fill", input name, value), ("check", radio name, value) or ("select", select name, value). Run offline they must leave the very form the server makes of them online.
EFFECT = "players.A.field.1.cards.0.effects.0"
SENTENCE = f"{EFFECT}.sentences.0"
STEP = f"{SENTENCE}.steps.0"
EDITS = (
    ("click", "A1にカードを置く", None), ("fill", "players.A.field.1.cards.0.name", "織田信長"),
    ("click", "A1にカードを重ねる", None), ("fill", "players.A.field.1.cards.1.name", "豊臣秀吉"),
    ("click", "A1のカード1を削除", None),
    ("click", "B1にカードを置く", None), ("fill", "players.B.field.1.cards.0.name", "足軽"),
    ("click", "Bの手札をカードで指定", None), ("fill", "players.B.hand.cards.0.name", "伏兵"),
    ("fill", "players.B.hand.cards.0.id", "fuse"),
    ("click", "Bの手札にカードを追加", None), ("fill", "players.B.hand.cards.1.name", "足止め"),
    ("click", "手札のカード1を下へ", "players.B"),
    ("click", "手札のカード1を削除", "players.B"),
    ("click", "効果を追加", "players.A.field.1.cards.0"), ("fill", "players.A.field.1.cards.0.effects.0.name", "天下布武"),
    ("click", "文を追加（「。」）", "players.A.field.1.cards.0"),
    ("click", "処理を追加（「し、」）", "players.A.field.1.cards.0"),
    ("click", "処理2を上へ", "players.A.field.1.cards.0"),
    ("click", "処理1を削除", "players.A.field.1.cards.0"),
    ("select", f"{STEP}.kind", "power"), ("select", f"{STEP}.kind", "mill"),  # a step's kind changed
    ("fill", f"{STEP}.count", "2"), ("select", f"{STEP}.kind", "draw"),  # the count typed is kept
    ("select", f"{SENTENCE}.if.kind", "hand_at_least"), ("fill", f"{SENTENCE}.if.value", "3"),  # a condition's kind
    ("select", f"{SENTENCE}.if.kind", "deck_at_most"), ("fill", f"{SENTENCE}.if.count", "5"),
    ("select", f"{SENTENCE}.if.kind", "graveyard_at_least"),
    ("select", f"{EFFECT}.when.kind", "event"), ("select", f"{EFFECT}.when.kind", "phase_start"),  # a trigger's
    ("select", f"{EFFECT}.when.turn", "opponent"), ("select", f"{EFFECT}.when.kind", "phase_end"),
    ("click", "攻撃を追加", None), ("click", "事変を使う", None), ("click", "行動を追加", None),
    ("click", "行動3を上へ", None), ("click", "行動1を下へ", None), ("click", "行動2を削除", None),
    ("fill", "actions.1.played.name", "奇襲"),
    ("select", "game.turn_player", "B"),  # the attacker's and the defender's choices follow the turn player
    ("select", "actions.0.kind", "event"), ("fill", "actions.0.played.name", "足止め"),  # an action's kind changed
    ("select", "actions.0.kind", "attack"),
    ("select", "actions.0.kind", "set"), ("fill", "actions.0.card", "fuse"),
    ("select", "actions.0.kind", "activate"),  # the card typed is kept
    ("click", "攻撃を追加", None),  # in B's turn: B's cards attack
    ("click", "行動を追加", None), ("select", "actions.3.kind", "summon_phase"),  # a summon's entries
    ("click", "召喚するカードを追加", None), ("fill", "actions.3.summon.0.card", "fuse"),
    ("click", "召喚するカードを追加", None), ("fill", "actions.3.summon.1.card", "ashi"),
    ("click", "召喚2を上へ", None), ("click", "召喚2を削除", None),
    ("click", "防御を追加（試みた順）", None), ("click", "防御を追加（試みた順）", None),  # the defences tried in order
    ("check", "actions.2.responses.1.choice", "block:A1"), ("check", "actions.2.responses.2.choice", "event:event3"),
    ("fill", "actions.2.responses.2.played.name", "伏兵"), ("click", "防御3を上へ", None), ("click", "防御1を削除", None),
)


def _edit(page, edits, shots: str | None = None) -> None:
    for step, (verb, what, within) in enumerate(edits):
        if verb == "fill":
            page.locator(f'[name="{what}"]').fill(within)
            continue
        if verb == "check":
            page.locator(f'input[name="{what}"][value="{within}"]').check()
            continue
        if verb == "select":
            page.locator(f'[name="{what}"]').select_option(within)
        else:
            scope = page.locator(f'[id="{within}"]') if within else page
            if within and within.endswith(".cards.0"):
                details = scope.locator("details.card-details").first
                if details.get_attribute("open") is None:
                    details.locator(":scope > summary").click()
            scope.get_by_role("button", name=what, exact=True).first.click()
        settled(page)
        if shots:
            page.screenshot(path=str(ARTIFACTS / f"{shots}-{step:02d}.png"), full_page=False)


def _posted(page) -> list[list[str]]:
    """What the form would send (FormData: enabled controls, checked radios and boxes), in name order."""
    return sorted(page.evaluate(
        """() => Array.from(new FormData(document.getElementById('builder')).entries())
              .filter(([name, value]) => name !== 'op' && typeof value === 'string')""" ))


def _choices(page) -> list:
    """The choices the board gives, as shown: each board select's options and each defence's radios, in page order."""
    return page.evaluate(
        """() => Array.from(document.querySelectorAll('#builder select[data-widget], #builder fieldset.radios'))
              .filter((box) => !box.closest('template'))
              .map((box) => [box.id, Array.from(box.querySelectorAll('option, label.radio'))
                  .map((choice) => choice.textContent.trim())])""")


def test_offline_every_edit_button_gives_the_form_the_server_gives(phone_at, venue, browser):
    """Issue 27: offline, only ＋置く worked. Every add, stack, remove, move and the quick actions now work without the
    network and leave the same inputs, names and values as the server's round trips; what only the server can do
    (the card library) says so plainly."""
    phone_at.goto("/scenario/new")
    phone_at.evaluate("navigator.serviceWorker.ready.then(() => true)")
    phone_at.reload()
    _installed(phone_at)
    phone_at.context.set_offline(True)
    answered = []
    phone_at.on("requestfinished", lambda request: answered.append(request.url) if request.method == "POST" else None)
    _edit(phone_at, EDITS, shots="offline-edit-390")
    assert answered == []  # every edit was made in the page
    expect(phone_at.locator("#offline-builder")).to_be_hidden()  # no word about the network for an edit
    expect(phone_at.locator('[name="players.B.hand.count"]')).to_be_hidden()  # B's hand is given by its card
    offline = _posted(phone_at), _choices(phone_at)
    assert "B1〈足軽〉" in dict(offline[1])["actions.2.attacker"]  # B's turn now: B's cards attack
    kept = (["actions.0.card", "fuse"], [f"{STEP}.count", "2"], [f"{SENTENCE}.if.count", "5"], [f"{EFFECT}.when.turn", "opponent"],
            ["actions.3.summon.0.card", "ashi"], ["actions.2.responses.0.choice", "event:event3"],
            ["actions.2.responses.0.played.name", "伏兵"], ["actions.2.responses.1.choice", "block:A1"])
    assert [value for value in kept if value not in offline[0]] == []  # what was typed is kept over a kind change

    online_context = browser.new_context(base_url=venue.url, locale="ja-JP", viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        online = online_context.new_page()
        online.goto("/scenario/new")
        _edit(online, EDITS)
        assert offline == (_posted(online), _choices(online))
    finally:
        online_context.close()

    # the board the edits left, as the judge sees it
    expect(phone_at.locator('[id="players.A.field.1.cards.0"] > legend')).to_have_text("A1の場（一番上）〈豊臣秀吉〉")
    expect(phone_at.get_by_label("行動2", exact=True)).to_have_value("event")
    phone_at.screenshot(path=str(ARTIFACTS / "offline-edits-done-390.png"), full_page=True)
    no_sideways_scroll(phone_at)

    phone_at.get_by_role("button", name="ライブラリから入れる").first.click()  # only the server has the library
    notice = phone_at.locator("#offline-builder")
    expect(notice).to_be_visible()
    expect(notice.locator("[data-edit]")).to_contain_text("この操作にはインターネット接続が必要です")
    expect(notice.locator("[data-resolve]")).to_be_hidden()


def test_offline_a_full_list_stays_full_as_on_the_server(phone_at, venue):
    phone_at.goto("/scenario/new")
    phone_at.evaluate("navigator.serviceWorker.ready.then(() => true)")
    phone_at.reload()
    _installed(phone_at)
    phone_at.context.set_offline(True)
    _edit(phone_at, EDITS[:1] + (("click", "効果を追加", "players.A.field.1.cards.0"),
                                 ("click", "文を追加（「。」）", "players.A.field.1.cards.0")))
    add_step = phone_at.get_by_role("button", name="処理を追加（「し、」）", exact=True)
    for _ in range(12):  # a sentence holds at most MAX_STEPS (12) steps: the 12th press changes nothing
        add_step.click()
        settled(phone_at)
    steps = phone_at.locator("li.step-form")
    expect(steps).to_have_count(12)
    expect(steps.last).to_have_attribute("id", "players.A.field.1.cards.0.effects.0.sentences.0.steps.11")


def test_writing_an_unread_sentence_by_hand_is_a_round_trip_and_offline_says_it_needs_the_network(phone_at, venue):
    """「この文を手で書く」 was a whole-page POST: online it reloaded the page, offline it gave the browser's error
    page. It is a round trip like the other edits; offline, only the server can read the text, so it says so."""
    phone_at.goto("/scenario/new")
    phone_at.evaluate("navigator.serviceWorker.ready.then(() => true)")
    phone_at.reload()
    _installed(phone_at)
    card = "players.A.field.1.cards.0"
    phone_at.get_by_role("button", name="A1にカードを置く").click()
    settled(phone_at)
    phone_at.locator(f'fieldset[id="{card}"] summary').first.click()
    phone_at.locator(f'fieldset[id="{card}"]').get_by_role("button", name="効果を追加").click()
    settled(phone_at)
    phone_at.locator(f'[name="{card}.effects.0.name"]').fill("空")
    phone_at.locator(f'[name="{card}.effects.0.text"]').fill("1枚引く。その後、これは空を飛ぶ。")
    reading = phone_at.locator(f'[id="{card}.effects.0.reading"]')
    expect(reading).to_contain_text("1文が読めません", timeout=30_000)
    handwrite = phone_at.get_by_role("button", name="この文を手で書く")

    phone_at.evaluate("window.samePage = true")  # gone if the page is loaded anew
    phone_at.context.set_offline(True)
    handwrite.click()
    notice = phone_at.locator("#offline-builder")
    expect(notice.locator("[data-edit]")).to_contain_text("この操作にはインターネット接続が必要です")
    assert phone_at.evaluate("window.samePage === true")

    phone_at.context.set_offline(False)
    handwrite.click()
    second = phone_at.locator(f'[name="{card}.effects.0.sentences.1.steps.0.value"]')
    expect(second).to_have_value("")  # the unread sentence, left to write by hand
    expect(phone_at.locator(f'[name="{card}.effects.0.sentences.0.steps.0.kind"]')).to_have_value("draw")
    assert phone_at.evaluate("window.samePage === true")  # a round trip, not a page load
    phone_at.screenshot(path=str(ARTIFACTS / "handwrite-round-trip-390.png"), full_page=True)
    no_sideways_scroll(phone_at)
