"""Japanese text analysis for the clause index.

Japanese is written without spaces, so the index keeps two views of every text: overlapping character
bigrams (robust for any term, even one the dictionary does not know, and exact for phrase queries) and
morphological base forms from MeCab with IPADIC (fugashi and the ``ipadic`` package: so that 引けない and 引く
meet). Both tokenizers are pickled into the index schema by module path: keep this module importable under
this name. The morphological one pickles the name of its analysis (``MORPH_ANALYSIS``), so that the index
fingerprint (:func:`adjudicator.search.store.fingerprint`) changes when the analysis does.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Iterable, Iterator

from whoosh.analysis import Token, Tokenizer

from adjudicator.morphology import ThreadTaggers

# What the morph fields' tokens come from; part of the pickled schema, so of the index fingerprint. Janome
# (until schema 3) shipped the same dictionary; bench/tokenizer_compare.py compares the two.
MORPH_ANALYSIS = "mecab+mecab-ipadic-2.7.0-20070801"

# Part-of-speech prefixes (IPADIC's first field) whose words carry the meaning of a clause.
# Particles, auxiliary verbs and symbols are left out: に/が/た match every clause.
_CONTENT_POS = ("名詞", "動詞", "形容詞", "副詞", "連体詞", "接頭詞")

# Words that occur in questions and in almost every clause alike, so they only add noise to a ranking.
# Kept small on purpose: できる/できない stay, because 「できない」 is itself a rule (5.3, dm:101.2).
_STOP_WORDS = frozenset(
    {
        "する", "なる", "ある", "いる", "れる", "られる", "こと", "もの", "ため", "よう", "場合", "どう", "何",
        "いつ", "どれ", "どこ", "の", "ん", "これ", "それ", "この", "その", "and", "or", "not",
    }
)


def normalize(text: str) -> str:
    """NFKC (full-width digits and letters to ASCII, half-width kana to full) and lower case."""
    return unicodedata.normalize("NFKC", text).lower()


def is_word_char(char: str) -> bool:
    """Letters (kana and kanji included), digits and the long-vowel mark; not punctuation or spaces."""
    category = unicodedata.category(char)
    return category[0] in "LN" or char in "ー々〆ヶ"


def _is_ascii_word_char(char: str) -> bool:
    return char.isascii() and char.isalnum()


def word_runs(text: str) -> Iterator[tuple[int, str]]:
    """Maximal runs of word characters with their offset; ASCII words and Japanese runs are kept apart."""
    start = None
    for index, char in enumerate(text + " "):
        if start is not None:
            same_kind = is_word_char(char) and _is_ascii_word_char(char) == _is_ascii_word_char(text[start])
            if same_kind:
                continue
            yield start, text[start:index]
            start = None
        if is_word_char(char):
            start = index


def bigrams(text: str) -> Iterator[tuple[int, str]]:
    """(offset, token) of a normalized text: an ASCII word whole, Japanese as overlapping bigrams.

    A one-character Japanese run (場, 盾) is its own token, so that a one-character query still finds it.
    """
    for start, run in word_runs(text):
        if run.isascii() or len(run) == 1:
            yield start, run
            continue
        for offset in range(len(run) - 1):
            yield start + offset, run[offset : offset + 2]


class _PieceTokenizer(Tokenizer):
    """A Whoosh tokenizer over ``pieces(text)``: (offset, token text) pairs, one position each."""

    def pieces(self, text: str) -> Iterable[tuple[int, str]]:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self)

    def __hash__(self) -> int:
        return hash(type(self))

    def __call__(self, value, positions=False, chars=False, keeporiginal=False, removestops=True,
                 start_pos=0, start_char=0, tokenize=True, mode="", **kwargs):
        token = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        for position, (offset, text) in enumerate(self.pieces(value) if tokenize else [(0, value)]):
            token.text = text
            token.boost = 1.0
            token.stopped = False
            if keeporiginal:
                token.original = text
            if positions:
                token.pos = start_pos + position
            if chars:
                token.startchar = start_char + offset
                token.endchar = start_char + offset + len(text)
            yield token


class BigramTokenizer(_PieceTokenizer):
    """Character bigrams of the NFKC-normalized text, with positions (phrase queries) and offsets."""

    def pieces(self, text: str) -> Iterable[tuple[int, str]]:
        return bigrams(normalize(text))


def features(word) -> tuple[str, ...] | list[str]:
    """IPADIC's fields of a MeCab word. Split from the raw CSV (three times cheaper than fugashi's parsed
    ``feature``, a tenth of an index build), unless a field is quoted (holds a comma): then fugashi's."""
    raw = word.feature_raw
    return word.feature if '"' in raw else raw.split(",")


def base_form(surface: str, feature: tuple[str, ...] | list[str]) -> str:
    """IPADIC's base form (its seventh field); an unknown word has none (``*`` or no field): its surface."""
    base = feature[6] if len(feature) > 6 else "*"
    return base if base != "*" else surface


class MorphTokenizer(_PieceTokenizer):
    """Base forms of the content words (MeCab, IPADIC), stop words dropped."""

    def __init__(self) -> None:
        self._local = ThreadTaggers()
        self._pieces = self._memo()

    # The tagger is not picklable and must not be shared: a schema stored in an index carries only the class
    # and the name of the analysis, and every process builds its own per-thread taggers.
    def __getstate__(self) -> dict:
        return {"analysis": MORPH_ANALYSIS}

    def __setstate__(self, state: dict) -> None:
        self._local = ThreadTaggers()
        self._pieces = self._memo()

    def _memo(self):
        # Every clause of a section carries the same section titles (the headings field): of the 1,149 texts an
        # index build gives the morph fields, 491 are distinct.
        return functools.lru_cache(maxsize=1024)(lambda text: tuple((start, base) for start, _, base in self.words(text)))

    def words(self, text: str) -> Iterator[tuple[int, str, str]]:
        """(offset, surface, base form) of each content word of ``text`` (normalized first)."""
        offset = 0
        for word in self._local.get()(normalize(text)):
            offset += len(word.white_space)  # MeCab skips whitespace; the offsets are into the whole text
            start = offset
            offset += len(word.surface)
            feature = features(word)
            if feature[0] not in _CONTENT_POS:
                continue
            base = base_form(word.surface, feature)
            if base in _STOP_WORDS or not any(is_word_char(char) for char in base):
                continue
            yield start, word.surface, base

    def pieces(self, text: str) -> Iterable[tuple[int, str]]:
        return self._pieces(text)


def bigram_analyzer() -> BigramTokenizer:
    return BigramTokenizer()


def morph_analyzer() -> MorphTokenizer:
    return MorphTokenizer()
