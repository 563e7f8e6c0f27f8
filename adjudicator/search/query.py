"""What a person typed, made safe to search: capped, quotes read as phrases, operators and wildcards inert.

Clause numbers in the text (``11.2.2 ブロック``) are taken out as mentions (:mod:`adjudicator.search.mentions`),
and the effect marks 「召」「1」「常」「合」 (6.4) as marks, so that 「1」 is the mark and not the digit of 1枚.
The search builds its Whoosh query from this object directly, never through Whoosh's query-language
parser, so no input can be a syntax error: unbalanced quotes, ``AND OR``, ``*`` and ``？`` are just text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from adjudicator.search.mentions import Mention, find_mentions, without_mentions

MAX_QUERY_LENGTH = 200

# The effect marks (6.4.1–6.4.9). Quoted (「1」) they are always the mark; unquoted only where nothing else
# reads: before マーク or 効果 (1マーク, 召の効果, 常効果) and not after a number word (ランク1の効果), and
# 召 that does not begin a compound (召喚, and 召還 that an input method writes for it: the rulebook writes
# 召 nowhere else).
MARKS = ("召", "1", "常", "合", "〈〉", "【】", "｛｝")
_QUOTED_MARK = re.compile(r"[「『]([召1常合])[」』]")
# Chapter 7's brackets (7.1.1), filled or empty; after NFKC the full-width ｛｝ are ASCII braces. People type
# the ASCII look-alikes too (<守護>, [武士], and ＜＞ ［］ that NFKC makes ASCII) and Duel Masters' 《》 for a name.
_BRACKETS = {"〈": "〈〉", "【": "【】", "{": "｛｝", "<": "〈〉", "《": "〈〉", "[": "【】"}
_BRACKET = re.compile(r"〈[^〈〉]{0,20}〉|【[^【】]{0,20}】|\{[^{}]{0,20}\}|<[^<>]{0,20}>|《[^《》]{0,20}》|\[[^\[\]]{0,20}\]")
_MARK_WORD = re.compile(r"(?<![0-9a-zクルー])([召1常合])(?=\s*(?:マーク|の効果|効果))|召(?![\u4e00-\u9fff])")

# 「」 and 『』 are the rulebook's own quotes; ASCII and typographic double quotes are what people paste.
_PHRASE = re.compile(r"「([^「」]*)」|『([^『』]*)』|\"([^\"]*)\"|“([^“”]*)”")
_STRAY_QUOTES = re.compile(r"[「」『』\"“”]")
# Query-language operators people type out of habit; they would otherwise be searched as words.
_OPERATORS = re.compile(r"(?<![A-Za-z])(?:AND|OR|NOT)(?![A-Za-z])|&&|\|\|")


@dataclass(frozen=True)
class ParsedQuery:
    """``text`` is what was typed (after the length cap); ``phrases`` were quoted; ``words`` is the rest,
    without the clause numbers (``mentions``) and the effect marks (``marks``)."""

    text: str
    phrases: tuple[str, ...]
    words: str
    truncated: bool
    mentions: tuple[Mention, ...] = ()
    marks: tuple[str, ...] = ()

    @property
    def is_empty(self) -> bool:
        return not self.phrases and not self.words.strip() and not self.mentions and not self.marks

    @property
    def only_mentions(self) -> bool:
        """Nothing but clause numbers (``6.7.1``, 「6.7.1」, ``6.7.1 6.7.2``): a lookup, not a question."""
        return bool(self.mentions) and not self.phrases and not self.words.strip() and not self.marks


def text_of(phrases: tuple[str, ...], rest: str) -> str:
    return " ".join((*phrases, rest))


def parse_query(raw: str) -> ParsedQuery:
    """Split ``raw`` into quoted phrases and free words; never fails."""
    text = " ".join(raw.split())
    truncated = len(text) > MAX_QUERY_LENGTH
    text = text[:MAX_QUERY_LENGTH]
    unoperated = _OPERATORS.sub(" ", text)
    mentions = find_mentions(unoperated)
    rest = without_mentions(unoperated, mentions)
    marks = [match.group(1) for match in _QUOTED_MARK.finditer(rest)]
    rest = _QUOTED_MARK.sub(" ", rest)
    phrases = tuple(
        phrase.strip()
        for match in _PHRASE.finditer(rest)
        if (phrase := next(group for group in match.groups() if group is not None)).strip()
    )
    rest = _PHRASE.sub(" ", rest)
    rest = _STRAY_QUOTES.sub(" ", rest)
    marks += [match.group(1) or "召" for match in _MARK_WORD.finditer(rest)]
    marks += [_BRACKETS[match.group(0)[0]] for match in _BRACKET.finditer(text_of(phrases, rest))]
    rest = _MARK_WORD.sub(" ", rest)
    return ParsedQuery(text=text, phrases=phrases, words=" ".join(rest.split()), truncated=truncated,
                       mentions=mentions, marks=tuple(dict.fromkeys(marks)))
