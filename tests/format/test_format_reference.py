"""docs/format-kinds.md is written from the format's field table and kept up to date (issue 13: a new action
or step appears in the schema, the engine's table, the builder and the docs)."""

from __future__ import annotations

from adjudicator.format import reference
from adjudicator.format.fields import ACTION_FIELDS, CONDITION_FIELDS, STEP_FIELDS


def test_the_kinds_reference_in_docs_is_the_one_the_field_table_writes():
    written = reference.DOC_PATH.read_text(encoding="utf-8")
    assert written == reference.render(), f"docs/format-kinds.md is out of date: run {reference.REGENERATE}"


def test_every_kind_and_field_of_the_format_has_its_entry():
    text = reference.render()
    for table in (ACTION_FIELDS, STEP_FIELDS, CONDITION_FIELDS):
        for spec in table.values():
            assert f"### `{spec.kind}`" in text
            for field in (*spec.fields, *spec.companions):
                assert f"| `{field.name}` |" in text
    assert "| `up_to` | number | no | — | 0–60 |" in text  # the bounds come from the model (DrawSpec)


def test_the_check_says_when_the_file_is_out_of_date(tmp_path, monkeypatch, capsys):
    stale = tmp_path / "format-kinds.md"
    stale.write_text(reference.render().replace("### `mill`", "### `mill_old`"), encoding="utf-8")
    monkeypatch.setattr(reference, "DOC_PATH", stale)
    assert reference.main(["--check"]) == 1 and "out of date" in capsys.readouterr().err
    assert reference.main([]) == 0 and reference.main(["--check"]) == 0
