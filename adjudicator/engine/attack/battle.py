"""⑥ the powers and the outcome fixed, ⑦ 「移動する時」 of the defeated cards, ⑧ the defeated cards and the
damaged deck move, which ends 「攻撃中」 (10.6.2, 10.6.4, 11.1, 11.2.2, 11.6, 11.7)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.engine import continuous, durations, naming, restrictions, zone_moves
from adjudicator.engine.attack.state import BLOCK, DAMAGE_ZERO, DURING_ATTACK, Attack, AttackResult, end_attack_durations, gone
from adjudicator.engine.board import Card
from adjudicator.engine.rules import ATTACKER_LEFT, STACK_SHARES_STATE, TARGET_LEFT, Rule, rule
from adjudicator.engine.stats import AMOUNTS_ADD_UP, FACE_DOWN_NOT_ATTACKER, POWER_FLOOR, POWER_SET_OVERRIDES, power_of
from adjudicator.engine.trace import Considered

if TYPE_CHECKING:
    from adjudicator.engine.game import Game


FIX_POWER = rule("fix_power", "10.6.2-6", "パワーの確定と、攻撃処理そのものの確定")
BEFORE_MOVE = rule("before_move", "10.6.2-7", "敗れたカードの「墓地へ送られる時」等の発動")
MOVE = rule("attack_move", "10.6.2-8", "敗れたカードの移動と、ダメージを受けた山札の移動")
DECLARED_ATTACK_STANDS = rule(
    "declared_attack_stands", ("5.4.1", "10.3.2"), "「攻撃できない」は宣言を禁止するもので、宣言済みの攻撃を取り消さない"
)
# What an attack does (11.1, 11.2, 11.6, 11.7).
DECK_DAMAGE = rule("deck_damage", "11.1.2", "山札への攻撃は、パワー1000につき1枚を山札の上から墓地へ送る")
BATTLE = rule("battle", ("11.1.3", "11.7.1"), "レストしているカードへの攻撃はバトル: 小さい方（同じなら両方）を墓地へ")
NOT_A_BATTLE = rule("deck_attack_not_battle", "11.7.1", "ブロックされなかった山札への攻撃はパワーを比較しないのでバトルではない")
POWER_ZERO_BATTLE = rule("power_zero_battle", "11.6.1", "パワー0同士でも同じパワーなので両方を墓地へ送る")
BLOCK_BATTLE = rule("block_battle", ("11.2.2", "11.7.1"), "ブロックはバトル: 攻撃中のカードとブロックしたカードのパワーを比較する")
BLOCK_DIFFERENCE = rule("block_difference", "11.2.2", "山札への攻撃をブロックし、攻撃側が上回れば差分1000につき1枚を山札から墓地へ")
BATTLE_PROOF = zone_moves.BATTLE_PROOF
PROTECTION = zone_moves.PROTECTION_BEATS_ACTION


def fix_outcome(game: "Game", attack: Attack) -> AttackResult:
    """⑥: read the powers now and fix what the attack does (battle, deck damage)."""
    board = game.board
    attack_power = power_of(board, attack.attacker)
    opponent = attack.blocker or attack.target
    if attack_power is None or (opponent is not None and power_of(board, opponent) is None):
        # Turning face-down is neither leaving the field nor going under: the cancellations do not reach it.
        not_cancelled = [ATTACKER_LEFT] if attack_power is None else []
        if opponent is not None and opponent is attack.target and power_of(board, opponent) is None:
            not_cancelled.append(TARGET_LEFT)
        game.rulebook_gap(
            "攻撃中にカードがウラになり、パワーを比較できない。場を離れたのでも場の下に移動したのでもないので攻撃のキャンセルにも当たらない。"
            "この場合の処理は本書に定めがない",
            FIX_POWER, FACE_DOWN_NOT_ATTACKER, *not_cancelled,
        )
    if attack.blocker is not None and gone(game, attack.blocker, attack.blocker_incarnation):
        game.rulebook_gap("ブロックしたカードが⑥の前に場を離れた。この場合の処理は本書に定めがない", FIX_POWER, BLOCK)
    if opponent is None:
        outcome = _deck_outcome(game, attack, attack_power)  # type: ignore[arg-type]
    else:
        outcome = _battle_outcome(game, attack, attack_power, opponent)  # type: ignore[arg-type]
    if attack.damage_zero and outcome.damage > 0:
        outcome.text += f"ダメージを0にする権利により、山札が受けるダメージ{outcome.damage}枚は0枚になる。"
        outcome.damage = 0
        outcome.rules += (DAMAGE_ZERO,)
    considered = outcome.considered + _power_notes(game, [attack.attacker, *([opponent] if opponent else [])])
    forbidden = restrictions.forbidding(game, attack.player, "attack", attack.attacker)
    if forbidden:
        considered.append(Considered.of(f"{forbidden[0]}が、宣言済みのこの攻撃は取り消されない", DECLARED_ATTACK_STANDS))
    game.trace.step(outcome.text, FIX_POWER, *outcome.rules, considered=considered)
    return outcome


def _power_notes(game: "Game", cards: list[Card]) -> list[Considered]:
    """How each compared power came about: added changes (10.4.2), a set value (10.4.3), the floor (11.6.2)."""
    notes = []
    for card in cards:
        mods = durations.in_force(card.power_mods)
        if card.info is None or card.info.power is None:
            continue
        label = naming.card_label(game.board, card)
        notes += _continuous_notes(game, card, label)
        if not mods:
            continue
        if any(mod.set is not None for mod in mods):
            notes.append(Considered.of(f"{label}: 「パワーが〇〇になる」がそれ以前の増減を上書きしている", POWER_SET_OVERRIDES))
        if sum(1 for mod in mods if mod.add is not None) > 1:
            notes.append(Considered.of(f"{label}: パワーの増減は合算する", AMOUNTS_ADD_UP))
        unfloored = card.info.power + sum(mod.add or 0 for mod in mods if mod.set is None)
        if all(mod.set is None for mod in mods) and unfloored < 0:
            notes.append(Considered.of(f"{label}: 計算上{unfloored}だがパワーは0未満にならない", POWER_FLOOR))
    return notes


def _continuous_notes(game: "Game", card: Card, label: str) -> list[Considered]:
    """A 「常」 effect's power change counts in the compared power while its card is face-up (6.4.5)."""
    notes = []
    for mod in continuous.power_mods_for(game.board, card):
        change = f"{mod.add:+d}" if mod.add is not None else f"を{mod.set}にする"
        notes.append(Considered.of(f"{label}のパワーには「常」効果｛{mod.source}｝の{change}が含まれる", continuous.CONTINUOUS_REJUDGED))
    return notes


