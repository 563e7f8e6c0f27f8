"""Write cards/starter.yaml from the cards of every scenario under scenarios/ (run from the repository root):

    python cards/make_starter.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's adjudicator, not an installed one

from adjudicator import paths  # noqa: E402
from adjudicator.cards.starter import dump, extract  # noqa: E402
from adjudicator.checks.verify import scenario_files  # noqa: E402


def main() -> None:
    cards, variants = extract(scenario_files([paths.scenarios_dir()]))
    target = Path(__file__).resolve().parent / "starter.yaml"
    target.write_text(dump(cards, variants), encoding="utf-8")
    print(f"{target}: {len(cards)} cards ({len(variants)} names with variants)")


if __name__ == "__main__":
    main()
