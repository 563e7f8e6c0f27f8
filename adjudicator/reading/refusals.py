"""What the reader does not read, and why: the span of words and the kind of refusal (3 of issue 11).

A sentence that does not parse is never approximated. Its opening clauses (trigger, 「その後」, condition,
duration) are tried one by one; the first one that reads as none of them but ends like a condition
(「…なら」) is an **unknown condition**. Otherwise the rest of the sentence is its body: if its last words
are no verb the grammar knows, the last clause is an **unknown verb**; if they are, the verb is known
but the words around it are not, and the body is a sentence **only half understood**.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lark.exceptions import LarkError

from adjudicator.morphology import ThreadTaggers
from adjudicator.reading.grammar import parse
from adjudicator.reading.sentences import Span
from adjudicator.reading.values import NotReadable
from adjudicator.reading.verbs import known_predicates

CONDITION_ENDINGS = ("なら", "ならば", "あれば", "れば", "なければ", "場合")
TRIGGER_ENDINGS = ("時", "後", "初めに", "終わりに")
KINDS = {
    "verb": "知らない動詞",
    "condition": "読めない条件",
    "trigger": "読めないきっかけ",
    "partial": "一部しか読めない文",
}


@dataclass(frozen=True)
class Unread:
    """Words of the text the reader did not read: offsets into the input, the words, and why."""

    start: int
    end: int
    text: str
    why: str
    kind: str = "partial"

    def to_json(self) -> dict[str, object]:
        return {"start": self.start, "end": self.end, "text": self.text, "why": self.why, "kind": self.kind}


def _clauses(span: Span) -> list[Span]:
    """The sentence cut at 「、」, each piece with its offsets."""
    pieces: list[Span] = []
    start = 0
    for match in re.finditer("、", span.text + "、"):
        words = span.text[start:match.start()]
        if words:
            pieces.append(Span(span.start + start, span.start + match.start(), words))
        start = match.end()
    return pieces


def _reads_as(words: str, start: str) -> bool:
    try:
        parse(words, start=start)
    except (LarkError, NotReadable):
        return False
    return True


def diagnose(span: Span, first: bool, reason: str | None = None) -> Unread:
    """The unread part of a sentence that did not read, and the kind of refusal."""
    clauses = _clauses(span)
    index = 0
    while index < len(clauses) - 1:
        words = clauses[index].text
        if words == "その後" or _reads_as(words, "if_clause") or _reads_as(words, "duration"):
            index += 1
            continue
        if first and index == 0 and _reads_as(words, "trigger"):
            index += 1
            continue
        if words.endswith(CONDITION_ENDINGS):
            return _unread(clauses[index], "condition", reason or f"「{words}」という条件を読む規則がない")
        if first and index == 0 and words.endswith(TRIGGER_ENDINGS) and not _reads_as(words, "trigger"):
            return _unread(clauses[index], "trigger", f"「{words}」というきっかけを読む規則がない")
        break
    body = Span(clauses[index].start, span.end, span.text[clauses[index].start - span.start:]) if clauses else span
    if reason is None and not body.text.endswith(known_predicates()) and not _amount_verb(body.text):
        last = clauses[-1] if clauses else span
        return _unread(last, "verb", f"「{predicate(last.text)}」という動詞を読む規則がない")
    why = reason or "動詞は分かるが、その前の語の読み方が分からない"
    return _unread(body, "partial", why)


def _amount_verb(words: str) -> bool:
    return re.search(r"[0-9０-９]する$", words) is not None


def _unread(span: Span, kind: str, why: str) -> Unread:
    return Unread(span.start, span.end, span.text, f"{KINDS[kind]}: {why}", kind)


# MeCab finds a word boundary only when a refusal needs one (the tagger is built then).
_TAGGERS = ThreadTaggers()


def predicate(words: str) -> str:
    """The verb at the end of ``words`` (「破壊する」 of 「カードを破壊する」): where the word boundary matters,
    MeCab (IPADIC) finds it; the trailing verbs and auxiliaries, with the noun or 「〜に」 they govern."""
    try:
        tokens = []
        for word in _TAGGERS.get()(words):
            if word.white_space:  # MeCab skips whitespace: kept as a symbol, so the words come back whole
                tokens.append((word.white_space, "記号"))
            # a counter or a number (「1枚」 of 「1枚捨てる」) is the verb's object, never part of the verb
            tokens.append((word.surface, "数" if word.feature[1] in ("数", "接尾") else word.feature[0]))
    except (UnicodeError, ValueError, RuntimeError):  # no word boundary MeCab can find: the words as they are
        return words
    return predicate_of(tokens) or words


def predicate_of(tokens: list[tuple[str, str]]) -> str:
    """The trailing predicate of (surface, IPADIC's first part-of-speech field) tokens; empty if none."""
    index = len(tokens)
    while index > 0 and tokens[index - 1][1] in ("動詞", "助動詞") or (
        index > 0 and tokens[index - 1][0] in ("て", "で", "も", "よい", "こと")
    ):
        index -= 1
    if index > 0 and tokens[index - 1][0] == "に" and index > 1:
        index -= 2
    elif index > 0 and tokens[index - 1][1] == "名詞":
        index -= 1
    return "".join(surface for surface, _ in tokens[index:])
