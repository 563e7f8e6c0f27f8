"""Split a written text set of the card-text reader once, deterministically, into a tune half and a held-out half.

    python -m bench.split_set tests/data/reading_written3.yaml tests/data/reading_tune3.yaml tests/data/reading_heldout3.yaml

The set is a YAML file of ``items``, each opening with ``  - text: …`` (the shape of tests/data/reading_*.yaml).
An item goes to the held-out half when the first byte of the SHA-256 of its ``text`` is odd, else to the tune
half (the rule of bench/queries/split.py): the split depends on nothing but the text, so rerunning it changes
nothing. Each item is copied as written (its comments too); the group comments of the set are left out. Tune
only on the tune half; report the held-out half untouched.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import yaml

from bench.queries.split import is_heldout  # the search sets' split: one rule for every set

ITEM = re.compile(r"^  - text: ")
GROUP_COMMENT = re.compile(r"^  #")


def item_blocks(source: str) -> list[str]:
    """The written lines of each item: from its ``- text:`` line up to the next item or group comment."""
    blocks: list[list[str]] = []
    inside = False
    for line in source.splitlines():
        if ITEM.match(line):
            blocks.append([line])
            inside = True
        elif GROUP_COMMENT.match(line) or not line.startswith("  "):
            inside = False
        elif inside:
            blocks[-1].append(line)
    return ["\n".join(block) for block in blocks]


def split(source: str) -> tuple[list[str], list[str]]:
    tune: list[str] = []
    heldout: list[str] = []
    for block in item_blocks(source):
        [item] = yaml.safe_load("items:\n" + block)["items"]
        (heldout if is_heldout(item["text"]) else tune).append(block)
    return tune, heldout


def write(path: Path, origin: Path, role: str, blocks: list[str]) -> None:
    header = (f"# {role} half of {origin.name}, made by bench/split_set.py (the first byte of the SHA-256 of each\n"
              f"# `text`: odd -> held-out, even -> tune). Do not edit: edit {origin.name} and split again.\n")
    path.write_text(header + "items:\n" + "\n".join(blocks) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("source", type=Path)
    parser.add_argument("tune", type=Path)
    parser.add_argument("heldout", type=Path)
    args = parser.parse_args()
    source = args.source.read_text(encoding="utf-8")
    tune, heldout = split(source)
    written = yaml.safe_load(source)["items"]
    if len(tune) + len(heldout) != len(written):
        sys.exit(f"{args.source}: {len(written)} items, but {len(tune) + len(heldout)} item blocks found")
    write(args.tune, args.source, "Tune (tuned on)", tune)
    write(args.heldout, args.source, "Held-out (never tuned on)", heldout)
    halves = yaml.safe_load(args.tune.read_text(encoding="utf-8"))["items"] + \
        yaml.safe_load(args.heldout.read_text(encoding="utf-8"))["items"]
    if sorted(map(repr, halves)) != sorted(map(repr, written)):
        sys.exit("the halves do not hold exactly the items of the set")
    print(f"{args.tune}: {len(tune)} texts; {args.heldout}: {len(heldout)} texts")


if __name__ == "__main__":
    main()
