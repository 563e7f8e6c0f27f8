"""CLI: ``adjudicator resolve``, ``adjudicator verify`` (and ``adjudicator coverage``, ``adjudicator rules``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click


@click.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the trace JSON (hi-story-trace/1).")
def resolve(file: Path, as_json: bool) -> None:
    """Resolve a scenario FILE and print its cited trace."""
    # The engine (and pydantic, ~0.2 s) is imported when an engine command runs, so that every other
    # command of the CLI starts without it.
    from adjudicator.format.errors import ScenarioError
    from adjudicator.reading import load_scenario
    from adjudicator.engine import resolve as resolve_scenario
    from adjudicator.engine.render import render_text

    try:
        scenario = load_scenario(file.read_text(encoding="utf-8"))
    except ScenarioError as error:
        if as_json:  # machines get the same shape as POST /api/resolve's 400 answer
            listed = [problem.to_json() for problem in error.errors]
            click.echo(json.dumps({"error": "the scenario is not valid", "errors": listed}, ensure_ascii=False, indent=2))
        for problem in error.errors:
            click.echo(f"{problem.path or '(top)'}: {problem.message}", err=True)
        sys.exit(2)
    trace = resolve_scenario(scenario)
    if as_json:
        click.echo(json.dumps(trace.to_json(), ensure_ascii=False, indent=2))
    else:
        click.echo(render_text(trace))


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option("-v", "--verbose", is_flag=True, help="List every scenario, not only failures.")
@click.option("--rulings", "rulings_files", multiple=True, type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Also check a file of official rulings (not imported) against the engine.")
def verify(paths: tuple[Path, ...], verbose: bool, rulings_files: tuple[Path, ...]) -> None:
    """Check every scenario's expect block under PATHS, and every official ruling's scenario (those imported,
    and those of --rulings files) against the engine; print 'N passed, N failed'."""
    from adjudicator.checks.verify import scenario_files, verify_file  # see resolve: loaded when the command runs

    passed = failed = 0
    for file in scenario_files(list(paths)):
        outcome = verify_file(file)
        if outcome.passed:
            passed += 1
            if verbose:
                click.echo(f"PASS {file}")
        else:
            failed += 1
            click.echo(f"FAIL {file}")
            for failure in outcome.failures:
                click.echo(f"     {failure}")
    official_passed, official_failed = _verify_official(rulings_files, verbose)
    click.echo(f"{passed + official_passed} passed, {failed + official_failed} failed")
    sys.exit(1 if failed or official_failed else 0)


def _verify_official(files: tuple[Path, ...], verbose: bool) -> tuple[int, int]:
    """Every current (not superseded) official ruling with a scenario: does the engine give its answer?"""
    from adjudicator.checks.official import agreements  # see resolve
    from adjudicator.links.faults import StoreUnavailable
    from adjudicator.official import RulingImportError, imported_rulings, read_rulings_file

    try:
        rulings = {ruling.id: ruling for ruling in imported_rulings()}
    except StoreUnavailable as error:  # unknown is not "none imported": verify says it could not check them
        raise click.ClickException(f"公式裁定を読めないので確かめられない（{error}）") from None
    for file in files:
        try:
            rulings.update((ruling.id, ruling) for ruling in read_rulings_file(file, rulings.values()))
        except RulingImportError as error:
            raise click.ClickException(f"{file}: {error}") from None
    current = [ruling for ruling in rulings.values() if not ruling.superseded]
    passed = failed = 0
    for found in agreements(current):
        if found.agrees:
            passed += 1
            if verbose:
                click.echo(f"PASS official ruling {found.ruling.id}")
            continue
        failed += 1
        click.echo(f"FAIL official ruling {found.ruling.id} ({found.ruling.source}): the engine disagrees")
        for failure in found.failures:
            click.echo(f"     {failure}")
    return passed, failed


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the coverage report as JSON.")
def coverage(paths: tuple[Path, ...], as_json: bool) -> None:
    """Per chapter, the engine clauses cited by passing scenarios (default: the shipped scenarios/)."""
    from adjudicator.checks.coverage import coverage as measure  # see resolve: loaded when the command runs
    from adjudicator.checks.coverage import render

    report = measure(list(paths) or None)
    if as_json:
        click.echo(json.dumps(report.to_json(), ensure_ascii=False, indent=2))
    else:
        click.echo(render(report))
    sys.exit(1 if report.unmarked or report.unknown else 0)


@click.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the audit as JSON.")
def rules(paths: tuple[Path, ...], as_json: bool) -> None:
    """Every registered rule, the outcomes it decides and the passing scenarios that reach each with it cited."""
    from adjudicator.checks.audit import audit, render  # see resolve: loaded when the command runs

    report = audit(list(paths) or None)
    if as_json:
        click.echo(json.dumps(report.to_json(), ensure_ascii=False, indent=2))
    else:
        click.echo(render(report))
    sys.exit(1 if report.counts()["outcome_branches_citing_no_rule"] else 0)


COMMANDS = [resolve, verify, coverage, rules]
