"""The worked examples of the corpus (``search/corpus.py``): by name, by the clauses they cite, and the gallery's."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from flask import abort

from adjudicator import paths
from adjudicator.format.scenario import Scenario
from adjudicator.reading import load_scenario
from adjudicator.search import corpus
from adjudicator.search.corpus import Entry
from adjudicator.web.rulings import gallery as curated


@lru_cache(maxsize=1)
def _examples(root: Path) -> tuple[Entry, ...]:
    # The corpus's worked examples, read once and kept beside the search index (search/corpus.py).
    return tuple(corpus.entries(root))


def examples_citing(clause_id: str, limit: int = 6) -> tuple[list[Entry], int]:
    """The examples whose expected ruling cites ``clause_id`` or one of its items (10.6.2 ← 10.6.2-6), the
    gallery's first; and how many there are in all."""
    curated = {card.name for group in curated_gallery() for card in group.cards}
    citing = [example for example in examples()
              if any(cite == clause_id or cite.startswith(clause_id + "-") for cite in example.cites)]
    citing.sort(key=lambda example: (example.name not in curated, example.name))
    return citing[:limit], len(citing)


def curated_gallery() -> tuple[curated.GalleryGroup, ...]:
    return curated.gallery(paths.scenarios_dir())


def examples() -> tuple[Entry, ...]:
    return _examples(paths.scenarios_dir())


def example_names() -> set[str]:
    return {example.name for example in examples()}


def example_scenario(name: str) -> Scenario:
    """An example by name; only names the gallery lists are ever opened (no path from the URL)."""
    if name not in example_names():
        abort(404, description=f"例題「{name}」はありません。")
    return load_scenario((paths.scenarios_dir() / f"{name}.yaml").read_text(encoding="utf-8"))
