"""The rulebook's Japanese words for the code's names: one table per kind of thing, used everywhere.

The code speaks English (``graveyard``, ``rested``, ``summon``); the trace, the builder, the link previews
and the CLI speak the rulebook's Japanese (墓地, レスト, 召喚). Every such word lives here once, in the
lowest layer beside the format, so a word is changed in one place and the README glossary is checked
against these tables (tests/test_layers_vocabulary.py).
"""

from __future__ import annotations

# Zones of a player (2.3–2.8). The field is 場; the cards below a slot's top card are 場の下 (2.4.1).
ZONES = {"field": "場", "under": "場の下", "deck": "山札", "graveyard": "墓地", "hand": "手札"}

# The five phases of a turn, in order (5.2.1).
PHASES = {
    "draw": "ドロー&リフレッシュフェーズ", "summon": "召喚フェーズ", "effect": "効果発動フェーズ",
    "set": "セットフェーズ", "attack": "攻撃フェーズ",
}

# Acts a restriction can forbid (「〜できない」, 8.2.4).
ACTS = {
    "attack": "攻撃", "block": "ブロック", "summon": "召喚", "set": "セット",
    "activate": "効果の発動", "draw": "ドロー", "event": "事変の発動",
}

# An effect's mark (6.4), as printed before its name.
MARKS = {"summon": "〔召〕", "once": "〔1〕", "constant": "〔常〕", "none": ""}


def act_word(act: str) -> str:
    """The rulebook's word for an act; an act with no word yet is shown by its code name."""
    return ACTS.get(act, act)


def phase_word(phase: str) -> str:
    return PHASES.get(phase, phase)
