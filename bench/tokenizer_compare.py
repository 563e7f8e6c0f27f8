"""Do Janome and MeCab (fugashi + ipadic) give the same words? The proof behind the tokenizer switch.

    python -m bench.tokenizer_compare           # counts, then every differing text (both token lists)
    python -m bench.tokenizer_compare --quiet   # counts only

Both ship mecab-ipadic-2.7.0-20070801. For every text the search analyses or the reader's refusals cut
(every clause, item, section and chapter text and title of both rulebooks, raw and NFKC-folded as the
index folds them, and every query of every query file), it compares the (surface, part of speech, base
form) of each token: Janome's ``part_of_speech`` is IPADIC's four POS fields joined by commas and its
base form of an unknown word is the surface; MeCab's is ``feature[0:4]`` and ``feature[6]`` (``*`` or
missing for an unknown word: its surface). Whitespace is a token to Janome and not to MeCab, so blank
tokens are left out of both lists. Needs janome, which the service itself no longer does.
"""

from __future__ import annotations

import argparse
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

QUERY_FILES = (
    ROOT.parent / "shared" / "search" / "dev-queries.tsv",
    ROOT.parent / "shared" / "search" / "more-queries.tsv",
    *sorted((ROOT / "bench" / "queries").glob("*.tsv")),
)


def texts() -> dict[str, list[str]]:
    from adjudicator.rulebook import list_rulebooks

    found: dict[str, list[str]] = {"clauses": [], "queries": []}
    for book in list_rulebooks():
        for node in book.walk():
            found["clauses"] += [text for text in (node.title, node.text) if text and text.strip()]
    for path in QUERY_FILES:
        if path.is_file():
            for line in path.read_text("utf-8").splitlines()[1:]:
                query = line.split("\t")[0].strip()
                if query:
                    found["queries"].append(query)
    for name in list(found):
        raw = list(dict.fromkeys(found[name]))
        folded = [unicodedata.normalize("NFKC", text).lower() for text in raw]
        found[name] = list(dict.fromkeys(raw + folded))
    return found


def janome_tokens(tokenizer, text: str) -> list[tuple[str, str, str]]:
    return [(t.surface, t.part_of_speech, t.base_form) for t in tokenizer.tokenize(text) if t.surface.strip()]


def mecab_tokens(tagger, text: str) -> list[tuple[str, str, str]]:
    tokens = []
    for word in tagger(text):
        feature = word.feature
        base = feature[6] if len(feature) > 6 and feature[6] != "*" else word.surface
        tokens.append((word.surface, ",".join(feature[:4]), base))
    return [token for token in tokens if token[0].strip()]


def janome_content_words(tokenizer, text: str) -> list[tuple[int, str, str]]:
    """What MorphTokenizer.words gave on Janome (schema 3), to compare with what it gives now."""
    from adjudicator.search.analysis import _CONTENT_POS, _STOP_WORDS, is_word_char, normalize

    words, offset = [], 0
    for word in tokenizer.tokenize(normalize(text)):
        start = offset
        offset += len(word.surface)
        if not word.part_of_speech.startswith(_CONTENT_POS):
            continue
        base = word.base_form if word.base_form != "*" else word.surface
        if base in _STOP_WORDS or not any(is_word_char(char) for char in base):
            continue
        words.append((start, word.surface, base))
    return words


def janome_predicate(tokenizer, words: str) -> str:
    """What refusals.predicate gave on Janome, to compare with what it gives now."""
    from adjudicator.reading import refusals

    tokens = [(t.surface, t.part_of_speech.split(",")[0]) for t in tokenizer.tokenize(words)]
    return refusals.predicate_of(tokens) or words


def clauses_of(text: str) -> list[str]:
    """The pieces of a text between 、 and 。, as the reader's refusals cut a sentence."""
    return [piece for sentence in text.split("。") for piece in sentence.split("、") if piece.strip()]


def compare_analysis(janome, group: list[str]) -> tuple[int, int, list[tuple[str, list, list]]]:
    from adjudicator.search.analysis import MorphTokenizer

    morph, differing, same = MorphTokenizer(), [], 0
    for text in group:
        left, right = janome_content_words(janome, text), list(morph.words(text))
        if left == right:
            same += 1
        else:
            differing.append((text, left, right))
    return same, len(group) - same, differing


def compare_predicates(janome, group: list[str]) -> tuple[int, int, list[tuple[str, str, str]]]:
    from adjudicator.reading.refusals import predicate

    pieces = list(dict.fromkeys(piece for text in group for piece in clauses_of(text)))
    differing = [(piece, janome_predicate(janome, piece), predicate(piece)) for piece in pieces]
    differing = [entry for entry in differing if entry[1] != entry[2]]
    return len(pieces) - len(differing), len(differing), differing


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quiet", action="store_true", help="counts only")
    options = parser.parse_args()
    import fugashi
    import ipadic
    from janome.tokenizer import Tokenizer

    janome, mecab = Tokenizer(), fugashi.GenericTagger(ipadic.MECAB_ARGS)
    differing: list[tuple[str, list, list]] = []
    for name, group in texts().items():
        same = tokens = 0
        for text in group:
            left, right = janome_tokens(janome, text), mecab_tokens(mecab, text)
            tokens += len(left)
            if left == right:
                same += 1
            else:
                differing.append((text, left, right))
        print(f"{name}: {len(group)} texts ({tokens} Janome tokens): {same} identical, {len(group) - same} different")
    kinds = {"symbol POS only": 0, "finer POS only (same first field)": 0, "other": 0}
    for text, left, right in differing:
        kinds[_kind(left, right)] += 1
    print("kinds of difference: " + ", ".join(f"{kind} {count}" for kind, count in kinds.items()))
    for name, group in texts().items():
        same, different, words_differing = compare_analysis(janome, group)
        print(f"{name}: the search's content words (offset, surface, base form): {same} texts identical, "
              f"{different} different")
        for text, left, right in words_differing:
            print(f"  {text!r}\n    Janome {left}\n    MeCab  {right}")
        same, different, predicates_differing = compare_predicates(janome, group)
        print(f"{name}: the refusals' predicate of every 、/。 piece: {same} identical, {different} different")
        for piece, left, right in predicates_differing:
            print(f"  {piece!r}: Janome {left!r}, MeCab {right!r}")
    if not options.quiet:
        for text, left, right in differing:
            print(f"\n{text!r}")
            print(f"  only Janome: {[token for token in left if token not in right]}")
            print(f"  only MeCab:  {[token for token in right if token not in left]}")
    return 0


def _kind(left: list, right: list) -> str:
    """Whether two token lists differ only in the part of speech of symbols (punctuation Janome calls
    名詞,サ変接続 and MeCab 記号,一般), only below the first POS field (名詞,固有名詞 / 名詞,一般), or in
    anything else (surfaces, base forms, the first POS field)."""
    if len(left) != len(right) or any((a[0], a[2]) != (b[0], b[2]) for a, b in zip(left, right)):
        return "other"
    from adjudicator.search.analysis import is_word_char

    changed = [a for a, b in zip(left, right) if a != b]
    if all(not any(is_word_char(char) for char in token[0]) for token in changed):
        return "symbol POS only"
    same_first = all(a[1].split(",")[0] == b[1].split(",")[0] for a, b in zip(left, right))
    return "finer POS only (same first field)" if same_first else "other"


if __name__ == "__main__":
    sys.exit(main())
