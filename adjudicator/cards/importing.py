"""Reading a card list (YAML or CSV) into library cards, all or nothing.

YAML: a list of cards as the scenario format writes them (``name``, ``type``, ``rank``/``level``,
``power``, ``role``, ``attributes``, ``substitute``, ``counter``, ``effects`` with ``name``/``mark``/
``text``), or ``{cards: [...]}``. CSV: one card a line under a header of those names; ``attributes``
separated by 「・」「、」「,」「/」; effects in ``effect_name``/``effect_mark``/``effect_text`` columns,
``effect2_name`` … for a second one. Japanese headers (カード名, 種類, ランク, レベル, パワー, マーク, 属性,
効果名, 効果マーク, 効果文, 効果名2 …) and values (人物/事変, 剣/盾, 召/1/常) are read as the card prints them. Every problem names its row and field; a list with any problem is refused whole.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

from adjudicator.cards.model import CardRowError, LibraryCard, RowProblem, validate_row
from adjudicator.format.base import MAX_EFFECTS
from adjudicator.format.errors import ScenarioError
from adjudicator.format.loading import parse_text

MAX_ROWS = 5_000
MAX_FILE_BYTES = 512 * 1024  # the format's bound on one YAML source; CSV is held to the same

TYPES = {"人物": "person", "事変": "event"}
ROLES = {"剣": "attacker", "アタッカー": "attacker", "盾": "blocker", "ブロッカー": "blocker", "なし": "none", "": "none"}
MARKS = {"召": "summon", "1": "once", "１": "once", "常": "constant", "なし": "none"}
TRUE = {"true", "yes", "1", "はい", "あり", "○", "〇"}
FALSE = {"false", "no", "0", "いいえ", "なし", ""}
ATTRIBUTE_SEPARATORS = re.compile(r"[・、,/|｜]")
EFFECT_COLUMN = re.compile(r"^effect(\d*)_(name|mark|text)$")
# Organisers' own headers in Japanese, as the card prints them; 効果名2 … for a second effect.
JAPANESE_HEADERS = {
    "カード名": "name", "名前": "name", "種類": "type", "ランク": "rank", "レベル": "level", "パワー": "power",
    "マーク": "role", "役割": "role", "属性": "attributes", "身代わり": "substitute", "カウンター": "counter",
    "効果名": "effect_name", "効果マーク": "effect_mark", "効果文": "effect_text", "テキスト": "effect_text",
}
_NUMBERED_JAPANESE = re.compile(r"^(効果名|効果マーク|効果文)(\d+)$")


def read_card_file(path: Path) -> list[LibraryCard]:
    """The cards of ``path`` (``.csv`` is CSV, anything else YAML/JSON); raises :class:`CardRowError`."""
    raw = Path(path).read_bytes()
    if len(raw) > MAX_FILE_BYTES:
        raise CardRowError([RowProblem(0, "", f"ファイルが{MAX_FILE_BYTES // 1024} KiBを超える。分けて読み込む")])
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise CardRowError([RowProblem(0, "", f"UTF-8として読めない（{error.start}バイト目）")]) from None
    return read_cards(text, "csv" if Path(path).suffix.lower() == ".csv" else "yaml")


def read_cards(text: str, kind: str) -> list[LibraryCard]:
    rows = _csv_rows(text) if kind == "csv" else _yaml_rows(text)
    if len(rows) > MAX_ROWS:
        raise CardRowError([RowProblem(0, "", f"{MAX_ROWS}枚を超える。分けて読み込む")])
    unit = "行目" if kind == "csv" else "枚目"
    cards, problems, first_row = [], [], {}
    for row, data in rows:
        if isinstance(data, RowProblem):
            problems.append(data)
            continue
        card, found = validate_row(row, data, unit)
        problems.extend(found)
        if card is None:
            continue
        if card.name in first_row:
            problems.append(RowProblem(row, "name", f"「{card.name}」は{first_row[card.name]}{unit}と同じ名前", unit))
            continue
        first_row[card.name] = row
        cards.append(card)
    if problems:
        raise CardRowError(problems)
    if not cards:
        raise CardRowError([RowProblem(0, "", "カードが1枚もない")])
    return cards


def _yaml_rows(text: str) -> list[tuple[int, Any]]:
    try:
        data = parse_text(text)
    except ScenarioError as error:
        raise CardRowError([RowProblem(0, "", problem.message_ja) for problem in error.errors]) from None
    if isinstance(data, dict) and set(data) == {"cards"}:
        data = data["cards"]
    if not isinstance(data, list):
        raise CardRowError([RowProblem(0, "", "カードの一覧（YAMLのリスト、または cards: の下のリスト）が必要")])
    return list(enumerate(data, start=1))


def _csv_rows(text: str) -> list[tuple[int, Any]]:
    reader = csv.DictReader(io.StringIO(text))
    try:
        return _read_csv(reader)
    except csv.Error as error:
        # A field past csv's own bound (field_size_limit, 131,072 characters) or a broken quote: a refusal
        # naming the line, never a traceback.
        # line_num counts the lines of the records read whole: the one that failed is the next.
        raise CardRowError([RowProblem(reader.line_num + 1, "", _csv_problem(error))]) from None


def _read_csv(reader: csv.DictReader) -> list[tuple[int, Any]]:
    if reader.fieldnames:
        reader.fieldnames = [_header(name) for name in reader.fieldnames]
    if not reader.fieldnames or "name" not in reader.fieldnames:
        raise CardRowError([RowProblem(1, "", "1行目に見出し（name, type, rank, … ）が必要")])
    rows = []
    for values in reader:
        line = reader.line_num
        if None in values:
            rows.append((line, RowProblem(line, "", "見出しより列が多い")))
            continue
        if not any((v or "").strip() for v in values.values()):
            continue
        rows.append((line, _csv_card(values)))
    return rows


def _csv_problem(error: csv.Error) -> str:
    if "field larger than field limit" in str(error):
        return f"欄が長すぎる（{csv.field_size_limit():,}文字まで）"
    return f"CSVとして読めない（{error}）"


def _header(name: str) -> str:
    name = name.strip()
    numbered = _NUMBERED_JAPANESE.match(name)
    if numbered:
        return JAPANESE_HEADERS[numbered.group(1)].replace("effect_", f"effect{numbered.group(2)}_")
    return JAPANESE_HEADERS.get(name, name)


def _csv_card(values: dict[str, str | None]) -> dict[str, Any] | None:
    """A CSV line as the card mapping the format reads; bad cells are left as they are so that the
    format's validation names the field."""
    card: dict[str, Any] = {}
    effects: dict[int, dict[str, str]] = {}
    for column, value in values.items():
        value = (value or "").strip()
        effect = EFFECT_COLUMN.match(column)
        if effect:
            if value:
                effects.setdefault(int(effect.group(1) or 1), {})[effect.group(2)] = value
            continue
        if not value:
            continue
        card[column] = _cell(column, value)
    if effects:
        card["effects"] = [
            {**e, "mark": MARKS.get(e.get("mark", "なし"), e.get("mark", "none"))} for _, e in sorted(effects.items())
        ][: MAX_EFFECTS + 1]
    return card


def _cell(column: str, value: str) -> Any:
    if column in ("rank", "level", "power"):
        digits = value.translate(str.maketrans("０１２３４５６７８９", "0123456789")).replace(",", "")
        return int(digits) if digits.isdigit() else value
    if column == "type":
        return TYPES.get(value, value)
    if column == "role":
        return ROLES.get(value, value)
    if column in ("substitute", "counter"):
        lowered = value.lower()
        return True if lowered in TRUE else False if lowered in FALSE else value
    if column == "attributes":
        return [part.strip() for part in ATTRIBUTE_SEPARATORS.split(value) if part.strip()]
    return value
