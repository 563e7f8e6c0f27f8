"""Effects written in the scenario format: sentences, steps, selectors and conditions (chapter 6–10)."""

from adjudicator.engine.effects.interpreter import run_effect, run_step
from adjudicator.engine.effects.run import EffectRun, Outcome

__all__ = ["EffectRun", "Outcome", "run_effect", "run_step"]
