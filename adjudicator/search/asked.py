"""What a question asks, and which clauses answer that kind of question, from the rulebook's own structure.

A question that asks whether something may be done (「〜できない？」「〜していい？」) is answered by a clause
that permits or forbids, one that asks when (「いつ」) by a clause that fixes a moment, one about order
(「順番」「どっちが先」) by a clause that orders, one about a number (「何枚」) by a clause that counts. The
clauses' kinds are read from the words the rulebook itself states those things with (できる／できない／てもよい;
時点／瞬間／初め／終わり; 順／先に／中断; 枚数／数える), not from the queries. A clause that defines a word
(「〜」とは／を指す／をいう) answers a question about a case less well than the clause that decides it.

Permission is read from the modal words only (できる／できない／てもよい, and ていい／ダメ in a question). Read
more widely (any 「〜ない？」 in a question, 「ならない」 in a clause), it marked 62 % of the tune halves' answers
and 57 % of the other clauses of their first five hits: no evidence, and the bonus it drove lowered every tune
half. Read narrowly, 62 % against 52 %. The ranking (search/ranking.py) gives the bonus only to a clause that
already holds half the question's words, so the kind re-ranks the clauses that match the situation.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

from adjudicator.search.analysis import normalize

# How a question asks each kind (in the question's words), and how the rulebook states it (in its own).
ASKS: Mapping[str, re.Pattern] = MappingProxyType({
    "permission": re.compile(r"でき(?:る|ない|ます|ません)|(?:て|で)(?:も)?(?:いい|よい|ok)|ダメ|だめ|不可|禁止|選べ"),
    "timing": re.compile(r"いつ|タイミング"),
    "order": re.compile(r"順番|順序|どっちが先|どちらが先|どっちの順|先に処理|後に処理"),
    "count": re.compile(r"何枚|何回|何か所|何個|いくつ|何ターン"),
})
STATES: Mapping[str, re.Pattern] = MappingProxyType({
    "permission": re.compile(r"できる|できない|できず|てもよい|選べる|選べない|行えない|行える"),
    "timing": re.compile(r"時点|瞬間|タイミング|初め|終わり|までの間|直後|直前|期間"),
    "order": re.compile(r"順|先に|より先|後で|中断|再開|割り込"),
    "count": re.compile(r"枚数|数える|数え|回数|合算|1枚につき|につき"),
})
DEFINES = re.compile(r"」とは|」は、|を指す|をいう|と呼ぶ|の総称|定義")


def asked(text: str) -> frozenset[str]:
    """The kinds of answer a question asks for (none for a term or a phrase to look up)."""
    folded = normalize(text)
    return frozenset(kind for kind, pattern in ASKS.items() if pattern.search(folded))


def clause_kinds(texts: Mapping[tuple[str, str], str]) -> Mapping[tuple[str, str], frozenset[str]]:
    """For each clause, the kinds of statement it makes, and ``definition`` when it defines a word."""
    kinds = {}
    for key, text in texts.items():
        found = {kind for kind, pattern in STATES.items() if pattern.search(text)}
        if DEFINES.search(text[:40]):  # a definition says so at its start: 「場を離れる」とは…
            found.add("definition")
        kinds[key] = frozenset(found)
    return MappingProxyType(kinds)
