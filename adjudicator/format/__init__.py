"""The scenario format ``hi-story-scenario/1``: its schema, bounded loading and canonical dumping.

The layer above the rulebook and below everything that reads or runs scenarios: the card-text reader
produces these models, the engine resolves them, the web and the links store and show them. It imports
nothing of the engine, the web or search. The schema is split by area (``effects``, ``board``, ``actions``,
``expect``, with the top-level ``scenario``); ``loading`` parses and dumps; ``errors`` is what a refusal raises.
"""

from adjudicator.format.errors import ScenarioError
from adjudicator.format.loading import canonical_json, dumps, load_scenario
from adjudicator.format.scenario import Scenario

__all__ = ["Scenario", "ScenarioError", "canonical_json", "dumps", "load_scenario"]
