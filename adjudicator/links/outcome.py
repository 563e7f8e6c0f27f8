"""「現在のルールで再判定」: resolve a stored scenario again and say whether the outcome changed.

The outcome is what a judge rules on: legality and the rejected actions, the winner, a pending choice, the
points the rulebook leaves open, an engine limit that stopped resolution, the final board, and the board to
continue from (``final_scenario``, 「続きを調べる」). Step wording and clause order may change between engine
versions without changing the outcome.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adjudicator import vocabulary
from adjudicator.engine import resolve
from adjudicator.engine.board_record import SLOTS, UNKNOWN, BoardRecord, Count, PlayerRecord, SlotRecord
from adjudicator.engine.render import ALL_LEGAL, SOME_ILLEGAL
from adjudicator.engine.trace import Trace
from adjudicator.links.clause_fates import ReleaseCheck, release_check
from adjudicator.links.ruling import Ruling
from adjudicator.vocabulary import PLAYER_IDS, CountedZone

_ZONES = tuple((zone, vocabulary.ZONES[zone]) for zone in vocabulary.COUNTED_ZONES)
MAX_CONTINUATION_PATHS = 5  # where the board to continue from differs: the first few places, then a count
MAX_CONTINUATION_DEPTH = 8  # a scenario is far shallower; the walk is bounded all the same


@dataclass(frozen=True)
class Rerun:
    """The stored ruling next to the one the current rules give."""

    stored: Trace
    current: Trace
    differences: tuple[str, ...]
    release: ReleaseCheck  # the stored ruling's cited clauses followed into the latest release: the why

    @property
    def changed(self) -> bool:
        return bool(self.differences)

    @property
    def clauses_changed(self) -> bool:
        """A clause the stored ruling rests on reads differently in the latest release."""
        return bool(self.release.changed)


def rerun(ruling: Ruling) -> Rerun:
    """Resolve a stored ruling's scenario with the current engine and rulebook (the scenario must still be
    valid: ``ruling.stale`` is false)."""
    if ruling.scenario is None:
        raise ValueError("a stale ruling's scenario cannot be resolved again")
    stored = ruling.trace
    current = resolve(ruling.scenario)
    check = release_check(stored.rulebook.get("id", "hi-story"), stored.rulebook.get("release", ""),
                          [*stored.cited(), *current.cited()])
    return Rerun(stored, current, tuple(outcome_differences(stored, current)), check)


def outcome_differences(before: Trace, after: Trace) -> list[str]:
    """Each way the outcome of ``after`` differs from ``before``, in Japanese; empty when the same."""
    out: list[str] = []
    if before.legal != after.legal:
        out.append(f"判定: {_legality(before)} → {_legality(after)}")
    if _violations(before) != _violations(after):
        out.append(f"認められない行動: {_list(_violations(before))} → {_list(_violations(after))}")
    if before.winner != after.winner:
        out.append(f"勝者: {before.winner or 'なし'} → {after.winner or 'なし'}")
    if _decision(before) != _decision(after):
        out.append(f"選択待ち: {_decision(before) or 'なし'} → {_decision(after) or 'なし'}")
    if _gaps(before) != _gaps(after):
        out.append(f"本書に定めのない点: {_list(_gaps(before))} → {_list(_gaps(after))}")
    if _limit(before) != _limit(after):
        out.append(f"エンジンの上限: {_limit(before) or 'なし'} → {_limit(after) or 'なし'}")
    out.extend(_board_differences(before.final, after.final))
    if before.final_scenario != after.final_scenario:
        out.append(_continuation_difference(before.final_scenario, after.final_scenario))
    return out


def _legality(trace: Trace) -> str:
    return ALL_LEGAL if trace.legal else SOME_ILLEGAL  # the web's and the CLI's words


def _violations(trace: Trace) -> list[str]:
    return [f"行動{v.action + 1} ({', '.join(v.cites)})" for v in trace.violations]


def _decision(trace: Trace) -> str | None:
    return f"{trace.decision.player}: {trace.decision.question}" if trace.decision else None


def _gaps(trace: Trace) -> list[str]:
    return [", ".join(gap.cites) for gap in trace.gaps]


def _limit(trace: Trace) -> str | None:
    """The engine bound that stopped resolution, by its name in the code (「MAX_STEPS（2000）」)."""
    if trace.limit is None:
        return None
    return trace.limit.name + (f"（{trace.limit.bound}）" if trace.limit.bound is not None else "")


def _list(items: list[str]) -> str:
    return "、".join(items) if items else "なし"


def _board_differences(before: BoardRecord, after: BoardRecord) -> list[str]:
    out: list[str] = []
    for pid in PLAYER_IDS:
        old, new = before.player(pid), after.player(pid)
        for zone, word in _ZONES:
            old_count, new_count = _zone_count(old, zone), _zone_count(new, zone)
            if old_count != new_count:
                out.append(f"{pid}の{word}: {_count_text(old_count)} → {_count_text(new_count)}")
        for number in SLOTS:
            old_slot, new_slot = _slot(old, number), _slot(new, number)
            if _facts(old_slot) != _facts(new_slot):
                out.append(f"{pid}{number}: {_slot_text(old_slot)} → {_slot_text(new_slot)}")
    return out


def _zone_count(player: PlayerRecord | None, zone: CountedZone) -> Count | None:
    return player.count(zone) if player is not None else None


def _count_text(count: Count | None) -> str:
    """「6枚」, 「不明」 for a count the scenario left unknown, 「なし」 for a trace without that board."""
    if count is None:
        return "なし"
    return "不明" if count == UNKNOWN else f"{count}枚"


def _slot(player: PlayerRecord | None, number: str) -> SlotRecord | None:
    return player.slot(number) if player is not None else None


def _facts(slot: SlotRecord | None) -> dict[str, Any] | None:
    return slot.facts() if slot is not None else None


def _slot_text(slot: SlotRecord | None) -> str:
    if slot is None:
        return vocabulary.EMPTY_SLOT
    face = vocabulary.FACES["down" if slot.face_down else "up"]
    state = vocabulary.STATES["rest" if slot.rested else "active"]
    power = f"、パワー{slot.power}" if slot.power is not None else ""
    return f"〈{slot.top}〉{face}・{state}{power}、{slot.cards}枚"


def _continuation_difference(before: dict[str, Any] | None, after: dict[str, Any] | None) -> str:
    """「続きを調べる」の盤面: whether there is one, else the first places where the two differ."""
    if before is None or after is None:
        return f"続きを調べる盤面: {'あり' if before is not None else 'なし'} → {'あり' if after is not None else 'なし'}"
    places = _differing_paths(before, after, "", 0)
    shown = "、".join(places[:MAX_CONTINUATION_PATHS])
    more = f" ほか{len(places) - MAX_CONTINUATION_PATHS}か所" if len(places) > MAX_CONTINUATION_PATHS else ""
    return f"続きを調べる盤面が変わりました: {shown}{more}"


def _differing_paths(before: Any, after: Any, path: str, depth: int) -> list[str]:
    """The paths (``players.B.deck``) at which two scenario documents differ."""
    if before == after:
        return []
    if depth >= MAX_CONTINUATION_DEPTH or not (isinstance(before, dict) and isinstance(after, dict)):
        return [path or "(全体)"]
    out: list[str] = []
    for key in sorted(before.keys() | after.keys(), key=str):
        child = f"{path}.{key}" if path else str(key)
        out += _differing_paths(before.get(key), after.get(key), child, depth + 1)
    return out
