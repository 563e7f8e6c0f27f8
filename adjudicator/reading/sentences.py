"""Sentences and how they join (10.1.5, 6.7, 6.5.3): the shape of a whole effect text.

- 「。」 ends a sentence; steps inside one are joined by 連用形 + 「、」 (「引き、」「し、」) and run in order (10.1.5).
- 「その後、」 goes on only if the sentence just before fully resolved (6.7.1); written after a condition
  (「Cなら、その後、」) it is read as standing at the sentence's start (6.7.5).
- 「…なら、」 is the sentence's condition (6.7.5); 「〜てもよい」「〜ことができる」 make it optional (6.5.3).
- An opening 「これが〜た時、」 or 「〇〇フェーズの初めに、」 is the effect's trigger (10.1.9, 10.1.7, 6.4.6); a
  duration 「このターン、」 at the sentence's start applies to its step (5.6).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudicator.reading.productions import declare, production
from adjudicator.reading.values import CounterClause, NotReadable, PickOnly, SentenceDraft, StepDraft

SENTENCE_END = declare("sentence_end", "10.1.5", "「。」: a sentence ends; the next one is processed after it")


@dataclass(frozen=True)
class Span:
    """One sentence of the text: its words and where they are (offsets into the whole text)."""

    start: int
    end: int
    text: str


def split_sentences(text: str) -> list[Span]:
    """The text cut at 「。」 (10.1.5); blanks between sentences are not part of any sentence."""
    spans: list[Span] = []
    start = 0
    for index, char in enumerate(text + "。"):
        if char != "。" or index > len(text):
            continue
        piece = text[start:index]
        stripped = piece.strip()
        if stripped:
            offset = start + (len(piece) - len(piece.lstrip()))
            spans.append(Span(offset, offset + len(stripped), stripped))
        start = index + 1
    return spans


@production("then", "6.7.1", "「その後、」: only if the sentence before fully resolved", rule='then: "その後、"')
def then() -> bool:
    return True


@production("optional_te", "6.5.3", "「〜てもよい」: the player may choose not to", rule='optional_te: step_te "もよい"')
def optional_te(step: StepDraft) -> tuple[StepDraft, bool]:
    return step, True


@production("optional_can", "6.5.3", "「〜ことができる」: the player may choose not to", rule='optional_can: step_end "ことができる"')
def optional_can(step: StepDraft) -> tuple[StepDraft, bool]:
    return step, True


@production("joined", "10.1.5", "「〜し、〜する」: steps of one sentence, one after another",
            rule='body: (joined)* last\njoined: step_cont "、"\n?last: plain_last | optional_te | optional_can')
def joined(step: StepDraft) -> StepDraft:
    return step


@production("plain_last", ("6.5.1", "6.5.2"), "a step with no 「できる」「てもよい」: done as far as possible", rule='plain_last: step_end')
def plain_last(step: StepDraft) -> tuple[StepDraft, bool]:
    return step, False


@production("then_lead", "6.7.1", "「その後、（Cなら、）」: the sentence goes on only after the one before fully resolved",
            rule='then_lead: then [if_clause "、"]')
def then_lead(_then: bool, condition: Any) -> tuple[bool, Any]:
    return True, condition


@production("condition_lead", "6.7.5", "「Cなら、（その後、）」: the condition, judged when the sentence starts "
            "(a 「その後」 after it stands at the start)", rule='condition_lead: if_clause "、" [then]')
def condition_lead(condition: Any, then_after: Any) -> tuple[bool, Any]:
    return bool(then_after), condition


@production("sentence", "10.1.5", "a sentence: [trigger、][その後、][condition、][duration、] steps",
            rule='sentence: [trigger "、"] [lead] [duration "、"] body\n?lead: then_lead | condition_lead')
def sentence(trigger: Any, lead: Any, duration: Any, body: Any) -> SentenceDraft:
    then_, condition = lead or (False, None)
    *steps, (last, optional) = body
    draft = SentenceDraft(steps=[*steps, last], then=then_, condition=condition,
                          optional=optional, duration=duration, trigger=trigger)
    if duration is not None:
        draft.steps = _apply_duration(draft.steps, duration)
    return draft


def _apply_duration(steps: list[StepDraft], duration: dict[str, Any]) -> list[StepDraft]:
    """A leading 「このターン、」 belongs to the steps that take a duration (5.6); none that do: not a reading."""
    timed = [i for i, step in enumerate(steps) if step.timed]
    if not timed:
        raise NotReadable("文頭の期間がかかる処理がない")
    return [step.with_duration(duration) if step.timed else step for step in steps]


@production("counter_clause", "11.2.4", "「このカードは相手の攻撃時にも発動できる」: the event may answer an attack (a card property)",
            rule='counter_clause: "このカードは相手の攻撃時にも発動できる"')
def counter_clause() -> CounterClause:
    return CounterClause()


@production("pick_only", ("8.4.1", "7.2.3"), "「…を1枚選ぶ。」: a choice; the next sentence's 「それ」 is the chosen card",
            rule='pick_only: field_cards "を" number "枚選ぶ"')
def pick_only(phrase: Any, count: int) -> PickOnly:
    if phrase.every:
        raise NotReadable("「全ての」と「選ぶ」が一緒に書かれている")
    return PickOnly(phrase.selector(choose=count))


SENTENCE_RULES = "?any_sentence: sentence | counter_clause | pick_only"
