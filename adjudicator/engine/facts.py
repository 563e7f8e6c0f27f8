"""What an effect can read of a card: its facts now, and whether they meet a 「where」 condition.

A face-down card on the field has the single fact that it is face-down (3.1.2): it never meets a condition
on rank, power, name, attribute or role (3.1.3, 3.1.6) and is not counted by one (3.1.10), but it is among
「場のカード」 when nothing about its information is asked (3.1.7). Its active/rest state is a separate axis
and can be read (8.2.7). 〈〉 and 【】 match by containment of the whole word (7.1.2), and 〈〉 looks at the
person/event name only, not the epithet (7.1.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.format import matching
from adjudicator.format.effects import Where
# CardFacts and the matching live in the leaf module matching.py (continuous effects use them too); the
# effect modules take them from here with the facts.
from adjudicator.engine.matching import CardFacts, asks_information, contains, effect_names, matches
from adjudicator.engine.rules import rule
from adjudicator.engine.stats import power_of, rank_of, roles_of

if TYPE_CHECKING:
    from adjudicator.engine.board import Board, Card

# Chapter 7's readings live with the matching itself (adjudicator.format.matching); each is a rule here.
READING_RULES = {name: rule(name, clauses, summary) for name, (clauses, summary) in matching.READINGS.items()}
PARTIAL_MATCH = READING_RULES["partial_match"]
NAME_WITHOUT_EPITHET = READING_RULES["name_without_epithet"]
EVENTS_HAVE_NO_RANK = READING_RULES["events_have_no_rank"]
BARE_FIELD_CARD = rule(
    "bare_field_card", "3.1.7", "カード情報を条件にしない「場のカード」にはウラのカードも含まれる"
)
FACE_DOWN_NOT_COUNTED = rule(
    "face_down_not_counted", ("3.1.3", "3.1.10"), "カード情報を条件とする選択・枚数にウラのカードは含まれない"
)


def facts_of(board: "Board", card: "Card") -> CardFacts:
    player, zone, slot = board.locate(card)
    on_field = zone == "field"
    stack = board.players[player].field.get(slot) if slot is not None else None
    face_up = stack is None or not stack.face_down
    # 3.1.6: a face-down card an effect 「見て」/「見せて」 may be read while that effect runs.
    known = card.known and (face_up or card.uid in board.revealed)
    info = card.info if known else None
    return CardFacts(
        uid=card.uid,
        on_field=on_field,
        face_up=face_up,
        rested=bool(stack and stack.rested),
        known=known,
        short_name=card.short_name if info else None,
        attributes=tuple(info.attributes) if info else (),
        rank=(rank_of(board, card) if on_field and face_up else info.rank) if info else None,
        power=(power_of(board, card) if on_field and face_up else info.power) if info else None,
        roles=frozenset(roles_of(board, card)) if info and on_field else frozenset({info.role} - {"none"}) if info else frozenset(),
        type=info.type if info else None,
        attacking=board.attacking is card,
        level=info.level if info else None,
        effect_names=effect_names(info) if info else (),
    )


def matching_rules(where: Where) -> tuple:
    """The chapter 7 readings a condition rests on (7.1.2, 7.1.4, 7.3.1–7.3.3)."""
    return tuple(READING_RULES[name] for name in matching.readings_of(where))


def matching_note(where: Where) -> str | None:
    """For the trace: how the condition's words are judged against the card, or None when it has none."""
    looked = [label for key, label in (("name", "人物名・事変名（異名を除く）"), ("attribute", "属性"), ("effect_name", "効果名"))
              if matching.uses(where, key)]
    readings = matching.readings_of(where)
    if not readings:
        return None
    parts = [f"「{describe_where(where)}」は"]
    if looked:
        parts.append(f"、カードに書かれた{'・'.join(looked)}に指定語が連続して含まれるかで判定する")
    logic = [word for name, word in (("and", "「の」「かつ」は全てを満たす"), ("or", "並んだ語・「か」はいずれか一方でよい"), ("not", "「でない」は直前の要素だけを否定する")) if name in readings]
    if logic:
        parts.append(("。" if looked else "、") + "、".join(logic))
    return "".join(parts)


def describe_where(where: Where) -> str:
    """The condition in the rulebook's words, for the trace."""
    return matching.describe(where)
