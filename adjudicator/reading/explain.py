"""Each read sentence said back in plain Japanese, in the rulebook's words, so a judge can check the
reading before anything resolves (issue 11, item 5). The words come from the model, not from the text."""

from __future__ import annotations

from typing import Any

from adjudicator import vocabulary as words
from adjudicator.format.matching import describe
from adjudicator.format.effects import Condition, ItCondition, RestrictSpec, SearchSpec, Sentence, Step, Where

PLAYERS = {"self": "自分", "opponent": "相手", "each": "互いの"}


def where_words(where: Where) -> str:
    """The cards ``where`` names, in the rulebook's words: the format's one description of a condition
    (``format.matching.describe``, which the engine's rulings use too), then the noun (7.3.4)."""
    said = describe(where.model_copy(update={"type": None})) if where.type else describe(where)
    noun = f"{words.TYPES[where.type]}カード" if where.type else "カード"
    return said + noun


def _condition_only(where: Where) -> str:
    """A condition said without its noun (「〈信長〉」 of 「〈信長〉でない」, 7.3.3)."""
    said = where_words(where)
    return said.removesuffix("カード").removesuffix("の") or said


def _cards_words(ref: Any) -> str:
    """The cards ``where`` names; with 「最も」, those of them with the extreme value, every tied one (7.3.11)."""
    if ref.most is None:
        return where_words(ref.where)
    stat = "power" if ref.most.power else "rank"
    most = words.SUPERLATIVES[(stat, ref.most.power or ref.most.rank)]
    return f"{where_words(ref.where)}のうち{most}もの（同じ{words.STAT_WORDS[stat]}で並べば全て）"


def card_words(ref: Any) -> str:
    if isinstance(ref, str):
        return f"{ref}のカード"
    if ref.this:
        return "これ"
    if ref.it:
        return "それ"
    if ref.trigger:
        return "そのカード（この効果のきっかけになったカード）"
    owner = {"self": "自分の", "opponent": "相手の", "each": "互いの"}[ref.player]
    place = f"{owner}{words.ZONES[ref.zone]}の"
    if ref.slots:
        return place + "と".join(f"{where_words(where)}1枚" for where in ref.slots) + "（枠ごとに1枚、選べる総数が最大になるように）"
    if ref.all:
        return f"{place}{_cards_words(ref)}全て"
    count = f"{ref.choose}枚{'まで' if ref.up_to else ''}" if ref.choose else ""
    return f"{place}{_cards_words(ref)}から選んだ{count}"


def _timed(spec: Any) -> str:
    if getattr(spec, "turns", None):
        return f"{spec.turns}ターンの間、"
    return f"{words.DURATIONS[spec.until]}、" if getattr(spec, "until", None) else ""


def step_words(step: Step) -> str:
    words = _step_words(step)
    # 「相手は」: the opponent draws or discards (7.2.1); said, or the judge would read it as one's own
    return f"相手は{words}" if getattr(step.argument, "player", None) == "opponent" and step.kind in ("draw", "discard") else words


