"""Reading a file of official rulings (YAML or CSV), all or nothing, like the card library.

YAML: a list of rulings (``id``, ``question``, ``answer``, ``date``, ``source``, ``clauses``, ``cards``,
``superseded_by``, optional ``book`` and ``scenario``), or ``{rulings: [...]}``. CSV: one ruling a line under a
header of those names (or 質問, 回答, 日付, 出典, 条文, カード, 差し替え先, シナリオ); ``clauses`` and ``cards``
separated by 「、」「,」「/」「・」(cards) or spaces (clauses). ``scenario`` is the scenario itself (YAML) or
the name of a scenario file beside the rulings file. Every problem names its row and field; a file with any
problem is refused whole, and nothing of it is imported.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from adjudicator.format.errors import ScenarioError
from adjudicator.format.loading import MAX_SOURCE_BYTES, parse_text
from adjudicator.format.rows import RowProblem
from adjudicator.official.model import OfficialRuling
from adjudicator.reading import load_scenario
from adjudicator.rulebook import load_rulebook, rulebook_ids

MAX_ROWS = 2_000
MAX_FILE_BYTES = 512 * 1024
YAML_UNIT, CSV_UNIT = "件目", "行目"
JAPANESE_HEADERS = {
    "質問": "question", "回答": "answer", "日付": "date", "出典": "source", "条文": "clauses", "カード": "cards",
    "差し替え先": "superseded_by", "シナリオ": "scenario", "ルールブック": "book",
}
_CLAUSE_SEPARATORS = re.compile(r"[\s、,，/／]+")
_CARD_SEPARATORS = re.compile(r"[、,，/／・|｜]")


class RulingImportError(ValueError):
    """A rulings file with problems; nothing of it is imported."""

    def __init__(self, problems: list[RowProblem]):
        self.problems = problems
        super().__init__("; ".join(str(p) for p in problems))


def read_rulings_file(path: Path, known: Iterable[OfficialRuling] = ()) -> list[OfficialRuling]:
    """The rulings of ``path`` (``.csv`` is CSV, anything else YAML); ``known``, the rulings already imported
    (a ``superseded_by`` may name one of them). Raises :class:`RulingImportError`."""
    raw = Path(path).read_bytes()
    if len(raw) > MAX_FILE_BYTES:
        raise RulingImportError([RowProblem(0, "", f"ファイルが{MAX_FILE_BYTES // 1024} KiBを超える。分けて読み込む")])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise RulingImportError([RowProblem(0, "", f"UTF-8として読めない（{error.start}バイト目）")]) from None
    kind = "csv" if Path(path).suffix.lower() == ".csv" else "yaml"
    return read_rulings(text, kind, Path(path).parent, known)


def read_rulings(text: str, kind: str, folder: Path | None = None, known: Iterable[OfficialRuling] = ()) \
        -> list[OfficialRuling]:
    rows = _csv_rows(text) if kind == "csv" else _yaml_rows(text)
    unit = CSV_UNIT if kind == "csv" else YAML_UNIT
    if len(rows) > MAX_ROWS:
        raise RulingImportError([RowProblem(0, "", f"{MAX_ROWS}件を超える。分けて読み込む")])
    rulings, problems, first_row = [], [], {}
    for row, data in rows:
        if isinstance(data, RowProblem):
            problems.append(data)
            continue
        ruling, found = _ruling(row, data, unit, folder)
        problems += found
        if ruling is None:
            continue
        if ruling.id in first_row:
            problems.append(RowProblem(row, "id", f"「{ruling.id}」は{first_row[ruling.id]}{unit}と同じid", unit))
            continue
        first_row[ruling.id] = row
        rulings.append((row, ruling))
    ids = set(first_row) | {ruling.id for ruling in known}
    for row, ruling in rulings:
        if ruling.superseded_by is not None and (ruling.superseded_by not in ids or ruling.superseded_by == ruling.id):
            problems.append(RowProblem(row, "superseded_by", f"「{ruling.superseded_by}」という裁定はない", unit))
    if problems:
        raise RulingImportError(problems)
    if not rulings:
        raise RulingImportError([RowProblem(0, "", "裁定が1件もない")])
    return [ruling for _, ruling in rulings]


def _ruling(row: int, data: Any, unit: str, folder: Path | None) -> tuple[OfficialRuling | None, list[RowProblem]]:
    if not isinstance(data, dict):
        return None, [RowProblem(row, "", "裁定は項目名と値の組（id, question, answer, …）で書く", unit)]
    data = dict(data)
    problems = _scenario_problems(row, data, unit, folder)
    try:
        ruling = OfficialRuling.model_validate(data)
    except ValidationError as error:
        return None, problems + [RowProblem(row, ".".join(str(p) for p in e["loc"]), _message(e), unit)
                                 for e in error.errors()]
    # Kept even with problems of its clauses, so that its superseded_by is checked too (nothing is imported).
    return ruling, problems + _clause_problems(row, ruling, unit)


def _message(error: dict[str, Any]) -> str:
    kind = error["type"]
    if kind == "missing":
        return "必須の項目がない"
    if kind == "extra_forbidden":
        return "知らない項目（id, book, question, answer, date, source, clauses, cards, superseded_by, scenario）"
    if kind == "string_pattern_mismatch":
        return f"形式が違う（{error['ctx']['pattern']}）"
    if error["loc"] == ("date",):
        return "存在しない日付（YYYY-MM-DD で書く）"
    return error["msg"]


def _clause_problems(row: int, ruling: OfficialRuling, unit: str) -> list[RowProblem]:
    if ruling.book not in rulebook_ids():
        return [RowProblem(row, "book", f"ルールブック「{ruling.book}」はない", unit)]
    book = load_rulebook(ruling.book)
    return [RowProblem(row, f"clauses.{index}", f"「{clause}」は{book.title} {book.release}にない", unit)
            for index, clause in enumerate(ruling.clauses) if book.get(clause) is None]


def _scenario_problems(row: int, data: dict[str, Any], unit: str, folder: Path | None) -> list[RowProblem]:
    """Read ``scenario`` (inline, or a file beside the rulings file) into checked scenario data, in place."""
    source = data.get("scenario")
    if source is None or source == "":
        data.pop("scenario", None)
        return []
    if isinstance(source, str):
        path = (folder or Path()) / source
        if folder is None or not path.is_file() or path.stat().st_size > MAX_SOURCE_BYTES:
            return [RowProblem(row, "scenario", f"シナリオのファイル「{source}」が読めない", unit)]
        source = path.read_text(encoding="utf-8")
    try:
        scenario = load_scenario(source)
    except ScenarioError as error:
        return [RowProblem(row, f"scenario.{e.path}" if e.path else "scenario", e.message_ja, unit, e.code)
                for e in error.errors]
    if scenario.expect is None:
        return [RowProblem(row, "scenario.expect", "公式の回答を expect に書く（エンジンと照らし合わせるため）", unit)]
    data["scenario"] = scenario.dump()
    return []


def _yaml_rows(text: str) -> list[tuple[int, Any]]:
    try:
        data = parse_text(text)
    except ScenarioError as error:
        raise RulingImportError([RowProblem(0, "", problem.message_ja) for problem in error.errors]) from None
    if isinstance(data, dict) and set(data) == {"rulings"}:
        data = data["rulings"]
    if not isinstance(data, list):
        raise RulingImportError([RowProblem(0, "", "裁定の一覧（YAMLのリスト、または rulings: の下のリスト）が必要")])
    return list(enumerate(data, start=1))


def _csv_rows(text: str) -> list[tuple[int, Any]]:
    reader = csv.DictReader(io.StringIO(text))
    if reader.fieldnames:
        reader.fieldnames = [JAPANESE_HEADERS.get(name.strip(), name.strip()) for name in reader.fieldnames]
    if not reader.fieldnames or "id" not in reader.fieldnames:
        raise RulingImportError([RowProblem(1, "", "1行目に見出し（id, question, answer, … ）が必要")])
    rows: list[tuple[int, Any]] = []
    for values in reader:
        if None in values:
            rows.append((reader.line_num, RowProblem(reader.line_num, "", "見出しより列が多い")))
            continue
        if any((value or "").strip() for value in values.values()):
            rows.append((reader.line_num, _csv_ruling(values)))
    return rows


def _csv_ruling(values: dict[str, str | None]) -> dict[str, Any]:
    ruling: dict[str, Any] = {}
    for column, value in values.items():
        value = (value or "").strip()
        if not value:
            continue
        if column == "clauses":
            ruling[column] = [part for part in _CLAUSE_SEPARATORS.split(value) if part]
        elif column == "cards":
            ruling[column] = [part.strip() for part in _CARD_SEPARATORS.split(value) if part.strip()]
        else:
            ruling[column] = value
    return ruling
