"""One attack, in the ten steps of 10.6.2, each its own trace step.

① declaration and rest, ② attack triggers, ③ the defence chosen, ④ the defence processed, ⑤ the
damage-to-zero choice, ⑥ powers and the outcome fixed, ⑦ 「移動する時」 of the defeated cards, ⑧ the
defeated cards and the damaged deck move, ⑨ 「移動した後」 triggers, ⑩ 「攻撃した後」「ブロックした後」.
Steps ①–⑧ are 「攻撃中」 (10.6.4): durations 「その攻撃中」 end after ⑧. Before ⑥ fixes the attack, an
attacker or target that leaves the field (or goes under another card) cancels it (10.6.5, 10.6.6).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from adjudicator.engine import activation, continuous, durations, legality, moves, naming, restrictions, turns
from adjudicator.engine.board import Card, Expiry, PowerMod, opponent_of
from adjudicator.engine.events import Event
from adjudicator.engine.rules import ATTACKER_LEFT, STACK_SHARES_STATE, TARGET_LEFT, Rule, rule
from adjudicator.format.actions import AttackSpec, Defence
from adjudicator.engine.stats import (
    AMOUNTS_ADD_UP,
    FACE_DOWN_NOT_ATTACKER,
    POWER_FLOOR,
    POWER_SET_OVERRIDES,
    power_of,
    roles_of,
)
from adjudicator.engine.trace import Considered
from adjudicator.engine.outcomes import Illegal

if TYPE_CHECKING:
    from adjudicator.engine.game import Game

GRANTED_ROLE_APPLIES = rule(
    "granted_role_applies", ("3.1.4", "3.6.2"),
    "得たアタッカー/ブロッカーは、オモテかつ場の一番上にある間は適用される（ウラの間に失われてはいない）",
)

# The ten steps (10.6.2).
DECLARE = rule("attack_declare", ("10.6.2-1", "5.2.6"), "攻撃宣言と、攻撃するカードのレスト")
ATTACK_TRIGGERS = rule("attack_triggers", "10.6.2-2", "「攻撃した時」「レストした時」等、身代わり以外の攻撃時効果の発動")
CHOOSE_DEFENCE = rule("choose_defence", ("10.6.2-3", "11.2.1"), "攻撃を受けた側はブロック・身代わり・事変のいずれか1つを選べる")
PROCESS_DEFENCE = rule("process_defence", "10.6.2-4", "選択した防御手段の処理と「ブロックした時」等の効果の発動")
CHOOSE_DAMAGE_ZERO = rule("choose_damage_zero", ("10.6.2-5", "11.2.8"), "山札へのダメージを0にするかの選択（他の防御手段と併用可）")
DAMAGE_ZERO_HOLDER = rule(
    "damage_zero_holder", "9.1.6", "「自分の山札が受けるダメージを0にできる」権利は、その山札の持ち主のものとして使うかを選ぶ"
)
FIX_POWER = rule("fix_power", "10.6.2-6", "パワーの確定と、攻撃処理そのものの確定")
BEFORE_MOVE = rule("before_move", "10.6.2-7", "敗れたカードの「墓地へ送られる時」等の発動")
MOVE = rule("attack_move", "10.6.2-8", "敗れたカードの移動と、ダメージを受けた山札の移動")
AFTER_MOVE = rule("after_move", "10.6.2-9", "場から移動したカードの「墓地へ送られた時」等の発動")
AFTER_ATTACK = rule("after_attack", "10.6.2-10", "「攻撃した後」「ブロックした後」は当該カードが場に残っている場合のみ")
DURING_ATTACK = durations.DURING_ATTACK
ONE_AT_A_TIME = rule("one_attack_at_a_time", "10.6.1", "攻撃は1枚ごとに宣言から攻撃後の効果までを完結させる")
DECLARED_ATTACK_STANDS = rule(
    "declared_attack_stands", ("5.4.1", "10.3.2"), "「攻撃できない」は宣言を禁止するもので、宣言済みの攻撃を取り消さない"
)

# Who may attack what (11.1, 5.2.6).
ATTACKER_NEEDS = rule("attacker_needs", "5.2.6", "自分の場のオモテかつアクティブで剣マークを持つカード1枚をレストして攻撃する")
REST_LIMITS_ATTACK = rule("rest_limits_attack", "3.2.4", "レスト状態が制限するのは攻撃とブロックのみ")
TARGETS = rule("attack_targets", ("11.1.1", "11.1.4"), "攻撃対象は相手の山札か、相手の場のオモテかつレストのカードのみ")

# What an attack does (11.1, 11.2, 11.6, 11.7).
DECK_DAMAGE = rule("deck_damage", "11.1.2", "山札への攻撃は、パワー1000につき1枚を山札の上から墓地へ送る")
BATTLE = rule("battle", ("11.1.3", "11.7.1"), "レストしているカードへの攻撃はバトル: 小さい方（同じなら両方）を墓地へ")
NOT_A_BATTLE = rule("deck_attack_not_battle", "11.7.1", "ブロックされなかった山札への攻撃はパワーを比較しないのでバトルではない")
POWER_ZERO_BATTLE = rule("power_zero_battle", "11.6.1", "パワー0同士でも同じパワーなので両方を墓地へ送る")
BLOCK = rule("block", "11.2.2", "ブロックは自分の場のオモテかつアクティブで盾マークを持つカード1枚をレストして行う")
BLOCK_BATTLE = rule("block_battle", ("11.2.2", "11.7.1"), "ブロックはバトル: 攻撃中のカードとブロックしたカードのパワーを比較する")
BLOCK_DIFFERENCE = rule("block_difference", "11.2.2", "山札への攻撃をブロックし、攻撃側が上回れば差分1000につき1枚を山札から墓地へ")
SUBSTITUTE = rule("substitute", "11.2.3", "身代わり: 手札から見せて墓地へ送り、その攻撃中、攻撃しているカードのパワーを−3000")
ONE_SUBSTITUTE = rule("one_substitute", "11.2.6", "身代わりは1回の攻撃に1枚まで、ブロック・事変と併用できない")
COUNTER_EVENT = rule("counter_event", ("11.2.4", "11.2.7"), "「相手の攻撃時にも発動できる」事変を、攻撃を受けた側が見せて発動する")
ONE_DEFENCE = rule("one_defence", "11.2.5", "1回の攻撃に使える防御手段はブロック・身代わり・事変のどれか1つ")
DAMAGE_ZERO = rule("damage_zero", ("11.2.8", "11.3.1"), "「山札へのダメージを0にする」権利: 山札への攻撃で墓地へ送られる枚数を0にする")
DAMAGE_ZERO_NOT_IMMUNITY = rule("damage_zero_not_immunity", "9.1.6", "ダメージを0にする権利は山札の領域に作用し、「効果を受けない」で妨げられない")
IMMUNE_TO_POWER = rule("immune_to_power", "9.1.1", "「効果を受けない」カードのパワーは効果で増減しない")
BATTLE_PROOF = moves.BATTLE_PROOF
PROTECTION = moves.PROTECTION_BEATS_ACTION

SUBSTITUTE_POWER = -3000
SUBSTITUTE_SOURCE = "身代わり"


@dataclass
class Attack:
    """The attack in progress: who attacks what, and what the defender chose."""

    attacker: Card
    attacker_incarnation: int
    target: Card | None  # None: the opponent's deck
    target_incarnation: int
    player: str
    defender: str
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


def perform_attack(game: "Game", index: int, spec: AttackSpec) -> None:
    """An ``attack`` action: legality first (an illegal declaration changes nothing), then ①–⑩."""
    turns.advance_to(game, "attack")
    attack = _declare(game, spec)
    try:
        _resolve(game, attack, spec)
    finally:
        game.board.attacking = None
        game.board.attack_target = None


# --- ① declaration -----------------------------------------------------------------------------------


def _declare(game: "Game", spec: AttackSpec) -> Attack:
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


def _attacker(game: "Game", ref: str, player: str) -> Card:
    card, stack = legality.field_top(game, ref, player, "攻撃するカード", ATTACKER_NEEDS)
    label = naming.card_label(game.board, card)
    if stack.face_down:
        raise Illegal(f"{label}はウラのカードなのでアタッカーではなく、攻撃できない", FACE_DOWN_NOT_ATTACKER)
    if stack.rested:
        raise Illegal(f"{label}はレストしているので攻撃できない", ATTACKER_NEEDS, REST_LIMITS_ATTACK)
    if "attacker" not in roles_of(game.board, card):
        raise Illegal(f"{label}は剣マーク（アタッカー）を持たないので攻撃できない", ATTACKER_NEEDS)
    return card


def _target(game: "Game", ref: str, defender: str) -> Card:
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
    moves.set_rested(game, attack.attacker, True)
    board.attacking = attack.attacker
    board.attack_target = attack.target
    game.trace.step(text, *rules, changes=[f"{naming.slot_ref(board, attack.attacker)}: アクティブ → レスト"])


# --- ②–⑩ ---------------------------------------------------------------------------------------------


def _resolve(game: "Game", attack: Attack, spec: AttackSpec) -> None:
    _attack_triggers(game, attack)
    if _cancelled(game, attack):
        return
    if spec.response == "open":
        _defence_left_open(game, attack)
    _choose_defence(game, attack, spec.defences)
    _process_defence(game, attack)
    if _cancelled(game, attack):
        return
    if spec.damage_zero == "open":
        _damage_zero_left_open(game, attack)
    _choose_damage_zero(game, attack, spec.damage_zero is True)
    if _cancelled(game, attack):
        return
    outcome = _fix(game, attack)
    staying = _before_move(game, outcome)
    _move(game, attack, outcome, staying)
    _after_move(game)
    _after_attack(game, attack)


def _settle(game: "Game") -> None:
    """Run the after-triggers a step caused, then check the decks (12.1.2)."""
    game.settle()
    game.check_deck_out()


def _attack_triggers(game: "Game", attack: Attack) -> None:
    game.trace.step("攻撃時の効果（「攻撃した時」「攻撃された時」「レストした時」等）を処理する。", ATTACK_TRIGGERS)
    game.happened(Event("attacks", attack.attacker, attack.player, cause="attack"))
    if attack.target is not None:
        game.happened(Event("is_attacked", attack.target, attack.defender, cause="attack", detail={"by": attack.attacker.uid}))
    _settle(game)


def _gone(game: "Game", card: Card, incarnation: int) -> bool:
    """Left the field or went under another card since the declaration (10.6.5, 10.6.6)."""
    return card.incarnation != incarnation or not game.board.on_field(card)


def _how_gone(game: "Game", card: Card) -> str:
    still_there = game.board.locate(card)[1] == "under"
    return "場の下に移動した" if still_there else "場を離れた"


def _cancelled(game: "Game", attack: Attack) -> bool:
    reasons: list[str] = []
    rules: list[Rule] = []
    if _gone(game, attack.attacker, attack.attacker_incarnation):
        reasons.append(f"攻撃している{attack.attacker.label()}が{_how_gone(game, attack.attacker)}")
        rules.append(ATTACKER_LEFT)
    if attack.target is not None and _gone(game, attack.target, attack.target_incarnation):
        reasons.append(f"攻撃対象の{attack.target.label()}が{_how_gone(game, attack.target)}")
        rules.append(TARGET_LEFT)
    if not reasons:
        return False
    text = "、".join(reasons) + "ので、この攻撃はキャンセルされる。"
    if attack.target is not None:
        text += "相手の山札への攻撃には切り替わらない。"
    text += "攻撃宣言でのレストなど、既に生じた状態の変化は元に戻らない。"
    changes = _end_attack_durations(game, attack)
    game.trace.step(text, *rules, DURING_ATTACK, changes=changes)
    return True


def _defence_left_open(game: "Game", attack: Attack) -> None:
    """The scenario did not say how the defender answers: if it has a legal defence, that is its choice
    (11.2.1) and resolution stops for it; with none available there is nothing to choose."""
    board = game.board
    defender = board.players[attack.defender]
    candidates = [Defence(block=f"{attack.defender}{slot}") for slot in sorted(defender.field)]
    for card in defender.hand:
        if card.info is not None and card.info.id is not None:
            candidates += [Defence(substitute=card.info.id), Defence(event=card.info.id)]
    usable = [d for d in candidates if _defence_problem(game, attack, d) is None]
    if usable:
        options = ["none", *(f"{d.kind}: {d.ref}" for d in usable)]
        game.need_decision(attack.defender, "この攻撃に防御手段（ブロック・身代わり・事変）を使うか、使うならどれか", options, CHOOSE_DEFENCE)


def _damage_zero_left_open(game: "Game", attack: Attack) -> None:
    """A right to zero the deck's damage is the defender's choice at ⑤ (11.2.8): never assumed either way."""
    if attack.target is None and game.board.players[attack.defender].damage_zero > 0:
        game.need_decision(attack.defender, "「山札へのダメージを0にする」権利をこの攻撃に使うか", ["true", "false"], CHOOSE_DAMAGE_ZERO, DAMAGE_ZERO_HOLDER)


def _choose_defence(game: "Game", attack: Attack, defences: list[Defence]) -> None:
    """③: the first legal defence is used; any later one is rejected on its own (11.2.5, 11.2.6)."""
    for defence in defences[:5]:
        if attack.defence is not None:
            _reject_second_defence(game, attack, defence)
            continue
        problem = _defence_problem(game, attack, defence)
        if problem is not None:
            game.reject_choice(problem[0], *problem[1])
            continue
        attack.defence = defence
        if defence.kind == "block":
            attack.blocker = game.board.find(defence.ref)
            attack.blocker_incarnation = attack.blocker.incarnation  # type: ignore[union-attr]
    if len(defences) > 1:  # several attempted: the first legal one is the defence of this attack (11.2.5)
        game.trace.step(_defence_choice_text(game, attack), CHOOSE_DEFENCE, ONE_DEFENCE)
    else:
        game.trace.step(_defence_choice_text(game, attack), CHOOSE_DEFENCE)


def _reject_second_defence(game: "Game", attack: Attack, defence: Defence) -> None:
    used = attack.defence
    assert used is not None
    rules: list[Rule] = [ONE_DEFENCE]
    if "substitute" in (used.kind, defence.kind):
        rules.append(ONE_SUBSTITUTE)
    game.reject_choice(
        f"この攻撃には既に{_defence_name(game, used)}を使っているので、{_defence_name(game, defence)}は使えない", *rules
    )


def _defence_name(game: "Game", defence: Defence) -> str:
    card = game.board.find(defence.ref)
    label = naming.card_label(game.board, card) if card else defence.ref
    return {"block": f"{label}によるブロック", "substitute": f"{label}の身代わり", "event": f"事変{label}"}[defence.kind]


def _defence_choice_text(game: "Game", attack: Attack) -> str:
    defence = attack.defence
    if defence is None:
        return f"{attack.defender}は防御手段（ブロック・身代わり・事変）を使わない。"
    card = game.board.find(defence.ref)
    label = naming.card_label(game.board, card) if card else defence.ref
    if defence.kind == "block":
        return f"{attack.defender}は{label}でブロックすることを選ぶ。"
    if defence.kind == "substitute":
        return f"{attack.defender}は手札の{label}で身代わりを使うことを選ぶ。"
    return f"{attack.defender}は手札の事変{label}を発動することを選ぶ。"


def _defence_problem(game: "Game", attack: Attack, defence: Defence) -> tuple[str, tuple[Rule, ...]] | None:
    """Why this defence cannot be used now, or None (asking records nothing)."""
    if defence.kind == "block":
        return _block_problem(game, attack, defence.ref)
    if defence.kind == "substitute":
        return _substitute_problem(game, attack, defence.ref)
    return _event_problem(game, attack, defence.ref)


def _block_problem(game: "Game", attack: Attack, ref: str) -> tuple[str, tuple[Rule, ...]] | None:
    try:
        card, stack = legality.field_top(game, ref, attack.defender, "ブロックするカード", BLOCK)
    except Illegal as wrong:
        return wrong.text, wrong.rules
    label = naming.card_label(game.board, card)
    if stack.face_down:
        return f"{label}はウラのカードなのでブロッカーではなく、ブロックできない", (FACE_DOWN_NOT_ATTACKER,)
    if stack.rested:
        return f"{label}はレストしているのでブロックできない", (BLOCK, REST_LIMITS_ATTACK)
    if "blocker" not in roles_of(game.board, card):
        return f"{label}は盾マーク（ブロッカー）を持たないのでブロックできない", (BLOCK,)
    forbidden = restrictions.forbidding(game, attack.defender, "block", card)
    if forbidden:
        return forbidden[0], forbidden[1]
    return None


def _substitute_problem(game: "Game", attack: Attack, ref: str) -> tuple[str, tuple[Rule, ...]] | None:
    card = legality.own_hand_card(game, ref, attack.defender)
    if card is None:
        return f"{ref} は{attack.defender}の手札にないので身代わりに使えない", (SUBSTITUTE,)
    if not (card.info and card.info.substitute):
        return f"{card.label()}は｛身代わり｝を持たないので身代わりに使えない", (SUBSTITUTE,)
    return None


def _event_problem(game: "Game", attack: Attack, ref: str) -> tuple[str, tuple[Rule, ...]] | None:
    """A counter event is judged like any event (level, one per turn), plus its counter text (11.2.4)."""
    card = legality.own_hand_card(game, ref, attack.defender)
    if card is None:
        return f"{ref} は{attack.defender}の手札にないので発動できない", (COUNTER_EVENT,)
    return activation.event_problem(game, attack.defender, card, counter=True)


def _process_defence(game: "Game", attack: Attack) -> None:
    """④: rest the blocker, send the 身代わり, or activate the event; then their triggers."""
    defence = attack.defence
    if defence is None:
        game.trace.step("防御手段は使われない。", PROCESS_DEFENCE)
    elif defence.kind == "block":
        _process_block(game, attack)
    elif defence.kind == "substitute":
        _process_substitute(game, attack, defence.ref)
    else:
        _process_event(game, attack, defence.ref)
    _settle(game)


def _process_block(game: "Game", attack: Attack) -> None:
    board = game.board
    blocker = attack.blocker
    assert blocker is not None
    label = naming.card_label(board, blocker)
    stack = board.players[attack.defender].stack_of(blocker)[1]  # type: ignore[index]
    rules: list[Rule] = [PROCESS_DEFENCE, BLOCK]
    text = f"{label}をレストしてブロックする。"
    if stack.under:
        text += f"その下の{len(stack.under)}枚もレストになる。"
        rules.append(STACK_SHARES_STATE)
    moves.set_rested(game, blocker, True)
    game.trace.step(text + "「ブロックした時」「ブロックされた時」の効果を処理する。", *rules,
                    changes=[f"{naming.slot_ref(board, blocker)}: アクティブ → レスト"])
    game.happened(Event("blocks", blocker, attack.defender, cause="attack"))
    game.happened(Event("is_blocked", attack.attacker, attack.player, cause="attack", detail={"by": blocker.uid}))


def _process_substitute(game: "Game", attack: Attack, ref: str) -> None:
    board = game.board
    card = board.find(ref)
    assert card is not None
    before = naming.counts(board)
    moves.take_from_zone(game, card)
    board.players[attack.defender].graveyard.append(card)
    attacker = attack.attacker
    label = naming.card_label(board, attacker)
    text = f"{attack.defender}は手札の{card.label()}を相手に見せてから墓地へ送る（身代わり）。"
    rules: list[Rule] = [PROCESS_DEFENCE, SUBSTITUTE, ONE_SUBSTITUTE]
    considered: list[Considered] = []
    changes = naming.count_changes(before, board)
    if attacker.immune:
        considered.append(Considered.of(f"{label}は効果を受けないので、パワーは−3000されない", IMMUNE_TO_POWER, outcome="refuses"))
        game.trace.step(text, *rules, changes=changes, considered=considered)
        return
    old = power_of(board, attacker)
    attacker.power_mods.append(PowerMod(SUBSTITUTE_POWER, None, Expiry(attack.player, 0, "attack"), source=SUBSTITUTE_SOURCE))
    new = power_of(board, attacker)
    text += f"その攻撃中、{label}のパワーを−3000する: {old} → {new}。"
    if old is not None and old + SUBSTITUTE_POWER < 0:
        text += "計算上0未満になるので0として扱う。"
        rules.append(POWER_FLOOR)
    changes.append(f"{naming.slot_ref(board, attacker)}のパワー: {old} → {new}（その攻撃中）")
    game.trace.step(text, *rules, changes=changes, considered=considered)


def _process_event(game: "Game", attack: Attack, ref: str) -> None:
    """A counter event resolves through the effects layer like any event from hand (11.2.4, 11.2.7)."""
    card = game.board.find(ref)
    assert card is not None
    game.trace.step(f"{attack.defender}は手札の事変{card.label()}を相手に見せて、攻撃への対応として発動する。", PROCESS_DEFENCE, COUNTER_EVENT)
    activation.activate_counter_event(game, attack.defender, card)


def _choose_damage_zero(game: "Game", attack: Attack, wanted: bool) -> None:
    """⑤: the defender may use a 「ダメージを0にする」 right, whatever defence it used (11.2.8)."""
    defender = game.board.players[attack.defender]
    if not wanted:
        game.trace.step(f"{attack.defender}は「山札へのダメージを0にする」権利を使わない。", CHOOSE_DAMAGE_ZERO)
        return
    if defender.damage_zero < 1:
        game.reject_choice(f"{attack.defender}には「山札へのダメージを0にする」権利が残っていない", DAMAGE_ZERO)
        game.trace.step(f"{attack.defender}は「山札へのダメージを0にする」権利を使えない。", CHOOSE_DAMAGE_ZERO)
        return
    if attack.target is not None:
        game.trace.step(
            f"カードへの攻撃なので{attack.defender}の山札はダメージを受けない。「山札へのダメージを0にする」権利は使われない。",
            CHOOSE_DAMAGE_ZERO,
            considered=[Considered.of("山札が受けるダメージは山札への攻撃によるものだけ", DAMAGE_ZERO, outcome="does not apply")],
        )
        return
    attack.damage_zero = True
    defender.damage_zero -= 1
    rules: list[Rule] = [CHOOSE_DAMAGE_ZERO, DAMAGE_ZERO]
    if attack.attacker.immune:
        rules.append(DAMAGE_ZERO_NOT_IMMUNITY)
    game.trace.step(
        f"{attack.defender}は「山札へのダメージを0にする」権利を使う。",
        *rules,
        changes=[f"{attack.defender}の「ダメージを0にする」権利: {defender.damage_zero + 1} → {defender.damage_zero}"],
    )


# --- ⑥ the outcome -----------------------------------------------------------------------------------


def _fix(game: "Game", attack: Attack) -> AttackResult:
    """⑥: read the powers now and fix what the attack does (battle, deck damage)."""
    board = game.board
    attack_power = power_of(board, attack.attacker)
    opponent = attack.blocker or attack.target
    if attack_power is None or (opponent is not None and power_of(board, opponent) is None):
        game.rulebook_gap("攻撃中にカードがウラになり、パワーを比較できない。この場合の処理は本書に定めがない", FIX_POWER, FACE_DOWN_NOT_ATTACKER)
    if attack.blocker is not None and _gone(game, attack.blocker, attack.blocker_incarnation):
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


# --- ⑦–⑩ --------------------------------------------------------------------------------------------


def _before_move(game: "Game", outcome: AttackResult) -> list[Card]:
    """⑦: protections keep a defeated card on the field (11.7.2, 10.2.1); the rest get their 「〜する時」."""
    board = game.board
    considered: list[Considered] = []
    staying: list[Card] = []
    for card in outcome.losers:
        allowed, reason = moves.may_leave(game, card, "battle")
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


def _move(game: "Game", attack: Attack, outcome: AttackResult, staying: list[Card]) -> None:
    """⑧: the defeated cards go to their graveyards and the deck takes its damage, as one batch."""
    board = game.board
    before = naming.counts(board)
    losers = [card for card in outcome.losers if card not in staying]
    under_notes = [_under_note(game, card) for card in losers]
    labels = [naming.card_label(board, card) for card in losers]
    moved = moves.leave_field(game, losers, "graveyard", "battle")
    milled = moves.deck_to_graveyard(game, attack.defender, outcome.damage, "attack") if outcome.damage else []
    parts = []
    rules: list[Rule] = [MOVE]
    if moved:
        parts.append("、".join(label for card, label in zip(losers, labels) if card in moved) + "を墓地へ送る。")
    notes = [note for card, note in zip(losers, under_notes) if card in moved and note]
    if notes:
        parts.append("".join(notes))
        rules += [moves.UNDER_STAYS, STACK_SHARES_STATE]
    if outcome.damage:
        parts.append(f"{attack.defender}の山札の上から{len(milled)}枚を墓地へ送る（ダメージ）。")
        rules.append(DECK_DAMAGE)
    if not parts:
        parts.append("移動するカードはない。")
    changes = naming.count_changes(before, board) + _end_attack_durations(game, attack)
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


def _after_move(game: "Game") -> None:
    game.trace.step("場から移動したカードの「墓地へ送られた時」等の効果を処理する。", AFTER_MOVE)
    _settle(game)


def _after_attack(game: "Game", attack: Attack) -> None:
    """⑩: 「攻撃した後」「ブロックした後」 only for a card still on the field."""
    considered: list[Considered] = []
    for card, incarnation, kind, player, name in (
        (attack.attacker, attack.attacker_incarnation, "after_attack", attack.player, "攻撃した後"),
        (attack.blocker, attack.blocker_incarnation, "after_block", attack.defender, "ブロックした後"),
    ):
        if card is None:
            continue
        if _gone(game, card, incarnation):
            considered.append(Considered.of(f"{card.label()}は場に残っていないので「{name}」の効果は発動しない", AFTER_ATTACK, outcome="does not apply"))
        else:
            game.happened(Event(kind, card, player, cause="attack"))
    game.trace.step("「攻撃した後」「ブロックした後」の効果を処理する。この攻撃はここで完結する。", AFTER_ATTACK, ONE_AT_A_TIME, considered=considered)
    _settle(game)


def _end_attack_durations(game: "Game", attack: Attack) -> list[str]:
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
