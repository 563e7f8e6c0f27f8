"""How long an effect lasts (5.6, 10.6.4): the words before 「、」 that set a step's ``until`` or ``turns``.

- 「このターン」 ends with the turn in progress, whoever's it is (5.6.3).
- 「次のターン」 with no 自分/相手 is the opponent's next turn (5.6.2): ``next_turn``, in force during that
  turn only; 「次のターンの終わりまで」 is ``end_of_next_turn``, in force from now to that turn's end.
- 「次の自分のターンの終わりまで」 is read as written (5.6.4).
- 「nターンの間」 counts the affected player's turns only (5.6.1).
- 「その攻撃中」 lasts through the attack's steps ①–⑧ (10.6.4).
"""

from __future__ import annotations

from typing import Any

from adjudicator.reading.productions import production


# 「終わりまで」 and 「終了時まで」 name the same bound: the end of that turn (5.6.3: a turn ends after its phases).
TURN_END = '("の終わりまで" | "終了時まで" | "の終了時まで")'


@production("this_turn", "5.6.3", "「このターン」「このターン終了時まで」: until the turn in progress ends",
            rule=f'this_turn: "このターン" ["中" | "の間" | {TURN_END}]')
def this_turn() -> dict[str, Any]:
    return {"until": "end_of_turn"}


@production("next_turn", "5.6.2", "「次のターン」「次の相手のターン」: during the opponent's next turn only",
            rule='next_turn: "次のターン" | "次の相手のターン"')
def next_turn() -> dict[str, Any]:
    return {"until": "next_turn"}


@production("to_end_of_next_turn", "5.6.2", "「次のターンの終わりまで」「次の相手のターン終了時まで」: from now to the end of the "
            "opponent's next turn", rule=f'to_end_of_next_turn: ("次のターン" | "次の相手のターン") {TURN_END}')
def to_end_of_next_turn() -> dict[str, Any]:
    return {"until": "end_of_next_turn"}


@production("own_next_turn", "5.6.4", "「次の自分のターンの終わりまで」「次の自分のターン終了時まで」: read as written, to the "
            "end of one's own next turn", rule=f'own_next_turn: "次の自分のターン" [{TURN_END}]')
def own_next_turn() -> dict[str, Any]:
    return {"until": "end_of_own_next_turn"}


@production("during_attack", "10.6.4", "「その攻撃中」: through the steps of that attack only", rule='during_attack: "その攻撃中"')
def during_attack() -> dict[str, Any]:
    return {"until": "end_of_attack"}


@production("n_turns", ("5.6.1", "5.8.5"), "「nターンの間」: n turns of the affected player", rule='n_turns: number "ターンの間"')
def n_turns(count: int) -> dict[str, Any]:
    return {"turns": count}


DURATION_RULES = "?duration: this_turn | next_turn | to_end_of_next_turn | own_next_turn | during_attack | n_turns"
