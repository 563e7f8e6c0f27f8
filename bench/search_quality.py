"""Search quality per query set: MRR@10, R@1 and R@5 per rulebook, and uncached latency per query.

    python -m bench.search_quality [--set heldout] [--profile full | --all-profiles] [-v]

Every query runs through :class:`adjudicator.search.engine.ClauseSearch`, the search the web page uses.
The sets: ``dev`` (../shared/search/dev-queries.tsv), ``tune`` and ``heldout`` (bench/queries/, one split
of the queries we wrote; tune on ``tune`` only), ``tune2`` and ``heldout2`` (the same for written2.tsv), ``more-queries`` (../shared/search/more-queries.tsv, written
independently: report, never tune). ``dm:`` in the gold column marks a Duel Masters clause; those queries
are the ``duel-masters`` rows. MRR@10 is the mean of 1/rank of the first gold clause within ten hits;
R@k the share of a query's gold clauses in its first k hits, out of as many as fit (R@1: the first hit is
gold). Latency is one search per query with the result cache off, in this process. The
``whoosh-default`` row (``--all-profiles``) is the baseline: Whoosh's default analyzer and its default
(AND) query parser over the clause texts, in a throw-away index.
"""
from __future__ import annotations

import argparse
import csv
import dataclasses
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

# Measure this checkout's search, whatever else is on the path.

from whoosh import index as whoosh_index
from whoosh.fields import ID, TEXT, Schema
from whoosh.qparser import QueryParser

from adjudicator import paths
from adjudicator.rulebook import list_rulebooks
from adjudicator.search.engine import DEFAULT_PROFILE, PROFILES, ClauseSearch, Profile
from adjudicator.search.example_evidence import ExampleEvidence
from adjudicator.search.store import open_or_build
from bench.example_leakage import examples, near_copies

REPOSITORY = Path(__file__).resolve().parent.parent
# The shared sets sit beside the checkout; --shared names their folder when the checkout is elsewhere.
SHARED = REPOSITORY.parent / "shared" / "search"
# dev-queries.tsv, and more-queries.tsv: written independently of the code, reported, never tuned on.
DEFAULT_QUERIES = SHARED / "dev-queries.tsv"
# Ours, split once by bench/queries/split.py: tune on tune.tsv only, report heldout.tsv.
QUERIES = REPOSITORY / "bench" / "queries"
DUEL_MASTERS_MARK = "dm:"


@dataclass(frozen=True)
class DevQuery:
    text: str
    book: str
    gold: tuple[str, ...]
    style: str = ""  # the note column: the style a query was written in (written3.tsv: quote, negative, …)


def read_queries(path: Path, by_style: bool = False) -> list[DevQuery]:
    queries = []
    with path.open(encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle, delimiter="\t"):
            gold = row["gold"].split()
            book = "duel-masters" if all(g.startswith(DUEL_MASTERS_MARK) for g in gold) else "hi-story"
            queries.append(DevQuery(row["query"], book, tuple(g.removeprefix(DUEL_MASTERS_MARK) for g in gold),
                                    (row.get("note") or "").split(" ")[0] if by_style else ""))
    return queries


def reciprocal_rank(ranked: list[str], gold: tuple[str, ...], depth: int = 10) -> float:
    for rank, node_id in enumerate(ranked[:depth], start=1):
        if node_id in gold:
            return 1.0 / rank
    return 0.0


def recall(ranked: list[str], gold: tuple[str, ...], depth: int = 5) -> float:
    """Share of the gold clauses in the first ``depth`` hits, out of as many as fit there (so R@1 is 1 when
    the first hit is a gold clause)."""
    return len(set(ranked[:depth]) & set(gold)) / min(depth, len(gold))


@dataclass(frozen=True)
class Scores:
    mrr_at_10: float
    recall_at_1: float
    recall_at_5: float
    count: int


