"""Split the written queries once, deterministically, into a tuning half and a held-out half.

    python bench/queries/split.py

Two sets, each split on its own: ``written.tsv`` into ``tune.tsv`` / ``heldout.tsv`` and ``written2.tsv``
(situational, spoken, kana, typo, width, slang, number and order questions, written later) into
``tune2.tsv`` / ``heldout2.tsv``, and ``written3.tsv`` (questions about a situation: quoted card text, card
names, negative, what-if, timing, order, count and partial-effect questions, issue 29) into ``tune3.tsv`` /
``heldout3.tsv``.

``written.tsv`` holds queries written the way people type them at a table, with gold clauses read from the
rulebook (most specific first), before any ranking change. A query goes to ``heldout.tsv`` when the first
byte of the SHA-256 of its text is odd, else to ``tune.tsv``: the split depends on nothing but the query,
so rerunning it changes nothing. Tune only on ``tune.tsv``; report ``heldout.tsv`` untouched.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

HERE = Path(__file__).resolve().parent


def is_heldout(query: str) -> bool:
    return hashlib.sha256(query.encode("utf-8")).digest()[0] % 2 == 1


# written set → (tune half, held-out half)
SETS = {
    "written.tsv": ("tune.tsv", "heldout.tsv"),
    "written2.tsv": ("tune2.tsv", "heldout2.tsv"),
    "written3.tsv": ("tune3.tsv", "heldout3.tsv"),
}


def split(written: str, tune: str, heldout: str) -> None:
    header, *rows = (HERE / written).read_text(encoding="utf-8").splitlines()
    halves: dict[str, list[str]] = {tune: [], heldout: []}
    for row in rows:
        halves[heldout if is_heldout(row.split("\t", 1)[0]) else tune].append(row)
    for name, lines in halves.items():
        (HERE / name).write_text("\n".join([header, *lines]) + "\n", encoding="utf-8")
        print(f"{name}: {len(lines)} queries")


def main() -> None:
    for written, (tune, heldout) in SETS.items():
        split(written, tune, heldout)


if __name__ == "__main__":
    main()
