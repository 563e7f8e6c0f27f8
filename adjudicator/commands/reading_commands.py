"""CLI: ``adjudicator read TEXT [--json]`` — how the reader reads an effect's printed text."""

from __future__ import annotations

import json
import sys

import click


@click.command()
@click.argument("text")
@click.option("--json", "as_json", is_flag=True, help="Print the reading as JSON (when, sentences, unread, cites, explanation).")
def read(text: str, as_json: bool) -> None:
    """Read an effect TEXT (Japanese, as printed on the card) into the scenario format's sentences."""
    # The reader (lark, pydantic) is imported when the command runs, as the engine's commands do.
    from adjudicator.reading import BadText, read_effect

    try:
        reading = read_effect(text)
    except BadText as error:
        click.echo(str(error), err=True)
        sys.exit(2)
    # Words it cannot read are part of the answer (``unread``), not a failure of the command, as an illegal
    # action is part of ``resolve``'s answer; only input it refuses to read exits non-zero.
    if as_json:
        click.echo(json.dumps(reading.to_json(), ensure_ascii=False, indent=2))
    else:
        _say(reading)


def _say(reading) -> None:
    if reading.when is not None:
        click.echo("きっかけ: " + json.dumps(reading.when.model_dump(mode="json", exclude_defaults=True), ensure_ascii=False))
    for explained in reading.explanation:
        click.echo(f"{explained.index + 1}. {explained.text_ja}  [{', '.join(explained.cites)}]")
    for unread in reading.unread:
        click.echo(f"読めない: {unread.start}〜{unread.end}「{unread.text}」 — {unread.why}")


COMMANDS = [read]
