"""The glossary, built from the rulebook's own definitions.

Chapter 15 (用語集) is empty in the source text, so the terms come from the clauses that define them in
running text: 「X」とは…を指す／をいう (6.1.1 「発動」), 「X」は…である／を指す (2.4.1 「場の下」),
…を「X」と呼ぶ (10.2.1 「競合」) and …が「X」である (10.6.4 「攻撃中」). Each entry keeps the defining
sentence word for word and the clause it is in; nothing is written here that the rulebook does not say.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from adjudicator.rulebook import Rulebook

_OPEN, _CLOSE = "「（『(", "」）』)"
# Sentence-initial definitions: 「X」とは… / 「X」という語は… / 「X」は、…(を指す|をいう|である)
_DEFINES = re.compile(r"^「(?P<term>[^」]{1,20})」(?:とは|という語は|は)、?(?P<rest>.+)$")
_ENDINGS = ("を指す", "をいう", "のことをいう", "の総称である", "である", "であり", "ことを示す")
_WORD_IS = re.compile(r"「(?P<term>[^」]{1,20})」という語は、")  # 2.3.2: …において、「場」という語は、…を指す
_CALLED = re.compile(r"を「(?P<term>[^」]{1,20})」と呼ぶ")
_IS_CALLED = re.compile(r"が「(?P<term>[^」]{1,20})」である。?$")
MAX_DEFINITION_CHARS = 160


@dataclass(frozen=True)
class Term:
    term: str
    definition: str   # the defining sentence, as the rulebook prints it (cut at MAX_DEFINITION_CHARS)
    clause: str       # where it is defined: "2.4.1"

    @property
    def anchor(self) -> str:
        return f"g-{self.term}"


def _definition(sentence: str) -> str | None:
    """The term a sentence defines, or None."""
    found = _DEFINES.match(sentence)
    if found and any(ending in found.group("rest") for ending in _ENDINGS):
        return found.group("term")
    found = _WORD_IS.search(sentence)
    if found and any(ending in sentence[found.end():] for ending in _ENDINGS):
        return found.group("term")
    for pattern in (_CALLED, _IS_CALLED):
        found = pattern.search(sentence)
        if found:
            return found.group("term")
    return None


def sentences(text: str) -> list[str]:
    """Sentences split at 「。」, but not at one inside brackets (6.7.1: 文（「。」で区切られた部分）)."""
    out, depth, start = [], 0, 0
    for index, char in enumerate(text):
        if char in _OPEN:
            depth += 1
        elif char in _CLOSE:
            depth = max(0, depth - 1)
        elif char == "。" and depth == 0:
            out.append(text[start:index + 1])
            start = index + 1
    if text[start:].strip():
        out.append(text[start:])
    return out


@lru_cache(maxsize=4)
def glossary(book: Rulebook) -> tuple[Term, ...]:
    """Every term the book defines, the first definition of each, in the book's order."""
    seen: dict[str, Term] = {}
    for node in book.clauses():
        for sentence in sentences(" ".join(node.text.split())):
            term = _definition(sentence.strip())
            if term and term not in seen:
                text = sentence.strip()
                if len(text) > MAX_DEFINITION_CHARS:
                    text = text[: MAX_DEFINITION_CHARS - 1] + "…"
                seen[term] = Term(term, text, node.id)
    return tuple(seen.values())


MIN_BARE_TERM = 3  # 「バトル」「攻撃中」 count without brackets too; 「これ」「と」「全て」 only as quoted


def terms_in(book: Rulebook, text: str) -> tuple[Term, ...]:
    """The glossary's terms a clause's text uses (「場の下」, or バトル written plainly), in glossary order."""
    return tuple(term for term in glossary(book)
                 if f"「{term.term}」" in text or (len(term.term) >= MIN_BARE_TERM and term.term in text))
