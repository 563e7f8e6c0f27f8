"""Card and person names in a query: spans no word of the rulebook is read into.

A question names cards (「上杉謙信で攻撃して…」): the sound-alike and near-kanji readings
(:mod:`adjudicator.search.soundalike`) must not read 謙信 as 「田信」 or 坂本 as 「基本」. Two sources:

- the card library's starter list (``cards/starter.yaml``, every card of the repository's scenarios): each card
  name, its epithet and its person's name (2.2.4: the parts either side of the full-width space), and each
  name's halves where it is four kanji or more (上杉謙信 → 上杉, 謙信), as people call a card by either;
- MeCab's person names (IPADIC's 固有名詞・人名): a run of kanji holding one is a name (伊達政宗, 坂本龍馬),
  whatever the library knows. Not its places and houses (固有名詞・地域, 組織): IPADIC reads slips of the
  input method such as 墓池 as places.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Iterable
from pathlib import Path

import yaml

from adjudicator import paths
from adjudicator.format.loading import SAFE_LOADER
from adjudicator.morphology import ThreadTaggers
from adjudicator.search.analysis import features, normalize

STARTER_FILE = "starter.yaml"
MAX_NAMES = 20_000  # the starter list holds a few hundred cards; a bound all the same
_KANJI_RUN = re.compile("[\u4e00-\u9fff々ヶ]+")
_PROPER, _PERSON, _SURNAME = "固有名詞", "人名", "姓"  # a place or a house (地域, 組織) is as often a slip of the input method
_TAGGERS = ThreadTaggers()


class NameFinder:
    """Where the names are in a text: the library's names (longest first) and MeCab's proper nouns."""

    def __init__(self, names: Iterable[str]):
        folded = {normalize(name) for name in names}
        self._names = tuple(sorted((name for name in folded if len(name) >= 2), key=len, reverse=True))
        self._pattern = re.compile("|".join(map(re.escape, self._names))) if self._names else None
        self.spans = functools.lru_cache(maxsize=4096)(self._spans)

    @classmethod
    @functools.lru_cache(maxsize=4)
    def shipped(cls, root: Path | None = None) -> NameFinder:
        """The names of the shipped starter list (none when the file is missing or unreadable)."""
        return cls(_card_names((root or paths.cards_dir()) / STARTER_FILE))

    def __contains__(self, name: str) -> bool:
        return normalize(name) in self._names

    def _spans(self, text: str) -> tuple[tuple[int, int], ...]:
        """(start, end) of each name in ``text`` (already NFKC-folded, as the readings see it), in order."""
        spans = [match.span() for match in self._pattern.finditer(text)] if self._pattern else []
        spans += _proper_noun_runs(text)
        return tuple(sorted(set(spans)))

    def covers(self, text: str, start: int, end: int) -> bool:
        """Whether ``text[start:end]`` overlaps a name."""
        return any(begin < end and start < finish for begin, finish in self.spans(text))


def _proper_noun_runs(text: str) -> list[tuple[int, int]]:
    """The runs of kanji that hold a person's name as IPADIC knows it: a surname (坂本), or a surname or given
    name next to another (伊達 + 政). A given name alone is not enough: IPADIC reads many kanji pairs, slips of
    the input method among them, as one."""
    words: list[tuple[int, int, str | None]] = []  # start, end, 姓/名/一般 for a person's name else None
    offset = 0
    for word in _TAGGERS.get()(text):
        offset += len(word.white_space)
        feature = features(word)
        person = feature[3] if len(feature) > 3 and feature[1] == _PROPER and feature[2] == _PERSON else None
        words.append((offset, offset + len(word.surface), person))
        offset += len(word.surface)
    def touches_a_name(index: int) -> bool:
        before, after = words[index - 1] if index else None, words[index + 1] if index + 1 < len(words) else None
        return bool((before and before[2] and before[1] == words[index][0])
                    or (after and after[2] and after[0] == words[index][1]))

    names = [(start, end) for index, (start, end, person) in enumerate(words)
             if person is not None and (person == _SURNAME or touches_a_name(index))]
    return [run.span() for run in _KANJI_RUN.finditer(text)
            if any(start < run.end() and run.start() < end for start, end in names)]


def _card_names(path: Path) -> list[str]:
    try:
        cards = yaml.load(path.read_text("utf-8"), Loader=SAFE_LOADER)
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as error:
        logging.getLogger(__name__).warning("card names not read from %s (%s)", path, error)
        return []
    names: list[str] = []
    for card in (cards if isinstance(cards, list) else [])[:MAX_NAMES]:
        name = card.get("name") if isinstance(card, dict) else None
        if isinstance(name, str):
            names += _forms(name)
    return names


def _forms(name: str) -> list[str]:
    """A card name, its epithet and person (2.2.4), and the halves of a long kanji name (上杉謙信 → 上杉, 謙信)."""
    parts = [name, *name.replace("\u3000", " ").split()]
    halves = [part[:cut] for part in parts if _KANJI_RUN.fullmatch(part) and len(part) >= 4
              for cut in (len(part) // 2,)]
    halves += [part[len(part) // 2:] for part in parts if _KANJI_RUN.fullmatch(part) and len(part) >= 4]
    return [*parts, *halves]
