"""Card-text fragments: a quote that is only part of a card sentence, read as the part it would be (issue 29).

Players quote the words of the card that matter to them, not its whole sentence: a trigger's event alone
(「墓地へ送られた時」), an ability with its card left out (「攻撃できない」), a card's number left without its
card (「パワーが3000になる」). The reader reads sentences, so alone these stay unread. Each :class:`Frame` puts the fragment in the smallest
sentence the reader's own grammar (reading/sentences.py: ``[trigger、][condition、][duration、][subject] steps``)
makes of such a part; :class:`search.card_text.CardTextReader` reads it and takes away what the frame itself
made the reading cite, so only what the fragment said is evidence. A fragment no frame makes readable is left
to its words.

A frame fits only fragments that could be its part (by the words the reader's grammar ends or starts such a
part with: :meth:`Frame.fitting`), so a quote costs at most a few readings.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from adjudicator import vocabulary
from adjudicator.reading.triggers import SUBJECTS

# The plain step a frame completes a sentence with: the simplest step, read the same anywhere; what it cites
# (6.5.8) the frame's samples cite too, so card_text.CardTextReader takes it away.
PLAIN_STEP = "1枚引く"
# How the opening parts of a sentence end: a trigger's event (「〜た時」「〜た後」「〜する時」, 10.1.7, 10.1.9),
# a phase boundary (「〜の初めに」「〜の終わりに」, 6.4.6) and a condition (「〜なら」, 6.7.5).
_EVENT_ENDINGS = tuple(sorted({words[-1] for words in (*vocabulary.EVENTS.values(), *vocabulary.EVENTS_BEFORE.values())}))
_LEAD_ENDINGS = (*_EVENT_ENDINGS, "初めに", "終わりに", *sorted({words[-2:] for words in vocabulary.CONDITIONS.values()}))
# Who a card sentence names before its steps or its trigger's event (7.2.1-7.2.3): a fragment starting so has
# its subject already, and a frame that adds one does not fit it.
_SUBJECT_STARTS = ("これ", "このカード", "自分", "相手", "それ", *SUBJECTS)
_STAT_STARTS = tuple(vocabulary.STAT_WORDS.values())


@dataclass(frozen=True)
class Frame:
    """A sentence with a place (``{}``) for a fragment: the smallest card sentence such a part is part of."""

    name: str
    template: str
    fits: Callable[[str], bool]  # of the part the frame goes around (see after_lead)
    # Two fragments of different kinds the frame reads: what both of their readings cite (and name), the frame
    # itself brought, and a framed reading loses it (as CardTextReader drops what every sentence cites).
    samples: tuple[str, str]
    # The frame goes around what follows the fragment's own opening (its last 「、」: a trigger, a condition or a
    # duration, 「2ターンの間、パワー+2000」): the sentence rule writes the subject after those, before the steps.
    after_lead: bool = False

    def part(self, fragment: str) -> tuple[str, str]:
        """The fragment's opening, kept as it is, and the part the frame goes around."""
        if not self.after_lead:
            return "", fragment
        lead, comma, rest = fragment.rpartition("、")
        return lead + comma, rest

    def fitting(self, fragment: str) -> bool:
        return self.fits(self.part(fragment)[1])

    def sentence(self, fragment: str) -> str:
        lead, rest = self.part(fragment)
        return lead + self.template.format(rest)


def _has_subject(fragment: str) -> bool:
    return fragment.startswith(_SUBJECT_STARTS)


# The opening of a sentence written alone (「自分のカードが墓地へ送られた時」「攻撃フェーズの初めに」「手札が5枚以上
# なら」): the sentence rule puts the steps after it and a 「、」, so the plain step completes it.
LEAD = Frame("lead", "{}、" + PLAIN_STEP, lambda fragment: fragment.endswith(_LEAD_ENDINGS),
             ("攻撃フェーズの初めに", "手札が5枚以上なら"))
# A trigger's event without its card (「墓地へ送られた時」「場を離れる時」): a trigger always names whose event it
# waits for (triggers.SUBJECTS), and a card's own trigger names the card itself, 「これが」 (10.1.9).
OWN_TRIGGER = Frame("own trigger", "これが{}、" + PLAIN_STEP,
                    lambda fragment: fragment.endswith(_EVENT_ENDINGS) and not _has_subject(fragment),
                    ("攻撃した時", "場を離れる時"))
# A player's event without its player (「カードを引いた時」): the reader refuses 「これが」 for it (a card draws
# nothing), and the player a card's trigger names first is its owner, 「自分が」 (triggers.SUBJECTS).
OWNER_TRIGGER = Frame("owner's trigger", "自分が{}、" + PLAIN_STEP, OWN_TRIGGER.fits, ("カードを引いた時", "場を離れる時"))
# An ability or a restriction with its card left out (「攻撃できない」「効果を受けない」「このターン攻撃できない」):
# what a card says of a card it says of one named before the verb (8.2.5, 8.2.6), as 「これは」 does.
THIS_CARD = Frame("this card", "これは{}",
                  lambda fragment: not _has_subject(fragment) and not fragment.endswith(_LEAD_ENDINGS),
                  ("攻撃できない", "効果を受けない"), after_lead=True)
# A power or a rank changed without its card (「パワーが3000になる」): a card's number is always a card's, 「これの」.
THIS_CARDS_NUMBER = Frame("this card's number", "これの{}", lambda fragment: fragment.startswith(_STAT_STARTS),
                          ("パワーが3000になる", "ランクを+1する"), after_lead=True)
# In the order they are tried: the first that reads the whole sentence is the fragment's reading.
FRAMES = (LEAD, OWN_TRIGGER, OWNER_TRIGGER, THIS_CARD, THIS_CARDS_NUMBER)
