"""The attack in progress (10.6.4–10.6.6): who attacks what, the 「攻撃中」 period, and its cancellation.

Steps ①–⑧ of 10.6.2 are 「攻撃中」 (10.6.4): durations 「その攻撃中」 end after ⑧. Before ⑥ fixes the attack, an
attacker or target that leaves the field (or goes under another card) cancels it (10.6.5, 10.6.6). The rules
here are those that more than one step of the attack cites.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from adjudicator.engine import durations, naming
from adjudicator.engine.board import Card
from adjudicator.engine.rules import ATTACKER_LEFT, TARGET_LEFT, Rule, rule
from adjudicator.engine.stats import power_of
from adjudicator.engine.trace import Considered
from adjudicator.format.actions import Defence
from adjudicator.vocabulary import PlayerId

if TYPE_CHECKING:
    from adjudicator.engine.game import Game

DURING_ATTACK = durations.DURING_ATTACK
REST_LIMITS_ATTACK = rule("rest_limits_attack", "3.2.4", "レスト状態が制限するのは攻撃とブロックのみ")
BLOCK = rule("block", "11.2.2", "ブロックは自分の場のオモテかつアクティブで盾マークを持つカード1枚をレストして行う")
DAMAGE_ZERO = rule("damage_zero", ("11.2.8", "11.3.1"), "「山札へのダメージを0にする」権利: 山札への攻撃で墓地へ送られる枚数を0にする")


@dataclass
class Attack:
    """The attack in progress: who attacks what, and what the defender chose."""

    attacker: Card
    attacker_incarnation: int
    target: Card | None  # None: the opponent's deck
    target_incarnation: int
    player: PlayerId
    defender: PlayerId
    blocker: Card | None = None
    blocker_incarnation: int = 0
    defence: Defence | None = None
    damage_zero: bool = False


@dataclass
class AttackResult:
    """What ⑥ fixed: the defeated cards, the deck damage, and how to say it."""

    losers: list[Card]
    damage: int
    text: str
    rules: tuple[Rule, ...]
    considered: list[Considered] = field(default_factory=list)


def settle(game: "Game") -> None:
    """Run the after-triggers a step caused, then check the decks (12.1.2)."""
    game.settle()
    game.check_deck_out()


def gone(game: "Game", card: Card, incarnation: int) -> bool:
    """Left the field or went under another card since the declaration (10.6.5, 10.6.6)."""
    return card.incarnation != incarnation or not game.board.on_field(card)


def _how_gone(game: "Game", card: Card) -> str:
    still_there = game.board.locate(card)[1] == "under"
    return "場の下に移動した" if still_there else "場を離れた"


def cancelled(game: "Game", attack: Attack) -> bool:
    """Whether the attacker or the target has left since ① (10.6.5, 10.6.6); if so the attack is cancelled here
    and its 「その攻撃中」 durations end."""
    reasons: list[str] = []
    rules: list[Rule] = []
    if gone(game, attack.attacker, attack.attacker_incarnation):
        reasons.append(f"攻撃している{attack.attacker.label()}が{_how_gone(game, attack.attacker)}")
        rules.append(ATTACKER_LEFT)
    if attack.target is not None and gone(game, attack.target, attack.target_incarnation):
        reasons.append(f"攻撃対象の{attack.target.label()}が{_how_gone(game, attack.target)}")
        rules.append(TARGET_LEFT)
    if not reasons:
        return False
    text = "、".join(reasons) + "ので、この攻撃はキャンセルされる。"
    if attack.target is not None:
        text += "相手の山札への攻撃には切り替わらない。"
    text += "攻撃宣言でのレストなど、既に生じた状態の変化は元に戻らない。"
    changes = end_attack_durations(game, attack)
    game.trace.step(text, *rules, DURING_ATTACK, changes=changes)
    return True


def end_attack_durations(game: "Game", attack: Attack) -> list[str]:
    """「その攻撃中」 ends with step ⑧ (10.6.4): every duration tied to the attack ends."""
    board = game.board
    before = power_of(board, attack.attacker)
    ended = durations.end_of_attack(board)
    # ⑨ and ⑩ are not 「攻撃中」 (10.6.4): from here no card is 「攻撃しているカード」.
    board.attacking = None
    board.attack_target = None
    changes = [f"{words}が終わる（その攻撃中の効果）" for words in ended]
    after = power_of(board, attack.attacker)
    if ended and before != after and board.on_field(attack.attacker):
        changes.append(f"{naming.slot_ref(board, attack.attacker)}のパワー: {before} → {after}")
    return changes
