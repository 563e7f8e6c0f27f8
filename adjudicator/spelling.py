"""Japanese as people type it, folded to the rulebook's spelling, with every offset kept.

A judge types a card's text on a phone: half-width katakana, full-width or ASCII digits and signs, 「．」 or 「.」
for 「。」, kana where the rulebook prints kanji (ひく, すべて, もどす, てふだ), hiragana where it prints katakana
(うら, れすと), and the homophone an input method offers for the word meant (召還 for 召喚). The reader's grammar,
the condition matcher and the search read the rulebook's words; this layer gives them those words and says, for
each character it gives, which character of the typed text it came from, so an unread span or a highlight still
points at what was typed.

Two folds, in order:

- :func:`fold_widths`: characters with one meaning in every width (NFKC for half-width katakana, full-width
  ASCII; 「．」「.」 ending a sentence as 「。」; 「,」 between words as 「、」; blanks as one kind of blank).
- :meth:`Spelling.fold`: a span of kana (or a kanji compound) that is not one of the given words, whose reading
  (MeCab with IPADIC) is the reading of exactly one given word, becomes that word. The given words are a
  closed vocabulary — the reader passes its grammar's own words — so a span is only ever folded into one of
  them, and a span of kana the vocabulary itself uses (「した」 of 「攻撃した時」 is not 「下」) is never folded.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass

from adjudicator.morphology import ThreadTaggers

# How players say the rulebook's game words that IPADIC reads another way (手札 as シュサツ, 山札 as ヤマサツ,
# 後攻 as コウオサム): the words of 2.5 山札, 2.7 手札, 5.1.4 先攻・後攻, 6.3.1 空撃ち, 6.11.1 宿主.
TERM_READINGS = {"手札": "てふだ", "山札": "やまふだ", "後攻": "こうこう", "空撃ち": "からうち", "宿主": "やどぬし"}

# A span folded into a word starts where a word can start: at the start of the text, after a blank or a
# symbol, after a kanji or katakana word, or after one of these particles.
_PARTICLES = frozenset(("を", "の", "に", "へ", "が", "は", "で", "と", "も", "から", "より", "まで"))
# After a noun, these kana are the verb する (「レストし」「召喚さ」), never a word of their own.
_SURU = ("し", "さ", "す", "せ")
_MIN_READING = 2  # one mora (ば, て) is too common a sound to stand for a word
_SPAN_TOKENS = 4  # MeCab cuts a kana word it does not know anywhere: あいて as あい + て, てふだ as て + ふ + だ
_TAGGERS = ThreadTaggers()


def katakana(text: str) -> str:
    return "".join(chr(ord(char) + 0x60) if "\u3041" <= char <= "\u3096" else char for char in text)


def is_kana(text: str) -> bool:
    return bool(text) and all("\u3041" <= char <= "\u30ff" for char in text)


def is_hiragana(text: str) -> bool:
    return bool(text) and all("\u3041" <= char <= "\u309f" for char in text)


def has_kanji_or_katakana(text: str) -> bool:
    return any("\u30a1" <= char <= "\u30ff" or "\u4e00" <= char <= "\u9fff" for char in text)


def has_kanji(text: str) -> bool:
    return any("\u4e00" <= char <= "\u9fff" or char == "々" for char in text)


def word_reading(word, feature=None) -> str | None:
    """A MeCab word's reading in katakana: kana are their own reading; a kanji word IPADIC knows has one
    (``feature``: IPADIC's fields when the caller split them already)."""
    if is_kana(word.surface):
        return katakana(word.surface)
    feature = word.feature if feature is None else feature
    return feature[7] if len(feature) > 7 and feature[7] != "*" else None


@dataclass(frozen=True)
class Folded:
    """Folded words and, for each of their characters (and one past the end), the typed character it came from."""

    typed: str
    text: str
    origins: tuple[int, ...]

    @classmethod
    def unchanged(cls, text: str) -> Folded:
        return cls(text, text, tuple(range(len(text) + 1)))

    def typed_span(self, start: int, end: int) -> tuple[int, int]:
        """The typed text's ``[start, end)`` that the folded ``[start, end)`` came from."""
        start, end = max(0, min(start, len(self.text))), max(0, min(end, len(self.text)))
        return self.origins[start], max(self.origins[start], self.origins[end])

    def changes(self) -> tuple[tuple[int, int, str, str], ...]:
        """Each typed span that was folded: (start, end, as typed, as read), adjacent changes joined."""
        found: list[list] = []
        index = 0
        while index < len(self.text):
            origin = self.origins[index]
            end = index
            while end < len(self.text) and self.origins[end] == origin:
                end += 1
            typed_end = self.origins[end] if end < len(self.text) else len(self.typed)
            typed, read = self.typed[origin:typed_end], self.text[index:end]
            if typed != read:
                if found and found[-1][1] == origin:
                    found[-1][1], found[-1][2], found[-1][3] = typed_end, found[-1][2] + typed, found[-1][3] + read
                else:
                    found.append([origin, typed_end, typed, read])
            index = end
        return tuple(tuple(change) for change in found)

    def then(self, text: str, origins: list[int]) -> Folded:
        """This fold followed by another that made ``text`` from ``self.text`` (its ``origins`` into it)."""
        return Folded(self.typed, text, tuple(self.origins[index] for index in origins))


class _Builder:
    """Pieces of a folded text, each with the index of the typed character it stands for."""

    def __init__(self) -> None:
        self.chars: list[str] = []
        self.origins: list[int] = []

    def add(self, words: str, origin: int) -> None:
        self.chars.extend(words)
        self.origins.extend([origin] * len(words))

    def done(self, source: Folded) -> Folded:
        return source.then("".join(self.chars), self.origins + [len(source.text)])


_HALF_KATAKANA = re.compile("[\uff61-\uff9f]+")
_FULL_ASCII = re.compile("[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a\uff0b\uff0d\u2212\u2010\u2011\u3000]")
_STOP = re.compile(r"(?<![0-9０-９])[．.](?![0-9０-９])")
_COMMA = re.compile(r",(?![0-9]{3}(?![0-9]))|(?<![0-9]),")
_DASHES = {"\uff0d": "-", "\u2212": "-", "\u2010": "-", "\u2011": "-", "\u3000": " "}


def fold_widths(text: str | Folded) -> Folded:
    """Characters with one meaning in every width, as the rulebook prints them; the rest as typed.

    Half-width katakana are full-width (ｶｰﾄﾞ → カード: NFKC joins the sound mark, so a word may get shorter);
    full-width digits, letters and signs are ASCII (the grammar reads both; the matcher reads ASCII digits);
    a 「．」 or 「.」 not between digits ends a sentence as 「。」 does; a 「,」 that is not a thousands separator
    separates words as 「、」 does (7.3.9: it never marks a boundary of its own)."""
    source = text if isinstance(text, Folded) else Folded.unchanged(text)
    out = _Builder()
    words = source.text
    index = 0
    for match in _HALF_KATAKANA.finditer(words):
        _copy_ascii(out, words, index, match.start())
        for offset, char in enumerate(unicodedata.normalize("NFKC", match.group())):
            out.add(char, match.start() + min(offset, len(match.group()) - 1))
        index = match.end()
    _copy_ascii(out, words, index, len(words))
    folded = out.done(source)
    return _punctuation(folded)


def _copy_ascii(out: _Builder, words: str, start: int, end: int) -> None:
    for index in range(start, end):
        char = words[index]
        if _FULL_ASCII.match(char):
            char = _DASHES.get(char) or unicodedata.normalize("NFKC", char)
        out.add(char, index)


def _punctuation(folded: Folded) -> Folded:
    text = _COMMA.sub("、", _STOP.sub("。", folded.text))  # one character for one: the offsets stay
    return Folded(folded.typed, text, folded.origins)


@dataclass(frozen=True)
class _Token:
    surface: str
    start: int
    reading: str | None
    pos: str


class Spelling:
    """A closed vocabulary (the words a grammar reads) and the readings that fold typed spans into it."""

    def __init__(self, words: Iterable[str], extra_readings: dict[str, str] | None = None):
        self._words = tuple(dict.fromkeys(w for w in words if w))
        self._joined = "\n".join(self._words)
        readings: dict[str, set[str]] = {}
        tagger = _TAGGERS.get()
        for word in self._words:
            for surface, reading in _spans(tagger, word):
                readings.setdefault(reading, set()).add(surface)
        for surface, reading in {**TERM_READINGS, **(extra_readings or {})}.items():
            if surface in self._joined:
                readings.setdefault(katakana(reading), set()).add(surface)
        # A reading two different words share (a homophone inside the vocabulary) names neither: never folded.
        self._readings = {reading: next(iter(surfaces)) for reading, surfaces in readings.items() if len(surfaces) == 1}
        self._prefixes = frozenset(reading[:end] for reading in self._readings for end in range(1, len(reading) + 1))

    def fold(self, text: str | Folded) -> Folded:
        """``text`` with each span typed by its sound in the vocabulary's spelling (see the module)."""
        source = text if isinstance(text, Folded) else Folded.unchanged(text)
        tokens = _tokens(source.text)
        out = _Builder()
        copied = 0
        index = 0
        while index < len(tokens):
            match = self._match(tokens, index) if self._may_start(tokens, index, source.text) else None
            if match is None:
                index += 1
                continue
            end, word = match
            start_char = tokens[index].start
            end_char = tokens[end - 1].start + len(tokens[end - 1].surface)
            for position in range(copied, start_char):
                out.add(source.text[position], position)
            out.add(word, start_char)
            copied = end_char
            index = end
        for position in range(copied, len(source.text)):
            out.add(source.text[position], position)
        return out.done(source)

    def _may_start(self, tokens: list[_Token], index: int, text: str) -> bool:
        if index == 0:
            return True
        before = text[tokens[index].start - 1]
        previous = tokens[index - 1].surface
        if is_hiragana(before):
            return previous in _PARTICLES
        if has_kanji_or_katakana(before) and tokens[index].surface.startswith(_SURU) and is_hiragana(tokens[index].surface):
            return False
        return True

    def _match(self, tokens: list[_Token], start: int) -> tuple[int, str] | None:
        """The longest span of tokens from ``start`` that is typed by its sound: its word, or None."""
        reading, surface, best = "", "", None
        for end in range(start, min(len(tokens), start + _SPAN_TOKENS)):
            token = tokens[end]
            if token.reading is None or (end > start and not is_hiragana(token.surface)):
                break
            reading += token.reading
            surface += token.surface
            if reading not in self._prefixes:
                break
            word = self._readings.get(reading)
            if word is not None and len(reading) >= _MIN_READING and self._typed_by_sound(surface, word):
                best = (end + 1, word)
            if not is_hiragana(token.surface):
                break  # a kanji compound is one span on its own
        return best

    def _typed_by_sound(self, surface: str, word: str) -> bool:
        """Whether ``surface`` is ``word`` typed by its sound, not a word of the vocabulary itself."""
        if surface == word or surface in self._joined:
            return False
        if is_hiragana(surface):
            return True
        # A kanji compound the vocabulary never uses, read as a kanji word of it (召還 → 召喚), not as kana.
        return has_kanji(surface) and has_kanji(word)


_CONTENT_POS = ("名詞", "動詞", "形容詞", "副詞", "接頭詞")
_WORD_SPAN = 3  # tokens: 場を離れる is three


def _tokens(text: str) -> list[_Token]:
    """MeCab's words of ``text`` with their offsets (a blank is a word of its own: nothing is read across it)."""
    tokens: list[_Token] = []
    position = 0
    try:
        words = list(_TAGGERS.get()(text))
    except (UnicodeError, ValueError, RuntimeError):  # no word boundary MeCab can find: nothing is folded
        return []
    for word in words:
        position = text.find(word.surface, position)
        if position < 0:
            return []
        tokens.append(_Token(word.surface, position, word_reading(word), word.feature[0]))
        position += len(word.surface)
    return tokens


def reading_spans(words: list[tuple[str, str | None, bool, bool]]) -> Iterable[tuple[str, str]]:
    """(surface, reading) of each run of one to three words that starts and ends with a content word and holds
    kanji or katakana (a span of hiragana is its own spelling); ``words`` are MeCab's (surface, reading, whether
    a content word, whether a blank was before it)."""
    for start in range(len(words)):
        if not words[start][2]:
            continue
        surface, reading = "", ""
        for end in range(start, min(len(words), start + _WORD_SPAN)):
            word_surface, word_reading_of, content, spaced = words[end]
            if word_reading_of is None or (end > start and spaced):
                break
            surface, reading = surface + word_surface, reading + word_reading_of
            if content and len(reading) >= _MIN_READING and has_kanji_or_katakana(surface):
                yield surface, reading


def _spans(tagger, words: str) -> Iterable[tuple[str, str]]:
    return reading_spans([(word.surface, word_reading(word), word.feature[0] in _CONTENT_POS, bool(word.white_space))
                          for word in tagger(words)])
