"""What happened, in one line a judge can read out: 「石田三成はバトルに敗れ墓地へ。Bの山札から3枚墓地へ」.

Read from the trace's boards before and after (the counts and stacks the engine recorded), never by
resolving again; a battle is named only where the trace's battle step (10.6.2の⑥) names the card.
"""

from __future__ import annotations

from adjudicator.engine.board_record import PlayerRecord, SlotRecord
from adjudicator.engine.trace import Trace
from adjudicator.vocabulary import PLAYER_IDS, CountedZone, PlayerId

BATTLE_STEP = "10.6.2-6"  # 「パワーを確定し、バトルを行う」: the step that names both cards of a battle
MAX_PARTS = 6


def what_happened(trace: Trace) -> tuple[str, ...]:
    battle_texts = [step.text for step in trace.steps if BATTLE_STEP in step.cites]
    parts: list[str] = []
    for pid in PLAYER_IDS:
        old, new = trace.initial.player(pid), trace.final.player(pid)
        if old is None or new is None:  # a trace without its boards (an older document): nothing to read off
            continue
        left = _left_the_field(old, new)
        to_graveyard = _count(new, "graveyard") - _count(old, "graveyard")
        for slot_ref, name, size in left:
            fought = any(f"{slot_ref}〈{name}〉" in text for text in battle_texts)
            where = "墓地へ" if to_graveyard >= size else "場を離れる"
            parts.append(f"{name}は{'バトルに敗れ' if fought else ''}{where}")
        parts += _arrivals(old, new)
        parts += _zone_moves(pid, old, new, sum(size for _, _, size in left))
    return tuple(parts[:MAX_PARTS])


def _count(player: PlayerRecord, zone: CountedZone) -> int:
    return player.known_count(zone) or 0


def _names(stack: SlotRecord | None) -> tuple[str, ...]:
    return stack.names if stack is not None else ()


def _shown(name: str, slot_ref: str, stack: SlotRecord) -> str:
    return f"{slot_ref}のウラのカード" if stack.face_down or not name else name


def _left_the_field(old: PlayerRecord, new: PlayerRecord) -> list[tuple[str, str, int]]:
    """(slot, the top card's name, cards that left) for each slot whose top card is no longer there."""
    gone = []
    for stack in old.field:
        names, remaining = stack.names, _names(new.slot(stack.slot))
        slot_ref = f"{old.id}{stack.slot}"
        if names and (not remaining or remaining[-1] != names[-1]) and names[-1] not in remaining:
            gone.append((slot_ref, _shown(names[-1], slot_ref, stack), max(1, len(names) - len(remaining))))
    return gone


def _arrivals(old: PlayerRecord, new: PlayerRecord) -> list[str]:
    """A card on top of a slot that was not in that slot before: summoned, set, or moved there."""
    out = []
    for stack in new.field:
        names, earlier = stack.names, _names(old.slot(stack.slot))
        slot_ref = f"{new.id}{stack.slot}"
        if not names or names[-1] in earlier:
            continue
        if earlier and names[:-1] == earlier:  # the old stack is still under it: a set (5.2.5) or a stacking
            out.append(f"{slot_ref}にカードを{'ウラで' if stack.face_down else ''}重ねる")
        else:
            out.append(f"{_shown(names[-1], slot_ref, stack)}が{slot_ref}に出る")
    return out


def _zone_moves(pid: PlayerId, old: PlayerRecord, new: PlayerRecord, from_field: int) -> list[str]:
    deck = _count(old, "deck") - _count(new, "deck")
    graveyard = _count(new, "graveyard") - _count(old, "graveyard") - from_field
    hand = _count(new, "hand") - _count(old, "hand")
    if deck <= 0:
        return [f"{pid}の手札から{-hand}枚墓地へ"] if hand < 0 and graveyard >= -hand else []
    if graveyard >= deck:
        return [f"{pid}の山札から{deck}枚墓地へ"]
    if hand >= deck:
        return [f"{pid}は{deck}枚引く"]
    return [f"{pid}の山札が{deck}枚減る"]
