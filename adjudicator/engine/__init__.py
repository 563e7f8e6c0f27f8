"""The rules engine: a scenario in, a cited trace out.

The core imports neither Flask nor Whoosh. It re-exports no other layer: a scenario is loaded where the
loader lives (the reading layer's, which fills effects given by their printed text alone, issue 11)::

    from adjudicator.reading import load_scenario
    from adjudicator.engine import resolve
    trace = resolve(load_scenario(text))
    trace.to_json()
"""

from adjudicator.engine.resolution import board_errors, resolve
from adjudicator.engine.trace import Trace

__all__ = ["Trace", "board_errors", "resolve"]
