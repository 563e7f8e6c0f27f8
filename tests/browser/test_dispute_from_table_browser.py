"""Issue 27's dispute entered at a phone's width as a judge at the table tells it, counted: the opponent's
〈織田信長〉 (rank 3, power 5000: the library's 〈尾張の大うつけ　織田信長〉) attacks, 〈足軽〉 blocks, an event is
played with its text pasted, the counts left blank.

Counted as tests/browser/test_judge_task_browser.py counts (``phone.Tally``): a tap on a button, a radio or a text
box is one tap, a picker two, a field already showing the wanted value is not touched; a typed field is also a
tap, and a paste is one typed field. Picking a library suggestion is one tap. Counted from the builder's page.

Before this work, the same counting on the builder of main (5222cf0), by the engineer who wrote this test and
knew where every input was: 25 taps (1 more from the home page), 8 typed fields, 2 pickers, 1 press of 判定する,
which the issue's wording of the event's text got rejected (its first sentence unread); the issue's own new user
took 31 taps, 11 typed fields and three presses. Screenshots of each stage: test-artifacts/dispute-*.png.

Second test: the defender answers the attack with an event that may be used during the opponent's attack,
entered at its step of the attack (10.6.2 ③); the ruling cites 11.2.4 and 10.6.2-3.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from tests.browser.phone import ARTIFACTS, PHONE, Tally

MAX_TAPS, MAX_TYPED = 12, 6
# The wording 「…そのパワーを-2000する。…」 is not read on this branch (issue 28, the reader, makes it
# readable); 「そのカードのパワー」 is the wording the reader reads today.
EVENT_TEXT = "相手の場のカードを1枚選び、そのカードのパワーを-2000する。その後、カードを1枚引く。"
COUNTER_TEXT = "このカードは相手の攻撃時にも発動できる。その攻撃中、攻撃しているカードのパワーを-2000する。"


class Judge(Tally):
    """The tally, with the library's suggestion list and the press of 判定する counted apart."""

    resolves: int = 0

    def pick_suggestion(self, field, typed: str, name: str) -> None:
        """Type part of a name, then tap the library's suggestion: the card fills at once."""
        self.type(field, typed)
        expect(self.page.locator(f'#library-cards option[value="{name}"]')).to_have_count(1)
        # What the browser does when a suggestion is picked: the value replaced, an input event of that kind.
        field.evaluate("""(input, name) => { input.value = name;
            input.dispatchEvent(new InputEvent('input', {bubbles: true, inputType: 'insertReplacementText'})); }""", name)
        self.taps += 1
        self.log.append(f"suggestion {name}")
        expect(field).to_have_value(name)
        self.settle()

    def type_library_name(self, field, name: str) -> None:
        """Type a card's exact library name: leaving the box (the next tap) fills the card's blank inputs."""
        self.type(field, name)
        expect(self.page.locator(f'#library-cards option[value="{name}"]')).to_have_count(1)

    def resolve(self) -> None:
        self.tap(self.page.get_by_role("button", name="判定する"))
        self.resolves += 1

    def shot(self, name: str, anchor=None) -> None:
        if anchor is not None:
            anchor.scroll_into_view_if_needed()
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(ARTIFACTS / f"dispute-{name}.png"))


