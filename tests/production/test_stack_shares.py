"""bench/stack_shares.py: the shares it prints from py-spy's collapsed stacks (the worker profiles quoted in notes)."""

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "stack_shares.py"
spec = importlib.util.spec_from_file_location("stack_shares", SCRIPT)
stack_shares = importlib.util.module_from_spec(spec)
spec.loader.exec_module(stack_shares)

STACKS = [
    "handle (gunicorn/workers/sync.py:10);api_resolve (adjudicator/web/scenarios.py:480);resolve (adjudicator/engine/resolution.py:40) 6\n",
    "handle (gunicorn/workers/sync.py:10);api_resolve (adjudicator/web/scenarios.py:492);compress (brotli.py:5) 3\n",
    "handle (gunicorn/workers/sync.py:12);write (gunicorn/util.py:3) 1\n",
    "a frame py-spy split over\n",  # a name holding a newline: no count, skipped
]


def test_inclusive_counts_a_function_once_per_sample_and_self_only_innermost():
    total, inclusive, own = stack_shares.shares(STACKS)
    assert total == 10
    assert inclusive["handle (gunicorn/workers/sync.py)"] == 10  # two lines of one function are one row
    assert inclusive["api_resolve (adjudicator/web/scenarios.py)"] == 9
    assert own["resolve (adjudicator/engine/resolution.py)"] == 6
    assert "api_resolve (adjudicator/web/scenarios.py)" not in own


def test_under_keeps_only_the_samples_below_a_function():
    total, inclusive, own = stack_shares.shares(STACKS, under="api_resolve")
    assert total == 9
    assert own == {"resolve (adjudicator/engine/resolution.py)": 6, "compress (brotli.py)": 3}


def test_recursion_counts_once():
    total, inclusive, _ = stack_shares.shares(["f (a.py:1);f (a.py:2);f (a.py:3) 4\n"])
    assert (total, inclusive["f (a.py)"]) == (4, 4)
