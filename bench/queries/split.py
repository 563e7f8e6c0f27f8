"""Split the written queries once, deterministically, into a tuning half and a held-out half.

    python bench/queries/split.py

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


def main() -> None:
    header, *rows = (HERE / "written.tsv").read_text(encoding="utf-8").splitlines()
    halves: dict[str, list[str]] = {"tune.tsv": [], "heldout.tsv": []}
    for row in rows:
        halves["heldout.tsv" if is_heldout(row.split("\t", 1)[0]) else "tune.tsv"].append(row)
    for name, lines in halves.items():
        (HERE / name).write_text("\n".join([header, *lines]) + "\n", encoding="utf-8")
        print(f"{name}: {len(lines)} queries")


if __name__ == "__main__":
    main()
