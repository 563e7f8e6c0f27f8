"""「山札と墓地を入れ替える」: whole zones trade places (11.4.1, 11.4.2).

A swap is not cards moving one by one between zones, and not an attack: a right to make deck damage 0 does
not apply (11.4.1, 11.2.8), and a protection against cards moving (「墓地へ送られない」) does not stop it; only
one that says 「入れ替えられない」 does (11.4.2). The swapped deck is checked like any deck (12.1.1, 12.1.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.format.effects import Step, SwapZonesSpec
from adjudicator.engine.effects.run import NOT_DONE, handles, StepResult
from adjudicator.engine.words import count_change
from adjudicator.engine.rules import rule
from adjudicator.engine.trace import Considered
from adjudicator.engine.zone_order import distinguishable, lose_order

if TYPE_CHECKING:
    from adjudicator.engine.effects.run import EffectRun

SWAP_IS_NOT_MOVING = rule(
    "swap_is_not_moving", "11.4.1", "ゾーンを丸ごと入れ替える処理は1枚ずつの移動とも攻撃とも異なり、山札へのダメージを0にする効果の対象にならない"
)
SWAP_NEEDS_OWN_PROTECTION = rule(
    "swap_needs_own_protection", "11.4.2", "カードの移動を防ぐ保護は入れ替えを防がない。防ぐには「入れ替えられない」保護が要る"
)
PLAYER_ZONE_TARGET = rule("player_zone_target", "8.1.1", "効果が影響を与えるもの（対象）はカードまたはプレイヤーである")
DAMAGE_ZERO_RULE = rule("swap_not_damage", "11.2.8", "「山札が受けるダメージを0にできる」は攻撃によるダメージにだけ使える")


@handles("swap_zones")
def swap_zones_step(run: "EffectRun", step: Step) -> StepResult:
    spec: SwapZonesSpec = step.argument
    board, game = run.board, run.game
    swapped = 0
    for owner in run.players(spec.player):
        player = board.players[owner]
        considered = [Considered.of("入れ替えはプレイヤーの山札と墓地という領域そのものに働き、個々のカードを移動するのではない", PLAYER_ZONE_TARGET)]
        if player.damage_zero:
            considered.append(Considered.of("攻撃によるダメージではないので、「山札が受けるダメージを0にできる」は使えない", SWAP_IS_NOT_MOVING, DAMAGE_ZERO_RULE))
        if "swap" in player.zone_protections:
            game.trace.step(
                f"{run.label}: {owner}には「山札と墓地を入れ替えられない」保護があるので、入れ替えは行われない。",
                SWAP_NEEDS_OWN_PROTECTION, considered=considered,
            )
            continue
        if "deck_to_graveyard" in player.zone_protections:
            considered.append(Considered.of("「山札のカードは墓地へ送られない」はカードの移動を防ぐ保護で、入れ替えは防がない", SWAP_NEEDS_OWN_PROTECTION))
        deck, graveyard = len(player.deck), len(player.graveyard)
        player.deck, player.graveyard = player.graveyard, player.deck
        # Whatever was known about either order travels with its cards; the graveyard's order as a deck is
        # something the rulebook does not decide, so it is unknown.
        player.order_unknown = tuple(({"deck": "graveyard", "graveyard": "deck"}[z], name) for z, name in player.order_unknown)
        if distinguishable(player.deck):
            lose_order(game, owner, "deck", SWAP_IS_NOT_MOVING)
            considered.append(Considered.of("入れ替え後の山札の順序は本書に定めがないので、その順序は分からないものとして扱う", SWAP_IS_NOT_MOVING))
        swapped += 1
        game.trace.step(
            f"{run.label}: {owner}の山札と墓地を入れ替える（1枚ずつの移動ではない）。",
            SWAP_IS_NOT_MOVING, *((SWAP_NEEDS_OWN_PROTECTION,) if player.zone_protections else ()),
            changes=[count_change(board, owner, "deck", deck, len(player.deck)), count_change(board, owner, "graveyard", graveyard, len(player.graveyard))],
            considered=considered,
        )
    return StepResult(True, True) if swapped == len(run.players(spec.player)) else (StepResult(False, swapped > 0) if swapped else NOT_DONE)
