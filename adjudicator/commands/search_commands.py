"""``adjudicator search``: the web page's clause search from the shell."""

from __future__ import annotations

import json

import click

from adjudicator.rulebook import list_rulebooks, rulebook_ids
from adjudicator.search.engine import DEFAULT_LIMIT, MAX_LIMIT, ClauseSearch
from adjudicator.search.store import open_or_build


@click.command("search")
@click.argument("query")
@click.option("--book", type=click.Choice(rulebook_ids()), help="Search only this rulebook.")
@click.option("--chapter", help="Only this chapter (ch6); needs --book.")
@click.option("--limit", type=click.IntRange(1, MAX_LIMIT), default=DEFAULT_LIMIT, show_default=True)
@click.option("--json", "as_json", is_flag=True, help='Print {"query": …, "hits": [{"book", "id", "title", "snippet"}, …]}.')
def search_command(query: str, book: str | None, chapter: str | None, limit: int, as_json: bool) -> None:
    """Search the rulebooks for QUERY: words, 「phrases」, or a clause number (6.7.1, 101.4a).

    The index is built under the data directory on first use ($ADJUDICATOR_DATA_DIR, else the per-user
    data directory).
    """
    books = list_rulebooks()
    engine = ClauseSearch(open_or_build(books).index, books)
    if chapter and not book:
        raise click.UsageError("--chapter needs --book")
    try:
        result = engine.search(query, book=book, chapter=chapter, limit=limit)
    except KeyError:
        raise click.BadParameter(f"{book} has no chapter {chapter!r}", param_hint="--chapter") from None
    if as_json:
        click.echo(json.dumps(result.as_json(), ensure_ascii=False, indent=2))
        return
    for notice in result.notices:
        click.echo(notice, err=True)
    if not result.hits:
        click.echo("該当する条文はありません。", err=True)
    for hit in result.hits:
        click.echo(f"{hit.book} {hit.id}\t{hit.title}")
        click.echo(f"    {hit.excerpt.text}")


COMMANDS = [search_command]
