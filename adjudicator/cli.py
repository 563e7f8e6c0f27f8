"""The ``adjudicator`` command line: one group, each area's commands in its own module."""

from __future__ import annotations

import click

from adjudicator.commands import (
    cards_commands,
    engine_commands,
    reading_commands,
    rulebook_commands,
    rulings_commands,
    search_commands,
    web_commands,
)


@click.group(help="Hi!story ルール裁定サービス — rulebook, search and rules engine.")
@click.version_option(package_name="hi-story-adjudicator")
def main() -> None:
    """Entry point of the console script."""


for _module in (rulebook_commands, search_commands, cards_commands, engine_commands, reading_commands, web_commands,
                rulings_commands):
    for _command in _module.COMMANDS:
        main.add_command(_command)


if __name__ == "__main__":  # `python -m adjudicator.cli` runs this checkout
    main()