def _step_words(step: Step) -> str:
    kind, spec = step.kind, step.argument
    if kind == "draw":
        if isinstance(spec, int):
            return f"カードを{spec}枚引く"
        if spec.up_to is not None:
            return f"カードを{spec.up_to}枚まで引く（枚数は引く前に決める）"
        if spec.until_hand is not None:
            return f"手札が{spec.until_hand}枚になるように引く"
        if spec.count_of is not None:
            counted = spec.count_of
            place = f"{PLAYERS[counted.player].removesuffix('の')}の{words.ZONES[counted.zone]}の"
            return f"{place}{where_words(counted.where)}と同じ枚数（処理する時に数える）引く"
        return f"カードを{spec.count}枚引く"
    if kind == "mill":
        owner = {"self": "自分の", "opponent": "相手の", "each": "互いの"}[spec.player]
        return f"{owner}山札の上から{spec.count}枚を墓地へ送る"
    if kind == "discard":
        return f"手札を{spec if isinstance(spec, int) else spec.count}枚選んで墓地へ送る"
    simple = {"send_to_graveyard": "を墓地へ送る", "rest": "をレストする", "activate_cards": "をアクティブにする",
              "flip_down": "をウラにする", "flip_up": "をオモテにする", "return_to_hand": "を持ち主の手札に戻す"}
    if kind in simple:
        return card_words(spec) + simple[kind]
    if kind == "to_deck":
        return f"{card_words(spec.target)}を持ち主の山札の{'上' if spec.position == 'top' else '下'}に置く"
    if kind == "hand_to_deck":
        return f"手札を{spec.count}枚選んで山札の{'上' if spec.position == 'top' else '下'}に置く"
    if kind == "power":
        change = f"を{spec.add:+d}する" if spec.add is not None else f"が{spec.set}になる"
        return f"{_timed(spec)}{card_words(spec.target)}のパワー{change}"
    if kind == "rank":
        return f"{_timed(spec)}{card_words(spec.target)}のランクを{spec.add:+d}する"
    if kind == "grant":
        return f"{_timed(spec)}{card_words(spec.target)}は{words.ROLES[spec.role]}を得る"
    if kind == "protect":
        return f"{_timed(spec)}{card_words(spec.target)}は{words.PROTECTIONS[spec.from_]}"
    if kind == "restrict":
        return _restrict_words(spec)
    if kind == "summon_without_set":
        place = "空いている置き場所に" if spec.empty_slot else f"{card_words(spec.onto)}の上に"
        return f"{card_words(spec.card)}を{place}セットせずに召喚する"
    if kind == "set_from_hand":
        return f"{card_words(spec.card)}を{card_words(spec.onto)}の上にセットする"
    if kind == "move":
        return f"{card_words(spec.card)}を{card_words(spec.onto)}の上に移動する"
    if kind == "win":
        return "このゲームに勝利する"
    if kind == "extra_turn":
        return "このターンの後、再び自分のターンになる"
    if kind == "choose_effects":
        listed = "".join(f"「{'し、'.join(step_words(s) for s in option.do)}」" for option in spec.options)
        if spec.or_:
            return f"次のどちらか一方を選び、扱える対象全てに行う（選んでから始める）: {listed}"
        return f"次の{len(spec.options)}個から{spec.count}個を選んで行う（全て選んでから始める）: {listed}"
    if kind == "look":
        return f"{card_words(spec.target)}を見る（この効果の間、その情報を参照できる）"
    if kind == "search":
        return _search_words(spec)
    if kind == "shuffle":
        return f"{PLAYERS[spec.player]}の{words.ZONES[spec.zone]}をシャッフルする"
    if kind == "swap_zones":
        return f"{PLAYERS[spec.player]}の{words.ZONES['deck']}と{words.ZONES['graveyard']}を入れ替える"
    if kind == "no_refresh":
        return f"{card_words(spec)}は次の自分のターンの初めにアクティブにできない"
    if kind == "repeat":
        return f"「{'し、'.join(step_words(s) for s in step.do or [])}」を{spec}回行う"
    return kind


def _search_words(spec: SearchSpec) -> str:
    zones = "と".join(words.ZONES[zone] for zone in spec.zones)
    if spec.random:
        return f"{PLAYERS[spec.player]}の{zones}から見ずに{spec.up_to}枚を手札に加える"
    return (f"{PLAYERS[spec.player]}の{zones}から{where_words(spec.where)}を{spec.up_to}枚まで選んで手札に加える"
            f"（その後、{zones}をシャッフルする）")


def _restrict_words(spec: RestrictSpec) -> str:
    who = f"{PLAYERS[spec.player]}は" if spec.player != "each" else "互いに"
    if spec.target is not None:
        who = f"{card_words(spec.target)}は"
    elif spec.where is not None:
        who = f"{PLAYERS[spec.player]}の場の{where_words(spec.where)}は"
    act = words.act_word(spec.cannot)
    if spec.limit is not None:
        return f"{_timed(spec)}{who}合わせて{spec.limit}枚までしか{act}できない"
    return f"{_timed(spec)}{who}{act}ができない"


def condition_words(condition: Condition) -> str:
    kind = condition.kind
    value = getattr(condition, kind)
    if kind == "not_":
        return f"「{condition_words(value)}」でない"
    if kind in ("hand_at_least", "hand_at_most"):
        return f"手札が{value}枚{'以上' if kind.endswith('least') else '以下'}"
    if kind.startswith("deck_") or kind.startswith("field_count") or kind == "graveyard_at_least":
        zone = kind.split("_")[0]
        place = words.ZONES[zone] + ("のカード" if zone == "field" else "")
        where = f"（{where_words(value.where)}）" if value.where != Where() else ""
        return f"{PLAYERS[value.player]}の{place}{where}が{value.count}枚{'以上' if kind.endswith('least') else '以下'}"
    if kind == "it":
        where = value.where if isinstance(value, ItCondition) else value
        return f"それが{where_words(where)}"
    if kind == "this":
        return f"これが{where_words(value)}"
    if kind == "activated":
        return f"このターン、自分が｛{value}｝を発動していた"
    if kind == "did":
        return f"この効果で{words.word(words.DONE, value)}"
    return kind


def sentence_words(sentence: Sentence) -> str:
    words = "し、".join(step_words(step) for step in sentence.do)
    if sentence.if_ is not None:
        words = f"{condition_words(sentence.if_)}なら、{words}"
    if sentence.then:
        words = f"その後（前の文が完全に解決していれば）、{words}"
    if sentence.optional:
        words += "（行わなくてもよい）"
    return words + "。"
