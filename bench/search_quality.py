"""Search quality on the shared development queries: MRR@10 and Recall@5 per rulebook, per analyzer.

    python bench/search_quality.py [--queries ../shared/search/dev-queries.tsv] [--profile full] [-v]

Every query runs through :class:`adjudicator.search.engine.ClauseSearch`, the search the web page uses.
``dm:`` in the gold column marks a Duel Masters clause. Recall@5 is the share of a query's gold clauses
found in its first five hits; MRR@10 the mean of 1/rank of the first gold clause within ten hits.
The ``whoosh-default`` row is the baseline: Whoosh's default analyzer and its default (AND) query parser
over the clause texts, in a throw-away index.
"""

from __future__ import annotations

import argparse
import csv
import dataclasses
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from whoosh import index as whoosh_index
from whoosh.fields import ID, TEXT, Schema
from whoosh.qparser import QueryParser

from adjudicator.rulebook import list_rulebooks
from adjudicator.search.engine import DEFAULT_PROFILE, PROFILES, ClauseSearch, Profile
from adjudicator.search.store import open_or_build

REPOSITORY = Path(__file__).resolve().parent.parent
DEFAULT_QUERIES = REPOSITORY.parent / "shared" / "search" / "dev-queries.tsv"
DUEL_MASTERS_MARK = "dm:"


@dataclass(frozen=True)
class DevQuery:
    text: str
    book: str
    gold: tuple[str, ...]


def read_queries(path: Path) -> list[DevQuery]:
    queries = []
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            gold = row["gold"].split()
            book = "duel-masters" if all(g.startswith(DUEL_MASTERS_MARK) for g in gold) else "hi-story"
            queries.append(DevQuery(row["query"], book, tuple(g.removeprefix(DUEL_MASTERS_MARK) for g in gold)))
    return queries


def reciprocal_rank(ranked: list[str], gold: tuple[str, ...], depth: int = 10) -> float:
    for rank, node_id in enumerate(ranked[:depth], start=1):
        if node_id in gold:
            return 1.0 / rank
    return 0.0


def recall(ranked: list[str], gold: tuple[str, ...], depth: int = 5) -> float:
    return len(set(ranked[:depth]) & set(gold)) / len(gold)


def evaluate(name: str, rank, queries: list[DevQuery], verbose: bool) -> dict[str, tuple[float, float, int]]:
    """book → (MRR@10, Recall@5, number of queries)."""
    per_book: dict[str, list[tuple[float, float]]] = {}
    for query in queries:
        ranked = rank(query)
        scores = (reciprocal_rank(ranked, query.gold), recall(ranked, query.gold))
        per_book.setdefault(query.book, []).append(scores)
        if verbose:
            print(f"  [{name}] {query.text!r}: rr={scores[0]:.2f} r@5={scores[1]:.2f} "
                  f"gold={' '.join(query.gold)} top={' '.join(ranked[:5])}")
    return {
        book: (sum(s[0] for s in rows) / len(rows), sum(s[1] for s in rows) / len(rows), len(rows))
        for book, rows in per_book.items()
    }


def whoosh_default_ranker(books):
    """Baseline: Whoosh's StandardAnalyzer and default AND parser over each clause's text."""
    directory = tempfile.mkdtemp(prefix="whoosh-default-")
    index = whoosh_index.create_in(directory, Schema(book=ID(stored=True), node_id=ID(stored=True), body=TEXT()))
    writer = index.writer()
    for book in books:
        for node in book.walk():
            if node.kind in ("clause", "item"):
                writer.add_document(book=book.id, node_id=node.id, body=node.text)
    writer.commit()
    parser = QueryParser("body", index.schema)

    def rank(query: DevQuery) -> list[str]:
        with index.searcher() as searcher:
            hits = searcher.search(parser.parse(query.text), limit=10)
            return [hit["node_id"] for hit in hits if hit["book"] == query.book]

    return rank


def ablations() -> dict[str, Profile]:
    """The default profile with one idea taken out (or one rejected idea put in) at a time."""
    text_only = {name: boost for name, boost in DEFAULT_PROFILE.fields.items() if name.startswith("body")}
    return {
        "full - opening bonus": dataclasses.replace(DEFAULT_PROFILE, opening_bonus=0.0),
        "full + kana down-weight": dataclasses.replace(DEFAULT_PROFILE, kana_bigram_weight=0.3),
        "full - titles/terms": dataclasses.replace(DEFAULT_PROFILE, fields=text_only),
        "full - synonyms": dataclasses.replace(DEFAULT_PROFILE, synonyms=False),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=Path, default=DEFAULT_QUERIES)
    parser.add_argument("--profile", action="append", choices=sorted(PROFILES) + sorted(ablations()),
                        help="only these analyzer profiles (default: all)")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every query's ranks")
    args = parser.parse_args(argv)

    queries = read_queries(args.queries)
    started = time.perf_counter()
    books = list_rulebooks()
    load_seconds = time.perf_counter() - started
    with tempfile.TemporaryDirectory(prefix="search-quality-") as root:
        opened = open_or_build(books, Path(root))
        print(f"rulebooks parsed in {load_seconds:.2f} s; index built in {opened.seconds:.2f} s "
              f"({opened.index.doc_count()} documents); {len(queries)} queries")
        engine = ClauseSearch(opened.index, books)
        rankers = {"whoosh-default": whoosh_default_ranker(books)} if not args.profile else {}
        profiles = {**PROFILES, **ablations()}
        for name in args.profile or profiles:
            profile_engine = engine.with_profile(profiles[name])
            rankers[name] = lambda query, e=profile_engine: [
                hit.id for hit in e.search(query.text, book=query.book, limit=10).hits
            ]
        print(f"{'analyzer':<24} {'book':<14} {'queries':>7} {'MRR@10':>7} {'Recall@5':>9}")
        for name, rank in rankers.items():
            for book, (mrr, recall_at_5, count) in evaluate(name, rank, queries, args.verbose).items():
                print(f"{name:<24} {book:<14} {count:>7} {mrr:>7.3f} {recall_at_5:>9.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
