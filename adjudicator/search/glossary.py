"""Player vocabulary: the words people bring from other card games, and the rulebook words they mean.

A query keeps its own words and gains the rulebook's as alternatives, so a Duel Masters query for タップ still
finds タップ while a Hi!story query finds レスト. Two sources, never the benchmark's queries:

- ``PLAYER_WORDS``: general trading-card-game usage (Magic, Duel Masters, Pokémon, Yu-Gi-Oh! slang) and
  everyday kanji/katakana variants, each mapped to the words the Hi!story rulebook prints;
- the rulebook's own aliases, read from its text: 「場」（「フィールド」とも表記する）, 〈守護〉（プロテクト）,
  「見ずに」は「ランダムに」と読む, 「発動する」と表現し、「効果を使う」と同義, アクティブ状態（縦向き）.

The search page shows each reading (タップ → レスト), so a person sees how the query was understood.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from adjudicator.rulebook import Rulebook
from adjudicator.search.analysis import normalize
from adjudicator.search.soundalike import SoundAlikes


@dataclass(frozen=True)
class Entry:
    word: str  # what a player types (NFKC, lower case)
    terms: tuple[str, ...]  # what the rulebook prints for it
    source: str  # "TCG" for general usage, else the clause that defines the alias


@dataclass(frozen=True)
class Reading:
    """One word of a query read as rulebook terms, for the page to show."""

    word: str
    terms: tuple[str, ...]
    source: str


def _entries(source: str, table: dict[str, tuple[str, ...]]) -> tuple[Entry, ...]:
    return tuple(Entry(normalize(word), terms, source) for word, terms in table.items())


# Longer words win over the words inside them (デッキ切れ before デッキ), see Glossary.readings.
PLAYER_WORDS: tuple[Entry, ...] = _entries("TCG", {
    # Zones (2.3–2.7).
    "フィールド": ("場",), "バトルゾーン": ("場",), "盤面": ("場",), "ボード": ("場",),
    "デッキ": ("山札",), "ライブラリ": ("山札",), "ライブラリー": ("山札",), "山の上": ("山札の上",),
    "トラッシュ": ("墓地",), "捨て札": ("墓地",), "墓場": ("墓地",), "グレイブ": ("墓地",),
    "ハンド": ("手札",), "中身": ("内容",),  # 2.5.4 山札の内容: what the cards are
    "重ねたカード": ("場の下",), "下のカード": ("場の下",), "下に重なった": ("場の下",), "進化元": ("場の下",),
    "重なっている": ("場の下", "重なって"),
    # Card states (3.1, 3.2): the rulebook writes ウラ/オモテ in katakana; 裏 never occurs in it.
    "裏": ("ウラ",), "裏向き": ("ウラ向き",), "裏側": ("ウラ",), "伏せ": ("ウラ",), "伏せカード": ("ウラのカード",),
    "セットカード": ("ウラのカード",),
    "表向き": ("オモテ向き",), "表側": ("オモテ",), "表にする": ("オモテにする",), "表になる": ("オモテになる",),
    "タップ": ("レスト",), "横向き": ("レスト",), "寝かせる": ("レスト",),
    "アンタップ": ("アクティブ",), "縦向き": ("アクティブ",), "起こす": ("アクティブにする",), "スタンド": ("アクティブ",),
    # Actions.
    "ドロー": ("引く",), "マリガン": ("引き直す",), "引き直し": ("引き直す",),
    "破壊": ("墓地へ送る",), "破棄": ("墓地へ送る",), "捨てる": ("墓地へ送る",), "ディスカード": ("墓地へ送る",),
    "倒す": ("墓地へ送る",), "倒される": ("墓地へ送られる",), "墓地送り": ("墓地へ送る",),
    "除去": ("場を離れる", "墓地へ送る"), "退場": ("場を離れる",),
    "バウンス": ("手札に戻す", "場を離れる"), "手札に戻す": ("場を離れる",), "手札に返す": ("場を離れる",),
    "サーチ": ("山札", "見て", "手札に加える"), "リクルート": ("山札", "セットせずに召喚"),
    "ミル": ("山札の上から", "墓地へ送る"), "デッキ破壊": ("山札の上から", "墓地へ送る"), "削る": ("墓地へ送る",),
    "ハンデス": ("手札", "墓地へ送る"), "公開する": ("見せる",), "開示": ("見せる",),
    "不発": ("空撃ち",), "空打ち": ("空撃ち",), "空撃": ("空撃ち",),
    "誘発": ("発動", "た時"), "トリガー": ("発動", "た時"), "チェーン": ("割り込み", "する時"),
    "起動": ("発動",), "キャスト": ("発動",), "唱える": ("発動",), "プレイする": ("発動",), "使う": ("発動",),
    "登場": ("召喚",), "出す": ("召喚",), "展開": ("召喚",), "進化": ("セット",), "重ねる": ("セット",),
    "アタック": ("攻撃",), "殴る": ("攻撃",), "ダイレクトアタック": ("山札への攻撃",), "直接攻撃": ("山札への攻撃",),
    "ライフ": ("山札",),
    "ガード": ("ブロック",), "チャンプブロック": ("ブロック",),
    "パンプ": ("パワー増減", "加算"), "バフ": ("パワー増減", "加算"), "強化": ("パワー増減", "加算"),
    "デバフ": ("パワー増減", "減少"), "弱体化": ("パワー増減", "減少"), "マイナス修正": ("パワー増減", "減少"),
    "打点": ("パワー",),
    # Card types and marks (2.2.1, 6.4).
    "ブロッカー": ("盾",), "アタッカー": ("剣",),
    "イベント": ("事変",), "スペル": ("事変",), "呪文": ("事変",), "魔法": ("事変",),
    "キャラ": ("人物カード",), "キャラクター": ("人物カード",), "ユニット": ("人物カード",),
    "クリーチャー": ("人物カード",), "モンスター": ("人物カード",),
    "コスト": ("ランク", "レベル"), "マナ": ("ランク", "レベル"),
    "召喚時効果": ("「召」",), "常時効果": ("「常」",), "永続効果": ("「常」", "継続"), "パッシブ": ("「常」",),
    "ターン1": ("1ターンに1",), "ターンに1回": ("1ターンに1",), "1ターンに1回": ("1ターンに1",),
    # Protection (9).
    "耐性": ("効果を受けない", "選ばれない"), "対象外": ("選ばれない",), "対象に取れない": ("選ばれない",),
    "破壊耐性": ("場を離れない", "除去耐性"), "効果耐性": ("効果を受けない",),
    # Outcomes and turns (5, 11, 12).
    "相打ち": ("両方を墓地へ送る", "パワーが同じ"), "相討ち": ("両方を墓地へ送る", "パワーが同じ"),
    "引き分け": ("両方",), "負け": ("敗北",), "負ける": ("敗北",), "勝ち": ("勝利",), "勝つ": ("勝利",),
    "デッキ切れ": ("山札が0枚", "敗北"), "デッキアウト": ("山札が0枚", "敗北"), "ライブラリアウト": ("山札が0枚", "敗北"),
    "先行": ("先攻",), "後行": ("後攻",), "初ターン": ("1ターン目",), "最初のターン": ("1ターン目",),
    "エクストラターン": ("追加のターン",), "追加ターン": ("追加のターン",),
    "ターン開始": ("ターンの初め",), "ターン終了": ("ターンの終わり",), "エンド": ("終わり",),
    "ターンエンド": ("ターンの終わり",), "返しのターン": ("次の相手のターン",),  # 5.6.2, 5.6.3
    # Other games' words for the rulebook's ideas: Magic's speeds (5.2.4, 11.2.4), Yu-Gi-Oh!'s damage step
    # (10.6.2 ⑥ パワーの確定), overlay materials (2.4 場の下) and once-per-turn by name (6.11.6 効果名).
    "インスタント": ("相手の攻撃時にも発動できる",), "ソーサリー": ("効果発動フェーズ",),
    "ダメステ": ("パワーの確定",), "ダメージステップ": ("パワーの確定",), "素材": ("場の下",),
    "名称ターン1": ("効果名", "1ターンに1度"),
    "戦闘": ("バトル",), "バーン": ("ダメージ",),  # 11.7.1, 11.3.1
    "回収": ("墓地から", "手札に加える"), "サルベージ": ("墓地から", "手札に加える"),  # 4.5.1
    "踏み倒し": ("セットせずに召喚",), "踏み倒す": ("セットせずに召喚",),  # 6.9.1
    "ブリンク": ("場を離れ", "場に戻"),  # 3.5.3: leaves the field and comes back
    # How people ask, and how the rulebook answers: the order of 10 (処理順序: 順番, 先に; the turn player
    # 選ぶ, 10.1.2) and how long a change lasts (5.6 ターン数・期間の数え方).
    "どっちが先": ("順番", "先に"), "どちらが先": ("順番", "先に"), "誰が決める": ("選ぶ",),
    "いつまで": ("期間",),
})

# Card text's power modifiers (+1000, −3000): the rulebook speaks of パワー増減, 加算 and 減算 (10.4, 11.6.2).
POWER_CHANGES: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (re.compile(r"\+\s?\d{3,}"), ("パワー増減", "加算")),
    (re.compile(r"(?<![0-9])[-−ー]\s?\d{3,}"), ("パワー増減", "減算", "減少")),
)

# 「X」（「Y」とも表記する）, 〈X〉（Y）, 「X」は「Y」と読む, 「X」と表現し、「Y」と同義, X状態（Y）, Yの状態をX状態.
_ALIAS_PATTERNS = (
    (re.compile(r"「([^「」]{1,12})」（「([^「」]{1,12})」とも表記する）"), 1, 2),
    (re.compile(r"〈([^〈〉]{1,12})〉（([ァ-ヶー]{2,12})）"), 1, 2),
    (re.compile(r"「([^「」]{1,12})」は「([^「」]{1,12})」と読む"), 1, 2),
    (re.compile(r"「([^「」]{1,12})」と表現し、「([^「」]{1,12})」と同義"), 1, 2),
    (re.compile(r"([ァ-ヶー]{2,12})状態（([^（）、。]{1,6})）"), 1, 2),
    (re.compile(r"(?:^|が|、)([^、。\s]{1,6}?)の状態を([ァ-ヶー]{2,12})状態"), 2, 1),
)


def rulebook_aliases(book: Rulebook) -> tuple[Entry, ...]:
    """The aliases a book defines in its own text, each credited to its clause."""
    found: dict[str, Entry] = {}
    for node in book.walk():
        for pattern, term_group, word_group in _ALIAS_PATTERNS:
            for match in pattern.finditer(node.text):
                word, term = normalize(match.group(word_group)), match.group(term_group)
                if word != normalize(term):
                    found.setdefault(word, Entry(word, (term,), f"{book.id}:{node.id}"))
    return tuple(found.values())


class Glossary:
    """Player words and aliases, looked up longest first; then, where none is read, words spelt by their
    sound (:mod:`adjudicator.search.soundalike`: てふだ → 手札, 召還 → 召喚)."""

    def __init__(self, entries: Iterable[Entry], sounds: SoundAlikes | None = None):
        self._sounds = sounds
        merged: dict[str, Entry] = {}
        for entry in entries:
            merged.setdefault(entry.word, entry)  # the first source wins: the rulebook's own, then TCG usage
        self._entries = tuple(sorted(merged.values(), key=lambda entry: -len(entry.word)))
        # One search reads the same text for its readings, its variants, its concepts and its highlights.
        self.readings = functools.lru_cache(maxsize=4096)(self._readings)
        self.expansions = functools.lru_cache(maxsize=4096)(self._expansions)

    @classmethod
    def for_books(cls, books: Iterable[Rulebook]) -> Glossary:
        books = tuple(books)
        return cls([alias for book in books for alias in rulebook_aliases(book)] + list(PLAYER_WORDS),
                   SoundAlikes.for_books(books))

    @property
    def entries(self) -> tuple[Entry, ...]:
        return self._entries

    def _readings(self, text: str, sounds: bool = True, typos: bool = True) -> tuple[Reading, ...]:
        """The words of ``text`` this glossary reads, longest first and not overlapping, in text order; with
        ``sounds``, also the spans that sound like the rulebook's words where no entry is read, and with
        ``typos`` the kanji pairs one kanji off the rulebook's.

        A word that is already the rulebook's own term in place (フィールド inside 「フィールド」とも) is still
        read: the alternatives only add to the query.
        """
        folded = normalize(text)
        taken = [False] * len(folded)
        found: list[tuple[int, Reading]] = []
        for pattern, terms in POWER_CHANGES:
            for match in pattern.finditer(folded):
                taken[match.start():match.end()] = [True] * (match.end() - match.start())
                found.append((match.start(), Reading(match.group(0), terms, "TCG")))
        for entry in self._entries:
            start = folded.find(entry.word)
            while start >= 0:
                end = start + len(entry.word)
                if not any(taken[start:end]) and not all(term in folded for term in entry.terms):
                    taken[start:end] = [True] * (end - start)
                    found.append((start, Reading(entry.word, entry.terms, entry.source)))
                    break
                start = folded.find(entry.word, end)
        if self._sounds is not None:
            for sound in (self._sounds.read(folded) if sounds else ()) + (self._sounds.typos(folded) if typos else ()):
                start = folded.find(sound.word)
                end = start + len(sound.word)
                if start >= 0 and not any(taken[start:end]):
                    taken[start:end] = [True] * (end - start)
                    found.append((start, Reading(sound.word, sound.terms, sound.source)))
        return tuple(reading for _, reading in sorted(found, key=lambda pair: pair[0]))

    def _expansions(self, text: str, sounds: bool = True, typos: bool = True) -> tuple[str, ...]:
        """``text`` with each read word replaced by each of its terms (one variant per replacement)."""
        folded = normalize(text)
        variants = [folded.replace(reading.word, term, 1)
                    for reading in self.readings(folded, sounds, typos) for term in reading.terms]
        return tuple(dict.fromkeys(variant for variant in variants if variant != folded))
