"""Clause numbers as text: normalising what people type, and deciding whether one citation covers another.

Pure string logic; nothing here needs a loaded rulebook. Canonical ids look like ``ch6`` (chapter),
``6.7`` (section or two-level clause), ``6.7.1`` (clause), ``10.6.2-8`` (list item 8 of 10.6.2),
and for Duel Masters ``100`` (rule group), ``100.2`` and ``100.2a`` (clauses).
"""

from __future__ import annotations

import re
import unicodedata

CIRCLED_DIGITS = "①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳"
# No number a person types into this service (a clause part, a chapter, a list index, a count) needs more
# digits; Python's int() refuses 4,301+ and accepts "²"-free Unicode digits, so input never reaches it.
MAX_NUMBER_DIGITS = 9

# ASCII digits only: \d would also match other scripts' digits (٣, ३), which NFKC does not fold.
_CHAPTER = re.compile(r"^(?:ch|第)\s*([0-9]+)\s*章?$", re.IGNORECASE)
_NUMBERED = re.compile(r"^([0-9]+(?:\.[0-9]+)*[a-z]?)(?:(?:-|の)([0-9]+))?$")
_DM_GROUP = re.compile(r"^[0-9]{3}")


def bounded_int(text: str, max_digits: int = MAX_NUMBER_DIGITS) -> int | None:
    """The value of ``text`` if it is 1 to ``max_digits`` ASCII digits, else None.

    The one way a number from input becomes an int: ``str.isdigit()`` accepts ``²`` (which ``int()``
    refuses) and ``int()`` refuses 4,301+ digits with a ValueError, so neither is ever called on input.
    """
    if not 0 < len(text) <= max_digits or not text.isascii() or not text.isdigit():
        return None
    return int(text)


def circled_value(char: str) -> int | None:
    """1 for ①, 8 for ⑧; None for anything else."""
    index = CIRCLED_DIGITS.find(char)
    return index + 1 if index >= 0 and len(char) == 1 else None


def normalize_ref(text: str) -> str:
    """The canonical id for a clause number as a person might type or print it.

    NFKC folds full-width digits and stops (``６．７．１``) and circled digits (``⑧``); a trailing stop
    (``100.1.``) and surrounding whitespace go; ``第12章``/``CH12`` become ``ch12``; ``10.6.2の⑧`` and
    ``10.6.2-8`` become ``10.6.2-8``. Text that is no clause number comes back folded but otherwise
    unchanged, so a lookup simply finds nothing.
    """
    # Trailing stops and spaces go together ("100.1. ", "0 ."), so that normalising twice changes nothing.
    folded = unicodedata.normalize("NFKC", text).lower().strip().rstrip(". \t\n\r\f\v")
    chapter = _CHAPTER.match(folded)
    if chapter:
        value = bounded_int(chapter.group(1))
        return f"ch{value}" if value is not None else folded
    numbered = _NUMBERED.match(folded)
    if numbered is None:
        return folded
    number, item = numbered.groups()
    if not item:
        return number
    value = bounded_int(item)
    return f"{number}-{value}" if value is not None else folded


def citation_covers(expected: str, cited: str) -> bool:
    """Whether citing ``cited`` satisfies a requirement to cite ``expected``.

    A clause is met by itself or by one of its list items (``10.6.2`` by ``10.6.2-3``); a section by any
    clause in it (``5.8`` by ``5.8.3``); a Duel Masters clause by its lettered sub-clauses (``100.2`` by
    ``100.2a``); a chapter by anything numbered inside it (``ch6`` by ``6.7.1``, ``ch1`` by ``101.4a``).
    A number never covers a longer number (``6.7.1`` is not met by ``6.7.10``).
    """
    want, got = normalize_ref(expected), normalize_ref(cited)
    if not want or not got:
        return False
    if want == got:
        return True
    if want.startswith("ch"):
        chapter = want[2:]
        if _DM_GROUP.match(got):
            # Duel Masters numbers its rule groups by chapter: 1xx lives in chapter 1.
            return got.startswith(chapter) and len(got.split(".")[0]) == len(chapter) + 2
        return got.startswith(chapter + ".") or got == chapter
    if not got.startswith(want):
        return False
    rest = got[len(want)]
    if rest in ".-":
        return True
    # Lettered sub-clauses: 100.2 is met by 100.2a, but only when the number ends there.
    return rest.isalpha() and want[-1].isdigit() and "." in want


def sort_key(node_id: str) -> tuple[tuple[int, str], ...]:
    """Order ids the way the books number them: ``6.7.2`` < ``6.7.10``, ``100.2`` < ``100.2a`` < ``100.3``."""
    canonical = normalize_ref(node_id)
    chapter = bounded_int(canonical[2:]) if canonical.startswith("ch") else None
    if chapter is not None:
        return ((chapter, ""),)
    parts = re.findall(r"([0-9]+)([a-z]*)", canonical)
    # A number too long for bounded_int sorts after every real one.
    return tuple((_part_value(digits), letters) for digits, letters in parts)


def _part_value(digits: str) -> int:
    value = bounded_int(digits)
    return value if value is not None else 10**MAX_NUMBER_DIGITS
