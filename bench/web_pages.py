"""Page weight and start-up time of the web service.

    python -m bench.web_pages

Prints each page's size as sent (brotli and gzip, as Flask-Compress sends them) against the 60 KB budget
(the whole-book pages are exempt), then the start-up time of a fresh process: cold (empty data directory,
so the index is built) and warm (index reused), each up to the first page served.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time

BUDGET = 60 * 1024
PAGES = [
    "/", "/rules/hi-story", "/rules/duel-masters", "/rules/hi-story/ch6", "/rules/hi-story/ch10",
    "/rules/hi-story/6.7", "/rules/hi-story/6.7.1", "/rules/hi-story/10.6.2", "/rules/duel-masters/101.4a",
    "/search?q=その後", "/search?q=攻撃", "/rules/hi-story/all", "/rules/duel-masters/all",
    "/rules/hi-story/all.json", "/rules/hi-story/all.md",
]
EXEMPT = ("/all",)

_START = """
import time, sys
started = time.perf_counter()
from adjudicator.web import create_app
app = create_app()
response = app.test_client().get("/rules/hi-story/6.7.1")
assert response.status_code == 200
print(f"{time.perf_counter() - started:.3f}")
"""


def start_seconds(data_dir: str) -> float:
    env = {"ADJUDICATOR_DATA_DIR": data_dir, "PATH": "/usr/bin:/bin"}
    started = time.perf_counter()
    inner = subprocess.run([sys.executable, "-c", _START], env=env, capture_output=True, text=True, check=True)
    total = time.perf_counter() - started
    return total, float(inner.stdout.strip())


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="web-pages-") as data_dir:
        cold_total, cold_app = start_seconds(data_dir)
        warm_total, warm_app = start_seconds(data_dir)

        import os

        os.environ["ADJUDICATOR_DATA_DIR"] = data_dir
        from adjudicator.web import create_app
        from adjudicator.web.common.services import EXTENSION

        app = create_app()
        client = app.test_client()
        print(f"{'page':<32} {'raw':>8} {'gzip':>8} {'brotli':>8}  budget")
        for url in PAGES:
            raw = len(client.get(url).data)
            sizes = [len(client.get(url, headers={"Accept-Encoding": encoding}).data) for encoding in ("gzip", "br")]
            verdict = "exempt" if url.endswith(EXEMPT) or "/all." in url else (
                "ok" if max(sizes) < BUDGET else "OVER")
            print(f"{url:<32} {raw / 1024:>7.1f}K {sizes[0] / 1024:>7.1f}K {sizes[1] / 1024:>7.1f}K  {verdict}")
        services = app.extensions[EXTENSION]
        print(f"\nstart-up (process start to first page, incl. imports): cold {cold_total:.2f} s "
              f"(app {cold_app:.2f} s, index built), warm {warm_total:.2f} s (app {warm_app:.2f} s, index reused)")
        print(f"index open in this process: {services.start_seconds:.2f} s ({services.index_dir.name})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
