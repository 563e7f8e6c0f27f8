"""Rule coverage per chapter: which clauses some passing scenario's trace cites (Catala's ``Reached_by``).

The universe is every clause of the Hi!story rulebook. A reviewed file (``rulebook/clause-marks.yaml``)
marks each clause ``engine`` (the engine should apply it), ``reference`` (definitions, reading and
tournament rules with no board effect) or ``gap`` (a board rule not modelled yet, with the reason).
Coverage reports, per chapter, how many ``engine`` clauses the traces of passing scenarios cite, and which
they do not. A citation of an item (``10.6.2-3``) counts for its clause.

Over the board chapters (2–12) it also counts every clause whatever its mark: the share some passing
scenario cites, the share a worked Q&A entry answers (``rulebook/qa.yaml``), and the gap marks left.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal, Union

import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

from adjudicator.checks.verify import scenario_files, verify_file
from adjudicator.paths import rulebook_dir, scenarios_dir
from adjudicator.engine.resolution import RULEBOOK
from adjudicator.rulebook import load_release, load_rulebook
from adjudicator.rulebook.model import Rulebook
from adjudicator.rulebook.qa import answered_clauses

MARKS_FILE = "clause-marks.yaml"
BOOK = "hi-story"
MarkKind = Literal["engine", "reference", "gap"]
BOARD_CHAPTERS = tuple(str(n) for n in range(2, 13))   # the chapters a board can exercise: 2–12


class Mark(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    mark: MarkKind
    reason: str | None = Field(default=None, max_length=300)

    @model_validator(mode="after")
    def _gap_has_reason(self) -> "Mark":
        if self.mark != "engine" and not self.reason:
            raise ValueError(f"a {self.mark} mark needs a reason")
        return self


class MarksFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    book: str
    release: str
    marks: dict[str, Union[Literal["engine"], Mark]]

    def resolved(self) -> dict[str, Mark]:
        return {clause: Mark(mark="engine") if value == "engine" else value for clause, value in self.marks.items()}


def load_marks(path: Path | None = None) -> dict[str, Mark]:
    """The reviewed marks by clause id; a malformed file raises pydantic's ValidationError (a program error)."""
    path = path or rulebook_dir() / MARKS_FILE
    return MarksFile.model_validate(yaml.safe_load(path.read_text(encoding="utf-8"))).resolved()


@dataclass(frozen=True)
class ChapterCoverage:
    chapter: str                   # "11"
    title: str                     # "第11章 攻撃・防御・ダメージ"
    engine: tuple[str, ...]        # clauses the engine should apply
    cited: tuple[str, ...]         # those some passing scenario cites
    gaps: tuple[str, ...]
    references: tuple[str, ...]
    clauses: tuple[str, ...] = ()          # every clause of the chapter, whatever its mark
    cited_any: tuple[str, ...] = ()        # those some passing scenario cites
    answered: tuple[str, ...] = ()         # those a Q&A entry answers

    @property
    def uncited(self) -> tuple[str, ...]:
        return tuple(clause for clause in self.engine if clause not in self.cited)


@dataclass(frozen=True)
class Report:
    chapters: tuple[ChapterCoverage, ...]
    passed: int
    failed: int
    unmarked: tuple[str, ...]      # clauses of the book with no mark
    unknown: tuple[str, ...]       # marks naming no clause of the book

    @property
    def engine_total(self) -> int:
        return sum(len(c.engine) for c in self.chapters)

    @property
    def cited_total(self) -> int:
        return sum(len(c.cited) for c in self.chapters)

    def _board(self) -> tuple[ChapterCoverage, ...]:
        return tuple(c for c in self.chapters if c.chapter in BOARD_CHAPTERS)

    @property
    def board_clauses(self) -> int:
        """Every clause of chapters 2–12 (engine, gap and reference alike)."""
        return sum(len(c.clauses) for c in self._board())

    @property
    def board_cited(self) -> int:
        return sum(len(c.cited_any) for c in self._board())

    @property
    def board_answered(self) -> int:
        return sum(len(c.answered) for c in self._board())

    @property
    def board_gaps(self) -> tuple[str, ...]:
        return tuple(g for c in self._board() for g in c.gaps)

    @property
    def board_uncited(self) -> tuple[str, ...]:
        return tuple(x for c in self._board() for x in c.clauses if x not in c.cited_any)

    def to_json(self) -> dict:
        return {
            "book": BOOK,
            "scenarios": {"passed": self.passed, "failed": self.failed},
            "engine": self.engine_total,
            "cited": self.cited_total,
            "unmarked": list(self.unmarked),
            "unknown": list(self.unknown),
            "board_chapters": {
                "chapters": f"{BOARD_CHAPTERS[0]}-{BOARD_CHAPTERS[-1]}", "clauses": self.board_clauses,
                "cited": self.board_cited, "answered_by_qa": self.board_answered, "gaps": list(self.board_gaps),
                "uncited": list(self.board_uncited),
            },
            "chapters": [
                {
                    "chapter": c.chapter, "title": c.title, "engine": len(c.engine), "cited": list(c.cited),
                    "uncited": list(c.uncited), "gaps": list(c.gaps), "references": len(c.references),
                    "clauses": len(c.clauses), "cited_any": len(c.cited_any), "answered": list(c.answered),
                }
                for c in self.chapters
            ],
        }


