"""The rulebook's Japanese words for the code's names: one table per kind of thing, used everywhere.

The code speaks English (``graveyard``, ``rested``, ``summon``); the trace, the builder, the link previews
and the CLI speak the rulebook's Japanese (墓地, レスト, 召喚). Every such word lives here once, in the
lowest layer beside the format, so a word is changed in one place; tests/layers/test_vocabulary.py checks
that every kind the format knows has its word here and that the README glossary agrees with these tables.

The core words are also typed here, once, for the format and the engine alike (python-chess's ``Color``): a
player is a ``PlayerId``, a phase a ``Phase``, a zone a ``ZoneName``, what happened an ``EventKind``. They are
``Literal`` aliases, not enums, because their values are the scenario format's own words: a scenario, a trace
and a page carry them as they are, with nothing to convert at the edges, while a type checker refuses a typo.
"""

from __future__ import annotations

from typing import Literal, get_args

# --- The code's names, typed ----------------------------------------------------------------------

PlayerId = Literal["A", "B"]                               # the two players of a scenario (A, B)
PLAYER_IDS: tuple[PlayerId, ...] = get_args(PlayerId)
Phase = Literal["draw", "summon", "effect", "set", "attack"]  # in the order of a turn (5.2.1)
PhaseMoment = Literal["start", "end"]                      # 「初めに」/「終わりに」 of a phase (6.4.6)
ZoneName = Literal["field", "under", "deck", "graveyard", "hand"]
CountedZone = Literal["deck", "graveyard", "hand"]         # a zone a scenario may give as a count (4.1.1)
# What happened, for 「〜た時」/「〜する時」 (10.1): a trigger's event and the engine's event are the same word.
EventKind = Literal[
    "attacks", "is_attacked", "blocks", "is_blocked", "after_attack", "after_block", "summoned",
    "summoned_without_set", "set", "sent_to_graveyard", "leaves_field", "rested", "flipped_down", "drawn",
]
Timing = Literal["after", "before"]                        # 「〜た時」 after the event, 「〜する時」 before it (10.1.7)
Cause = Literal["rule", "battle", "effect", "attack"]      # what made an event happen


def opponent_of(player: PlayerId) -> PlayerId:
    """The other player."""
    return "B" if player == "A" else "A"


# --- The rulebook's words for them ------------------------------------------------------------------

# Zones of a player (2.3–2.8). The field is 場; the cards below a slot's top card are 場の下 (2.4.1).
ZONES = {"field": "場", "under": "場の下", "deck": "山札", "graveyard": "墓地", "hand": "手札"}
COUNTED_ZONES: tuple[CountedZone, ...] = get_args(CountedZone)  # the public counts of 4.1.1, in the order shown

# A card on the field: オモテ/ウラ (3.1), アクティブ/レスト (3.2); a card's type (2.2.1) and role (5.2.6, 11.2.2).
FACES = {"up": "オモテ", "down": "ウラ"}
STATES = {"active": "アクティブ", "rest": "レスト"}
TYPES = {"person": "人物", "event": "事変"}
ROLES = {"attacker": "アタッカー", "blocker": "ブロッカー"}
NONE_WORD = "なし"
EMPTY_SLOT = "空き"  # a slot with no card (2.3.1)

# An effect's mark (6.4), as printed in its frame: 〔召〕.
MARKS = {"summon": "召", "once": "1", "constant": "常"}

# The five phases of a turn, in order (5.2.1), and the two moments of a phase (6.4.6).
PHASES = {
    "draw": "ドロー&リフレッシュフェーズ", "summon": "召喚フェーズ", "effect": "効果発動フェーズ",
    "set": "セットフェーズ", "attack": "攻撃フェーズ",
}
PHASE_MOMENTS = {"start": "初め", "end": "終わり"}

# How long a change lasts (5.6).
DURATIONS = {
    "end_of_attack": "その攻撃中", "end_of_turn": "このターン", "next_turn": "次のターン",
    "end_of_next_turn": "次のターンの終わりまで", "end_of_own_next_turn": "次の自分のターンの終わりまで",
}

# The actions of a scenario (format ``Action``), named as the builder and the previews show them.
ACTIONS = {
    "attack": "攻撃", "draw_phase": PHASES["draw"], "summon_phase": PHASES["summon"], "set": "セット",
    "activate": "効果の発動", "event": "事変の発動", "next_phase": "次のフェーズへ", "end_turn": "ターン終了",
}

# Acts a restriction can forbid (「〜できない」, 8.2.4).
ACTS = {
    "attack": "攻撃", "block": "ブロック", "summon": "召喚", "set": "セット",
    "activate": "効果の発動", "draw": "ドロー", "event": "事変の発動",
}

# What a protection keeps from happening (8.2.6).
PROTECTIONS = {"leave_field": "場を離れない", "battle": "バトルで墓地へ送られない", "effects": "効果を受けない"}

# 7.3.11: a superlative of a selector (``most: {power: highest}``), in the card's own words.
SUPERLATIVES = {("power", "highest"): "最もパワーが高い", ("power", "lowest"): "最もパワーが低い",
                ("rank", "highest"): "最もランクが高い", ("rank", "lowest"): "最もランクが低い"}
