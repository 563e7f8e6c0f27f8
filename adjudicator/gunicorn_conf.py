"""gunicorn's settings for the production command (README), as ``gunicorn -c python:adjudicator.gunicorn_conf``.

The garbage collector, as the ``gc`` module's documentation advises for a parent that forks without exec:
off while the master loads the app (``--preload``: nothing it builds at start-up is garbage, and every
collection would walk all of it), then everything built frozen before the workers fork, so no collection
in a worker touches those objects and their memory pages stay shared. ``bench/start_bench.py`` measures the
start's CPU and the memory of all processes. Only the hooks live here; the options are the command's.
Importing this module turns the collector off until gunicorn calls ``when_ready``: nothing else imports it.
"""

from __future__ import annotations

import gc

gc.disable()


def when_ready(server) -> None:
    gc.freeze()
    gc.enable()


def pre_fork(server, worker) -> None:
    # A worker started again later (one died, or a HUP) forks from the master as it is now.
    gc.freeze()
