"""CLI: ``adjudicator rulings import FILE`` and ``adjudicator rulings list``: the official Q&A rulings."""

from __future__ import annotations

import json
import sys
from contextlib import closing
from pathlib import Path

import click


@click.group("rulings")
def rulings() -> None:
    """Official rulings (the organiser's Q&A): import a file of them, list those imported."""


@rulings.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the result (or every problem) as JSON.")
def import_rulings(file: Path, as_json: bool) -> None:
    """Import FILE (YAML or .csv), all or nothing; a ruling of the same id is replaced."""
    # Loaded when the command runs, so that every other command starts without pydantic and the reader.
    from adjudicator.links.faults import StoreUnavailable
    from adjudicator.official import RulingImportError, TooManyRulings, open_rulings, read_rulings_file

    try:
        with closing(open_rulings()) as kept:
            found = read_rulings_file(file, kept.load())
            new, total = kept.save(found)
    except (StoreUnavailable, TooManyRulings) as error:
        _refused(error, as_json)
    except RulingImportError as error:
        if as_json:
            click.echo(json.dumps({"error": "the rulings file has problems; nothing was imported",
                                   "problems": [p.to_json() for p in error.problems]}, ensure_ascii=False, indent=2))
        for problem in error.problems:
            click.echo(f"{file}: {problem}", err=True)
        click.echo(f"{len(error.problems)}件の問題があるので、何も読み込んでいない", err=True)
        sys.exit(2)
    if as_json:
        click.echo(json.dumps({"imported": len(found), "new": new, "kept": total}, ensure_ascii=False))
    else:
        click.echo(f"{len(found)}件を読み込んだ（新規{new}件、保存されている裁定は{total}件）")


def _refused(error: Exception, as_json: bool) -> None:
    """The store cannot take the import now (the database is down, the disk read-only) or it would hold too many:
    nothing was imported (the import is one transaction, or one file replaced whole)."""
    if as_json:
        click.echo(json.dumps({"error": f"nothing was imported: {error}"}, ensure_ascii=False))
    click.echo(f"公式裁定を保存できないので、何も読み込んでいない（{error}）", err=True)
    sys.exit(3)


@rulings.command("list")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def list_rulings(as_json: bool) -> None:
    """The imported rulings, newest first; superseded ones marked."""
    from adjudicator.links.faults import StoreUnavailable  # see import_rulings
    from adjudicator.official import imported_rulings

    try:
        kept = imported_rulings()
    except StoreUnavailable as error:
        click.echo(f"公式裁定を読めない（{error}）", err=True)
        sys.exit(3)
    listed = sorted(kept, key=lambda ruling: (ruling.date, ruling.id), reverse=True)
    if as_json:
        click.echo(json.dumps([ruling.model_dump() for ruling in listed], ensure_ascii=False, indent=2))
        return
    for ruling in listed:
        mark = f"  （{ruling.superseded_by} に差し替え）" if ruling.superseded else ""
        click.echo(f"{ruling.id}\t{ruling.date}\t{', '.join(ruling.clauses)}\t{ruling.question}{mark}")


COMMANDS = (rulings,)