STAT_WORDS = {"power": "パワー", "rank": "ランク"}

# A defender's answers to an attack (11.2).
DEFENCES = {"block": "ブロック", "substitute": "身代わり", "event": "事変"}

# The steps of an effect (format ``Step``), as the builder offers them, and as 「この効果で…したなら」 says
# them (10.1.10-2).
STEPS = {
    "draw": "カードを引く", "mill": "山札の上から墓地へ送る", "discard": "手札を墓地へ送る",
    "send_to_graveyard": "場のカードを墓地へ送る", "rest": "レストする", "activate_cards": "アクティブにする",
    "flip_down": "ウラにする", "flip_up": "オモテにする", "power": "パワーを増減・設定する",
    "win": "このゲームに勝利する", "summon_without_set": "セットせずに召喚する",
    "set_from_hand": "手札からセットする", "move": "場のカードを移動する", "return_to_hand": "手札に戻す",
    "to_deck": "山札に置く", "hand_to_deck": "手札を山札に置く", "repeat": "操作を繰り返す",
    "restrict": "「できない」を課す", "grant": "アタッカー/ブロッカーを得る", "protect": "場を離れなくてよい等",
    "rank": "ランクを増減する", "extra_turn": "再び自分のターンになる",
    "choose_effects": "次のn個から選ぶ／またはBする", "look": "ウラのカードを見る", "search": "山札・墓地から探す",
    "shuffle": "シャッフルする", "swap_zones": "山札と墓地を入れ替える", "copy_effect": "効果コピー",
    "no_refresh": "次の自分のターンの初めにアクティブにできない",
}
DONE = {
    "summon_without_set": "セットせずに召喚した", "summon": "召喚した", "set": "セットした",
    "send_to_graveyard": "墓地へ送った", "draw": "引いた", "discard": "手札を墓地へ送った", "rest": "レストした",
    "return_to_hand": "手札に戻した", "move": "移動した", "mill": "山札から墓地へ送った",
}

# 「…なら」 (format ``Condition``; ``not_`` is written ``not``).
CONDITIONS = {
    "hand_at_least": "手札がN枚以上なら", "hand_at_most": "手札がN枚以下なら", "deck_at_most": "山札がN枚以下なら",
    "deck_at_least": "山札がN枚以上なら", "graveyard_at_least": "墓地がN枚以上なら",
    "field_count_at_least": "場のカードがN枚以上なら", "field_count_at_most": "場のカードがN枚以下なら",
    "it": "それが〇〇なら", "did": "この効果で…したなら", "not": "…でないなら",
    "activated": "このターン｛〇〇｝を発動していたなら", "this": "これが〇〇なら",
}

# What a triggered effect waits for (10.1): 「〜た時」 after the event, 「〜する時」 before it (10.1.7).
EVENTS = {
    "attacks": "攻撃した時", "is_attacked": "攻撃された時", "blocks": "ブロックした時", "is_blocked": "ブロックされた時",
    "after_attack": "攻撃した後", "after_block": "ブロックした後", "summoned": "召喚された時",
    "summoned_without_set": "セットせずに召喚された時", "set": "セットされた時", "sent_to_graveyard": "墓地へ送られた時",
    "leaves_field": "場を離れた時", "rested": "レストした時", "flipped_down": "ウラになった時", "drawn": "引いた時",
}
EVENTS_BEFORE = {"sent_to_graveyard": "墓地へ送られる時", "leaves_field": "場を離れる時"}
TIMINGS = {"after": "〜た時（処理の後）", "before": "〜する時（処理の前に割り込む）"}
TRIGGER_CARDS = {"self": "これ", "own": "自分のカード", "opponent": "相手のカード", "any": "いずれかのカード"}
TURNS = {"own": "自分のターン", "opponent": "相手のターン", "any": "どちらのターンでも"}
# How a clause changed from one rulebook release to the next (adjudicator.rulebook.identity.KINDS), and what
# became of a ruling's cited clause ("unchanged"; "unknown": its release has no such clause).
CLAUSE_CHANGES = {"changed": "文言の変更", "renumbered": "番号の変更", "moved": "移動", "split": "分割",
                  "merged": "統合", "added": "追加", "removed": "削除", "unchanged": "変更なし",
                  "unknown": "その版にない条文"}


def word(table: dict[str, str], name: str) -> str:
    """The rulebook's word for ``name``; a name with no word yet is shown as it is written in the code."""
    return table.get(name, name)


def act_word(act: str) -> str:
    return word(ACTS, act)


def phase_word(phase: str) -> str:
    return word(PHASES, phase)


def mark_word(mark: str) -> str:
    """「〔召〕」 as printed before an effect's name; an unmarked effect has no mark word."""
    return f"〔{MARKS[mark]}〕" if mark in MARKS else ""

# A ruling's verdict, in the same words on the trace page, in the CLI and in a rerun's differences.
VERDICTS = {"legal": "すべての行動が認められます", "illegal": "認められない行動があります",
            "invalid": "盤面が不正なため判定できません"}
