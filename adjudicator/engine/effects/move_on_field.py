"""``move``: a field card onto another face-up card of the same field (2.3.3, 3.1.5).

The moved card's state wins (3.3.1), the cards left behind keep theirs (3.3.2), and nothing is reset because
nothing left the field (3.4.1, 3.4.2, 3.5.2). A card going under ends an attack it was in (10.6.5, 10.6.6:
``engine/attack``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from adjudicator.engine.board import Card
from adjudicator.engine.effects.immunity import IMMUNE, IMMUNE_CAN_BE_COVERED, PROHIBITION_FIRST, immune
from adjudicator.engine.effects.placing import NOT_LEAVING, NOT_ON_FACE_DOWN, covered_note, single_target
from adjudicator.engine.effects.run import DONE, NOT_DONE, handles, StepResult
from adjudicator.engine.words import card_words
from adjudicator.engine.rules import ATTACKER_LEFT, TARGET_LEFT, Rule, rule
from adjudicator.engine.trace import Considered
from adjudicator.format.effects import MoveSpec, Step

if TYPE_CHECKING:
    from adjudicator.engine.effects.run import EffectRun

MOVE_TOP_ONLY = rule("move_top_only", "2.3.3", "場のカードを移動する効果は一番上のカードだけを動かし、その下のカードは移動しない")
MOVED_STATE_WINS = rule(
    "moved_state_wins", "3.3.1", "他のオモテのカードの上に移動したカードのアクティブ/レストが優先され、新たに下になるカードも合わせる"
)
LEFT_BEHIND_KEEPS = rule("left_behind_keeps", "3.3.2", "移動元に残ったカードは、移動したカードが去った時点の状態を維持する")
INFORMATION_TRAVELS = rule(
    "information_travels", ("3.4.1", "3.4.2"), "同じ場の中での移動は場を離れないので、制限や履歴はそのカードに付随したまま残り、残ったカードは引き継がない"
)
SAME_FIELD_ONLY = rule("same_field_only", "3.4.1", "場のカードの移動は同じ場の中で他のオモテのカードの上へ行う")


@handles("move")
def move_step(run: "EffectRun", step: Step) -> StepResult:
    """A field card onto another face-up card of the same field; only the top moves (2.3.3)."""
    spec: MoveSpec = step.argument
    board, game = run.board, run.game
    card = single_target(run, spec.card)
    target = single_target(run, spec.onto)
    if card is None or target is None or card is target:
        game.trace.step(f"{run.label}: 移動するカードと移動先のカードが揃わないので、移動しない。", MOVE_TOP_ONLY, SAME_FIELD_ONLY)
        return NOT_DONE
    problem = _move_problem(run, card, target)
    if problem is not None:
        text, *rules = problem
        game.trace.step(f"{run.label}: {text}ので、{card_words(board, card)}は移動しない。", *rules)
        return NOT_DONE
    _do_move(run, card, target)
    run.refer_to([card])
    return DONE


def _move_problem(run: "EffectRun", card: Card, target: Card) -> tuple | None:
    board = run.board
    owner, zone, _ = board.locate(card)
    target_owner, target_zone, target_slot = board.locate(target)
    if zone != "field" or target_zone != "field":
        return ("場のカードしか移動できない", MOVE_TOP_ONLY)
    if owner != target_owner:
        run.game.rulebook_gap(
            f"{run.label}: {card_words(board, card)}を相手の場の{card_words(board, target)}の上へ移動する処理は、本書に定めがない"
            "（3.4.1は同じ場の中での移動だけを定める）",
            SAME_FIELD_ONLY,
        )
    if board.players[target_owner].field[target_slot].face_down:
        return (f"{card_words(board, target)}はウラのカードで、その上には移動できない", NOT_ON_FACE_DOWN)
    if immune(board, card):
        return (f"{card_words(board, card)}は効果を受けない（別のカードの上への移動も防ぐ）", IMMUNE, PROHIBITION_FIRST)
    return None


def _do_move(run: "EffectRun", card: Card, target: Card) -> None:
    board = run.board
    player = board.players[card.owner]
    from_slot, source = player.stack_of(card)
    to_slot, destination = player.stack_of(target)
    label_from, label_to = card_words(board, card), card_words(board, target)
    source.cards.pop()
    left_behind = bool(source.cards)
    if not left_behind:
        del player.field[from_slot]
    destination.cards.append(card)
    destination.rested = source.rested     # 3.3.1: the moved card's state wins over the new under cards
    destination.face_down = source.face_down
    if left_behind:
        source.face_down = False           # the card left behind was オモテ when covered (3.1.5, 2.3.3)
    rules: list[Rule] = [MOVE_TOP_ONLY, MOVED_STATE_WINS, INFORMATION_TRAVELS, NOT_LEAVING]
    if left_behind:
        rules.append(LEFT_BEHIND_KEEPS)
    considered = covered_note(target)
    if target.immune:
        considered.append(Considered.of(f"{target.label()}は効果を受けないが、上にカードが移動してくることは防がない", IMMUNE_CAN_BE_COVERED))
    if board.attacking is target or board.attack_target is target:
        considered.append(Considered.of(f"{target.label()}は場の下に移動したので、その攻撃はキャンセルされる", ATTACKER_LEFT, TARGET_LEFT))
    state = "レスト" if source.rested else "アクティブ"
    changes = [
        f"{card.owner}{from_slot}: {len(source.cards) + 1}枚 → {len(source.cards)}枚" + ("（残ったカードは状態を維持）" if left_behind else ""),
        f"{card.owner}{to_slot}: {len(destination.cards) - 1}枚 → {len(destination.cards)}枚（{state}、下のカードも{state}）",
    ]
    run.game.trace.step(
        f"{run.label}: {label_from}を{label_to}の上へ移動する。移動したカードの{state}状態が優先され、"
        "制限・履歴はそのカードに付随したまま残る（場を離れていない）。",
        *rules,
        changes=changes,
        considered=considered,
    )
