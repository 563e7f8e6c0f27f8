"""What the browser tests share: the phone's size, where screenshots go, and checks of a page at that size."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from playwright.sync_api import expect

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}


def fresh_page(browser, live_server):
    context = browser.new_context(base_url=live_server, locale="ja-JP", viewport=PHONE)
    return context, context.new_page()


def settled(page) -> None:
    """Wait until the builder's round trip (add, remove, a kind select) has put in the fresh form.

    builder.js sends the form as it is when the round trip starts and keeps it aria-busy and read-only until
    the answer replaces it, so each step waits for the new one before typing.
    """
    expect(page.locator("form#builder[aria-busy]")).to_have_count(0)


def no_sideways_scroll(page) -> None:
    page.wait_for_load_state()
    wider = page.evaluate(
        """(width) => [...document.querySelectorAll('body *')]
            .filter((e) => e.getBoundingClientRect().right > width + 1)
            .map((e) => e.tagName + '.' + e.className + ':' + Math.round(e.getBoundingClientRect().right))"""
        , PHONE["width"])
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], wider


def sideways(page) -> list[str]:
    """What sticks out past the phone's width (empty when nothing does)."""
    if page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]:
        return []
    return page.evaluate(
        """(width) => [...document.querySelectorAll('body *')]
            .filter((e) => e.getBoundingClientRect().right > width + 1)
            .slice(0, 8).map((e) => e.tagName + '.' + e.className + ':' + Math.round(e.getBoundingClientRect().right))""",
        PHONE["width"])


def violations(axe, page) -> list[str]:
    results = axe.run(page).response
    return [f"{v['id']} ({v['impact']}): {v['help']} — " + "; ".join(n["target"][0] for n in v["nodes"][:3])
            if isinstance(v["nodes"][0]["target"][0], str) else v["id"]
            for v in results["violations"]]


# How a judge's work on the builder is counted (test_judge_task_browser, test_dispute_from_table_browser):
# a tap on a button, a radio or a text box is one tap, a picker two; a field already right is not touched.
@dataclass
class Tally:
    page: object
    taps: int = 0
    pickers: int = 0
    typed: int = 0
    choices: int = 0
    log: list[str] = field(default_factory=list)

    def settle(self) -> None:
        settled(self.page)

    def tap(self, locator) -> None:
        locator.click()
        self.taps += 1
        self.log.append("tap")
        self.settle()

    def choose(self, name: str, value: str) -> None:
        """A radio choice: one tap."""
        radio = self.page.locator(f'input[type=radio][name="{name}"][value="{value}"]')
        if radio.is_checked():
            return
        radio.check()
        self.taps += 1
        self.choices += 1
        self.log.append(f"choose {value}")

    def pick(self, locator, value: str) -> None:
        if locator.input_value() == value:
            return
        locator.select_option(value)
        self.taps += 2
        self.pickers += 1
        self.log.append(f"pick {value}")
        self.settle()

    def type(self, locator, text: str) -> None:
        if locator.input_value() == text:
            return
        locator.fill(text)
        self.taps += 1
        self.typed += 1
        self.log.append(f"type {text}")
