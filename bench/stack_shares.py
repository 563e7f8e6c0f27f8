"""Inclusive and self shares of each function in py-spy's raw collapsed stacks (``bench/worker_cpu.py --profile``).

    python -m bench.stack_shares /tmp/resolve.txt            # the 40 largest of each
    python -m bench.stack_shares /tmp/resolve.txt --top 80 --under api_resolve

A line of the file is ``frame;frame;…;frame COUNT``, each frame ``function (path:line)``. A function's
inclusive share counts every sample with it anywhere on the stack (once per sample, however deep the
recursion); its self share only the samples where it is the innermost frame. Paths are shortened to the part
after ``site-packages/`` or the checkout, lines are dropped, so one function is one row.
``--under NAME`` keeps only the samples whose stack holds a function called NAME, and shares are of those.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

FRAME = re.compile(r"^(?P<function>.*?) \((?P<path>.*?)(?::\d+)?\)$")
ROOT = str(Path(__file__).resolve().parents[1]) + "/"


def frame_name(frame: str) -> str:
    match = FRAME.match(frame)
    if match is None:
        return frame
    path = match["path"].split("/site-packages/")[-1].removeprefix(ROOT)
    return f"{match['function']} ({path})"


def shares(lines, under: str = "") -> tuple[int, Counter, Counter]:
    inclusive, own, total = Counter(), Counter(), 0
    for line in lines:
        stack, _, count = line.rstrip("\n").rpartition(" ")
        if not count.isdigit() or not stack:
            continue  # a frame name py-spy could not read cleanly (it may hold a newline)
        frames = [frame_name(frame) for frame in stack.split(";")]
        if under and not any(frame.startswith(under + " (") for frame in frames):
            continue
        samples = int(count)
        total += samples
        inclusive.update(dict.fromkeys(set(frames), samples))
        own[frames[-1]] += samples
    return total, inclusive, own


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("stacks", type=Path, help="py-spy record --format raw output")
    parser.add_argument("--top", type=int, default=40, help="rows of each table (default 40)")
    parser.add_argument("--under", default="", help="only samples under this function")
    options = parser.parse_args()
    with options.stacks.open(encoding="utf-8", errors="replace") as lines:
        total, inclusive, own = shares(lines, options.under)
    if not total:
        print("no samples", file=sys.stderr)
        return 1
    print(f"{total} samples{' under ' + options.under if options.under else ''}")
    for title, counts in (("inclusive", inclusive), ("self", own)):
        print(f"--- {title}")
        for name, samples in counts.most_common(options.top):
            print(f"{100 * samples / total:5.1f} %  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
