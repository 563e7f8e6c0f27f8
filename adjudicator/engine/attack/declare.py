"""① the declaration and the attacker's rest, ② the attack triggers (10.6.2, 5.2.6, 11.1)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.engine import legality, naming, restrictions, zone_moves
from adjudicator.engine.attack.state import REST_LIMITS_ATTACK, Attack, settle
from adjudicator.engine.board import Card
from adjudicator.engine.events import Event
from adjudicator.engine.outcomes import Illegal
from adjudicator.engine.rules import STACK_SHARES_STATE, Rule, rule
from adjudicator.engine.stats import FACE_DOWN_NOT_ATTACKER, roles_of
from adjudicator.format.actions import AttackSpec
from adjudicator.vocabulary import PlayerId, opponent_of

if TYPE_CHECKING:
    from adjudicator.engine.game import Game


GRANTED_ROLE_APPLIES = rule(
    "granted_role_applies", ("3.1.4", "3.6.2"),
    "得たアタッカー/ブロッカーは、オモテかつ場の一番上にある間は適用される（ウラの間に失われてはいない）",
)
# The ten steps (10.6.2).
DECLARE = rule("attack_declare", ("10.6.2-1", "5.2.6"), "攻撃宣言と、攻撃するカードのレスト")
ATTACK_TRIGGERS = rule("attack_triggers", "10.6.2-2", "「攻撃した時」「レストした時」等、身代わり以外の攻撃時効果の発動")
# Who may attack what (11.1, 5.2.6).
ATTACKER_NEEDS = rule("attacker_needs", "5.2.6", "自分の場のオモテかつアクティブで剣マークを持つカード1枚をレストして攻撃する")
TARGETS = rule("attack_targets", ("11.1.1", "11.1.4"), "攻撃対象は相手の山札か、相手の場のオモテかつレストのカードのみ")


def declare_attack(game: "Game", spec: AttackSpec) -> Attack:
    """①: the attacker and its target checked (5.2.6, 11.1), then declared and rested; an illegal declaration
    raises before anything changes."""
    board = game.board
    player = board.turn_player
    attacker = _attacker(game, spec.attacker, player)
    target = None if spec.target == "deck" else _target(game, spec.target, opponent_of(player))
    forbidden = restrictions.forbidding(game, player, "attack", attacker)
    if forbidden:
        raise Illegal(forbidden[0], *forbidden[1])
    attack = Attack(attacker, attacker.incarnation, target, target.incarnation if target else 0, player, opponent_of(player))
    _record_declaration(game, attack)
    return attack


def _attacker(game: "Game", ref: str, player: PlayerId) -> Card:
    card, stack = legality.field_top(game, ref, player, "攻撃するカード", ATTACKER_NEEDS)
    label = naming.card_label(game.board, card)
    if stack.face_down:
        raise Illegal(f"{label}はウラのカードなのでアタッカーではなく、攻撃できない", FACE_DOWN_NOT_ATTACKER)
    if stack.rested:
        raise Illegal(f"{label}はレストしているので攻撃できない", ATTACKER_NEEDS, REST_LIMITS_ATTACK)
    if "attacker" not in roles_of(game.board, card):
        raise Illegal(f"{label}は剣マーク（アタッカー）を持たないので攻撃できない", ATTACKER_NEEDS)
    return card


def _target(game: "Game", ref: str, defender: PlayerId) -> Card:
    card, stack = legality.field_top(game, ref, defender, "攻撃対象", TARGETS)
    label = naming.card_label(game.board, card)
    if stack.face_down:
        raise Illegal(f"{label}はウラのカードなので攻撃対象にできない", FACE_DOWN_NOT_ATTACKER)
    if not stack.rested:
        raise Illegal(f"{label}はアクティブ状態なので攻撃対象にできない", TARGETS)
    return card


def _record_declaration(game: "Game", attack: Attack) -> None:
    board = game.board
    attacker_label = naming.card_label(board, attack.attacker)
    target_text = f"{attack.defender}の山札" if attack.target is None else naming.card_label(board, attack.target)
    stack = board.players[attack.player].stack_of(attack.attacker)[1]  # type: ignore[index]
    rules: list[Rule] = [DECLARE, TARGETS]
    text = f"{attacker_label}が{target_text}を攻撃する。{attacker_label}をレストする。"
    if attack.attacker.info is not None and attack.attacker.info.role != "attacker":
        # Its 剣 comes from a grant or a 「常」 effect, not from the card itself.
        text = f"{attacker_label}は得たアタッカーとして攻撃できる。" + text
        rules.append(GRANTED_ROLE_APPLIES)
    if stack.under:
        text += f"その下の{len(stack.under)}枚もレストになる。"
        rules.append(STACK_SHARES_STATE)
    zone_moves.set_rested(game, attack.attacker, True)
    board.attacking = attack.attacker
    board.attack_target = attack.target
    game.trace.step(text, *rules, changes=[f"{naming.slot_ref(board, attack.attacker)}: アクティブ → レスト"])


def attack_triggers(game: "Game", attack: Attack) -> None:
    """②: 「攻撃した時」「攻撃された時」「レストした時」 等, every attack trigger but 身代わり."""
    game.trace.step("攻撃時の効果（「攻撃した時」「攻撃された時」「レストした時」等）を処理する。", ATTACK_TRIGGERS)
    game.happened(Event("attacks", attack.attacker, attack.player, cause="attack"))
    if attack.target is not None:
        game.happened(Event("is_attacked", attack.target, attack.defender, cause="attack", detail={"by": attack.attacker.uid}))
    settle(game)
