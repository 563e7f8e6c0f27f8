"""A card as an effect sees it at one moment (:class:`CardFacts`), and whether it meets a 「where」 condition.

A leaf of the engine: pure data and matching. Where the facts come from — with every continuous effect
(:func:`adjudicator.engine.effects.facts.facts_of`) or without them
(:func:`adjudicator.engine.continuous.raw_facts`) — is the caller's; the matching is the same (7.1, 7.3.1).
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.format import scenario as fmt

INFO_KEYS = ("rank", "rank_at_least", "rank_at_most", "power_at_most", "power_at_least", "name", "attribute", "role", "type")


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


def asks_information(where: fmt.Where) -> bool:
    """Whether the condition reads card information a face-down card does not have (3.1.3, 3.1.7)."""
    return any(getattr(where, key) is not None for key in INFO_KEYS)


def matches(where: fmt.Where, facts: CardFacts, source_uid: int | None = None) -> bool:
    """Whether a card with ``facts`` meets every part of ``where`` (7.3.1: the parts are ANDed)."""
    if where.face is not None and (where.face == "up") != facts.face_up:
        return False
    if where.state is not None and (where.state == "rest") != facts.rested:
        return False
    if where.other and source_uid is not None and facts.uid == source_uid:
        return False
    if where.attacking is not None and where.attacking != facts.attacking:
        return False
    if asks_information(where) and not facts.known:
        return False
    return _information_matches(where, facts)


def _information_matches(where: fmt.Where, facts: CardFacts) -> bool:
    if where.type is not None and where.type != facts.type:
        return False
    for key, test in (
        ("rank", lambda r, v: r == v),
        ("rank_at_least", lambda r, v: r >= v),
        ("rank_at_most", lambda r, v: r <= v),
    ):
        wanted = getattr(where, key)
        if wanted is not None and (facts.rank is None or not test(facts.rank, wanted)):
            return False  # an event has no rank (2.2.2)
    if where.power_at_most is not None and (facts.power is None or facts.power > where.power_at_most):
        return False
    if where.power_at_least is not None and (facts.power is None or facts.power < where.power_at_least):
        return False
    if where.name is not None and not contains(facts.short_name or "", where.name.strip("〈〉")):
        return False
    if where.attribute is not None:
        word = where.attribute.strip("【】")
        if not any(contains(attribute, word) for attribute in facts.attributes):
            return False
    if where.role is not None and where.role not in facts.roles:
        return False
    return True


def contains(text: str, word: str) -> bool:
    """7.1.2: the word's characters appear in ``text`` consecutively (「AB」 is in 「XABX」, not in 「AXB」)."""
    return bool(word) and word in text
