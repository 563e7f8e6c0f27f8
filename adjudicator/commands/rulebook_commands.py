"""``adjudicator rulebooks`` and ``adjudicator clause``: the rulebooks and their clauses from the shell."""

from __future__ import annotations

import json

import click

from adjudicator.rulebook import Node, Rulebook, load_rulebook, releases, rulebook_ids

# Exit status for input that names nothing (click uses 2 for usage errors as well).
NOT_FOUND = 2


def _counts(rulebook: Rulebook) -> dict[str, int]:
    return {f"{kind}s": rulebook.count(kind) for kind in ("chapter", "section", "clause", "item")}


def _summary(rulebook: Rulebook) -> dict:
    """The latest release's identity and counts, and every release of the book, oldest first."""
    listed = [{"release": entry.release, "effective_date": entry.effective_date, "source": entry.source,
               "sha256": entry.sha256, "latest": entry.release == rulebook.release}
              for entry in releases(rulebook.id)]
    return {**rulebook.identity(), "source": rulebook.source_file.name, **_counts(rulebook), "releases": listed}


@click.command("rulebooks")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def rulebooks_command(as_json: bool) -> None:
    """List the rulebooks with their releases (the newest is the latest, the one served by default) and how many
    chapters, sections and clauses the latest has."""
    summaries = [_summary(load_rulebook(book)) for book in rulebook_ids()]
    if as_json:
        click.echo(json.dumps(summaries, ensure_ascii=False, indent=2))
        return
    for summary in summaries:
        date = summary["effective_date"] or "—"
        click.echo(f"{summary['id']}\t{summary['title']}\t{summary['release']} ({date})")
        click.echo(f"\t章 chapters {summary['chapters']} · 節 sections {summary['sections']} · "
                   f"条 clauses {summary['clauses']} · 項目 items {summary['items']}")
        for entry in summary["releases"]:
            latest = "  latest" if entry["latest"] else ""
            click.echo(f"\t版 release {entry['release']} ({entry['effective_date'] or '—'}) {entry['source']}{latest}")


def _node_json(rulebook: Rulebook, node: Node) -> dict:
    previous, following = rulebook.previous(node.id), rulebook.next(node.id)
    return {
        "book": node.book,
        "release": rulebook.release,
        "id": node.id,
        "kind": node.kind,
        "number": node.number,
        "title": node.title,
        "heading": node.heading,
        "text": node.text,
        "line": node.line,
        "parent": node.parent,
        "children": list(node.children),
        "path": [{"id": step.id, "label": step.label} for step in rulebook.heading_path(node.id)],
        "references": [
            {"target": ref.target, "surface": ref.surface, "start": ref.start, "end": ref.end,
             "implied": ref.implied}
            for ref in node.references
        ],
        "backlinks": list(rulebook.backlinks(node.id)),
        "previous": previous.id if previous else None,
        "next": following.id if following else None,
    }


def _print_node(rulebook: Rulebook, node: Node) -> None:
    click.echo(f"{node.label}  [{rulebook.title} {rulebook.release}]")
    click.echo(" › ".join(step.label for step in rulebook.heading_path(node.id)))
    if node.text:
        click.echo()
        click.echo(node.text)
    targets = list(dict.fromkeys(ref.target for ref in node.references))
    click.echo()
    click.echo(f"参照先 references ({len(targets)}):")
    for target in targets:
        cited = rulebook.get(target)
        click.echo(f"  {target}\t{_excerpt(cited) if cited else '(見つかりません not found)'}")
    backlinks = rulebook.backlinks(node.id)
    click.echo(f"被参照 cited by ({len(backlinks)}): {', '.join(backlinks) if backlinks else '—'}")


def _excerpt(node: Node, width: int = 40) -> str:
    text = node.title or node.text.replace("\n", " ")
    return text if len(text) <= width else text[:width] + "…"


@click.command("clause")
@click.argument("ref")
@click.option("--book", default="hi-story", show_default=True, help="Rulebook id (see `adjudicator rulebooks`).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.pass_context
def clause_command(ctx: click.Context, ref: str, book: str, as_json: bool) -> None:
    """Show a clause (6.7.1), list item (10.6.2-8), section (6.7) or chapter (ch12): its text, where it
    sits, what it cites and what cites it."""
    if book not in rulebook_ids():
        click.echo(f"ルールブック {book!r} はありません / no rulebook {book!r}; "
                   f"choose one of: {', '.join(rulebook_ids())}", err=True)
        ctx.exit(NOT_FOUND)
    rulebook = load_rulebook(book)
    node = rulebook.get(ref)
    if node is None:
        nearest = rulebook.nearest_clause(ref)
        hint = f"最も近い条文 nearest clause: {nearest.id}" if nearest else ""
        click.echo(f"{rulebook.title} に {ref!r} はありません / no clause {ref!r} in {book}. {hint}", err=True)
        ctx.exit(NOT_FOUND)
    if as_json:
        click.echo(json.dumps(_node_json(rulebook, node), ensure_ascii=False, indent=2))
    else:
        _print_node(rulebook, node)


COMMANDS = [rulebooks_command, clause_command]
