"""The builder's field names as the form says them: ``players.A.field.1.cards.0.rank`` → 「A1・カード1・ランク」.

The error summary lists every error by its field; a person reads the form's own Japanese labels there, not
the dotted path the form posts (the path stays in the link's anchor, so the link still lands on the field).
The inputs of each kind of action, step and condition are labelled from here too (:func:`kind_field_label`,
:func:`choice_label`); a field with no word yet is labelled with its name as the format writes it.
"""

from __future__ import annotations

from typing import Any

from adjudicator import vocabulary

_WORDS = {
    "title": "タイトル", "question": "問い", "expect": "期待される結果", "import_text": "読み込むYAML", "more": "その他の項目",
    "game": "ゲームの状況", "round": "何ターン目", "first_player": "先攻/後攻", "order": "先攻/後攻",
    "turn_player": "ターンプレイヤー", "phase": "フェーズ",
    **{zone: vocabulary.ZONES[zone] for zone in ("deck", "graveyard", "hand")}, "count": "枚数",
    "name": "カード名", "type": "種類", "rank": "ランク", "level": "レベル", "power": "パワー", "role": "マーク",
    "attributes": "属性", "id": "ID", "played": "使う事変", "face": "オモテ/ウラ", "state": "アクティブ/レスト",
    "granted_role": "効果で得たマーク", "once_used": "使用済みの「1」効果",
    "damage_zero": "「山札が受けるダメージを0に」", "events_this_turn": "このターンに発動した事変",
    "hand_draw_limit": "手札の上限", "summon_limit": "召喚の上限", "extra_turn": "追加のターン",
    "attacker": "攻撃するカード", "target": "攻撃先", "choice": "", "ref": "", "card": "カード", "slot": "置き場所",
    "onto": "セット先", "effect": "効果名", "decline": "使わない任意効果", "order_effects": "効果の順番",
    "draw": "引く枚数", "mark": "マーク", "optional": "「できる」", "text": "効果文", "when": "誘発", "event": "出来事",
    "timing": "タイミング", "then": "「その後」", "if": "条件", "value": "値", "do": "繰り返す処理",
    # the fields of the kinds of actions, steps and conditions (format/fields.py)
    "picks": "選んだもの（picks・YAML）", "response": "防御", "flip": "オモテにするウラのカード", "with": "共有効果で使うカード",
    "player": "誰の", "up_to": "まで（最大数）", "chosen": "選んだもの", "until_hand": "手札がN枚になるまで",
    "count_of": "枚数の数え方（YAML）", "add": "増減", "set": "設定する値", "per": "1枚につき（YAML）",
    "until": "期間", "turns": "ターン数", "position": "山札の上/下", "cannot": "できないこと", "where": "条件（YAML）",
    "limit": "合わせてN枚まで", "from": "守るもの", "show": "相手に見せる", "zones": "探す領域", "top": "山札の上からN枚",
    "to": "移動先", "random": "見ずに選ぶ", "rest": "残りのカード", "shuffle": "シャッフルする領域", "zone": "領域",
    "source": "コピー元", "host": "効果として処理するカード", "options": "選択肢（YAML）", "or": "「または」",
    "empty_slot": "空いている置き場所へ", "slots": "置き場所（YAML）", "overflow_onto": "置けないカードを重ねる先",
}
# Labels that depend on the kind: 「攻撃先」 is an attack's target, 「対象」 a step's.
_KIND_FIELDS = {
    "attack.target": "攻撃先", "target": "対象（YAML）", "attack.response": "防御（ブロック・身代わり・事変）",
    "attack.damage_zero": "防御側の「山札が受けるダメージを0に」", "draw_phase.draw": "引く枚数（0〜2）",
    "summon_phase.summon": "召喚するカード", "set.card": "セットする手札のID", "activate.card": "効果を発動するカード",
    "event.card": "手札に入れた事変のID（下に入力した事変を使うときは空欄）", "decline": "使わない任意効果（効果名、「、」区切り）",
    "order": "同時に待機した効果の順番（効果名）", "draw.value": "引く枚数", "discard.value": "墓地へ送る枚数",
    "repeat.value": "繰り返す回数", "repeat.do": "繰り返す処理（YAML）", "send_to_graveyard.value": "墓地へ送るカード（YAML）",
    "rest.value": "レストするカード（YAML）", "activate_cards.value": "アクティブにするカード（YAML）",
    "flip_down.value": "ウラにするカード（YAML）", "flip_up.value": "オモテにするカード（YAML）",
    "return_to_hand.value": "手札に戻すカード（YAML）", "no_refresh.value": "対象のカード（YAML）",
    "win.value": "勝利する", "extra_turn.value": "再び自分のターンになる", "did.value": "この効果で…した",
    "activated.value": "効果名", "hand_at_least.value": "枚数", "hand_at_most.value": "枚数",
    "rank.add": "ランクの増減", "power.add": "パワーの増減", "power.set": "パワーをこの値にする",
}
_VALUE_WORDS = {"number": "数", "yaml": "値（YAML）"}

