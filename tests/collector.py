"""The garbage collector in tests that check what it tracks (never how long it takes)."""

from __future__ import annotations

import gc


def collect_until_settled() -> None:
    """Full collections until one untracks nothing more. A collection reorders the objects it walks, so it may
    meet a tuple before the tuples inside it are untracked; a later one untracks the outer tuple."""
    for _ in range(5):
        before = len(gc.get_objects())
        gc.collect()
        if len(gc.get_objects()) == before:
            return
