"""CLI: ``adjudicator match CONDITION --card NAME`` and ``adjudicator cards import|search|show``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click


def _library(use: bool = True):
    if not use:
        return None
    # The library (and pydantic) is loaded when a card command runs, so every other command starts quickly.
    from adjudicator.cards import open_library

    return open_library()


@click.command()
@click.argument("condition")
@click.option("--card", "name", required=True, help="The card's name as printed (異名　人物名); filled from the library when it is there.")
@click.option("--type", "kind", type=click.Choice(["person", "event", "人物", "事変"]), help="人物 (person) or 事変 (event).")
@click.option("--rank", type=int)
@click.option("--level", type=int)
@click.option("--power", type=int)
@click.option("--role", type=click.Choice(["attacker", "blocker", "none"]))
@click.option("--attributes", help="Attributes, separated by 「・」 or commas: 戦国時代・武将.")
@click.option("--effects", help="Effect names, separated by commas.")
@click.option("--ruby", help="The ruby printed over the card's name, in kana (7.1.3): おだのぶなが.")
@click.option("--no-library", is_flag=True, help="Judge only what is given here; do not look the card up.")
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON (the shape of GET /api/match).")
def match(condition, name, kind, rank, level, power, role, attributes, effects, ruby, no_library, as_json) -> None:
    """Does the card NAME meet CONDITION (in the card's words: 〈織田〉, 【武将】, 〈信長〉でない, …)?"""
    # Loaded when the command runs (see _library).
    from adjudicator.cards.match import MatchError, card_query, with_library
    from adjudicator.cards.match import match as judge

    try:
        card = card_query(name, type=kind, rank=rank, level=level, power=power, role=role,
                          attributes=attributes, effects=effects, ruby=ruby)
        answer = judge(condition, with_library(card, _library(not no_library)))
    except MatchError as error:
        if as_json:
            click.echo(json.dumps({"error": str(error), "position": error.position}, ensure_ascii=False, indent=2))
        click.echo(str(error), err=True)
        sys.exit(2)
    if as_json:
        click.echo(json.dumps(answer.to_json(), ensure_ascii=False, indent=2))
        return
    click.echo(f"{answer.condition} → {answer.card.name}: {answer.words}  [{', '.join(answer.cites)}]")
    for check in answer.checks:
        mark = "？" if check.met is None else "○" if check.met else "×"
        detail = check.found or f"{check.looked_at}"
        click.echo(f"  {mark} {check.asked}: {detail}")
        if check.note:
            click.echo(f"     （{check.note}）")
    for note in answer.notes:
        if note not in {check.note for check in answer.checks}:
            click.echo(f"  （{note}）")
    if answer.missing:
        click.echo(f"  わからない: {'・'.join(answer.missing)}が入力されていない（ライブラリにもない）")
    if answer.card.source == "ライブラリ":
        click.echo("  （カード情報はカードライブラリから）")


@click.group()
def cards() -> None:
    """The card library: import a card list, look cards up by name."""


@cards.command("make-starter")
def make_starter() -> None:
    """Write the starter list (cards/starter.yaml in a checkout) from every card of the scenarios under scenarios/."""
    from adjudicator import paths  # imported by the command that uses it, as the others here do
    from adjudicator.cards.starter import dump, extract, starter_path  # likewise
    from adjudicator.checks.verify import scenario_files  # likewise

    cards_found, variants = extract(scenario_files([paths.scenarios_dir()]))
    target = starter_path()
    target.write_text(dump(cards_found, variants), encoding="utf-8")
    click.echo(f"{target}: {len(cards_found)} cards ({len(variants)} names with variants)")


@cards.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the result (or every problem) as JSON.")
def import_cards(file: Path, as_json: bool) -> None:
    """Import FILE (YAML or .csv) into the library, all or nothing; a card of the same name is replaced."""
    # Loaded when the command runs (see _library).
    from adjudicator.cards import CardRowError, open_library
    from adjudicator.cards.importing import read_card_file
    from adjudicator.links.faults import StoreUnavailable

    try:
        found = read_card_file(file)
    except CardRowError as error:
        if as_json:
            click.echo(json.dumps({"error": "the card list has problems; nothing was imported",
                                   "problems": [p.to_json() for p in error.problems]}, ensure_ascii=False, indent=2))
        for problem in error.problems:
            click.echo(f"{file}: {problem}", err=True)
        click.echo(f"{len(error.problems)}件の問題があるので、何も読み込んでいない", err=True)
        sys.exit(2)
    library = open_library()
    try:
        count = library.import_cards(found)
    except StoreUnavailable as error:  # a read-only or full disk, a database that is down: said, not a traceback
        click.echo(f"カードライブラリに書き込めないので、何も読み込んでいない（{error}）", err=True)
        sys.exit(1)
    if as_json:
        click.echo(json.dumps({"imported": count, "library": library.count(), "store": library.describe()}, ensure_ascii=False))
    else:
        click.echo(f"{count}枚を読み込んだ（ライブラリは{library.count()}枚、{library.describe()}）")


@cards.command("search")
@click.argument("query")
@click.option("--limit", default=10, show_default=True, type=click.IntRange(1, 20))
def search_cards(query: str, limit: int) -> None:
    """Cards whose name contains QUERY (person-name prefix first)."""
    for card in _library().search(query, limit):
        click.echo(card.name)


@cards.command("show")
@click.argument("name")
def show_card(name: str) -> None:
    """One card of the library as YAML."""
    # Loaded when the command runs (see _library).
    import yaml
    from adjudicator.cards.match import normalise_name

    card = _library().get(normalise_name(name))
    if card is None:
        click.echo(f"「{name}」はライブラリにない", err=True)
        sys.exit(1)
    click.echo(yaml.safe_dump(card.printed(), allow_unicode=True, sort_keys=False).rstrip())


COMMANDS = [match, cards]
