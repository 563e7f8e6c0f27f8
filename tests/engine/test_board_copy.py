"""Board.copy, a full copy of what actions change, and Board.snapshot, what an illegal action is rolled back to.

Checked at every snapshot the engine really takes while resolving every scenario of the repository (mid-game
boards carry modifiers, grants, restrictions and an attack in progress): the copy equals the board and a
``copy.deepcopy`` of it, shares no list, dict, set or board object with it, shares the frozen printed
cards, and keeps a card one object wherever the board refers to it. The snapshot shares the cards that carry
nothing with the live board: after anything is done to the live board, its restored board equals the board as
it was, and shares no list, dict or set with what was done.
"""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path

import pytest
from pydantic import BaseModel

from adjudicator.engine import resolve
from adjudicator.reading import load_scenario
from adjudicator.engine.board import Board, Card, build_board
from adjudicator.paths import scenarios_dir

SCENARIOS = sorted(scenarios_dir().rglob("*.yaml"))


def _mutable_parts(root: object, *, into_cards: bool = True) -> dict[int, object]:
    """Every list, dict, set and dataclass object reachable from ``root``, by id (pydantic models not walked;
    neither cards nor what they hold unless ``into_cards``)."""
    found: dict[int, object] = {}
    pending = [root]
    while pending:
        item = pending.pop()
        if isinstance(item, BaseModel) or isinstance(item, (str, int, float, bool, type(None))):
            continue
        if isinstance(item, tuple):
            pending.extend(item)
            continue
        if id(item) in found or (not into_cards and isinstance(item, Card)):
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


def _do_everything_to(board: Board) -> None:
    """What an action could do to a board, and more: every card and zone changed, in place and replaced."""
    for card in board.all_cards():
        card.power_mods.append(None)
        card.rank_mods.append(None)
        card.grants.append(None)
        card.once_used.add("x")
        card.incarnation += 1
        card.summoned_turn = 99
        card.immune = not card.immune
        card.restrictions = [None]
    for player in board.players.values():
        player.hand.reverse()
        player.deck.clear()
        player.field.clear()
        player.damage_zero += 1
    board.turn_counts["A"] = 99
    board.attacking = None


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda path: str(path.relative_to(scenarios_dir())))
def test_every_snapshot_of_a_resolution_is_a_full_copy_and_restores_the_board(path: Path, monkeypatch):
    real_snapshot = Board.snapshot
    boards = []

    def checked_snapshot(board: Board):
        copied = board.copy()
        check_copy(board, copied)
        boards.append(copied)  # a board as the engine had it (a full copy, as checked), to try a rollback on
        return real_snapshot(board)

    monkeypatch.setattr(Board, "snapshot", checked_snapshot)
    scenario = load_scenario(path.read_text("utf-8"))
    trace = resolve(scenario)
    if scenario.actions and not trace.errors:  # an impossible board resolves nothing
        assert 1 <= len(boards) <= len(scenario.actions)
    for board in boards:
        before = board.copy()
        snapshot = real_snapshot(board)
        _do_everything_to(board)
        restored = snapshot.restore()
        assert restored == before
        # Only cards are shared, and no card that carried something; the zones, stacks and players are not.
        assert not set(_mutable_parts(restored, into_cards=False)) & set(_mutable_parts(board, into_cards=False))
        mine = {id(card) for card in restored.all_cards()}
        kept = {id(card) for card, _ in snapshot.kept}
        assert mine & {id(card) for card in board.all_cards()} <= kept
        originals = {card.uid: card for card in before.all_cards()}
        assert all(not originals[card.uid].power_mods and not originals[card.uid].once_used for card, _ in snapshot.kept)


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


def test_the_cards_of_a_counted_zone_are_plain_cards_that_share_nothing():
    path = scenarios_dir() / "attack" / "block-deck-attack-excess.yaml"
    board = build_board(load_scenario(path.read_text("utf-8")))
    unknown = [card for card in board.all_cards() if card.info is None]
    assert len(unknown) > 10
    assert all(card == Card(uid=card.uid, owner=card.owner, info=None) for card in unknown)
    assert len({id(card.power_mods) for card in unknown}) == len({id(card.once_used) for card in unknown}) == len(unknown)
    assert len({card.uid for card in board.all_cards()}) == board.card_count()  # uids still dealt one each


def test_a_card_of_a_counted_zone_makes_what_it_carries_when_first_used():
    """Its six containers are not made with it (nine in ten cards never use them): each is made empty, and the
    card's own, the first time it is read; any other missing attribute is still an AttributeError."""
    path = scenarios_dir() / "attack" / "block-deck-attack-excess.yaml"
    board = build_board(load_scenario(path.read_text("utf-8")))
    first, second = [card for card in board.all_cards() if card.info is None][:2]
    assert "power_mods" not in vars(first) and "once_used" not in vars(first)
    first.power_mods.append("x")
    first.once_used.add("y")
    assert vars(first)["power_mods"] == ["x"] and first.once_used == {"y"}
    assert second.power_mods == [] and second.once_used == set() and second.power_mods is not first.power_mods
    with pytest.raises(AttributeError, match="no_such_attribute"):
        first.no_such_attribute  # noqa: B018 - the attribute read is the test
