"""A card as an effect sees it at one moment (:class:`CardFacts`), and whether it meets a 「where」 condition.

A leaf of the engine: pure data. Where the facts come from — with every continuous effect
(:func:`adjudicator.engine.facts.facts_of`) or without them
(:func:`adjudicator.engine.continuous.raw_facts`) — is the caller's; the matching itself is chapter 7's one
function in the format layer (:mod:`adjudicator.format.matching`), which the match page shares.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.format import matching
from adjudicator.format.board import CardSpec
from adjudicator.format.effects import Where

INFO_KEYS = matching.INFO_KEYS


@dataclass(frozen=True)
class CardFacts:
    """A card as an effect sees it at one moment. ``known`` is False when its information cannot be read."""

    uid: int
    on_field: bool
    face_up: bool
    rested: bool
    known: bool
    short_name: str | None
    attributes: tuple[str, ...]
    rank: int | None
    power: int | None
    roles: frozenset[str]
    type: str | None
    attacking: bool
    level: int | None = None
    effect_names: tuple[str, ...] = ()


def effect_names(info: CardSpec) -> tuple[str, ...]:
    """The names ｛｝ reads (7.1.1): the card's effects, and ｛身代わり｝ when it has it (11.2.3)."""
    return matching.CardInformation.of(info).effect_names


def asks_information(where: Where) -> bool:
    """Whether the condition reads card information a face-down card does not have (3.1.3, 3.1.7)."""
    return matching.asks_information(where)


def matches(where: Where, facts: CardFacts, source_uid: int | None = None) -> bool:
    """Whether a card with ``facts`` meets ``where`` (chapter 7: AND/OR/NOT of 7.3, partial match of 7.1)."""
    return matching.matches(where, facts, is_source=source_uid is not None and facts.uid == source_uid)


def contains(text: str, word: str) -> bool:
    """7.1.2: the word's characters appear in ``text`` consecutively (「AB」 is in 「XABX」, not in 「AXB」)."""
    return matching.contains(text, word)