def cited_by_passing(paths: list[Path], book: Rulebook) -> tuple[set[str], int, int]:
    """Clause ids cited by the traces of the scenarios under ``paths`` that pass; and the pass/fail counts."""
    cited: set[str] = set()
    passed = failed = 0
    for path in scenario_files(paths):
        outcome = verify_file(path)
        if not outcome.passed or outcome.trace is None:
            failed += 1
            continue
        passed += 1
        cited |= {clause for ref in outcome.trace.cited() if (clause := clause_of(book, ref))}
    return cited, passed, failed


def clause_of(book: Rulebook, ref: str) -> str | None:
    """The clause a citation names: itself, or the clause an item belongs to."""
    node = book.get(ref)
    if node is None:
        return None
    if node.kind == "item":
        return node.parent
    return node.id if node.kind == "clause" else None


def coverage(paths: list[Path] | None = None, marks: dict[str, Mark] | None = None) -> Report:
    # The release the engine's rules cite (and the clause marks number): a newer one landed as data is not
    # applied until the rules are reviewed against it.
    book = load_release(BOOK, RULEBOOK["release"]) or load_rulebook(BOOK)
    marks = marks if marks is not None else load_marks()
    cited, passed, failed = cited_by_passing(paths or [scenarios_dir()], book)
    answered = answered_clauses()
    clauses = [node.id for node in book.clauses()]
    chapters = []
    for chapter in book.chapters:
        number = chapter.id.removeprefix("ch")
        mine = [c for c in clauses if c.split(".")[0] == number]
        if not mine:
            continue
        engine = tuple(c for c in mine if c in marks and marks[c].mark == "engine")
        chapters.append(
            ChapterCoverage(
                chapter=number,
                title=chapter.label,
                engine=engine,
                cited=tuple(c for c in engine if c in cited),
                gaps=tuple(c for c in mine if c in marks and marks[c].mark == "gap"),
                references=tuple(c for c in mine if c in marks and marks[c].mark == "reference"),
                clauses=tuple(mine),
                cited_any=tuple(c for c in mine if c in cited),
                answered=tuple(c for c in mine if c in answered),
            )
        )
    return Report(
        chapters=tuple(chapters),
        passed=passed,
        failed=failed,
        unmarked=tuple(c for c in clauses if c not in marks),
        unknown=tuple(c for c in marks if c not in set(clauses)),
    )


def render(report: Report) -> str:
    """Per chapter: cited/engine, the engine clauses some passing scenario cites, and those none does."""
    lines = [f"scenarios: {report.passed} passed, {report.failed} failed (only passing ones count)"]
    for chapter in report.chapters:
        lines.append(
            f"{chapter.title}: cited {len(chapter.cited)}/{len(chapter.engine)} engine"
            f" (gap {len(chapter.gaps)}, reference {len(chapter.references)})"
        )
        if chapter.cited:
            lines.append(f"    cited: {' '.join(chapter.cited)}")
        if chapter.uncited:
            lines.append(f"    not cited: {' '.join(chapter.uncited)}")
    lines.append(f"total: cited {report.cited_total}/{report.engine_total} engine clauses")
    lines += _board_lines(report)
    if report.unmarked:
        lines.append(f"UNMARKED clauses: {' '.join(report.unmarked)}")
    if report.unknown:
        lines.append(f"marks naming no clause: {' '.join(report.unknown)}")
    return "\n".join(lines)


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "n/a"


def _board_lines(report: Report) -> list[str]:
    """Every clause of chapters 2–12, whatever its mark: cited by a passing scenario, answered by a Q&A entry."""
    total = report.board_clauses
    lines = [
        f"chapters {BOARD_CHAPTERS[0]}–{BOARD_CHAPTERS[-1]}, every clause (engine, gap and reference alike): {total}",
        f"    cited by a passing scenario: {report.board_cited}/{total} ({_percent(report.board_cited, total)})",
        f"    answered by a Q&A entry: {report.board_answered}/{total} ({_percent(report.board_answered, total)})",
        f"    gap marks left: {len(report.board_gaps)}" + (f" ({' '.join(report.board_gaps)})" if report.board_gaps else ""),
    ]
    if report.board_uncited:
        lines.append(f"    not cited by any passing scenario: {' '.join(report.board_uncited)}")
    return lines
