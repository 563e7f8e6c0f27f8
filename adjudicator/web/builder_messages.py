"""The words of the builder's choices (value, label), in the rulebook's terms.

The builder's error messages are rendered from the format's error codes (``adjudicator.format.messages``).
"""

from __future__ import annotations

from adjudicator import vocabulary


# --- the words of the builder's choices (value, label), in the rulebook's terms ---------------------------

def _pairs(table: dict[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple(table.items())


NONE = ("none", vocabulary.NONE_WORD)
NOTHING = ("", vocabulary.NONE_WORD)
CHOICES: dict[str, tuple[tuple[str, str], ...]] = {
    "player": (("A", "A"), ("B", "B")),
    "phase": _pairs(vocabulary.PHASES),
    "face": _pairs(vocabulary.FACES),
    "state": _pairs(vocabulary.STATES),
    "type": _pairs(vocabulary.TYPES),
    "role": (NONE, ("attacker", f"{vocabulary.ROLES['attacker']}（剣）"), ("blocker", f"{vocabulary.ROLES['blocker']}（盾）")),
    "granted_role": (NOTHING, *_pairs(vocabulary.ROLES)),
    "mark": (NONE, *_pairs(vocabulary.MARKS)),
    "trigger": (("", "なし（発動する効果・常時）"), ("event", "出来事の時"), ("phase_start", "フェーズの初めに"),
                ("phase_end", "フェーズの終わりに")),
    "event": _pairs(vocabulary.EVENTS),
    "trigger_card": _pairs(vocabulary.TRIGGER_CARDS),
    "timing": _pairs(vocabulary.TIMINGS),
    "turn": _pairs(vocabulary.TURNS),
    "condition": (NOTHING, *_pairs(vocabulary.CONDITIONS)),
    "step": _pairs(vocabulary.STEPS),
    "action": _pairs(vocabulary.ACTIONS),
    # A choice left open and a choice made stay apart (11.2.1, 11.2.8): "open" asks the defender.
    "defence": (("open", "決めていない（防御側に選択を求める）"), ("none", "使わない"), *_pairs(vocabulary.DEFENCES)),
    "damage_zero": (("open", "決めていない（防御側に選択を求める）"), ("no", "使わない"), ("yes", "使う")),
}

CARD_FLAG_WORDS: tuple[tuple[str, str], ...] = (
    ("substitute", "｛身代わり｝を持つ"),
    ("counter", "相手の攻撃時にも発動できる（事変）"),
    ("summoned_this_turn", "このターンに召喚された"),
    ("summoned_without_set_this_turn", "このターンにセットせずに召喚された"),
    ("mark_used_this_turn", "召・1の効果をこのターン使った"),
    ("immune", "効果を受けない"),
    ("unselectable", "選ばれない"),
    ("battle_proof", "バトルによって墓地へ送られない"),
    ("no_refresh", "次の自分のターンの初めにアクティブにできない"),
)
