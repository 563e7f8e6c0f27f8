"""The rules engine: a scenario in, a cited trace out.

The core imports neither Flask nor Whoosh. Public API::

    from adjudicator.engine import load_scenario, resolve, ScenarioError
    trace = resolve(load_scenario(text))
    trace.to_json()
"""

from adjudicator.engine.resolution import resolve
from adjudicator.format.scenario import Scenario, ScenarioError, canonical_json, dumps, load_scenario
from adjudicator.engine.trace import Trace

__all__ = ["Scenario", "ScenarioError", "Trace", "canonical_json", "dumps", "load_scenario", "resolve"]
