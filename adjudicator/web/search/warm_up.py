"""A worker's first search costs what its hundredth does: each search route is asked once before any person does.

The master builds what can be shared before it forks (``--preload``: the index opened, every term's scored
postings read, the suggestion index, the reader's tables). What each process builds on its first request stays:
its own Whoosh searcher (it holds files, so it is never forked), Werkzeug's compiled URL map, Jinja's loaded
templates, the encoders. :func:`warm_up` sends the search routes' requests through the whole app (the WSGI
stack, the host check, the page cache) in the process that will serve: gunicorn calls it in each worker
(``gunicorn_conf.post_worker_init``), ``adjudicator serve`` before it listens.
"""

from __future__ import annotations

import time
from urllib.parse import urlencode

from flask import Flask

from adjudicator.web.common.security import host_allowed

# A question with a quote, a number word, kana and a player's word (every analysis a search makes), and a prefix
# the live box sends. Not a question the benchmark asks first: its first-search figure must not be a cache hit.
WARM_UP_QUESTION = "「その後、手札を1枚捨てる」ができないとき、デッキは何枚？"
WARM_UP_PREFIX = "その後"
WARM_UP_PATHS = (
    "/search?" + urlencode({"q": WARM_UP_QUESTION}),
    "/search.json?" + urlencode({"q": WARM_UP_QUESTION, "book": "hi-story"}),
    "/search/suggest.json?" + urlencode({"q": WARM_UP_PREFIX, "book": "hi-story", "limit": 8}),
)
_BROWSER_HEADERS = {"Accept-Encoding": "gzip, deflate, br", "Accept": "text/html,application/json"}


def warm_up(app: Flask) -> list[tuple[str, int, float]]:
    """Each of WARM_UP_PATHS through ``app``: (path, status, milliseconds). No path is asked when the app
    accepts no host a request could name (then nothing is warmed, and nothing is wrong: the first requests
    build what they need)."""
    host = _a_served_host(app.config["ALLOWED_HOSTS"])
    if host is None:
        return []
    client = app.test_client()
    answered = []
    for path in WARM_UP_PATHS:
        started = time.perf_counter()
        response = client.get(path, headers={**_BROWSER_HEADERS, "Host": host})
        response.close()
        answered.append((path, response.status_code, (time.perf_counter() - started) * 1000))
    return answered


def _a_served_host(allowed: list[str]) -> str | None:
    """A ``Host`` header the app accepts: one of its allowed names (a bare IPv6 address bracketed, a
    subdomain for a ``.domain`` entry)."""
    for entry in allowed:
        entry = entry.strip()
        for candidate in (f"www{entry}",) if entry.startswith(".") else (entry, f"[{entry}]"):
            if entry and host_allowed(candidate, allowed):
                return candidate
    return None
