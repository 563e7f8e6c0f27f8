"""One attack, in the ten steps of 10.6.2, each its own trace step.

① declaration and rest, ② attack triggers (:mod:`.declare`); ③ the defence chosen, ④ the defence
processed, ⑤ the damage-to-zero choice (:mod:`.respond`); ⑥ powers and the outcome fixed, ⑦ 「移動する時」
of the defeated cards, ⑧ the defeated cards and the damaged deck move (:mod:`.battle`); ⑨ 「移動した後」
triggers, ⑩ 「攻撃した後」「ブロックした後」 (:mod:`.after`). An attacker or target that leaves before ⑥
cancels the attack (10.6.5, 10.6.6: :mod:`.state`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.engine import turns
from adjudicator.engine.attack.after import after_attack, after_move
from adjudicator.engine.attack.battle import before_move, fix_outcome, move_defeated
from adjudicator.engine.attack.declare import attack_triggers, declare_attack
from adjudicator.engine.attack.respond import (
    choose_damage_zero,
    choose_defence,
    damage_zero_left_open,
    defence_left_open,
    process_defence,
)
from adjudicator.engine.attack.state import Attack, cancelled
from adjudicator.format.actions import AttackSpec

if TYPE_CHECKING:
    from adjudicator.engine.game import Game


def perform_attack(game: "Game", index: int, spec: AttackSpec) -> None:
    """An ``attack`` action: legality first (an illegal declaration changes nothing), then ①–⑩."""
    turns.advance_to(game, "attack")
    attack = declare_attack(game, spec)
    game.in_attack = True
    try:
        _resolve(game, attack, spec)
    finally:
        game.in_attack = False
        game.board.attacking = None
        game.board.attack_target = None


def _resolve(game: "Game", attack: Attack, spec: AttackSpec) -> None:
    attack_triggers(game, attack)
    if cancelled(game, attack):
        return
    if spec.response == "open":
        defence_left_open(game, attack)
    choose_defence(game, attack, spec.defences)
    process_defence(game, attack)
    if cancelled(game, attack):
        return
    if spec.damage_zero == "open":
        damage_zero_left_open(game, attack)
    choose_damage_zero(game, attack, spec.damage_zero is True)
    if cancelled(game, attack):
        return
    outcome = fix_outcome(game, attack)
    staying = before_move(game, outcome)
    move_defeated(game, attack, outcome, staying)
    after_move(game)
    after_attack(game, attack)
