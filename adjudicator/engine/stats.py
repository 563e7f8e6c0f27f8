"""What a card is now: its power, rank and role after modifiers, or nothing if it is face-down.

Face-down cards carry no card information (3.1.2), so every function here answers ``None`` (or False) for
them. Continuous 「常」 effects are re-judged on every call (6.4.5, 8.2.2): nothing is cached.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.engine import continuous
from adjudicator.engine.durations import in_force
from adjudicator.engine.power import apply_power_mods
from adjudicator.engine.rules import rule

if TYPE_CHECKING:
    from adjudicator.engine.board import Board, Card

POWER_FLOOR = rule("power_floor", "11.6.2", "パワーが計算上0未満になる場合は0として扱う")
POWER_SET_OVERRIDES = rule(
    "power_set_overrides", "10.4.3", "「パワーが〇〇になる」は、それ以前の加算・減算を（常時の効果を除き）上書きする"
)
AMOUNTS_ADD_UP = rule("amounts_add_up", "10.4.2", "パワー増減などの効果量は合算する")
EFFECTIVE_RANK = rule("effective_rank", "2.2.3", "実効ランクを変更する効果が適用されていれば変更後の値を用いる")
FACE_DOWN_NOT_ATTACKER = rule(
    "face_down_not_attacker_or_blocker", ("3.1.4", "11.5.1"), "場のウラのカードはアタッカーでもブロッカーでもない"
)


def is_face_up_on_field(board: "Board", card: "Card") -> bool:
    player, zone, slot = board.locate(card)
    return zone == "field" and slot is not None and not board.players[player].field[slot].face_down


def visible(board: "Board", card: "Card") -> bool:
    """Whether the card's information can be read: face-up on the field, or off the field and known."""
    player, zone, slot = board.locate(card)
    if zone in ("field", "under") and slot is not None:
        return card.known and not board.players[player].field[slot].face_down
    return card.known


def power_of(board: "Board", card: "Card") -> int | None:
    """Current power of a face-up person on the field (``None`` when it has none to read)."""
    if not visible(board, card) or card.info is None or card.info.power is None:
        return None
    return apply_power_mods(card.info.power, [*in_force(card.power_mods), *continuous.power_mods_for(board, card)])


def rank_of(board: "Board", card: "Card") -> int | None:
    """Effective rank (2.2.3); events have none (2.2.2); face-down cards have none (3.1.2)."""
    if not visible(board, card) or card.info is None or card.info.rank is None:
        return None
    total = card.info.rank + sum(m.add or 0 for m in [*in_force(card.rank_mods), *continuous.rank_mods_for(board, card)])
    return max(0, total)


def roles_of(board: "Board", card: "Card") -> set[str]:
    """Attacker/blocker marks, printed or granted; none while face-down even if granted (3.1.4)."""
    if not visible(board, card) or card.info is None:
        return set()
    roles = {card.info.role} - {"none"}
    roles |= {grant.what for grant in in_force(card.grants)}
    roles |= continuous.roles_for(board, card)
    return roles
