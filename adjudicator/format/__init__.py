"""The scenario format ``hi-story-scenario/1``: its schema, bounded loading and canonical dumping.

The layer above the rulebook and below everything that reads or runs scenarios: the card-text reader
produces these models, the engine resolves them, the web and the links store and show them. It imports
nothing of the engine, the web or search.
"""

from adjudicator.format.scenario import Scenario, ScenarioError, canonical_json, dumps, load_scenario

__all__ = ["Scenario", "ScenarioError", "canonical_json", "dumps", "load_scenario"]
