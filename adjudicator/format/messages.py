"""The messages of the format's errors, in English and in Japanese, rendered from their codes.

One entry per code: the names of its params and one template per language, each using exactly those params.
A clause the error rests on is added after the message in both languages (``場の置き場所は1〜5です (2.3.1)``),
so no clause number is ever lost. A list param is joined; in Japanese, a list of code names is shown in the
rulebook's words from ``adjudicator.vocabulary`` (``オモテ（up）``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from adjudicator import vocabulary

# The same code name can mean two things (`summon`: the mark 召 or the 召喚フェーズ), so the words of a list of
# choices come from the one table that holds all of them.
_VALUE_TABLES: tuple[Mapping[str, str], ...] = (
    vocabulary.FACES, vocabulary.STATES, vocabulary.TYPES, vocabulary.ROLES, vocabulary.MARKS, vocabulary.PHASES,
    {"none": vocabulary.NONE_WORD},
)
_VALUE_WORDS = {name: word for table in reversed(_VALUE_TABLES) for name, word in table.items()}


@dataclass(frozen=True)
class Message:
    params: tuple[str, ...]
    english: str
    japanese: str
    words: Mapping[str, str] = field(default_factory=dict)  # the Japanese for the code names a list param holds


def _m(params: str, english: str, japanese: str, words: Mapping[str, str] | None = None) -> Message:
    return Message(tuple(params.split()), english, japanese, words or {})


MESSAGES: dict[str, Message] = {
    # --- what pydantic finds (its error types, given stable names here) ---
    "missing": _m("", "required", "入力してください"),
    "unknown_field": _m("", "unknown field (a typo? extension fields start with `x-`)",
                        "不明な項目です（綴りの誤り？ 拡張項目は x- で始めます）"),
    "too_small": _m("min", "at least {min}", "{min}以上にしてください"),
    "too_large": _m("max", "at most {max}", "{max}以下にしてください"),
    "not_above": _m("limit", "more than {limit}", "{limit}より大きくしてください"),
    "not_below": _m("limit", "less than {limit}", "{limit}より小さくしてください"),
    "not_integer": _m("", "a whole number", "整数で入力してください"),
    "not_number": _m("", "a number", "数で入力してください"),
    "not_boolean": _m("", "true or false", "はい/いいえで指定してください"),
    "not_text": _m("", "text", "文字列で入力してください"),
    "not_mapping": _m("", "a mapping (key: value)", "「キー: 値」の形で書いてください"),
    "not_list": _m("", "a list ([…])", "一覧（[…]）で書いてください"),
    "not_one_of": _m("choices", "one of: {choices}", "次のいずれかを選んでください: {choices}", _VALUE_WORDS),
    "text_too_short": _m("min", "at least {min} characters", "{min}文字以上入力してください"),
    "text_too_long": _m("max", "at most {max} characters", "{max}文字以内にしてください"),
    "has_whitespace": _m("", "text without spaces", "空白を含まない文字列にしてください"),
    "pattern_mismatch": _m("pattern", "text of the form {pattern}", "{pattern} の形の文字列にしてください"),
    "too_few": _m("min", "at least {min} items", "{min}個以上必要です"),
    "too_many": _m("max", "at most {max} items", "{max}個までです"),
    "invalid": _m("detail", "{detail}", "入力が正しくありません（{detail}）"),
    # --- card wording (adjudicator.format.wording) ---
    "wording_unread": _m("wording why", "cannot read the condition 「{wording}」: {why}",
                         "条件「{wording}」を読めない: {why}"),
    "wording_unread_at": _m("wording position why", "cannot read the condition 「{wording}」 (at character {position}): {why}",
                            "条件「{wording}」を読めない（{position}文字目）: {why}"),
    "wording_ruby": _m("wording word", "cannot decide the condition 「{wording}」: the word 「{word}」 carries its "
                       "ruby, which must match too, and card information has no ruby",
                       "条件「{wording}」は判定できない: 指定語「{word}」にルビがあり、ルビまで一致する必要があるが、"
                       "カードの情報にルビがない"),
    "wording_wrong_bracket": _m("field bracket given right", "`{field}` reads {bracket} words only; {given} goes "
                                "under `{right}`, or write the whole condition as `where: <wording>`",
                                "{field} には {bracket} の語だけを書きます。{given} は {right} に書くか、条件全体を "
                                "where: <文言> として書いてください"),
    "wording_in_list": _m("field wording", "`{field}` as a list holds one word an item (any one matches); write "
                          "「{wording}」 as the whole value or as `where: <wording>`",
                          "{field} の一覧には1項目に1語を書きます（どれか1つに当てはまればよい）。「{wording}」は値"
                          "全体として、または where: <文言> として書いてください"),
    # --- the shared base ---
    "number_not_flag": _m("", "a number, not true/false", "数で入力してください（true/false ではありません）"),
    "until_or_turns": _m("", "give either `until` or `turns`, not both", "期間は until と turns のどちらか一方だけです"),
    # --- the effect language ---
    "words_count": _m("min max", "a list of words has {min}..{max} items, any one of which matches",
                      "語の一覧は{min}〜{max}個です（どれか1つに当てはまればよい）"),
    "word_length": _m("min max", "a word is {min}..{max} characters", "語は{min}〜{max}文字です"),
    "selector_one_mode": _m("", "a selector is one of `all`, `choose`, `this`, `it`, `slots` or `trigger`",
                            "カードの指定は「全て」「選ぶ」「これ」「それ」「1枚ずつの条件」「誘発したカード」のいずれか1つです"),
    "superlative_one_value": _m("", "`most` names exactly one of `power` or `rank` (highest or lowest)",
                                "「最も」はパワー（power）かランク（rank）のどちらか1つを指定します（highest/lowest）"),
    "superlative_on_field": _m("", "`most` compares the field cards `all` or `choose` selects, not `this`, `it`, "
                               "`slots`, `trigger` or a hidden zone",
                               "「最も」は「全て」「選ぶ」で指定する場のカードの間で比べます（これ・それ・1枚ずつの条件・"
                               "誘発したカード・非公開領域には使えません）"),
    "draw_one_kind": _m("", "a draw is one of `count`, `up_to`, `until_hand` or `count_of`",
                        "引く枚数は count・up_to・until_hand・count_of のいずれか1つです"),
    "add_or_set": _m("", "exactly one of `add` or `set`", "パワーは増減（add）か設定（set）のどちらか一方です"),
    "onto_or_empty_slot": _m("", "give either `onto` or `empty_slot: true`",
                             "置き先（onto）か空いている置き場所（empty_slot）のどちらかを指定します"),
    "restrict_one_subject": _m("", "a restriction takes at most one of `where`, `target` or `limit`",
                               "制限の対象は where・target・limit のうち1つまでです"),
    "limit_counts_summons_or_events": _m("", "`limit` counts summons or events per turn",
                                         "limit（合わせてN枚まで）が数えるのは召喚か事変です"),
    "count_over_options": _m("count options", "`count` ({count}) is more than the {options} options listed",
                             "選ぶ数（{count}）が選択肢の数（{options}）より多いです"),
    "or_chooses_one": _m("", "「または」 chooses one of the options", "「または」は選択肢から1つを選びます"),
    "top_one_deck": _m("", "`top` looks at the top cards of one deck", "top（山札の上から）は1つの山札だけを見ます"),
    "zone_twice": _m("", "a zone is listed twice", "同じ領域が2回書かれています"),
    "unknown_step": _m("step choices", "unknown step '{step}'; expected one of: {choices}",
                       "不明な処理「{step}」です。次のいずれかです: {choices}", vocabulary.STEPS),
    "step_one_kind": _m("", "a step has exactly one kind key (e.g. `draw: 2`)",
                        "1つの処理には種類を1つだけ指定します（例: draw: 2）"),
    "do_with_repeat": _m("", "`do` goes with `repeat` only", "do は repeat（繰り返し）にだけ書けます"),
    "draw_count_range": _m("min max", "a draw count is {min}..{max}", "引く枚数は{min}〜{max}です"),
    "discard_count_range": _m("min max", "a discard count is {min}..{max}", "墓地へ送る枚数は{min}〜{max}です"),
    "condition_one_kind": _m("choices", "a condition has exactly one of: {choices}",
                             "条件は次のうち1種類だけ指定します: {choices}", vocabulary.CONDITIONS),
    "when_one_kind": _m("", "`when` has exactly one of `event`, `phase_start` or `phase_end`",
                        "誘発条件は「出来事」「フェーズの初め」「フェーズの終わり」のいずれか1つです"),
    # --- the board ---
    "event_has_no_power": _m("", "an event (事変) has no power", "事変にパワーはありません"),
    "event_has_no_rank": _m("", "an event (事変) has a level, not a rank", "事変にはランクではなくレベルがあります"),
    "event_has_no_role": _m("", "an event (事変) has no attacker/blocker role", "事変に剣マーク・盾マークはありません"),
    "person_has_no_level": _m("", "a person (人物) has a rank, not a level", "人物にはレベルではなくランクがあります"),
    "counter_is_for_events": _m("", "`counter` is for events", "「相手の攻撃時にも発動できる」は事変だけが持ちます"),
    "event_not_on_field": _m("", "an event (事変) is never placed on the field", "事変は場に置かれません"),
    "slot_cards_or_card": _m("", "a slot has either `cards` (bottom → top) or `card`", "カードを1枚以上置いてください"),
    "zone_count_range": _m("min max", "a count is {min}..{max}", "枚数は{min}〜{max}です"),
    "zone_list_too_long": _m("max", "at most {max} cards are listed in one zone",
                             "1つの領域に並べられるカードは{max}枚までです"),
    "slot_range": _m("min max", "slots are {min}..{max}", "場の置き場所は{min}〜{max}です"),
    "rank_range": _m("min max", "a person's rank is {min}..{max}", "人物のランクは{min}〜{max}です"),
    "level_range": _m("min max", "an event's level is {min}..{max}", "事変のレベルは{min}〜{max}です"),
    "power_negative": _m("", "a power is never negative", "パワーは負の値になりません"),
    # --- the actions ---
    "defence_one_kind": _m("", "a defence is one of `block`, `substitute` or `event`",
                           "防御はブロック・身代わり・事変のいずれか1つです"),
    "picks_by_effect_name": _m("", "this action runs no effect of its own: give picks by effect name ({{効果名: [...]}})",
                               "この行動は自分の効果を発動しません。選択は効果名ごとに書いてください（{{効果名: [...]}}）"),
    "too_many_picks": _m("max", "at most {max} picks per effect", "1つの効果への選択は{max}個までです"),
    "pick_too_large": _m("cards count", "a pick is at most {cards} cards, or a count 0..{count}",
                         "1つの選択はカード{cards}枚まで、または0〜{count}の数です"),
    "too_many_defences": _m("max", "at most {max} defences are attempted for one attack",
                            "1回の攻撃に試みる防御は{max}つまでです"),
    "action_one_kind": _m("choices", "an action has exactly one key, one of: {choices}",
                          "行動の種類を1つ選んでください: {choices}", vocabulary.ACTIONS),
    # --- the scenario ---
    "players_missing": _m("missing", "both players A and B are needed; missing {missing}",
                          "両プレイヤー（AとB）が必要です。足りないもの: {missing}"),
    "id_like_slot": _m("id", "card id '{id}' looks like a slot reference",
                       "カードID「{id}」は置き場所の記号（A1など）と同じです"),
    "id_used_twice": _m("id first", "card id '{id}' is used twice (first at {first})",
                        "カードID「{id}」は {first} で既に使われています"),
    # --- loading ---
    "source_too_large": _m("max_kib", "the scenario is larger than {max_kib} KiB", "シナリオが大きすぎます（{max_kib} KiBまで）"),
    "not_yaml": _m("problem", "not valid YAML/JSON: {problem}", "YAML/JSONとして読めません: {problem}"),
    "not_yaml_at": _m("line column problem", "not valid YAML/JSON (line {line}, column {column}): {problem}",
                      "YAML/JSONとして読めません（{line}行{column}列）: {problem}"),
    "not_json": _m("problem", "not valid JSON: {problem}", "送られたデータはJSONとして読めません: {problem}"),
    "too_deep": _m("max", "the scenario is nested deeper than {max} levels", "入れ子が深すぎます（{max}段まで）"),
    "number_too_long": _m("max", "a number has at most {max} digits", "数は{max}桁までです"),
    "not_unicode": _m("", "the text is not valid Unicode (a lone surrogate such as \\ud800)",
                      "文字列が正しいUnicodeではありません（\\ud800 のような単独のサロゲート）"),
    "not_a_scenario": _m("", "a scenario is a mapping with format, title, game, players, actions",
                         "シナリオは format・title・game・players・actions を持つ「キー: 値」の形です"),
    # --- effects given as text alone (adjudicator.reading.loader) ---
    "text_not_read": _m("reason", "the effect text cannot be read: {reason}", "{reason}"),
    "text_unread": _m("start end text why",
                      "characters {start}–{end} 「{text}」 cannot be read ({why}); write this effect's sentences by hand",
                      "{start}〜{end}文字目「{text}」が読めない（{why}）。この効果には sentences を手で書いてください"),
    "text_reads_no_step": _m("", "the text reads as no step; write this effect's sentences by hand",
                             "読める処理がない。この効果には sentences を手で書いてください"),
    "text_when_differs": _m("", "what the text says triggers it differs from `when`", "テキストのきっかけが when と食い違う"),
    "text_shared_with_differs": _m("", "the names the text says it is one effect with differ from `shared_with`",
                                   "テキストの「合わせて1つの効果となる」名前が shared_with と食い違う"),
}


def english(code: str, params: Mapping[str, Any], rule: str | None = None) -> str:
    message = MESSAGES.get(code) or MESSAGES["invalid"]
    return _with_rule(message.english.format(**_shown(message, params, japanese=False)), rule)


def japanese(code: str, params: Mapping[str, Any], rule: str | None = None) -> str:
    message = MESSAGES.get(code) or MESSAGES["invalid"]
    return _with_rule(message.japanese.format(**_shown(message, params, japanese=True)), rule)


def _shown(message: Message, params: Mapping[str, Any], japanese: bool) -> dict[str, str]:
    """Every declared param as text; one not given shows as "?" rather than failing to render."""
    return {name: _value(params.get(name, "?"), message.words if japanese else {}, japanese) for name in message.params}


def _value(value: Any, words: Mapping[str, str], japanese: bool) -> str:
    if isinstance(value, (list, tuple)):
        words = _table_holding(value, words)
        return ("、" if japanese else ", ").join(_value(item, words, japanese) for item in value)
    text = str(value)
    return f"{words[text]}（{text}）" if text in words else text


def _table_holding(values: list[Any] | tuple[Any, ...], words: Mapping[str, str]) -> Mapping[str, str]:
    """The one vocabulary table that names every value, when the message's words are the shared value words."""
    if words is not _VALUE_WORDS:
        return words
    names = {str(value) for value in values if str(value) != "none"}
    holding = [table for table in _VALUE_TABLES if names and names <= table.keys()]
    return {**holding[0], **_VALUE_TABLES[-1]} if holding else words


def _with_rule(text: str, rule: str | None) -> str:
    return f"{text} ({rule})" if rule else text
