"""An impossible board is reported with named reasons before anything resolves (like python-chess's status).

The schema already refuses what a single field can show (a rank 7, a negative power, an event with a power,
a duplicated id); this module checks what needs the whole scenario.
"""

from __future__ import annotations

from adjudicator.engine import scenario as fmt
from adjudicator.engine.board import Board

# Actions after which a slot that was empty may hold a card (a summon, an effect, a new turn).
_FILLS_SLOTS = ("summon_phase", "activate", "event", "end_turn", "set")


def board_problems(scenario: fmt.Scenario, board: Board) -> list[tuple[str, str]]:
    problems: list[tuple[str, str]] = []
    for index, action in enumerate(scenario.actions):
        if action.kind in _FILLS_SLOTS:
            break
        for path, ref in _slot_refs(action):
            if board.stack_at(ref) is None and _looks_like_slot(ref):
                problems.append((f"actions.{index}.{action.kind}.{path}", f"{ref} は空いている置き場所を指している"))
    if scenario.game.turn_player not in ("A", "B"):
        problems.append(("game.turn_player", "turn player must be A or B"))
    return problems


def _looks_like_slot(ref: str) -> bool:
    return ref in fmt.SLOT_REFS


def _slot_refs(action: fmt.Action) -> list[tuple[str, str]]:
    argument = action.argument
    if isinstance(argument, fmt.AttackSpec):
        refs = [("attacker", argument.attacker)]
        if argument.target != "deck":
            refs.append(("target", argument.target))
        refs += [(f"response.{d.kind}", d.ref) for d in argument.defences if d.kind == "block"]
        return refs
    return []
