"""How long an effect lasts (5.6, 10.6.4): the words before 「、」 that set a step's ``until`` or ``turns``.

- 「このターン」 ends with the turn in progress, whoever's it is (5.6.3).
- 「次のターン」 with no 自分/相手 is the opponent's next turn (5.6.2); the format keeps it as
  ``end_of_next_turn``, as does 「次のターンの終わりまで」.
- 「次の自分のターンの終わりまで」 is read as written (5.6.4).
- 「nターンの間」 counts the affected player's turns only (5.6.1).
- 「その攻撃中」 lasts through the attack's steps ①–⑧ (10.6.4).
"""

from __future__ import annotations

from typing import Any

from adjudicator.reading.productions import production


@production("this_turn", "5.6.3", "「このターン」: until the turn in progress ends", rule='this_turn: "このターン" ["中"]')
def this_turn() -> dict[str, Any]:
    return {"until": "end_of_turn"}


@production("next_turn", "5.6.2", "「次のターン」「次のターンの終わりまで」: the opponent's next turn, to its end",
            rule='next_turn: "次のターン" ["の終わりまで"] | "次の相手のターン" ["の終わりまで"]')
def next_turn() -> dict[str, Any]:
    return {"until": "end_of_next_turn"}


@production("own_next_turn", "5.6.4", "「次の自分のターンの終わりまで」: read as written, to the end of one's own next turn",
            rule='own_next_turn: "次の自分のターン" ["の終わりまで"]')
def own_next_turn() -> dict[str, Any]:
    return {"until": "end_of_own_next_turn"}


@production("during_attack", "10.6.4", "「その攻撃中」: through the steps of that attack only", rule='during_attack: "その攻撃中"')
def during_attack() -> dict[str, Any]:
    return {"until": "end_of_attack"}


@production("n_turns", ("5.6.1", "5.8.5"), "「nターンの間」: n turns of the affected player", rule='n_turns: number "ターンの間"')
def n_turns(count: int) -> dict[str, Any]:
    return {"turns": count}


DURATION_RULES = "?duration: this_turn | next_turn | own_next_turn | during_attack | n_turns"
