"""Board.copy, the snapshot an illegal action is rolled back to: a full copy of what actions change.

Checked at every snapshot the engine really takes while resolving every scenario of the repository (mid-game
boards carry modifiers, grants, restrictions and an attack in progress): the copy equals the board and a
``copy.deepcopy`` of it, shares no list, dict, set or board object with it, shares the frozen printed
cards, and keeps a card one object wherever the board refers to it.
"""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path

import pytest
from pydantic import BaseModel

from adjudicator.engine import load_scenario, resolve
from adjudicator.engine.board import Board, Card, build_board
from adjudicator.paths import scenarios_dir

SCENARIOS = sorted(scenarios_dir().rglob("*.yaml"))


def _mutable_parts(root: object) -> dict[int, object]:
    """Every list, dict, set and dataclass object reachable from ``root``, by id (pydantic models not walked)."""
    found: dict[int, object] = {}
    pending = [root]
    while pending:
        item = pending.pop()
        if isinstance(item, BaseModel) or isinstance(item, (str, int, float, bool, type(None))):
            continue
        if isinstance(item, tuple):
            pending.extend(item)
            continue
        if id(item) in found:
            continue
        found[id(item)] = item
        if dataclasses.is_dataclass(item):
            pending.extend(vars(item).values())
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, (list, set, frozenset)):
            pending.extend(item)
        else:
            raise AssertionError(f"unexpected object on the board: {type(item).__name__}")
    return found


def _cards_by_uid(board: Board) -> dict[int, Card]:
    return {card.uid: card for card in board.all_cards()}


def check_copy(board: Board, copied: Board) -> None:
    assert copied == board
    assert copied == copy.deepcopy(board)
    original_parts, copied_parts = _mutable_parts(board), _mutable_parts(copied)
    shared = set(original_parts) & set(copied_parts)
    assert not shared, [type(original_parts[key]).__name__ for key in shared]
    originals, copies = _cards_by_uid(board), _cards_by_uid(copied)
    assert originals.keys() == copies.keys()
    for uid, card in copies.items():
        assert card.info is originals[uid].info  # the printed card is frozen: shared, not copied
    for name in ("attacking", "attack_target"):
        card = getattr(copied, name)
        if card is not None:
            assert copies.get(card.uid) is card, f"{name} is not the card in its zone"


def test_the_scenarios_cover_what_a_copy_must_handle():
    assert len(SCENARIOS) > 100


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda path: str(path.relative_to(scenarios_dir())))
def test_every_snapshot_of_a_resolution_is_a_full_copy(path: Path, monkeypatch):
    real_copy = Board.copy
    snapshots = []

    def checked_copy(board: Board) -> Board:
        copied = real_copy(board)
        check_copy(board, copied)
        snapshots.append(copied)
        return copied

    monkeypatch.setattr(Board, "copy", checked_copy)
    scenario = load_scenario(path.read_text("utf-8"))
    trace = resolve(scenario)
    if scenario.actions and not trace.errors:  # an impossible board resolves nothing
        assert 1 <= len(snapshots) <= len(scenario.actions)


def test_changing_the_copy_leaves_the_board_alone():
    path = scenarios_dir() / "attack" / "block-deck-attack-excess.yaml"
    board = build_board(load_scenario(path.read_text("utf-8")))
    before = copy.deepcopy(board)
    copied = board.copy()
    for card in copied.all_cards():
        card.power_mods.clear()
        card.once_used.add("x")
        card.incarnation += 1
    copied.players["A"].hand.clear()
    copied.players["B"].field.clear()
    copied.turn_counts["A"] = 99
    assert board == before