@pytest.fixture()
def judge(browser, live_server) -> Iterator[Judge]:
    """A judge at a phone's width on a fresh builder who has placed the attacker and the blocker and added
    the attack (the part both disputes share), counted."""
    context = browser.new_context(base_url=live_server, locale="ja-JP", viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto("/scenario/new")
    page.evaluate("localStorage.clear()")
    page.goto("/scenario/new")
    try:
        counted = Judge(page)
        _place_attacker_and_blocker(counted)
        yield counted
    finally:
        context.close()


def _field(page, name: str):
    return page.locator(f'[name="{name}"]')


def _place_attacker_and_blocker(judge: Judge) -> None:
    page = judge.page
    judge.shot("1-empty")
    judge.tap(page.get_by_role("button", name="A1にカードを置く"))
    a1 = "players.A.field.1.cards.0"
    judge.pick_suggestion(_field(page, f"{a1}.name"), "織田信長", "尾張の大うつけ　織田信長")
    expect(_field(page, f"{a1}.rank")).to_have_value("3")
    expect(_field(page, f"{a1}.power")).to_have_value("5000")
    judge.shot("2-attacker-from-library", page.locator(f'[id="{a1}"]'))
    judge.tap(page.get_by_role("button", name="B1にカードを置く"))
    b1 = "players.B.field.1.cards.0"
    judge.type_library_name(_field(page, f"{b1}.name"), "足軽")
    judge.choose(f"{b1}.role", "blocker")  # this tap leaves the name box: the library fills the rest
    judge.settle()
    expect(_field(page, f"{b1}.power")).to_have_value("1000")
    expect(page.locator(f'input[name="{b1}.role"][value="blocker"]')).to_be_checked()  # the tap was not lost
    judge.shot("3-blocker-from-library", page.locator(f'[id="{b1}"]'))
    judge.tap(page.get_by_role("button", name="攻撃を追加"))
    expect(_field(page, "actions.0.attacker")).to_have_value("A1")
    expect(_field(page, "actions.0.target")).to_have_value("deck")


def test_the_dispute_from_the_table_in_twelve_taps_and_one_press(judge):
    page = judge.page
    judge.choose("actions.0.responses.0.choice", "block:B1")
    judge.shot("4-attack-blocked", page.locator('[id="actions.0"]'))
    judge.tap(page.get_by_role("button", name="事変を使う"))
    judge.type(_field(page, "actions.1.played.name"), "奇襲")
    judge.type(_field(page, "actions.1.played.effects.0.text"), EVENT_TEXT)  # a paste: one typed field
    reading = page.locator('[id="actions.1.played.effects.0.reading"]')
    expect(reading).to_contain_text("全て読めました", timeout=60_000)  # the reader, on a loaded machine
    judge.shot("5-event-read-back", reading)
    height = page.evaluate("document.documentElement.scrollHeight")
    judge.resolve()

    expect(page).to_have_url(re.compile(r"/s/2\.[^/]+$"))
    verdict = page.locator("[data-verdict]")
    expect(verdict).to_have_text("2件の行動のうち0件を判定しました。行動1の途中で止まりました: Bの山札の枚数が必要です。"
                                 "行動2は判定していません")
    expect(page.locator("section.verdict")).to_have_class(re.compile(r"\bstopped\b"))
    expect(page.locator(".ruling.decision")).to_contain_text("Bの山札の枚数が必要です")
    judge.shot("6-ruling", page.locator("section.verdict"))

    report = (f"dispute of issue 27 (390x844, from the builder's page): taps={judge.taps} typed={judge.typed} "
              f"pickers={judge.pickers} resolves={judge.resolves} screens={height / PHONE['height']:.1f}")
    print(report)
    (ARTIFACTS / "dispute-taps.txt").write_text(report + "\n" + "\n".join(judge.log) + "\n", encoding="utf-8")
    assert judge.resolves == 1, report
    assert judge.taps <= MAX_TAPS and judge.typed <= MAX_TYPED, report
    assert not [entry for entry in judge.log if re.fullmatch(r"type (event|ev)\d*", entry)], "an ID was made up"


def test_the_defender_answers_the_attack_with_an_event_at_its_step(judge):
    page = judge.page
    judge.choose("actions.0.responses.0.choice", "event:event1")
    judge.type(_field(page, "actions.0.responses.0.played.name"), "霞の陣")
    judge.type(_field(page, "actions.0.responses.0.played.level"), "0")
    judge.type(_field(page, "actions.0.responses.0.played.effects.0.text"), COUNTER_TEXT)
    reading = page.locator('[id="actions.0.responses.0.played.effects.0.reading"]')
    expect(reading).to_contain_text("全て読めました", timeout=60_000)  # the reader, on a loaded machine
    judge.shot("7-counter-event-at-its-step", page.locator('[id="actions.0.responses.0.played"]'))
    judge.resolve()

    expect(page).to_have_url(re.compile(r"/s/2\.[^/]+$"))
    expect(page.locator(".trace-steps")).to_contain_text("霞の陣")
    trace = page.request.get(page.url + ".json").json()["trace"]
    answered = [step for step in trace["steps"] if "霞の陣" in step["text"]]
    assert answered, trace["steps"]
    assert "10.6.2-3" in answered[0]["cites"], answered[0]  # chosen at its step of the attack (③)
    assert any("11.2.4" in step["cites"] for step in answered), answered  # used as the rulebook allows it
    assert trace["violations"] == [], trace["violations"]
    judge.shot("8-counter-event-ruling", page.locator("section.verdict"))
    assert judge.resolves == 1
