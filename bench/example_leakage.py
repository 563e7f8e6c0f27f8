"""Whether the worked examples copy the benchmark's questions: counts per query set, never the queries.

    python -m bench.example_leakage [--shared FOLDER] [--show tune3]

The search ranks clauses with the scenarios' questions as evidence (search/example_evidence.py). A scenario
whose question or title is a copy of a benchmark query would hand that query its answer, so this compares every
query of every set with every scenario's title and question, folded as the search folds text: an exact copy,
a near copy (difflib's ratio ≥ 0.8) and a close one (content-bigram Jaccard ≥ 0.5, or a containment of one in
the other) are counted per set. ``--show`` prints the pairs of a tuning set only: the held-out sets' queries
are never to be looked at one by one.
"""

from __future__ import annotations

import argparse
import difflib
import sys
from pathlib import Path

from adjudicator import paths
from adjudicator.search import corpus
from adjudicator.search.analysis import normalize
from adjudicator.search.examples import content_bigrams

NEAR = 0.8  # difflib's ratio: the same sentence with a few characters changed
CLOSE = 0.5  # Jaccard of content bigrams: most of the meaningful words shared
TUNING = frozenset({"tune", "tune2", "tune3"})


Example = tuple[corpus.Entry, tuple[str, ...], frozenset[str]]


def examples(root: Path) -> list[Example]:
    """Every scenario with its folded title and question and its content bigrams."""
    return [(entry, _texts(entry), content_bigrams(f"{entry.title} {entry.question}"))
            for entry in corpus.entries(root)]


def near_copies(queries: list[str], found: list[Example]) -> frozenset[str]:
    """The scenarios that are an exact or near copy of one of ``queries``: left out of the evidence the benchmark
    measures with (bench/search_quality.py), so no query is answered by its own copy."""
    return frozenset(name for query in queries
                     for kind, _, _, name in [closest(query, found)] if kind in ("exact", "near"))


def _texts(entry: corpus.Entry) -> tuple[str, ...]:
    return tuple(text for text in (normalize(entry.title), normalize(entry.question)) if text)


def closest(query: str, found: list[Example]) -> tuple[str, float, float, str]:
    """The scenario most like ``query``: (kind, ratio, jaccard, name), kind "exact", "near", "close" or ""."""
    text, grams = normalize(query), content_bigrams(query)
    best = ("", 0.0, 0.0, "")
    for entry, texts, example_grams in found:
        jaccard = len(grams & example_grams) / (len(grams | example_grams) or 1)
        if jaccard < 0.2 and not any(text in other or other in text for other in texts):
            continue  # difflib is slow; unrelated texts cannot be near copies
        ratio = max(difflib.SequenceMatcher(None, text, other).ratio() for other in texts)
        kind = ("exact" if text in texts else "near" if ratio >= NEAR
                else "close" if jaccard >= CLOSE or any(len(text) > 8 and text in other for other in texts) else "")
        if (_rank(kind), ratio) > (_rank(best[0]), best[1]):
            best = (kind, ratio, jaccard, entry.name)
    return best


def _rank(kind: str) -> int:
    return ("", "close", "near", "exact").index(kind)


def main(argv: list[str] | None = None) -> int:
    from bench.search_quality import SHARED, query_sets, read_queries  # it imports near_copies from here

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=SHARED)
    parser.add_argument("--queries", type=Path, default=None)
    parser.add_argument("--show", choices=sorted(TUNING), action="append", default=[],
                        help="print the close pairs of this tuning set")
    args = parser.parse_args(argv)
    found = examples(paths.scenarios_dir())
    print(f"{len(found)} scenarios")
    left_out: set[str] = set()
    for name, path in query_sets(args).items():
        counts = {"exact": 0, "near": 0, "close": 0}
        for query in read_queries(path):
            kind, ratio, jaccard, scenario = closest(query.text, found)
            left_out.update([scenario] if kind in ("exact", "near") else [])
            if kind:
                counts[kind] += 1
                if name in args.show:
                    print(f"  [{name}] {kind} ratio={ratio:.2f} jaccard={jaccard:.2f} {scenario}: {query.text}")
        print(f"{name:<13} {len(read_queries(path)):>4} queries: exact {counts['exact']}, near {counts['near']}, "
              f"close {counts['close']}")
    print(f"{len(left_out)} scenarios are an exact or near copy of a query: left out of the benchmark's evidence")
    return 0


if __name__ == "__main__":
    sys.exit(main())