def _deck_outcome(game: "Game", attack: Attack, power: int) -> AttackResult:
    label = naming.card_label(game.board, attack.attacker)
    damage = power // 1000
    text = (
        f"パワーを確定する: {label} {power}。山札への攻撃なので、パワー1000につき1枚、"
        f"{attack.defender}の山札の上から{damage}枚を墓地へ送ることが確定する。"
    )
    considered = [Considered.of("ブロックされなかった山札への攻撃はバトルではない", NOT_A_BATTLE)]
    return AttackResult([], damage, text, (DECK_DAMAGE,), considered)


def _battle_outcome(game: "Game", attack: Attack, power: int, opponent: Card) -> AttackResult:
    board = game.board
    other = power_of(board, opponent)
    assert other is not None
    attacker_label, opponent_label = naming.card_label(board, attack.attacker), naming.card_label(board, opponent)
    text = f"パワーを確定する: {attacker_label} {power} 対 {opponent_label} {other}（バトル）。"
    rules: tuple[Rule, ...] = (BLOCK_BATTLE,) if attack.blocker is not None else (BATTLE,)
    if power > other:
        losers, text = [opponent], text + f"小さい方の{opponent_label}を墓地へ送る。"
    elif power < other:
        losers, text = [attack.attacker], text + f"小さい方の{attacker_label}を墓地へ送る。"
    else:
        losers, text = [attack.attacker, opponent], text + "同じパワーなので両方をそれぞれの墓地へ送る。"
        if power == 0:
            rules += (POWER_ZERO_BATTLE,)
    damage = 0
    if attack.blocker is not None and attack.target is None:
        if power > other:
            damage = (power - other) // 1000
            text += f"山札への攻撃をブロックし攻撃側が{power - other}上回るので、差分1000につき1枚、{attack.defender}の山札の上から{damage}枚を墓地へ送る。"
            rules += (BLOCK_DIFFERENCE,)
        else:
            text += "ブロックしたカードのパワーが攻撃側以上なので、山札は墓地へ送られない。"
    return AttackResult(losers, damage, text, rules)


