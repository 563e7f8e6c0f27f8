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

Adding a wording: declare a production in the module of its chapter (a step in steps.py, a condition in
conditions.py, …) with its lark rule, the clauses that say how to read it and the function that builds
its value; grammar.py assembles it. The grammar must stay LALR(1) without conflicts (a test builds it
with lark's debug log); a word that begins another word is written as its own literal, not inside a
several-word terminal. bench/reading.py measures the readings on scenarios/ and the held-out texts.
"""

from adjudicator.reading.loader import load_scenario
from adjudicator.reading.reader import BadText, ExplainedSentence, Reading, TextTooLong, read_effect, typed_sentences
from adjudicator.reading.refusals import Unread

__all__ = ["BadText", "ExplainedSentence", "Reading", "TextTooLong", "Unread", "load_scenario", "read_effect", "typed_sentences"]