def evaluate(name: str, rank, queries: list[DevQuery], verbose: bool) -> dict[str, Scores]:
    """book → MRR@10, Recall@1, Recall@5 and the number of queries."""
    per_book: dict[str, list[tuple[float, float, float]]] = {}
    for query in queries:
        ranked = rank(query)
        scores = (reciprocal_rank(ranked, query.gold), recall(ranked, query.gold, 1), recall(ranked, query.gold))
        per_book.setdefault(query.book, []).append(scores)
        if query.style:
            per_book.setdefault(f"{query.book}/{query.style}", []).append(scores)
        if verbose and scores[0] < 1.0:
            print(f"  [{name}] {query.text!r}: rr={scores[0]:.2f} r@5={scores[2]:.2f} "
                  f"gold={' '.join(query.gold)} top={' '.join(ranked[:5])}")
    return {
        book: Scores(*(sum(row[i] for row in rows) / len(rows) for i in range(3)), len(rows))
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
    replace = dataclasses.replace
    full = DEFAULT_PROFILE
    text_only = {name: boost for name, boost in full.fields.items() if name.startswith("body")}
    return {
        "full - coordination": replace(full, coordination=0.0),
        "full, coordination 0.5": replace(full, coordination=0.5),
        "full - citations": replace(full, citation_bonus=0.0),
        "full - marks": replace(full, mark_weight=0.0, bracket_weight=0.0),
        "full - phrase boost": replace(full, phrase_bonus=0.0),
        "full - opening bonus": replace(full, opening_bonus=0.0),
        "full + opening always": replace(full, opening_for_questions=True),
        "full - glossary": replace(full, synonyms=False),
        "full - sound-alikes": replace(full, sound_alikes=False),
        "full - kanji typos": replace(full, kanji_typos=False),
        "full - titles/terms": replace(full, fields=text_only),
        "full, headings 0.5": replace(full, fields={**full.fields, "headings": 0.5, "headings_morph": 0.5}),
        "full + kana down-weight": replace(full, kana_bigram_weight=0.3),
        "full - question scale": replace(full, question_scale=1.0),
        "full - card text terms": replace(full, card_text_bonus=0.0),
        "full + idf coordination": replace(full, idf_coordination=True),
        "full - reader citations": replace(full, reader_bonus=0.0),
        # The cited clauses weighed by their rarity among card readings (search/specificity.py), against the same
        # bonus for each: at the bonus tuned before the weighing, and at today's.
        "full - reader specificity": replace(full, reader_specificity=0.0, reader_bonus=0.6),
        "full - specificity, same bonus": replace(full, reader_specificity=0.0),
        "full, reader specificity 0.5": replace(full, reader_specificity=0.5),
        "full + specific mechanics": replace(full, mechanic_weight=1.0),
        "full + definition penalty": replace(full, definition_penalty=0.3),
        "full - intent bonus": replace(full, intent_bonus=0.0),
        "full, intent bonus 0.3": replace(full, intent_bonus=0.3),
        "full, intent every kind": replace(full, intent_kinds=frozenset({"permission", "timing", "order", "count"})),
        "full, intent ungated": replace(full, intent_gate=0.0),
        "full + quote weight 0.6": replace(full, card_quote_weight=0.6, mechanic_weight=1.0),
        "full - unquoted card text": replace(full, read_unquoted=False),
        "full - card text fragments": replace(full, read_fragments=False),
        "full - entry penalty": replace(full, entry_penalty=0.0),
        "full - order lists": replace(full, order_lists=False),
        "full + quote concepts 0.5": replace(full, quote_concept_weight=0.5),
        "full - example evidence": replace(full, example_bonus=0.0),
        "full, example bonus 0.5": replace(full, example_bonus=0.5),
        "full, example depth 5": replace(full, example_depth=5),
        "full - example specificity": replace(full, example_specificity=False),
    }


def query_sets(args) -> dict[str, Path]:
    sets = {"dev": args.queries or args.shared / "dev-queries.tsv",
            "tune": QUERIES / "tune.tsv", "heldout": QUERIES / "heldout.tsv",
            "tune2": QUERIES / "tune2.tsv", "heldout2": QUERIES / "heldout2.tsv",
            "tune3": QUERIES / "tune3.tsv", "heldout3": QUERIES / "heldout3.tsv",
            "more-queries": args.shared / "more-queries.tsv"}
    missing = [name for name, path in sets.items() if not path.is_file()]
    if missing:  # never silently: a run from a worktree once reported without the shared sets
        print(f"not found, left out: {', '.join(missing)} (the shared sets: --shared FOLDER)", file=sys.stderr)
    return {name: path for name, path in sets.items() if path.is_file()}


def leak_free_evidence(args) -> ExampleEvidence:
    """The worked examples but those that copy a query of any set (bench/example_leakage.py): a query must not
    be answered by its own copy. Every set is compared, whichever are run, so every run weighs the same examples."""
    texts = [query.text for path in query_sets(args).values() for query in read_queries(path)]
    return ExampleEvidence.scan(paths.scenarios_dir(), leave_out=near_copies(texts, examples(paths.scenarios_dir())))


WARM_UP = ("準備運動の検索", "ウォームアップ", "9.9.9")


def latency(engine: ClauseSearch, queries: list[DevQuery]) -> tuple[float, float]:
    """Median and 95th percentile, in milliseconds, of one uncached search per query (in process)."""
    uncached = ClauseSearch(engine.index, tuple(engine.books.values()), engine.profile, cache_size=0,
                            evidence=engine.evidence)
    for text in WARM_UP:  # MeCab's dictionary and Whoosh's readers load on first use; not in any set
        uncached.search(text, limit=10)
    times = []
    for query in queries:
        started = time.perf_counter()
        uncached.search(query.text, book=query.book, limit=10)
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    return statistics.median(times), times[min(len(times) - 1, int(len(times) * 0.95))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--queries", type=Path, help="the dev set (default: dev-queries.tsv in --shared)")
    parser.add_argument("--shared", type=Path, default=SHARED, help="the folder of the shared query sets")
    parser.add_argument("--by-style", action="store_true",
                        help="a row per style (the note column's first word) as well as per book")
    parser.add_argument("--profile", action="append", choices=sorted(PROFILES) + sorted(ablations()),
                        help="only these analyzer profiles (default: the default profile)")
    parser.add_argument("--all-profiles", action="store_true", help="every profile, every ablation, baseline")
    parser.add_argument("--set", action="append", dest="sets", help="only these query sets")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every query not answered first")
    args = parser.parse_args(argv)

    sets = {name: read_queries(path, args.by_style) for name, path in query_sets(args).items()
            if not args.sets or name in args.sets}
    started = time.perf_counter()
    books = list_rulebooks()
    load_seconds = time.perf_counter() - started
    with tempfile.TemporaryDirectory(prefix="search-quality-") as root:
        opened = open_or_build(books, Path(root))
        print(f"rulebooks parsed in {load_seconds:.2f} s; index built in {opened.seconds:.2f} s "
              f"({opened.index.doc_count()} documents); "
              + ", ".join(f"{name} {len(queries)}" for name, queries in sets.items()) + " queries")
        engine = ClauseSearch(opened.index, books, evidence=leak_free_evidence(args))
        profiles = {**PROFILES, **ablations()}
        names = list(profiles) if args.all_profiles else (args.profile or [DEFAULT_PROFILE.name])
        rankers = {"whoosh-default": whoosh_default_ranker(books)} if args.all_profiles else {}
        for name in names:
            profile_engine = engine.with_profile(profiles[name])
            rankers[name] = lambda query, e=profile_engine: [
                hit.id for hit in e.search(query.text, book=query.book, limit=10).hits
            ]
        print(f"{'analyzer':<24} {'set':<13} {'book':<22} {'queries':>7} {'MRR@10':>7} {'R@1':>6} {'R@5':>6}")
        for name, rank in rankers.items():
            for set_name, queries in sets.items():
                for book, scores in sorted(evaluate(f"{name}/{set_name}", rank, queries, args.verbose).items(),
                                           key=lambda item: (not item[0].startswith("hi-story"), item[0])):
                    print(f"{name:<24} {set_name:<13} {book:<22} {scores.count:>7} {scores.mrr_at_10:>7.3f} "
                          f"{scores.recall_at_1:>6.3f} {scores.recall_at_5:>6.3f}")
        everything = [query for queries in sets.values() for query in queries]
        for name in names:
            median, p95 = latency(engine.with_profile(profiles[name]), everything)
            print(f"{name:<24} uncached latency per query: median {median:.1f} ms, p95 {p95:.1f} ms "
                  f"({len(everything)} queries)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
