"""The answer to every search request the HTTP bench sends, to show that a speed change changed none of them.

    python -m bench.search_snapshot OUT.json [SHARED_DIR]  # every request of http_bench's search traffic
    python -m bench.search_snapshot --compare BEFORE.json AFTER.json

The first form sends each distinct request of ``http_bench.search_paths`` (the as-you-type prefixes as
``/search.json``, the submitted queries as the ``/search`` page) through the Flask test client of an app with
the result cache off, and writes one JSON object: path → status and body (the JSON for ``/search.json``, the
HTML text for ``/search``). The second prints how many answers are identical and how many differ, then the
differing paths; it exits 1 when anything differs. ``SHARED_DIR`` is the folder of the shared query sets when
the checkout does not sit beside it (as in http_bench's ``--shared``).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

from bench import http_bench  # the one list of search requests


def snapshot(out: Path, shared: Path = http_bench.SHARED) -> int:
    with tempfile.TemporaryDirectory(prefix="search-snapshot-") as data_dir:
        os.environ["ADJUDICATOR_DATA_DIR"] = data_dir
        from adjudicator.web import create_app

        client = create_app({"SEARCH_CACHE_SIZE": 0}).test_client()
        answers = {}
        for path in sorted(set(http_bench.search_paths(http_bench.query_texts(http_bench.query_files(shared))))):
            response = client.get(path)
            body = response.get_json() if path.startswith("/search.json") else response.get_data(as_text=True)
            answers[path] = {"status": response.status_code, "body": body}
    out.write_text(json.dumps(answers, ensure_ascii=False, sort_keys=True), "utf-8")
    print(f"{len(answers)} search requests written to {out}")
    return 0


def compare(before: Path, after: Path) -> int:
    old, new = (json.loads(path.read_text("utf-8")) for path in (before, after))
    shared = sorted(set(old) & set(new))
    differing = [path for path in shared if old[path] != new[path]]
    only = sorted(set(old) ^ set(new))
    print(f"{len(shared) - len(differing)} identical, {len(differing)} differing, {len(only)} in one snapshot only")
    for path in differing + only:
        print(f"  {'differs' if path in differing else 'only in one'}: {path}")
    return 1 if differing or only else 0


def main() -> int:
    if len(sys.argv) == 4 and sys.argv[1] == "--compare":
        return compare(Path(sys.argv[2]), Path(sys.argv[3]))
    if len(sys.argv) in (2, 3) and not sys.argv[1].startswith("-"):
        return snapshot(Path(sys.argv[1]), *(Path(arg) for arg in sys.argv[2:]))
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
