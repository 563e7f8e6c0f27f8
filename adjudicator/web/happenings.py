"""What happened, in one line a judge can read out: 「石田三成はバトルに敗れ墓地へ。Bの山札から3枚墓地へ」.

Read from the trace's boards before and after (the counts and stacks the engine recorded), never by
resolving again; a battle is named only where the trace's battle step (10.6.2の⑥) names the card.
"""

from __future__ import annotations

from typing import Any

PLAYERS = ("A", "B")
BATTLE_STEP = "10.6.2-6"  # 「パワーを確定し、バトルを行う」: the step that names both cards of a battle
MAX_PARTS = 6


def what_happened(trace: dict[str, Any]) -> tuple[str, ...]:
    before, after = trace.get("initial") or {}, trace.get("final") or {}
    if not before or not after:
        return ()
    battle_texts = [step.get("text", "") for step in trace.get("steps") or [] if BATTLE_STEP in (step.get("cites") or [])]
    parts: list[str] = []
    for pid in PLAYERS:
        old, new = before.get(pid) or {}, after.get(pid) or {}
        left = _left_the_field(pid, old, new)
        to_graveyard = _count(new, "graveyard") - _count(old, "graveyard")
        for slot_ref, name, size in left:
            fought = any(f"{slot_ref}〈{name}〉" in text for text in battle_texts)
            where = "墓地へ" if to_graveyard >= size else "場を離れる"
            parts.append(f"{name}は{'バトルに敗れ' if fought else ''}{where}")
        parts += _arrivals(pid, old, new)
        parts += _zone_moves(pid, old, new, sum(size for _, _, size in left))
    return tuple(parts[:MAX_PARTS])


def _count(player: dict[str, Any], zone: str) -> int:
    value = player.get(zone)
    return value if isinstance(value, int) else 0


def _stack_names(stack: dict[str, Any] | None) -> list[str]:
    if not stack:
        return []
    names = [str(card.get("name") or "") for card in stack.get("stack") or []]
    return names or [str(stack.get("top") or "")]


def _shown(name: str, slot_ref: str, stack: dict[str, Any]) -> str:
    return f"{slot_ref}のウラのカード" if stack.get("face") == "down" or not name else name


def _left_the_field(pid: str, old: dict[str, Any], new: dict[str, Any]) -> list[tuple[str, str, int]]:
    """(slot, the top card's name, cards that left) for each slot whose top card is no longer there."""
    gone = []
    old_field, new_field = old.get("field") or {}, new.get("field") or {}
    for slot, stack in sorted(old_field.items()):
        names, remaining = _stack_names(stack), _stack_names(new_field.get(slot))
        if names and (not remaining or remaining[-1] != names[-1]) and names[-1] not in remaining:
            gone.append((f"{pid}{slot}", _shown(names[-1], f"{pid}{slot}", stack), max(1, len(names) - len(remaining))))
    return gone


def _arrivals(pid: str, old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """A card on top of a slot that was not in that slot before: summoned, set, or moved there."""
    out = []
    old_field, new_field = old.get("field") or {}, new.get("field") or {}
    for slot, stack in sorted(new_field.items()):
        names, earlier = _stack_names(stack), _stack_names(old_field.get(slot))
        if not names or names[-1] in earlier:
            continue
        if earlier and names[:-1] == earlier:  # the old stack is still under it: a set (5.2.5) or a stacking
            out.append(f"{pid}{slot}にカードを{'ウラで' if stack.get('face') == 'down' else ''}重ねる")
        else:
            out.append(f"{_shown(names[-1], f'{pid}{slot}', stack)}が{pid}{slot}に出る")
    return out


def _zone_moves(pid: str, old: dict[str, Any], new: dict[str, Any], from_field: int) -> list[str]:
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
