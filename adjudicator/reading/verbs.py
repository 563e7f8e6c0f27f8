"""The verbs of effect texts and their forms: a step ends a sentence in 終止形 (「引く」), is joined to the next
by 連用形 + 「、」 (「引き、」, 10.1.5), and takes 「てもよい」 in て形 (「引いてもよい」, 6.5.3).

A grammar rule writes its verb once, as ``<引く>``; the grammar is built with one copy of the rule for each
form (see grammar.py), so 「1枚引く、1枚引く」 is not a sentence while 「1枚引き、1枚引く」 is.
"""

from __future__ import annotations

FORMS = ("end", "cont", "te")

# dictionary form -> (終止形, 連用形, て形)
CONJUGATIONS: dict[str, tuple[str, str, str]] = {
    "引く": ("引く", "引き", "引いて"),
    "ひく": ("ひく", "ひき", "ひいて"),  # 「引く」 as judges type it in kana
    "送る": ("送る", "送り", "送って"),
    "する": ("する", "し", "して"),
    "置く": ("置く", "置き", "置いて"),
    "戻す": ("戻す", "戻し", "戻して"),
    "なる": ("なる", "なり", "なって"),
    "得る": ("得る", "得", "得て"),
    "行う": ("行う", "行い", "行って"),
    "見る": ("見る", "見", "見て"),
    "加える": ("加える", "加え", "加えて"),
    "入れ替える": ("入れ替える", "入れ替え", "入れ替えて"),
}


def form(verb: str, which: str) -> str:
    return CONJUGATIONS[verb][FORMS.index(which)]


# The predicates the step rules end with (other than a bare verb above): a sentence ending with none of
# these, in any form, has a verb the grammar does not know.
PREDICATES = ("レストする", "アクティブにする", "ウラにする", "オモテにする", "勝利する", "召喚する", "セットする",
              "移動する", "引く", "ひく", "送る", "戻す", "置く", "なる", "得る", "行う", "できない", "離れない",
              "離れなくてよい", "受けない", "送られない", "引けない", "選ぶ", "できる",
              "見る", "加える", "入れ替える", "シャッフルする")


def known_predicates() -> tuple[str, ...]:
    forms: set[str] = set()
    for words in PREDICATES:
        forms.add(words)
        for verb, (end, cont, te) in CONJUGATIONS.items():
            if words.endswith(end):
                stem = words[: -len(end)]
                forms |= {stem + cont, stem + te + "もよい", words + "ことができる"}
    return tuple(sorted(forms, key=len, reverse=True))
