"""③ the defence chosen, ④ the defence processed, ⑤ the damage-to-zero choice (10.6.2, 11.2).

The defender may use one of a block, a 身代わり or a counter event (11.2.5), and, whatever it used, a right
to zero its deck's damage (11.2.8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.engine import activation, legality, naming, restrictions, zone_moves
from adjudicator.engine.attack.state import BLOCK, DAMAGE_ZERO, REST_LIMITS_ATTACK, Attack, settle
from adjudicator.engine.board import Expiry, PowerMod
from adjudicator.engine.events import Event
from adjudicator.engine.outcomes import Illegal, Unknown
from adjudicator.engine.rules import STACK_SHARES_STATE, Rule, rule
from adjudicator.engine.stats import FACE_DOWN_NOT_ATTACKER, POWER_FLOOR, power_of, roles_of
from adjudicator.engine.trace import Considered
from adjudicator.format.actions import Defence
from adjudicator.vocabulary import PlayerId

if TYPE_CHECKING:
    from adjudicator.engine.game import Game


CHOOSE_DEFENCE = rule("choose_defence", ("10.6.2-3", "11.2.1"), "攻撃を受けた側はブロック・身代わり・事変のいずれか1つを選べる")
PROCESS_DEFENCE = rule("process_defence", "10.6.2-4", "選択した防御手段の処理と「ブロックした時」等の効果の発動")
CHOOSE_DAMAGE_ZERO = rule("choose_damage_zero", ("10.6.2-5", "11.2.8"), "山札へのダメージを0にするかの選択（他の防御手段と併用可）")
DAMAGE_ZERO_HOLDER = rule(
    "damage_zero_holder", "9.1.6", "「自分の山札が受けるダメージを0にできる」権利は、その山札の持ち主のものとして使うかを選ぶ"
)
SUBSTITUTE = rule("substitute", "11.2.3", "身代わり: 手札から見せて墓地へ送り、その攻撃中、攻撃しているカードのパワーを−3000")
ONE_SUBSTITUTE = rule("one_substitute", "11.2.6", "身代わりは1回の攻撃に1枚まで、ブロック・事変と併用できない")
COUNTER_EVENT = rule("counter_event", ("11.2.4", "11.2.7"), "「相手の攻撃時にも発動できる」事変を、攻撃を受けた側が見せて発動する")
ONE_DEFENCE = rule("one_defence", "11.2.5", "1回の攻撃に使える防御手段はブロック・身代わり・事変のどれか1つ")
DEFENCE_EACH_ATTACK = rule(
    "defence_each_attack", "11.2.5", "同一ターン中に複数回の攻撃が行われる場合、それぞれの攻撃に対して別々の防御手段を選べる"
)
DAMAGE_ZERO_NOT_IMMUNITY = rule("damage_zero_not_immunity", "9.1.6", "ダメージを0にする権利は山札の領域に作用し、「効果を受けない」で妨げられない")
IMMUNE_TO_POWER = rule("immune_to_power", "9.1.1", "「効果を受けない」カードのパワーは効果で増減しない")
SUBSTITUTE_POWER = -3000
SUBSTITUTE_SOURCE = "身代わり"


def defence_left_open(game: "Game", attack: Attack) -> None:
    """The scenario did not say how the defender answers: if it has a legal defence, that is its choice
    (11.2.1) and resolution stops for it; with none available there is nothing to choose."""
    board = game.board
    defender = board.players[attack.defender]
    candidates = [Defence(block=f"{attack.defender}{slot}") for slot in sorted(defender.field)]
    for card in defender.hand:
        if card.info is not None and card.info.id is not None:
            candidates += [Defence(substitute=card.info.id), Defence(event=card.info.id)]
    usable = [d for d in candidates if _may_be_usable(game, attack, d)]
    if usable:
        options = ["none", *(f"{d.kind}: {d.ref}" for d in usable)]
        game.need_decision(attack.defender, "この攻撃に防御手段（ブロック・身代わり・事変）を使うか、使うならどれか", options, CHOOSE_DEFENCE)


def damage_zero_left_open(game: "Game", attack: Attack) -> None:
    """A right to zero the deck's damage is the defender's choice at ⑤ (11.2.8): never assumed either way."""
    if attack.target is None and game.board.players[attack.defender].damage_zero > 0:
        game.need_decision(attack.defender, "「山札へのダメージを0にする」権利をこの攻撃に使うか", ["true", "false"], CHOOSE_DAMAGE_ZERO, DAMAGE_ZERO_HOLDER)


def choose_defence(game: "Game", attack: Attack, defences: list[Defence]) -> None:
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
    rules: list[Rule] = [CHOOSE_DEFENCE]
    if len(defences) > 1:  # several attempted: the first legal one is the defence of this attack (11.2.5)
        rules.append(ONE_DEFENCE)
    text = _defence_choice_text(game, attack)
    if attack.defence is not None and _defended_earlier_this_turn(game, attack.defender):
        text += "このターンの先の攻撃にも防御手段を使ったが、攻撃ごとに別々の防御手段を選べる。"
        rules.append(DEFENCE_EACH_ATTACK)
    game.trace.step(text, *rules)


def _may_be_usable(game: "Game", attack: Attack, defence: Defence) -> bool:
    """Whether the defender may choose ``defence``: an event whose level is blank may be (its level is asked
    only once it is chosen)."""
    try:
        return _defence_problem(game, attack, defence) is None
    except Unknown:
        return True


def _defended_earlier_this_turn(game: "Game", defender: PlayerId) -> bool:
    """Whether ``defender`` used a defence on an earlier attack of this turn; records this one (11.2.5)."""
    board = game.board
    key = f"defence:{defender}"
    earlier = board.done_in_turn.get(key) == board.turn_index
    board.done_in_turn[key] = board.turn_index
    return earlier


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


def process_defence(game: "Game", attack: Attack) -> None:
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
    settle(game)


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
    zone_moves.set_rested(game, blocker, True)
    game.trace.step(text + "「ブロックした時」「ブロックされた時」の効果を処理する。", *rules,
                    changes=[f"{naming.slot_ref(board, blocker)}: アクティブ → レスト"])
    game.happened(Event("blocks", blocker, attack.defender, cause="attack"))
    game.happened(Event("is_blocked", attack.attacker, attack.player, cause="attack", detail={"by": blocker.uid}))


def _process_substitute(game: "Game", attack: Attack, ref: str) -> None:
    board = game.board
    card = board.find(ref)
    assert card is not None
    before = naming.counts(board)
    zone_moves.take_from_zone(game, card)
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


def choose_damage_zero(game: "Game", attack: Attack, wanted: bool) -> None:
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
