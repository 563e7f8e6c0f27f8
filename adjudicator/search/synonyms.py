"""Words players use that the rulebook does not (or not always): each maps to the rulebook's own words.

A query keeps its own words and gains the rulebook's as alternatives, so a Duel Masters query for タップ
still finds タップ while a Hi!story query finds レスト. Sources are at least two characters long so that a
replacement never fires inside an unrelated word.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

SYNONYMS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        # Zones (2.3–2.7).
        "フィールド": ("場",),
        "バトルゾーン": ("場",),
        "盤面": ("場",),
        "デッキ": ("山札",),
        "ライブラリ": ("山札",),
        "トラッシュ": ("墓地",),
        "捨て札": ("墓地",),
        "墓場": ("墓地",),
        "重ねたカード": ("場の下",),
        "下のカード": ("場の下",),
        # Card states (3.1, 3.2).
        "裏向き": ("ウラ",),
        "裏側": ("ウラ",),
        "伏せ": ("ウラ",),
        "表向き": ("オモテ",),
        "表側": ("オモテ",),
        "タップ": ("レスト",),
        "横向き": ("レスト",),
        "アンタップ": ("アクティブ",),
        "縦向き": ("アクティブ",),
        # Actions.
        "ドロー": ("引く",),
        "破壊": ("墓地へ送る",),
        "捨てる": ("墓地へ送る",),
        "サーチ": ("探す", "山札から"),
        "ガード": ("ブロック",),
        "チャンプブロック": ("ブロック",),
        # Marks and card types (2.2.1, 6.4).
        "ブロッカー": ("盾",),
        "アタッカー": ("剣",),
        "イベント": ("事変",),
        "スペル": ("事変",),
        "キャラ": ("人物カード",),
        "ユニット": ("人物カード",),
        "コスト": ("ランク", "レベル"),
        # Outcomes (11, 12).
        "相打ち": ("両方を墓地へ送る", "パワーが同じ"),
        "相討ち": ("両方を墓地へ送る", "パワーが同じ"),
        "引き分け": ("両方",),
        "負け": ("敗北",),
        "勝ち": ("勝利",),
        "デッキ切れ": ("山札が0枚",),
        "ライブラリアウト": ("山札が0枚",),
        # Turns (5.5, 5.8).
        "先攻": ("1ターン目",),
        "後攻": ("2ターン目",),
        "エクストラターン": ("追加のターン",),
        # Protection (9).
        "耐性": ("効果を受けない", "選ばれない"),
        "対象外": ("選ばれない",),
    }
)


def expansions(text: str) -> tuple[str, ...]:
    """The rulebook-word variants of ``text`` (each with every player word it contains replaced)."""
    variants: list[str] = []
    for source, targets in SYNONYMS.items():
        if source not in text:
            continue
        for target in targets:
            variant = text.replace(source, target)
            if variant not in variants and variant != text:
                variants.append(variant)
    return tuple(variants)
