"""Effects written in the scenario format: sentences, steps, selectors and conditions (chapter 6–10).

The package holds the mechanisms (and re-exports nothing): what an effect reads of a card (``engine/facts.py``)
and how the trace names cards (``engine/words.py``) are the engine's lower floors, outside it. Import from
the module: ``from adjudicator.engine.effects.interpreter import run_effect``.
"""
