"""The builder's field names as the form says them: ``players.A.field.1.cards.0.rank`` → 「A1・カード1・ランク」.

The error summary lists every error by its field; a person reads the form's own Japanese labels there, not
the dotted path the form posts (the path stays in the link's anchor, so the link still lands on the field).
"""

from __future__ import annotations

_WORDS = {
    "title": "タイトル", "question": "問い", "expect": "期待される結果", "import_text": "読み込むYAML", "more": "その他の項目",
    "game": "ゲームの状況", "round": "何ターン目", "first_player": "先攻/後攻", "order": "先攻/後攻",
    "turn_player": "ターンプレイヤー", "phase": "フェーズ",
    "deck": "山札", "graveyard": "墓地", "hand": "手札", "count": "枚数",
    "name": "カード名", "type": "種類", "rank": "ランク", "level": "レベル", "power": "パワー", "role": "マーク",
    "attributes": "属性", "id": "ID", "face": "オモテ/ウラ", "state": "アクティブ/レスト",
    "granted_role": "効果で得たマーク", "once_used": "使用済みの「1」効果",
    "damage_zero": "「山札が受けるダメージを0に」", "events_this_turn": "このターンに発動した事変",
    "hand_draw_limit": "手札の上限", "summon_limit": "召喚の上限", "extra_turn": "追加のターン",
    "attacker": "攻撃するカード", "target": "攻撃先", "choice": "", "ref": "", "card": "カード", "slot": "置き場所",
    "onto": "セット先", "effect": "効果名", "decline": "使わない任意効果", "order_effects": "効果の順番",
    "draw": "引く枚数", "mark": "マーク", "optional": "「できる」", "text": "効果文", "when": "誘発", "event": "出来事",
    "timing": "タイミング", "then": "「その後」", "if": "条件", "value": "値", "do": "繰り返す処理",
}
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
        word = _WORDS.get(part) if part in _WORDS else _LISTS.get(part, part)
        if word:
            words.append(word)
        index += 1
    return "・".join(words) or "入力全体"
