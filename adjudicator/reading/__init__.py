"""The card-text reader: an effect's Japanese wording → the scenario format's effect models.

A pure layer above the format (``adjudicator.format``): it imports nothing of the engine, the web or
search. The grammar is the rulebook's wordings, one cited production per template, in modules that read
like chapters 6–8 (sentences, counts, targets, conditions, durations, triggers, steps). It never
guesses: what it cannot read comes back as an unread span. Public API::

    from adjudicator.reading import read_effect, Reading, Unread
    reading = read_effect("カードを2枚引く。その後、手札を1枚墓地へ送る。")
    reading.when, reading.sentences, reading.unread, reading.cites, reading.explanation
    reading.to_json()

``load_scenario`` loads a scenario with the format and fills the ``sentences`` of effects that give
only their ``text``.
"""

from adjudicator.reading.loader import load_scenario
from adjudicator.reading.reader import ExplainedSentence, Reading, TextTooLong, read_effect
from adjudicator.reading.refusals import Unread

__all__ = ["ExplainedSentence", "Reading", "TextTooLong", "Unread", "load_scenario", "read_effect"]
