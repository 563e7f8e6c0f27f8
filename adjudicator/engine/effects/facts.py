"""What an effect can read of a card: its facts now, and whether they meet a 「where」 condition.

A face-down card on the field has the single fact that it is face-down (3.1.2): it never meets a condition
on rank, power, name, attribute or role (3.1.3, 3.1.6) and is not counted by one (3.1.10), but it is among
「場のカード」 when nothing about its information is asked (3.1.7). Its active/rest state is a separate axis
and can be read (8.2.7). 〈〉 and 【】 match by containment of the whole word (7.1.2), and 〈〉 looks at the
person/event name only, not the epithet (7.1.4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.format import scenario as fmt
# CardFacts and the matching live in the leaf module matching.py (continuous effects use them too); the
# effect modules take them from here with the facts.
from adjudicator.engine.matching import CardFacts, asks_information, contains, matches
from adjudicator.engine.rules import rule
from adjudicator.engine.stats import power_of, rank_of, roles_of

if TYPE_CHECKING:
    from adjudicator.engine.board import Board, Card

PARTIAL_MATCH = rule("partial_match", ("7.1.1", "7.1.2"), "〈〉【】内の語は、連続して含まれていれば一致とみなす")
NAME_WITHOUT_EPITHET = rule("name_without_epithet", ("7.1.4", "2.2.4"), "〈〉による名前の参照に異名は含めない")
BARE_FIELD_CARD = rule(
    "bare_field_card", "3.1.7", "カード情報を条件にしない「場のカード」にはウラのカードも含まれる"
)
FACE_DOWN_NOT_COUNTED = rule(
    "face_down_not_counted", ("3.1.3", "3.1.10"), "カード情報を条件とする選択・枚数にウラのカードは含まれない"
)
EVENTS_HAVE_NO_RANK = rule("events_have_no_rank", "2.2.2", "ランクを参照する効果は事変を対象にしない")


def facts_of(board: "Board", card: "Card") -> CardFacts:
    player, zone, slot = board.locate(card)
    on_field = zone == "field"
    stack = board.players[player].field.get(slot) if slot is not None else None
    face_up = stack is None or not stack.face_down
    known = card.known and face_up
    info = card.info if known else None
    return CardFacts(
        uid=card.uid,
        on_field=on_field,
        face_up=face_up,
        rested=bool(stack and stack.rested),
        known=known,
        short_name=card.short_name if info else None,
        attributes=tuple(info.attributes) if info else (),
        rank=(rank_of(board, card) if on_field else info.rank) if info else None,
        power=(power_of(board, card) if on_field else info.power) if info else None,
        roles=frozenset(roles_of(board, card)) if info and on_field else frozenset({info.role} - {"none"}) if info else frozenset(),
        type=info.type if info else None,
        attacking=board.attacking is card,
    )


def matching_rules(where: fmt.Where) -> tuple:
    """The reading rules a name or attribute condition rests on (7.1.2, 7.1.4)."""
    rules = []
    if where.name or where.attribute:
        rules.append(PARTIAL_MATCH)
    if where.name:
        rules.append(NAME_WITHOUT_EPITHET)
    return tuple(rules)


def describe_where(where: fmt.Where) -> str:
    """The condition in the rulebook's words, for the trace."""
    parts = []
    if where.other:
        parts.append("他の")
    if where.face:
        parts.append("オモテの" if where.face == "up" else "ウラの")
    if where.state:
        parts.append("レストしている" if where.state == "rest" else "アクティブの")
    if where.rank is not None:
        parts.append(f"ランク{where.rank}の")
    if where.rank_at_least is not None:
        parts.append(f"ランク{where.rank_at_least}以上の")
    if where.rank_at_most is not None:
        parts.append(f"ランク{where.rank_at_most}以下の")
    if where.power_at_least is not None:
        parts.append(f"パワー{where.power_at_least}以上の")
    if where.power_at_most is not None:
        parts.append(f"パワー{where.power_at_most}以下の")
    if where.name:
        parts.append(f"〈{where.name.strip('〈〉')}〉の")
    if where.attribute:
        parts.append(f"【{where.attribute.strip('【】')}】の")
    if where.role:
        parts.append("アタッカーの" if where.role == "attacker" else "ブロッカーの")
    if where.type:
        parts.append("人物の" if where.type == "person" else "事変の")
    if where.attacking:
        parts.append("攻撃している")
    return "".join(parts)

