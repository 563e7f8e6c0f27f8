"""Sentences and how they join (10.1.5, 6.7, 6.5.3): the shape of a whole effect text.

- 「。」 ends a sentence; steps inside one are joined by 連用形 + 「、」 (「引き、」「し、」) and run in order (10.1.5).
- 「その後、」 goes on only if the sentence just before fully resolved (6.7.1); written after a condition
  (「Cなら、その後、」) it is read as standing at the sentence's start (6.7.5).
- 「…なら、」 is the sentence's condition (6.7.5); 「〜てもよい」「〜ことができる」 make it optional (6.5.3).
- An opening 「これが〜た時、」 or 「〇〇フェーズの初めに、」 is the effect's trigger (10.1.9, 10.1.7, 6.4.6); a
  duration 「このターン、」 at the sentence's start applies to its step (5.6).
- 「Aする。またはBする。」 and 「次のn個からk個を選ぶ。「A」「B」…」 are one choice between effects (10.1.6, 7.3.10,
  6.5.7); 「もう一度行う。」 is the sentence before, again (2.3.5); 「この効果は他の｛〇〇｝と合わせて1つの効果と
  なる」「…1ターンに1度しか発動できない」 say how the effect is activated (6.12.1, 6.11.6): reader.py joins these.
- A step whose object is left out works on the one card just named (7.2.3), or is not read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from adjudicator.reading.productions import declare, production
from adjudicator.reading.values import (OMITTED, ChooseHeader, CounterClause, EffectClause, NotReadable, OnceMore, OrSentence, PickOnly, SentenceDraft,
                                        StepDraft)

SENTENCE_END = declare("sentence_end", "10.1.5", "「。」: a sentence ends; the next one is processed after it")


@dataclass(frozen=True)
class Span:
    """One sentence of the text: its words and where they are (offsets into the whole text)."""

    start: int
    end: int
    text: str


# 「，」 typed for 「、」 (the comma of horizontal Japanese text), except between digits grouped by threes (「１，０００」,
# read by the grammar's INT). One character for one, so every offset into the text stays where it was.
_TYPED_COMMA = re.compile(r"，(?<![0-9０-９]，)|(?<=[0-9０-９])，(?![0-9０-９]{3}(?![0-9０-９]))")


def with_readers_commas(text: str) -> str:
    """``text`` with each 「，」 that separates words as 「、」: the words the grammar reads, at the same offsets."""
    return _TYPED_COMMA.sub("、", text)


def split_sentences(text: str) -> list[Span]:
    """The text cut at 「。」 (10.1.5); blanks between sentences are not part of any sentence."""
    spans: list[Span] = []
    start = 0
    depth = 0
    for index, char in enumerate(text + "。"):
        depth += {"「": 1, "」": -1}.get(char, 0)
        if char != "。" or (depth > 0 and index < len(text)):  # a 「…」 option is one piece (6.5.7)
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
            rule='body: (joined | joined_further | joined_by_doing)* last\njoined: step_cont "、"\n?last: plain_last | optional_te | optional_can')
def joined(step: StepDraft) -> StepDraft:
    return step


@production("joined_further", "10.1.5", "「〜し、さらに〜する」: 「さらに」 joins the next step in order, as 「し、」 does",
            rule='joined_further: step_cont "、" "さらに" ["、"]')
def joined_further(step: StepDraft) -> StepDraft:
    return step


@production("joined_by_doing", "10.1.5", "「〜することで、〜する」: the step, then the next one, in order (not a cost that may fail "
            "alone: both are steps of the sentence)", rule='joined_by_doing: step_end "ことで" ["、"]')
def joined_by_doing(step: StepDraft) -> StepDraft:
    return step


@production("further", "10.1.5", "「さらに、」 opening a sentence: done after the sentence before, as any next sentence is "
            "(not 「その後」: it does not ask whether the one before fully resolved)", rule='further: "さらに" ["、"]')
def further() -> bool:
    return False


@production("plain_last", ("6.5.1", "6.5.2"), "a step with no 「できる」「てもよい」: done as far as possible", rule='plain_last: step_end')
def plain_last(step: StepDraft) -> tuple[StepDraft, bool]:
    return step, False


@production("condition_lead", "6.7.5", "「Cなら、（その後、）」: the condition, judged when the sentence starts "
            "(a 「その後」 after it stands at the start)", rule='condition_lead: (if_clause | if_activated) ["、"] [then]')
def condition_lead(condition: Any, then_after: Any) -> tuple[bool, Any]:
    return bool(then_after), condition


@production("own_subject", ("7.2.1", "7.2.2"), "「自分は」 written before the steps: the card's owner, the subject they "
            "have when none is written", rule='own_subject: "自分は" ["、"]')
def own_subject() -> str:
    return "self"


@production("opponent_subject", "7.2.1", "「相手は」: the opponent does the steps (an opponent subject is always written)",
            rule='opponent_subject: "相手は" ["、"]')
def opponent_subject() -> str:
    return "opponent"


# The steps whose doer the format can name (``player``); any other step with 「相手は」 before it is not read.
STEPS_WITH_A_DOER = ("draw", "discard")


def _done_by_opponent(steps: list[StepDraft]) -> list[StepDraft]:
    """「相手は…引く」「相手は手札を…墓地へ送る」: the opponent draws or discards from their own hand (7.2.1)."""
    if any(step.kind not in STEPS_WITH_A_DOER for step in steps):
        raise NotReadable("相手が主語の処理は、形式では「引く」「手札を墓地へ送る」しか書けない")
    done = []
    for step in steps:
        spec = dict(step.spec) if isinstance(step.spec, dict) else {"count": step.spec}
        done.append(StepDraft(step.kind, {**spec, "player": "opponent"}, step.timed))
    return done


@production("sentence", "10.1.5", "a sentence: [trigger、][その後、][condition、][その後、][duration、][自分は/相手は] steps",
            rule='sentence: [trigger "、"] [then | further] [condition_lead] [duration "、"] [own_subject | opponent_subject] body')
def sentence(trigger: Any, then_before: Any, lead: Any, duration: Any, subject: Any, body: Any) -> SentenceDraft:
    then_after, condition = lead or (False, None)
    if then_before and then_after:
        raise NotReadable("「その後」が二度ある")
    then_ = bool(then_before or then_after)
    *steps, (last, optional) = body
    draft = SentenceDraft(steps=[*steps, last], then=then_, condition=condition,
                          optional=optional, duration=duration, trigger=trigger)
    draft.steps = _fill_omitted(draft.steps, condition)
    if subject == "opponent":
        draft.steps = _done_by_opponent(draft.steps)
    if duration is not None:
        draft.steps = _apply_duration(draft.steps, duration)
    return draft


def _named_card(spec: Any) -> Any:
    """The one card a step names outright (a slot, 「これ」, 「それ」), or None: a choice or 「全て」 is not one card."""
    if isinstance(spec, str) or spec in ({"this": True}, {"it": True}):
        return spec
    return None


def _fill_omitted(steps: list[StepDraft], condition: Any) -> list[StepDraft]:
    """A step with its object left out works on the card just named: the previous step's one card, or the card of
    「それが…なら」 (7.2.3). Anything else would be a guess: not a reading."""
    named = {"it": True} if isinstance(condition, dict) and "it" in condition else None
    filled = []
    for step in steps:
        if step.spec == OMITTED:
            if named is None:
                raise NotReadable("何を処理するか（目的語）が書かれていない")
            step = StepDraft(step.kind, named, step.timed)
        named = _named_card(step.spec) or named
        filled.append(step)
    return filled


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
            rule='pick_only: field_cards "を" number "枚" "選ぶ"')
def pick_only(phrase: Any, count: int) -> PickOnly:
    if phrase.every:
        raise NotReadable("「全ての」と「選ぶ」が一緒に書かれている")
    return PickOnly(phrase.selector(choose=count))


@production("or_sentence", ("10.1.6", "7.3.10", "6.5.7"), "「Aする。またはBする。」: one side is chosen, before either is done, "
            "and done whole", rule='or_sentence: "または" ["、"] sentence')
def or_sentence(draft: SentenceDraft) -> OrSentence:
    if draft.trigger is not None or draft.then or draft.condition is not None or draft.optional:
        raise NotReadable("「または」の後ろは、条件も「その後」もない処理だけを読む")
    return OrSentence(draft)


@production("or_all_sentence", ("10.1.6", "7.3.10", "6.5.7"), "「…を全てAする。または全てBする。」: B, with its object left out, "
            "on every card A is done to: one side is chosen for all of them (reader.py joins it to the sentence before)",
            rule='or_all_sentence: "または" ["、"] "全て" step_end')
def or_all_sentence(step: StepDraft) -> OrSentence:
    if step.spec != OMITTED:
        raise NotReadable("「または全て」の後ろに、目的語を略した処理がない")
    return OrSentence(SentenceDraft(steps=[step]), same_cards=True)


@production("choose_header", "6.5.7", "「次のn個からk個を選ぶ。」: k of the n options in 「」 that follow, all chosen first",
            rule='choose_header: "次の" number "個から" number "個" ["を"] ("選ぶ" | "選び発動する" | "選んで発動する")')
def choose_header(options: int, count: int) -> ChooseHeader:
    if not 2 <= options <= 6 or not 1 <= count <= min(options, 5):
        raise NotReadable("候補の数か選ぶ数が形式の範囲にない")
    return ChooseHeader(options, count)


@production("shared_clause", ("6.12.1", "6.12.2"), "「この効果は他の｛〇〇｝と合わせて1つの効果となる」: activated once together with a "
            "card of each name (a property of the effect)",
            rule='shared_clause: "この効果は他の" ("｛" EFFECT_NAME "｝")+ "と合わせて1つの効果となる"')
def shared_clause(*names: str) -> EffectClause:
    if len(names) > 4:
        raise NotReadable("共有効果の名前が多すぎる")
    return EffectClause(shared_with=tuple(name.strip() for name in names))


@production("once_by_name", "6.11.6", "「この効果は他のカードも含めて1ターンに1度しか発動できない」: once a turn for the effect "
            "name, copies included (a property of the effect)",
            rule='once_by_name: "この効果は他のカードも含めて1ターンに1度しか発動できない"')
def once_by_name() -> EffectClause:
    return EffectClause(once_per_turn_by_name=True)


@production("once_more", ("2.3.5", "10.1.4"), "「もう一度行う。」: the sentence before, once more, each time on the board as it is then",
            rule='once_more: "もう一度" <行う>')
def once_more() -> OnceMore:
    return OnceMore()


@production("once_more_lead", ("2.3.5", "10.1.5"), "「もう一度、…」: the sentence's steps, done (again) after the sentence before",
            rule='once_more_lead: "もう一度、" sentence')
def once_more_lead(draft: SentenceDraft) -> SentenceDraft:
    if draft.trigger is not None:
        raise NotReadable("「もう一度」の後にきっかけは書けない")
    return draft


SENTENCE_RULES = ("?any_sentence: sentence | counter_clause | pick_only | or_sentence | or_all_sentence | choose_header | shared_clause | once_by_name"
                  " | once_more | once_more_lead")
