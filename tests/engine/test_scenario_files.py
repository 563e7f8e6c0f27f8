"""Every scenario file under scenarios/ resolves to its ``expect`` block (the shared ones and our own)."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.checks.verify import scenario_files, verify_file
from adjudicator.paths import scenarios_dir

SCENARIOS = scenarios_dir()
FILES = scenario_files([SCENARIOS])


def test_the_scenario_folders_are_there():
    # The shared copies and our own rules folders; an empty glob would make the parametrized test vacuous.
    folders = {path.relative_to(SCENARIOS).parts[0] for path in FILES}
    assert {"attack", "effects", "phases", "turns", "rules"} <= folders
    assert len(FILES) >= 60


@pytest.mark.parametrize("path", FILES, ids=[str(path.relative_to(SCENARIOS)) for path in FILES])
def test_scenario_meets_its_expectations(path: Path):
    outcome = verify_file(path)
    assert outcome.passed, "\n".join(outcome.failures)


@pytest.mark.parametrize("path", FILES, ids=[str(path.relative_to(SCENARIOS)) for path in FILES])
def test_scenario_has_an_expect_block(path: Path):
    from adjudicator.reading import load_scenario

    assert load_scenario(path.read_text(encoding="utf-8")).expect is not None