def before_move(game: "Game", outcome: AttackResult) -> list[Card]:
    """⑦: protections keep a defeated card on the field (11.7.2, 10.2.1); the rest get their 「〜する時」."""
    board = game.board
    considered: list[Considered] = []
    staying: list[Card] = []
    for card in outcome.losers:
        allowed, reason = zone_moves.may_leave(game, card, "battle")
        if not allowed:
            staying.append(card)
            why = BATTLE_PROOF if "バトル" in reason else PROTECTION  # 11.7.2 is the battle-only case of 10.2.1
            considered.append(Considered.of(f"{naming.card_label(board, card)}は{reason}ので、場に残る", why, outcome="refuses"))
    game.trace.step(
        "敗れたカードの「墓地へ送られる時」等の効果を処理する。" if outcome.losers else "バトルで敗れたカードはない。",
        BEFORE_MOVE,
        considered=considered,
    )
    return staying


def move_defeated(game: "Game", attack: Attack, outcome: AttackResult, staying: list[Card]) -> None:
    """⑧: the defeated cards go to their graveyards and the deck takes its damage, as one batch."""
    board = game.board
    before = naming.counts(board)
    losers = [card for card in outcome.losers if card not in staying]
    under_notes = [_under_note(game, card) for card in losers]
    labels = [naming.card_label(board, card) for card in losers]
    moved = zone_moves.leave_field(game, losers, "graveyard", "battle")
    milled = zone_moves.deck_to_graveyard(game, attack.defender, outcome.damage, "attack") if outcome.damage else []
    parts = []
    rules: list[Rule] = [MOVE]
    if moved:
        parts.append("、".join(label for card, label in zip(losers, labels) if card in moved) + "を墓地へ送る。")
    notes = [note for card, note in zip(losers, under_notes) if card in moved and note]
    if notes:
        parts.append("".join(notes))
        rules += [zone_moves.UNDER_STAYS, STACK_SHARES_STATE]
    if outcome.damage:
        parts.append(f"{attack.defender}の山札の上から{len(milled)}枚を墓地へ送る（ダメージ）。")
        rules.append(DECK_DAMAGE)
    if not parts:
        parts.append("移動するカードはない。")
    changes = naming.count_changes(before, board) + end_attack_durations(game, attack)
    game.trace.step("".join(parts) + "これで攻撃中の処理は終わる。", *rules, DURING_ATTACK, changes=changes)
    game.check_deck_out()


def _under_note(game: "Game", card: Card) -> str:
    board = game.board
    found = board.players[card.owner].stack_of(card)
    if found is None or not found[1].under:
        return ""
    slot, stack = found
    state = naming.state_name(stack.rested)
    return (
        f"{card.owner}{slot}の場の下の{len(stack.under)}枚は移動せず、{state}状態のまま残り、"
        f"一番上の{stack.under[-1].label()}が場のカードになる。"
    )
