"""``python -m adjudicator …`` is the ``adjudicator`` command, for a checkout that is not installed."""

from adjudicator.cli import main

main()
