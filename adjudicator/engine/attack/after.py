"""⑨ 「移動した後」 of the cards that left the field, ⑩ 「攻撃した後」「ブロックした後」: after 「攻撃中」
(10.6.2, 10.6.4), and the attack complete before the next one (10.6.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.engine.attack.state import Attack, gone, settle
from adjudicator.engine.events import Event
from adjudicator.engine.rules import rule
from adjudicator.engine.trace import Considered
from adjudicator.vocabulary import EventKind

if TYPE_CHECKING:
    from adjudicator.engine.game import Game


AFTER_MOVE = rule("after_move", "10.6.2-9", "場から移動したカードの「墓地へ送られた時」等の発動")
AFTER_ATTACK = rule("after_attack", "10.6.2-10", "「攻撃した後」「ブロックした後」は当該カードが場に残っている場合のみ")
ONE_AT_A_TIME = rule("one_attack_at_a_time", "10.6.1", "攻撃は1枚ごとに宣言から攻撃後の効果までを完結させる")


def after_move(game: "Game") -> None:
    """⑨: the 「移動した後」 triggers of the cards that left the field at ⑧ (「墓地へ送られた時」 等)."""
    game.trace.step("場から移動したカードの「墓地へ送られた時」等の効果を処理する。", AFTER_MOVE)
    settle(game)


def after_attack(game: "Game", attack: Attack) -> None:
    """⑩: 「攻撃した後」「ブロックした後」 only for a card still on the field."""
    considered: list[Considered] = []
    kind: EventKind
    for card, incarnation, kind, player, name in (
        (attack.attacker, attack.attacker_incarnation, "after_attack", attack.player, "攻撃した後"),
        (attack.blocker, attack.blocker_incarnation, "after_block", attack.defender, "ブロックした後"),
    ):
        if card is None:
            continue
        if gone(game, card, incarnation):
            considered.append(Considered.of(f"{card.label()}は場に残っていないので「{name}」の効果は発動しない", AFTER_ATTACK, outcome="does not apply"))
        else:
            game.happened(Event(kind, card, player, cause="attack"))
    game.trace.step("「攻撃した後」「ブロックした後」の効果を処理する。この攻撃はここで完結する。", AFTER_ATTACK, ONE_AT_A_TIME, considered=considered)
    settle(game)
