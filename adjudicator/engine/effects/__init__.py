"""Effects written in the scenario format: sentences, steps, selectors and conditions (chapter 6–10).

The package spans layers of the engine, so it re-exports nothing: :mod:`.facts` (what an effect reads of
a card) sits below restrictions and zone_moves, :mod:`.interpreter` (running an effect) above them. Import from
the module: ``from adjudicator.engine.effects.interpreter import run_effect``.
"""
