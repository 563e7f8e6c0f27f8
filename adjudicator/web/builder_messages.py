"""The engine's validation messages in Japanese, in the rulebook's words, keeping every clause number.

The engine speaks English with clause numbers (``slots are 1..5 (2.3.1)``); the builder shows each message
next to its field in Japanese. A message with no translation is shown as it is, after a Japanese lead-in, so
nothing the engine says is ever hidden.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from adjudicator import vocabulary

_VALUE_WORDS = {
    **vocabulary.FACES, **vocabulary.STATES, **vocabulary.TYPES, **vocabulary.ROLES, "none": vocabulary.NONE_WORD,
    **vocabulary.PHASES,
}

Rule = tuple[re.Pattern[str], Callable[[re.Match[str]], str]]


def _rule(pattern: str, render: str | Callable[[re.Match[str]], str]) -> Rule:
    compiled = re.compile(pattern + r"\Z", re.DOTALL)
    return compiled, (render if callable(render) else (lambda m, template=render: template.format(*m.groups())))


def _choices(match: re.Match[str]) -> str:
    values = re.findall(r"'([^']*)'", match.group(1))
    shown = [f"{_VALUE_WORDS[v]}（{v}）" if v in _VALUE_WORDS else v for v in values]
    return "次のいずれかを選んでください: " + "、".join(shown)


_RULES: tuple[Rule, ...] = (
    _rule(r"Field required", "入力してください"),
    _rule(r"Input should be greater than or equal to (-?\d+)", "{}以上にしてください"),
    _rule(r"Input should be less than or equal to (-?\d+)", "{}以下にしてください"),
    _rule(r"Input should be greater than (-?\d+)", "{}より大きくしてください"),
    _rule(r"Input should be a valid integer.*", "整数で入力してください"),
    _rule(r"Input should be a valid boolean.*", "はい/いいえで指定してください"),
    _rule(r"Input should be a valid (?:string|str).*", "文字列で入力してください"),
    _rule(r"Input should be a valid (?:dictionary|mapping).*", "「キー: 値」の形で書いてください"),
    _rule(r"Input should be a valid (?:list|array).*", "一覧（[…]）で書いてください"),
    _rule(r"Input should be (.+)", _choices),
    _rule(r"String should have at least (\d+) characters?", "{}文字以上入力してください"),
    _rule(r"String should have at most (\d+) characters?", "{}文字以内にしてください"),
    _rule(r"String should match pattern .*", "空白を含まない文字列にしてください"),
    _rule(r"List should have at least (\d+) items?.*", "{}個以上必要です"),
    _rule(r"List should have at most (\d+) items?.*", "{}個までです"),
    _rule(r"unknown field.*", "不明な項目です（綴りの誤り？ 拡張項目は x- で始めます）"),
    _rule(r"slots are 1\.\.5 \((.+)\)", "場の置き場所は1〜5です ({})"),
    _rule(r"a count is 0\.\.(\d+)", "枚数は0〜{}です"),
    _rule(r"at most (\d+) cards are listed in one zone", "1つの領域に並べられるカードは{}枚までです"),
    _rule(r"an event \(事変\) has no power \((.+)\)", "事変にパワーはありません ({})"),
    _rule(r"an event \(事変\) has a level, not a rank \((.+)\)", "事変にはランクではなくレベルがあります ({})"),
    _rule(r"an event \(事変\) has no attacker/blocker role \((.+)\)", "事変に剣マーク・盾マークはありません ({})"),
    _rule(r"a person \(人物\) has a rank, not a level \((.+)\)", "人物にはレベルではなくランクがあります ({})"),
    _rule(r"`counter` is for events \((.+)\)", "「相手の攻撃時にも発動できる」は事変だけが持ちます ({})"),
    _rule(r"an event \(事変\) is never placed on the field \((.+)\)", "事変は場に置かれません ({})"),
    _rule(r"a person's rank is 0\.\.4 \((.+)\)", "人物のランクは0〜4です ({})"),
    _rule(r"an event's level is 0\.\.4 \((.+)\)", "事変のレベルは0〜4です ({})"),
    _rule(r"a power is never negative \((.+)\)", "パワーは負の値になりません ({})"),
    _rule(r"a slot has either `cards` .*", "カードを1枚以上置いてください"),
    _rule(r"card id '(.*)' is used twice \(first at (.*)\)", "カードID「{}」は {} で既に使われています"),
    _rule(r"card id '(.*)' looks like a slot reference", "カードID「{}」は置き場所の記号（A1など）と同じです"),
    _rule(r"both players A and B are needed; missing (.+)", "両プレイヤー（AとB）が必要です。足りないもの: {}"),
    _rule(r"a defence is one of `block`, `substitute` or `event` \((.+)\)", "防御はブロック・身代わり・事変のいずれか1つです ({})"),
    _rule(r"at most (\d+) defences are attempted for one attack", "1回の攻撃に試みる防御は{}つまでです"),
    _rule(r"unknown step '(.*)'.*", "不明な処理「{}」です"),
    _rule(r"a step has exactly one kind key.*", "1つの処理には種類を1つだけ指定します"),
    _rule(r"`do` goes with `repeat` only", "do は repeat（繰り返し）にだけ書けます"),
    _rule(r"a condition has exactly one of.*", "条件は1種類だけ指定します"),
    _rule(r"`when` has exactly one of .*", "誘発条件は「出来事」「フェーズの初め」「フェーズの終わり」のいずれか1つです"),
    _rule(r"an action has exactly one key.*", "行動の種類を1つ選んでください"),
    _rule(r"give either `until` or `turns`, not both", "期間は until と turns のどちらか一方だけです"),
    _rule(r"a (?:power step|power modifier) has exactly one of `add` or `set`",
          "パワーは増減（add）か設定（set）のどちらか一方です"),
    _rule(r"a draw is one of `count`, `up_to` or `until_hand`", "引く枚数は count・up_to・until_hand のいずれか1つです"),
    _rule(r"a selector is one of .*", "カードの指定は「全て」「選ぶ」「これ」「それ」のいずれか1つです"),
    _rule(r"give either `onto` or `empty_slot: true`", "置き先（onto）か空いている置き場所（empty_slot）のどちらかを指定します"),
    _rule(r"a draw count is 0\.\.(\d+)", "引く枚数は0〜{}です"),
    _rule(r"a discard count is 0\.\.(\d+)", "墓地へ送る枚数は0〜{}です"),
    _rule(r"turn player must be A or B", "ターンプレイヤーはAかBです"),
    _rule(r"the scenario is larger than (\d+) KiB", "シナリオが大きすぎます（{} KiBまで）"),
    _rule(r"the scenario is nested deeper than (\d+) levels", "入れ子が深すぎます（{}段まで）"),
    _rule(r"not valid YAML/JSON \(line (\d+), column (\d+)\): (.*)", "YAML/JSONとして読めません（{}行{}列）: {}"),
    _rule(r"not valid YAML/JSON: (.*)", "YAML/JSONとして読めません: {}"),
    _rule(r"not valid JSON: (.*)", "送られたデータはJSONとして読めません: {}"),
    _rule(r"a scenario is a mapping.*", "シナリオは format・title・game・players・actions を持つ「キー: 値」の形です"),
)

_CLAUSE = re.compile(r"\d+(?:\.\d+)+(?:-\d+)?")


def translate(message: str) -> str:
    """``message`` in Japanese; the clause numbers it cites are always kept."""
    for pattern, render in _RULES:
        match = pattern.match(message)
        if match:
            return _keep_clauses(message, render(match))
    if _is_japanese(message):
        return message  # the engine's board checks already speak Japanese
    return f"入力が正しくありません（{message}）"


def _keep_clauses(original: str, translated: str) -> str:
    missing = [c for c in _CLAUSE.findall(original) if c not in translated]
    return f"{translated} ({', '.join(missing)})" if missing else translated


def _is_japanese(text: str) -> bool:
    """Mostly Japanese (an English message may gloss a word in Japanese: ``an event (事変) …``)."""
    japanese = sum("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in text)
    return japanese > sum(ch.isascii() and ch.isalpha() for ch in text)


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