# The words of a choice's values: a table of the vocabulary that holds them all, else one of these.
_WHOSE = {"self": "自分", "opponent": "相手", "each": "互いに"}
_FIELD_CHOICES = {
    "position": {"top": "上", "bottom": "下"},
    "to": {"hand": "手札", "graveyard": "墓地", "deck_top": "山札の上", "deck_bottom": "山札の下"},
    "rest": {"keep": "そのまま", "top": "山札の上", "bottom": "山札の下"},
    # A choice left open and a choice made stay apart (11.2.1, 11.2.8): "open" asks the defender.
    "damage_zero": {"open": "決めていない（防御側に選択を求める）", True: "使う", False: "使わない"},
}
_YES_NO = {True: "はい", False: "いいえ"}
_CHOICE_TABLES = (
    _WHOSE, vocabulary.DURATIONS, vocabulary.ACTS, vocabulary.PROTECTIONS, vocabulary.ROLES, vocabulary.DONE,
    vocabulary.ZONES, vocabulary.PHASES,
)


def kind_field_label(kind: str, name: str, input_kind: str = "") -> str:
    """The label of the input of field ``name`` of ``kind`` (``value``: the kind's plain value)."""
    found = _KIND_FIELDS.get(f"{kind}.{name}") or _KIND_FIELDS.get(name)
    if found:
        return found
    if name == "value":
        return _VALUE_WORDS.get(input_kind, _WORDS["value"])
    return _WORDS.get(name, name)


def choice_label(name: str, value: Any, choices: tuple[Any, ...]) -> str:
    """The word of one choice of field ``name`` (its code name where no table has it)."""
    table = _FIELD_CHOICES.get(name) or next(
        (t for t in _CHOICE_TABLES if all(c in t for c in choices if not isinstance(c, bool))), {})
    if value in table:
        return table[value]
    return _YES_NO[value] if isinstance(value, bool) else str(value)


_LISTS = {"responses": "防御", "actions": "行動", "summon": "召喚", "cards": "カード", "effects": "効果",
          "sentences": "文", "steps": "処理"}  # a whole list, not one of its items
_ITEMS = {"cards": "カード", "actions": "行動", "responses": "防御", "effects": "効果", "sentences": "文", "steps": "処理",
          "summon": "召喚"}


def field_label(name: str) -> str:
    """A form field's name in the form's words; an unknown part is kept as it is, so nothing is hidden."""
    parts = name.split(".") if name else []
    words: list[str] = []
    index = 0
    while index < len(parts):
        part = parts[index]
        following = parts[index + 1] if index + 1 < len(parts) else None
        if part == "players" and following:
            words.append(f"プレイヤー{following}")
            index += 2
            continue
        if part == "field" and following and words and words[-1].startswith("プレイヤー"):
            words[-1] = words[-1].removeprefix("プレイヤー") + following  # 「A1」, as the form's slot legends say
            index += 2
            continue
        if part in _ITEMS and following is not None and following.isdigit():
            words.append(f"{_ITEMS[part]}{int(following) + 1}")
            index += 2
            continue
        if part == "kind" and words:
            index += 1
            continue  # 「行動1」 names the kind select of action 1 already
        if part == "name" and index >= 2 and parts[index - 2] == "effects":
            words.append(_WORDS["effect"])  # an effect's name, not its card's (issue 27: the error named カード名)
            index += 1
            continue
        word = _WORDS.get(part) if part in _WORDS else _LISTS.get(part, part)
        if word:
            words.append(word)
        index += 1
    return "・".join(words) or "入力全体"


# --- the choices of the form's fixed selects (value, label), by the select's name in the templates -------

def _pairs(table: dict[str, str]) -> tuple[tuple[str, str], ...]:
    return tuple(table.items())


_NONE = ("none", vocabulary.NONE_WORD)
_NOTHING = ("", vocabulary.NONE_WORD)
FORM_CHOICES: dict[str, tuple[tuple[str, str], ...]] = {
    "player": (("A", "A"), ("B", "B")),
    "phase": _pairs(vocabulary.PHASES),
    "face": _pairs(vocabulary.FACES),
    "state": _pairs(vocabulary.STATES),
    "type": _pairs(vocabulary.TYPES),
    "granted_role": (_NOTHING, *_pairs(vocabulary.ROLES)),
    "mark": (_NONE, *_pairs(vocabulary.MARKS)),
    "trigger": (("", "なし（発動する効果・常時）"), ("event", "出来事の時"), ("phase_start", "フェーズの初めに"),
                ("phase_end", "フェーズの終わりに")),
    "event": _pairs(vocabulary.EVENTS),
    "trigger_card": _pairs(vocabulary.TRIGGER_CARDS),
    "timing": _pairs(vocabulary.TIMINGS),
    "turn": _pairs(vocabulary.TURNS),
}

# The role as three one-tap choices that fit one phone row (scenario/_card.html).
ROLE_CHOICES: tuple[tuple[str, str], ...] = (_NONE, *_pairs(vocabulary.ROLES))

# A card's flags, each a checkbox (scenario/_card.html).
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
