"""Parser for the Hi!story comprehensive rulebook: one heading or clause per line.

Shapes in the source (v1.0.0):

- ``第6章 効果の基本構造`` — a chapter; lines after it that are not numbered are its introduction (第14章).
- ``6.7 「その後」`` — a section, when the numbered lines that follow it are its clauses (``6.7.1 …``).
- ``6.7.1 本文`` and ``6.5.10（「引く」の定義） 本文`` — a clause, with its title in （）.
- ``1.1（目的） 本文`` and ``16.1 本文`` — a two-level clause directly under its chapter (chapters 1, 13,
  14 and 16 have no sections).
- ``1. …`` lines after a clause — its numbered list items (10.1.10, 10.6.2); any other unnumbered line
  continues the clause above it (3.5.2's second line, the prompt example in 16.2).
- ①②③ running inside a clause's text (5.2.1, 6.11.1) number its items inline.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from adjudicator.rulebook.drafts import Draft, DraftBook, ParsedBook
from adjudicator.rulebook.numbers import CIRCLED_DIGITS, circled_value

_CHAPTER = re.compile(r"^(第(\d+)章)\s*(.*)$")
_CLAUSE = re.compile(r"^(\d+\.\d+\.\d+)(?:（([^）]*)）)?\s*(.*)$")
_TWO_LEVEL = re.compile(r"^(\d+\.\d+)(?:（([^）]*)）)?(?:\s+(.*))?$")
_ITEM = re.compile(r"^(\d+)\.\s+\S")
_INLINE_ITEM = re.compile(f"[{CIRCLED_DIGITS}]")


@dataclass(frozen=True)
class _Line:
    number: int  # 1-based line number in the source
    start: int  # offset of the first non-blank character
    text: str  # the line without surrounding whitespace


def parse(source: str) -> ParsedBook:
    lines = _content_lines(source)
    drafts = DraftBook()
    preamble_end = next((i for i, line in enumerate(lines) if _CHAPTER.match(line.text)), len(lines))
    preamble = _span(source, lines[:preamble_end])
    chapter: Draft | None = None
    current: Draft | None = None  # the node unnumbered lines belong to
    body: list[_Line] = []  # lines of ``current``'s text

    def close() -> None:
        if current is not None and body:
            current.text = _span(source, body, first_offset=_body_offset(current, body[0]))
            if current.kind == "clause":
                _add_items(drafts, current, body)

    for index in range(preamble_end, len(lines)):
        line = lines[index]
        if match := _CHAPTER.match(line.text):
            close()
            chapter = drafts.add(Draft(f"ch{int(match[2])}", "chapter", match[1], match[3] or None,
                                       line.text, line.number, None))
            current, body = chapter, []
        elif match := _CLAUSE.match(line.text):
            close()
            number, title, _ = match.groups()
            section_id = number.rsplit(".", 1)[0]
            if drafts.get(section_id) is None:
                # Chapter 12 prints clauses 12.1.1… without a "12.1" heading; the section exists only
                # implicitly, so it gets no title and an empty heading.
                drafts.add(Draft(section_id, "section", section_id, None, "", line.number, chapter.id))
            current = drafts.add(Draft(number, "clause", number, title, _heading(line.text, match), line.number,
                                       section_id))
            body = [line]
        elif match := _TWO_LEVEL.match(line.text):
            close()
            number, title, _ = match.groups()
            if title is None and _opens_section(number, lines[index + 1:]):
                current = drafts.add(Draft(number, "section", number, match[3], line.text, line.number,
                                           chapter.id))
                body = []
            else:
                current = drafts.add(Draft(number, "clause", number, title, _heading(line.text, match),
                                           line.number, chapter.id))
                body = [line]
        elif current is not None and (current.kind == "clause" or current.kind == "chapter"):
            body.append(line)
        else:
            raise ValueError(f"line {line.number}: text outside any clause: {line.text[:40]!r}")
    close()
    return ParsedBook(preamble=preamble, drafts=drafts)


def _content_lines(source: str) -> list[_Line]:
    lines, offset = [], 0
    for number, raw in enumerate(source.splitlines(keepends=True), start=1):
        stripped = raw.strip()
        if stripped:
            lines.append(_Line(number, offset + raw.index(stripped[0]), stripped))
        offset += len(raw)
    return lines


def _span(source: str, lines: list[_Line], first_offset: int | None = None) -> str:
    """The source text from the first line to the end of the last, inner blank lines included."""
    if not lines:
        return ""
    start = lines[0].start if first_offset is None else first_offset
    return source[start:lines[-1].start + len(lines[-1].text)].strip()


def _heading(line: str, match: re.Match[str]) -> str:
    """The printed label before a clause's body: its number and （title）."""
    return line[:match.start(3)].rstrip() if match[3] else line


def _body_offset(node: Draft, first: _Line) -> int:
    """Where a node's text starts: after the heading on a clause's own line, at the line for a chapter."""
    return first.start + len(node.heading) if node.kind == "clause" else first.start


def _opens_section(number: str, following: list[_Line]) -> bool:
    """A two-level line heads a section when the next numbered line is one of its clauses (6.7 → 6.7.1)."""
    for line in following:
        if _CHAPTER.match(line.text) or _TWO_LEVEL.match(line.text):
            return False
        if _CLAUSE.match(line.text):
            return line.text.startswith(number + ".")
    return False


def _add_items(drafts: DraftBook, clause: Draft, body: list[_Line]) -> None:
    """List items: ``1. …`` lines under the clause (10.6.2), else ①②③ running inline (6.11.1)."""
    listed = [line for line in body[1:] if _ITEM.match(line.text)]
    for line in listed:
        value = line.text.split(".", 1)[0]
        drafts.add(Draft(f"{clause.id}-{int(value)}", "item", value, None, "", line.number, clause.id,
                         text=line.text))
    if listed:
        return
    for value, _, text in inline_items(clause.text):
        drafts.add(Draft(f"{clause.id}-{value}", "item", CIRCLED_DIGITS[value - 1], None, "", clause.line,
                         clause.id, text=text))


def inline_items(text: str) -> list[tuple[int, int, str]]:
    """(value, offset of the mark, text) of the ①②③ numbering a clause's own list inline.

    The list is a sequence from ① up whose marks are not citations (``6.11.1の①``).

    An item's text runs to the next circled number; the last one ends at the first particle or stop
    (``③効果制限の3要素`` → ``効果制限``), since the sentence continues after the list.
    """
    marks = [m for m in _INLINE_ITEM.finditer(text) if not text[:m.start()].endswith("の")]
    run: list[re.Match[str]] = []
    for mark in marks:
        if circled_value(mark[0]) == len(run) + 1:
            run.append(mark)
        elif run:
            break
    if len(run) < 2:
        return []
    items = []
    for index, mark in enumerate(run):
        end = run[index + 1].start() if index + 1 < len(run) else _last_item_end(text, mark.end())
        items.append((index + 1, mark.start(), text[mark.end():end].rstrip("、 ")))
    return items


def _last_item_end(text: str, start: int) -> int:
    found = [position for stop in "の、。" if (position := text.find(stop, start)) >= 0]
    return min(found, default=len(text))
