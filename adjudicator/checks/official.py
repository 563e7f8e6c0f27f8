"""Does the engine agree with an official ruling? Its scenario resolved and checked against its ``expect``
block, which is the official answer in the format's words (``adjudicator verify`` fails when it does not)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from adjudicator.checks.verify import check
from adjudicator.engine import resolve
from adjudicator.official.model import OfficialRuling  # the model alone: the store is not a check's concern
from adjudicator.reading import load_scenario


@dataclass(frozen=True)
class Agreement:
    """The engine's answer to one ruling's scenario: ``failures`` empty when it agrees."""

    ruling: OfficialRuling
    failures: tuple[str, ...]

    @property
    def agrees(self) -> bool:
        return not self.failures


def agreement(ruling: OfficialRuling) -> Agreement | None:
    """Resolve the ruling's scenario and check it; None for a ruling without one (nothing to run)."""
    if ruling.scenario is None:
        return None
    try:
        scenario = load_scenario(ruling.scenario)
        failures = tuple(check(scenario.expect, resolve(scenario)))
    except Exception as error:  # noqa: BLE001 - a scenario the format or engine now refuses is a disagreement
        failures = (f"engine error: {type(error).__name__}: {error}",)
    return Agreement(ruling, failures)


def agreements(rulings: Iterable[OfficialRuling]) -> list[Agreement]:
    """Every ruling that carries a scenario, checked; superseded ones too (their answer was once official),
    but a disagreement with a superseded ruling is expected and the caller may leave it out."""
    return [found for ruling in rulings if (found := agreement(ruling)) is not None]
