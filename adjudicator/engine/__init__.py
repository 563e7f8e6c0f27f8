"""The rules engine: a scenario in, a cited trace out.

The core imports neither Flask nor Whoosh. Public API::

    from adjudicator.engine import load_scenario, resolve, ScenarioError
    trace = resolve(load_scenario(text))
    trace.to_json()
"""

from adjudicator.engine.resolution import board_errors, resolve
from adjudicator.format.errors import ScenarioError
from adjudicator.format.loading import canonical_json, dumps
from adjudicator.format.scenario import Scenario
# Effects may give their printed text alone: the reading-aware loader fills their sentences (issue 11).
from adjudicator.reading import load_scenario
from adjudicator.engine.trace import Trace

__all__ = ["Scenario", "ScenarioError", "Trace", "board_errors", "canonical_json", "dumps", "load_scenario", "resolve"]
