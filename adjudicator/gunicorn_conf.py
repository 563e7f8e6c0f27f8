"""gunicorn's settings for the production command (README), as ``gunicorn -c python:adjudicator.gunicorn_conf``.

The garbage collector, as the ``gc`` module's documentation advises for a parent that forks without exec:
off while the master loads the app (``--preload``: nothing it builds at start-up is garbage, and every
collection would walk all of it), then everything built frozen before the workers fork, so no collection
in a worker touches those objects and their memory pages stay shared. ``bench/start_bench.py`` measures the
start's CPU and the memory of all processes. Only the hooks live here; the options are the command's.
Importing this module turns the collector off until gunicorn calls ``when_ready``: nothing else imports it.

Each worker then asks the search routes once before it takes its first request (``post_worker_init``,
``web/search/warm_up.py``), so that no person's first search waits for what a worker builds for itself.
"""

from __future__ import annotations

import gc
import time

gc.disable()


def when_ready(server) -> None:
    gc.freeze()
    gc.enable()


def pre_fork(server, worker) -> None:
    # A worker started again later (one died, or a HUP) forks from the master as it is now.
    gc.freeze()


def post_worker_init(worker) -> None:
    # Imported here: gunicorn reads this file before it loads the app, and a config file stays free of the app.
    from adjudicator.web.search.warm_up import warm_up

    started = time.perf_counter()
    try:
        answered = warm_up(worker.wsgi)
    except Exception:  # noqa: BLE001 - a failed warm-up leaves the worker as it was: its first request builds the rest
        worker.log.exception("worker %s: the search warm-up failed", worker.pid)
        return
    # What the warm-up built stays for the worker's life (its searcher, the compiled URL map, loaded templates):
    # frozen as the master's objects are, no collection walks it again (a full one took up to 118 ms).
    gc.freeze()
    statuses = ", ".join(f"{path.partition('?')[0]} {status} ({ms:.0f} ms)" for path, status, ms in answered)
    worker.log.info("worker %s warmed up in %.0f ms: %s", worker.pid, (time.perf_counter() - started) * 1000,
                    statuses or "no host to ask")
