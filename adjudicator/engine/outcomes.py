"""How resolving an action can end early: a leaf module every mechanism raises from.

:class:`Illegal` is a ruling (the action breaks a rule and is rolled back, with the rules that forbid it);
:class:`Stop` ends the whole resolution (the game is over, a decision is needed, the rulebook is silent, a
loop), after the recorder has already said why; :class:`Unknown` ends it too, asking for a value the
scenario left blank. None of them is a program error.
"""

from __future__ import annotations

from adjudicator.engine.rules import Rule
from adjudicator.vocabulary import PlayerId


class Illegal(Exception):
    """The action breaks a rule: it is rolled back and reported with the rules that forbid it."""

    def __init__(self, text: str, *rules: Rule):
        super().__init__(text)
        self.text = text
        self.rules = rules


class Stop(Exception):
    """Resolution ends here (game over, a decision to make, a gap, a loop); already recorded."""


class Unknown(Exception):
    """The ruling needs a value the scenario left blank (a zone's count, an event's level): resolution stops and
    asks for it instead of assuming one (an unknown is never 0). ``needs`` names it in the judge's words
    (「Bの山札の枚数」), ``question`` is what the decision asks, ``player`` the one who can tell it."""

    def __init__(self, player: PlayerId, needs: str, question: str, *rules: Rule):
        super().__init__(question)
        self.player, self.needs, self.question, self.rules = player, needs, question, rules
