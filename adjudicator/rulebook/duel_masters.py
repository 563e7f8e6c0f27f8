"""Parser for the Duel Masters basic rules: one long paragraph per rule group, clauses inline.

Shapes in the source (``rule-1-basics``):

- a header (``rule-1-basics``, ``name``/``description`` lines) before the first chapter line;
- ``1. ゲームの基本`` on its own line — a chapter;
- ``100.ゲームに必要なもの`` / ``101. デュエル・マスターズの絶対法則`` — a rule group (a section ``100``), which
  may start in the middle of the previous group's paragraph;
- ``100.1.`` and ``100.2a`` — clauses, also written ``103.2．`` (full-width stop) and ``100.5`` (no stop);
  a lettered clause belongs to its numbered clause (100.2a → 100.2).

A number starts a rule only after whitespace and only if it comes after the previous rule, so figures in
the text (``40 枚``, ``パワー合計が11000``) never split a clause. Paragraph 26 starts inside group 112 at
112.3b: groups 110–112 are missing from the source, so section 112 exists implicitly (no title) and its
clauses hang from it directly.
"""

from __future__ import annotations

import bisect
import re

from adjudicator.rulebook.drafts import Draft, DraftBook, ParsedBook

_CHAPTER = re.compile(r"^(\d)\.[ \t]+(\S.*)$", re.MULTILINE)
_RULE = re.compile(
    r"(?:(?<=\s)|^)(?P<group>\d{3})[.．]?(?:(?P<rule>\d+)(?P<letter>[a-z])?[.．]?(?=\s|[^\s\d.．a-z])"
    r"|(?=[^\s\d.．]|\s+[^\s\d]))",
    re.MULTILINE,
)


def parse(source: str) -> ParsedBook:
    chapters = list(_CHAPTER.finditer(source))
    if not chapters:
        raise ValueError("Duel Masters source: no chapter line")
    line_starts = [0, *(match.end() for match in re.finditer("\n", source))]
    drafts = DraftBook()
    for index, chapter in enumerate(chapters):
        end = chapters[index + 1].start() if index + 1 < len(chapters) else len(source)
        number = chapter[1]
        drafts.add(Draft(f"ch{number}", "chapter", f"{number}.", chapter[2].strip(), chapter[0].strip(),
                         _line_of(line_starts, chapter.start()), None))
        _parse_rules(source, chapter.end(), end, f"ch{number}", drafts, line_starts)
    return ParsedBook(preamble=source[:chapters[0].start()].strip(), drafts=drafts)


def _parse_rules(source: str, start: int, end: int, chapter: str, drafts: DraftBook, line_starts: list[int]) -> None:
    marks = _rule_marks(source, start, end)
    for index, mark in enumerate(marks):
        text_end = marks[index + 1].start() if index + 1 < len(marks) else end
        body = source[mark.end():text_end]
        line = _line_of(line_starts, mark.start())
        group, rule, letter = mark["group"], mark["rule"], mark["letter"] or ""
        if rule is None:
            drafts.add(Draft(group, "section", mark[0].strip(), body.strip() or None,
                             source[mark.start():mark.end() + len(body.rstrip())].strip(), line, chapter))
            continue
        if drafts.get(group) is None:
            drafts.add(Draft(group, "section", group, None, "", line, chapter))
        parent = f"{group}.{rule}" if letter and drafts.get(f"{group}.{rule}") else group
        number = mark[0].strip()
        drafts.add(Draft(f"{group}.{rule}{letter}", "clause", number, None, number, line, parent,
                         text=body.strip()))


def _rule_marks(source: str, start: int, end: int) -> list[re.Match[str]]:
    """Rule numbers in document order, skipping any that would not come after the previous rule."""
    marks, last = [], (-1, -1, "")
    for mark in _RULE.finditer(source, start, end):
        key = (int(mark["group"]), int(mark["rule"]) if mark["rule"] else -1, mark["letter"] or "")
        if key > last:
            marks.append(mark)
            last = key
    return marks


def _line_of(line_starts: list[int], offset: int) -> int:
    return bisect.bisect_right(line_starts, offset)
