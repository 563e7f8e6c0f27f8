"""The docs' per-kind field reference (``docs/format-kinds.md``), written from the format's field table.

Every kind of action, step and condition, with what it takes, comes from ``format/fields.py`` (which reads
the models), so a kind added to the models appears here once the file is regenerated:
``python -m adjudicator.format.reference`` rewrites it, ``--check`` says whether it is out of date (and
``tests/format/test_format_reference.py`` fails until it is not).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from adjudicator import vocabulary
from adjudicator.format.fields import ACTION_FIELDS, CONDITION_FIELDS, STEP_FIELDS, FieldSpec, KindSpec

DOC_PATH = Path(__file__).resolve().parents[2] / "docs" / "format-kinds.md"
REGENERATE = "python -m adjudicator.format.reference"

# (heading, the format's table, where the models are, the rulebook's words for the kinds)
_GROUPS: tuple[tuple[str, Mapping[str, KindSpec], str, Mapping[str, str]], ...] = (
    ("Actions", ACTION_FIELDS, "`Action` (adjudicator/format/actions.py)", vocabulary.ACTIONS),
    ("Steps of an effect", STEP_FIELDS, "`Step` (adjudicator/format/effects.py)", vocabulary.STEPS),
    ("Conditions", CONDITION_FIELDS, "`Condition` (adjudicator/format/effects.py)", vocabulary.CONDITIONS),
)


def render() -> str:
    """The whole reference as Markdown."""
    lines = [
        "# The scenario format, kind by kind",
        "",
        f"<!-- Generated from adjudicator/format/fields.py by `{REGENERATE}`: do not edit by hand. -->",
        "",
        "Each kind is one key of its item. A kind that takes a *plain value* can be written `kind: value`; one",
        "with *fields* as `kind: {field: value, …}`; one with both, either way. The meaning of each kind is in",
        "`shared/spec/scenario-format.md` and `docs/format-additions.md`.",
    ]
    for heading, table, models, words in _GROUPS:
        lines += ["", f"## {heading}", "", f"From {models}, in the format's order.", ""]
        for spec in table.values():
            lines += _kind(spec, words)
    return "\n".join(lines) + "\n"


def _kind(spec: KindSpec, words: Mapping[str, str]) -> list[str]:
    word = vocabulary.word(dict(words), spec.kind)
    lines = [f"### `{spec.kind}`" + (f" — {word}" if word != spec.kind else ""), ""]
    if spec.value is not None:
        lines += [f"Plain value: {_describe(spec.value)}.", ""]
    fields = (*spec.fields, *spec.companions)
    if fields:
        lines += ["| field | type | required | default | values |", "| --- | --- | --- | --- | --- |"]
        lines += [f"| `{f.name}` | {f.input} | {'yes' if f.required else 'no'} | {_default(f)} | {_values(f)} |"
                  for f in fields]
        lines.append("")
    if spec.companions:
        lines += [f"Written beside the kind key: {', '.join(f'`{f.name}`' for f in spec.companions)}.", ""]
    return lines


def _describe(field: FieldSpec) -> str:
    values = _values(field)
    return field.input + (f" ({values})" if values != "—" else "")


def _default(field: FieldSpec) -> str:
    return "—" if field.required or field.default is None else f"`{_code(field.default)}`"


def _values(field: FieldSpec) -> str:
    parts = []
    if field.choices and field.input != "flag":
        parts.append(", ".join(f"`{_code(c)}`" for c in field.choices))
    if field.minimum is not None or field.maximum is not None:
        parts.append(f"{'' if field.minimum is None else field.minimum}–{'' if field.maximum is None else field.maximum}")
    if field.max_items is not None:
        parts.append(f"up to {field.max_items} items")
    return "; ".join(parts) or "—"


def _code(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value).replace("|", "\\|")


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        current = DOC_PATH.read_text(encoding="utf-8") if DOC_PATH.exists() else ""
        if current != text:
            print(f"{DOC_PATH} is out of date: run {REGENERATE}", file=sys.stderr)
            return 1
        return 0
    DOC_PATH.write_text(text, encoding="utf-8")
    print(f"wrote {DOC_PATH}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
