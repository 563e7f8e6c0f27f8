"""Where an uncached search's time goes, part by part, beside /healthz: the floor of the search route.

    python -m bench.search_floor [--requests 1500] [--skip 2000]

In process, through the Flask test client (no server, no network), CPU time (``time.process_time``) per
request: /healthz; a search the result cache answers (one live-box request sent again and again); and the
harsh search traffic of bench/http_bench.py (every distinct request once, cache off) after ``--skip``
requests of it (a worker has read the common postings by then). For the last, each part of the search is
timed on its own (the thread's CPU time, as the wall clock counts other processes' turns on a shared machine).
Prints milliseconds and each as a multiple of /healthz: with gunicorn's workers on every core, req/s scale
as 1 / time, so these ratios bound what the route can reach against the baseline.
"""

from __future__ import annotations

import argparse
import collections
import functools
import os
import sys
import tempfile
import time
from pathlib import Path

from bench import http_bench  # the one list of search requests

# (owner module, attribute path, label) of the parts timed inside an uncached search request.
PARTS = (
    ("adjudicator.search.ranking", "Ranker.content_words", "read the query (MeCab, term or question)"),
    ("adjudicator.search.ranking", "Ranker.terms", "the query's terms (analysis, glossary)"),
    ("adjudicator.search.scoring", "TermScores.matches", "Whoosh's postings and scores, summed (BM25F)"),
    ("adjudicator.search.ranking", "Ranker.best", "rescore the page's candidates (coordination, bonuses)"),
    ("adjudicator.search.engine", "ClauseSearch._page", "the page's hits (excerpts)"),
    ("adjudicator.web.search.pages", "_examples", "worked examples"),
    ("adjudicator.search.engine", "SearchResult.as_json", "the result as JSON data"),
    ("adjudicator.web.search.pages", "jsonify", "JSON encoding (orjson)"),
    ("adjudicator.web.search.pages", "render_template", "the HTML page (Jinja)"),
    ("flask_compress.flask_compress", "_compress_data", "compression (brotli; the coordinator's level)"),
)


def per_request(client, paths: list[str], start: int, count: int) -> float:
    started = time.process_time()
    for index in range(start, start + count):
        response = client.get(paths[index % len(paths)], headers=http_bench.BROWSER_HEADERS)
        assert response.status_code in (200, 302), (paths[index % len(paths)], response.status_code)
    return (time.process_time() - started) / count * 1000


def timed(spent: collections.Counter, label: str, function):
    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        started = time.thread_time()
        try:
            return function(*args, **kwargs)
        finally:
            spent[label] += time.thread_time() - started
    return wrapper


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=1500)
    parser.add_argument("--skip", type=int, default=2000)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="search-floor-") as data_dir:
        os.environ["ADJUDICATOR_DATA_DIR"] = data_dir
        import importlib

        from adjudicator.web import create_app

        cached, uncached = create_app().test_client(), create_app({"SEARCH_CACHE_SIZE": 0}).test_client()
        distinct = http_bench.search_paths(http_bench.query_texts())
        one = [distinct[0]]
        per_request(cached, ["/healthz"], 0, 200)  # first requests: lazy imports
        healthz = per_request(cached, ["/healthz"], 0, options.requests)
        per_request(cached, one, 0, 10)
        hit = per_request(cached, one, 0, options.requests)
        per_request(uncached, distinct, 0, options.skip)
        spent: collections.Counter = collections.Counter()
        for module, path, label in PARTS:
            owner = importlib.import_module(module)
            holder_name, _, name = path.rpartition(".")
            holder = getattr(owner, holder_name) if holder_name else owner
            setattr(holder, name, timed(spent, label, getattr(holder, name)))
        miss = per_request(uncached, distinct, options.skip, options.requests)
    print(f"CPU per request, in process ({options.requests} requests each; uncached after {options.skip}):")
    rows = [("/healthz (the baseline)", healthz), ("search, the result cache answers", hit),
            ("search, uncached (harsh traffic)", miss)]
    rows += [(f"  of which {label}", spent[label] / options.requests * 1000) for _, _, label in PARTS]
    parts = sum(spent.values()) / options.requests * 1000
    rows.append(("  of which the rest (Flask, the route, headers, the search's other steps)", miss - parts))
    for label, ms in rows:
        print(f"  {label:<62} {ms:7.3f} ms  {ms / healthz:6.1f}x /healthz")
    print(f"search at 0.5x the baseline needs {2 * healthz:.3f} ms a request; uncached it is {healthz / miss:.3f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
