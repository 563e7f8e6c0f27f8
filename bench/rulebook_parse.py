"""Print how long each rulebook takes to check and parse (uncached), and a cached lookup afterwards.

    python -m bench.rulebook_parse [repeats]
"""

from __future__ import annotations

import statistics
import sys
import time

from adjudicator.rulebook import load_rulebook, rulebook_ids
from adjudicator.rulebook.loader import parse_rulebook
from adjudicator.rulebook.manifest import read_manifests


def main(repeats: int) -> None:
    manifests = read_manifests()
    for book in rulebook_ids():
        timings = []
        for _ in range(repeats):
            started = time.perf_counter()
            parse_rulebook(manifests[book])
            timings.append(time.perf_counter() - started)
        load_rulebook(book)
        started = time.perf_counter()
        load_rulebook(book).get("6.7.1")
        cached = time.perf_counter() - started
        print(f"{book}: parse median {statistics.median(timings) * 1000:.1f} ms, "
              f"min {min(timings) * 1000:.1f} ms over {repeats}; cached load+get {cached * 1e6:.1f} µs")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
