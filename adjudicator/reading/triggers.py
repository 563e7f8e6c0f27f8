"""When an effect happens by itself (「〜た時」「〜する時」 and phase boundaries): the sentence's opening words.

- 「〜た時」「〜た後」 wait for the step that caused them to end, then interrupt the effect (10.1.9);
  「〜する時」 interrupts before the event, and what follows resolves first (10.1.7).
- 「〇〇フェーズの初めに/終わりに」 happen at that boundary, in the owner's turn unless 「各ターンの」 (6.4.6).
"""

from __future__ import annotations

from typing import Any

from adjudicator import vocabulary
from adjudicator.reading.productions import production
from adjudicator.reading.values import NotReadable

# The event words of the format's ``when.event`` (spec "Events"): the vocabulary's, and the other ways
# cards write the same events.
AFTER_EVENTS: dict[str, str] = {
    **{words: event for event, words in vocabulary.EVENTS.items()},
    "レストされた時": "rested",
    "ウラにされた時": "flipped_down",
    "カードを引いた時": "drawn",
}
BEFORE_EVENTS: dict[str, str] = {words: event for event, words in vocabulary.EVENTS_BEFORE.items()}
SUBJECTS = {"これが": "self", "このカードが": "self", "自分のカードが": "own", "相手のカードが": "opponent",
            "カードが": "any", "自分が": "own", "相手が": "opponent"}
PHASES = {**{words.removesuffix("フェーズ"): phase for phase, words in vocabulary.PHASES.items()},
          "ドロー＆リフレッシュ": "draw"}


def _words(table: dict[str, str]) -> str:
    return " | ".join(f'"{w}"' for w in sorted(table, key=len, reverse=True))


def _when(subject: str, event: str, timing: str) -> dict[str, Any]:
    when: dict[str, Any] = {"event": event}
    card = SUBJECTS[subject]
    if card != "self":
        when["card"] = card
    if timing != "after":
        when["timing"] = timing
    return when


@production("trigger_after", "10.1.9", "「これが〜た時」「〜た後」: after the step that caused it, before the next",
            rule=f"trigger_after: TRIGGER_SUBJECT AFTER_EVENT\nAFTER_EVENT: {_words(AFTER_EVENTS)}\n"
                 f"TRIGGER_SUBJECT: {_words(SUBJECTS)}")
def trigger_after(subject: str, words: str) -> dict[str, Any]:
    if AFTER_EVENTS[words] == "drawn" and SUBJECTS[subject] == "self":
        raise NotReadable("カードを引くのはプレイヤーで、「これ」ではない")
    return _when(subject, AFTER_EVENTS[words], "after")


@production("trigger_before", "10.1.7", "「これが〜する時」: an interrupt, resolved before the event",
            rule=f"trigger_before: TRIGGER_SUBJECT BEFORE_EVENT\nBEFORE_EVENT: {_words(BEFORE_EVENTS)}")
def trigger_before(subject: str, words: str) -> dict[str, Any]:
    return _when(subject, BEFORE_EVENTS[words], "before")


# Whose turn a phase boundary is in: 「相手の」 or 「相手のターンの」 the opponent's, 「各ターンの」 every turn's,
# 「自分の」「自分のターンの」 or nothing the owner's (6.4.6).
TURN_OWNERS = {"自分の": "own", "自分のターンの": "own", "相手の": "opponent", "相手のターンの": "opponent", "各ターンの": "any"}


@production("phase_boundary", "6.4.6", "「〇〇フェーズの初めに」「〜の終わりに」: at that boundary of the owner's turn "
            "(「相手の」「相手のターンの」: the opponent's, 「各ターンの」: every turn)",
            rule=f'phase_boundary: [TURN_OWNER] PHASE_NAME "フェーズの" EDGE\nPHASE_NAME: {_words(PHASES)}\n'
                 f'EDGE: "初めに" | "終わりに"\nTURN_OWNER: {_words(TURN_OWNERS)}')
def phase_boundary(owner: str | None, phase: str, edge: str) -> dict[str, Any]:
    when: dict[str, Any] = {("phase_start" if edge == "初めに" else "phase_end"): PHASES[phase]}
    turn = TURN_OWNERS.get(owner or "自分の")
    if turn != "own":
        when["turn"] = turn
    return when


TRIGGER_RULES = "?trigger: trigger_after | trigger_before | phase_boundary"
