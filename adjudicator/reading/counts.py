"""Counts and the draw wordings (6.5): 「n枚」, 「n枚まで」, 「手札がn枚になるように」.

- 「n枚引く」 is a fixed count, done all at once or as far as possible (6.5.8, 6.5.1).
- 「n枚まで引く」: the player fixes the count, 0 up to n, before drawing (6.5.4, 6.5.5).
- 「手札がn枚になるように引く」: the difference to n (6.5.12).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from adjudicator.reading.productions import production
from adjudicator.reading.values import NotReadable, StepDraft

MAX_COUNT = 60
# 「引く」, also typed in kana (「ひく」): the verb of every draw wording.
DRAW = "(<引く> | <ひく>)"


# 「3,000」「３，０００」: digits grouped by threes (the terminal INT takes a comma only before three digits).
GROUPING = ",，"


@production("number", (), "a count in digits (full-width digits read as the same number, 「3,000」 as 3000)", rule="number: INT")
def number(digits: str) -> int:
    value = int("".join(str(unicodedata.digit(c)) for c in digits if c not in GROUPING))
    if value > MAX_COUNT * 1000:
        raise NotReadable("数が大きすぎる")
    return value


@production("up_to", ("6.5.4", "6.5.6"), "「まで」: an upper bound only; the player may pick fewer, even 0", rule='up_to: "まで"')
def up_to() -> str:
    return "まで"


@production("draw_fixed", ("6.5.8", "6.5.1"), "「カードをn枚引く」「カードn枚を引く」: a fixed count, drawn at once", step=True,
            rule='draw_fixed: [FROM_DECK] (["カードを"] number "枚" | "カード" number "枚" "を") ' + DRAW)
def draw_fixed(_from: str | None, count: int) -> StepDraft:
    return StepDraft("draw", _count(count))


@production("draw_up_to", ("6.5.4", "6.5.5"), "「カードをn枚まで引く」「カードn枚までを引く」: the count is chosen, 0..n, before drawing", step=True,
            rule='draw_up_to: [FROM_DECK] (["カードを"] number "枚" up_to | "カード" number "枚" up_to "を") ' + DRAW)
def draw_up_to(_from: str | None, count: int, _up_to: str) -> StepDraft:
    return StepDraft("draw", {"up_to": _count(count)})


@production("draw_until_hand", "6.5.12", "「手札がn枚になるように引く」: draw the difference", step=True,
            rule='draw_until_hand: "手札が" number "枚" "になるように" ' + DRAW)
def draw_until_hand(count: int) -> StepDraft:
    return StepDraft("draw", {"until_hand": _count(count)})


def _count(value: int) -> int:
    if value > MAX_COUNT:
        raise NotReadable(f"{value}枚は形式の上限（{MAX_COUNT}枚）を超える")
    return value


def count_of(value: Any) -> int:
    return _count(value)
