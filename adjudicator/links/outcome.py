"""「現在のルールで再判定」: resolve a stored scenario again and say whether the outcome changed.

The outcome is what a judge rules on: legality and the rejected actions, the winner, a pending choice, the
points the rulebook leaves open, and the final board. Step wording and clause order may change between
engine versions without changing the outcome.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudicator import vocabulary
from adjudicator.engine import load_scenario, resolve
from adjudicator.engine.render import ALL_LEGAL, SOME_ILLEGAL
from adjudicator.links.record import LinkRecord

_ZONES = tuple((zone, vocabulary.ZONES[zone]) for zone in vocabulary.COUNTED_ZONES)
_SLOT_FACTS = ("face", "state", "power", "rank", "cards", "top")


@dataclass(frozen=True)
class Rerun:
    """The stored ruling next to the one the current rules give."""

    stored: dict[str, Any]
    current: dict[str, Any]
    differences: tuple[str, ...]

    @property
    def changed(self) -> bool:
        return bool(self.differences)


def rerun(record: LinkRecord) -> Rerun:
    """Resolve the record's scenario with the current engine and rulebook."""
    stored = record.trace_data()
    current = resolve(load_scenario(record.scenario_data())).to_json()
    return Rerun(stored, current, tuple(outcome_differences(stored, current)))


def outcome_differences(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    """Each way the outcome of ``after`` differs from ``before``, in Japanese; empty when the same."""
    out: list[str] = []
    if bool(before.get("legal")) != bool(after.get("legal")):
        out.append(f"判定: {_legality(before)} → {_legality(after)}")
    if _violations(before) != _violations(after):
        out.append(f"認められない行動: {_list(_violations(before))} → {_list(_violations(after))}")
    if before.get("winner") != after.get("winner"):
        out.append(f"勝者: {before.get('winner') or 'なし'} → {after.get('winner') or 'なし'}")
    if _decision(before) != _decision(after):
        out.append(f"選択待ち: {_decision(before) or 'なし'} → {_decision(after) or 'なし'}")
    if _gaps(before) != _gaps(after):
        out.append(f"本書に定めのない点: {_list(_gaps(before))} → {_list(_gaps(after))}")
    out.extend(_board_differences(before.get("final") or {}, after.get("final") or {}))
    return out


def _legality(trace: dict[str, Any]) -> str:
    return ALL_LEGAL if trace.get("legal") else SOME_ILLEGAL  # the web's and the CLI's words


def _violations(trace: dict[str, Any]) -> list[str]:
    return [f"行動{v['action'] + 1} ({', '.join(v['cites'])})" for v in trace.get("violations") or []]


def _decision(trace: dict[str, Any]) -> str | None:
    decision = trace.get("decision")
    return f"{decision['player']}: {decision['question']}" if decision else None


def _gaps(trace: dict[str, Any]) -> list[str]:
    return [", ".join(gap["cites"]) for gap in trace.get("gaps") or []]


def _list(items: list[str]) -> str:
    return "、".join(items) if items else "なし"


def _board_differences(before: dict[str, Any], after: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for player in ("A", "B"):
        old, new = before.get(player) or {}, after.get(player) or {}
        for zone, word in _ZONES:
            if old.get(zone) != new.get(zone):
                out.append(f"{player}の{word}: {old.get(zone)}枚 → {new.get(zone)}枚")
        for slot in (str(n) for n in range(1, 6)):
            old_slot, new_slot = _slot(old, slot), _slot(new, slot)
            if old_slot != new_slot:
                out.append(f"{player}{slot}: {_slot_text(old_slot)} → {_slot_text(new_slot)}")
    return out


def _slot(player: dict[str, Any], slot: str) -> dict[str, Any] | None:
    stack = (player.get("field") or {}).get(slot)
    return {fact: stack.get(fact) for fact in _SLOT_FACTS} if stack else None


def _slot_text(slot: dict[str, Any] | None) -> str:
    if slot is None:
        return vocabulary.EMPTY_SLOT
    face = vocabulary.word(vocabulary.FACES, slot["face"])
    state = vocabulary.word(vocabulary.STATES, slot["state"])
    power = f"、パワー{slot['power']}" if slot.get("power") is not None else ""
    return f"〈{slot['top']}〉{face}・{state}{power}、{slot['cards']}枚"
