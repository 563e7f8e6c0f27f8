"""The starter list: the cards of the repository's scenarios, so a fresh library already knows them.

``adjudicator cards make-starter`` (in a checkout) writes ``cards/starter.yaml`` from :func:`extract`; the library loads that file
when it is empty. Scenario cards are invented for their question, so one name may appear with different
printed values: the version seen most often is kept (ties: the first in file order) and the file's
header lists the names that had variants, so an organiser knows which to check against the real card.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from pathlib import Path

import yaml

from adjudicator import paths
from adjudicator.cards.importing import read_card_file
from adjudicator.cards.model import PRINTED_FIELDS, LibraryCard
from adjudicator.format.board import CardSpec
from adjudicator.format.errors import ScenarioError
from adjudicator.format.loading import load_scenario
from adjudicator.format.scenario import iter_cards

STARTER_FILE = "starter.yaml"


def extract(scenario_files: list[Path]) -> tuple[list[LibraryCard], list[str]]:
    """Every card name of ``scenario_files`` once (sorted by name), and the names that had variants."""
    seen: dict[str, Counter] = {}
    first: dict[tuple[str, str], int] = {}
    order = 0
    for file in scenario_files:
        try:
            scenario = load_scenario(file.read_text(encoding="utf-8"))
        except ScenarioError:
            continue  # a file that does not load has no card to offer
        for card in iter_cards(scenario):
            library_card = _printed(card)
            key = library_card.to_json()
            seen.setdefault(card.name, Counter())[key] += 1
            first.setdefault((card.name, key), order)
            order += 1
    cards, variants = [], []
    for name in sorted(seen):
        counts = seen[name]
        best = max(counts, key=lambda key: (counts[key], -first[(name, key)]))
        cards.append(LibraryCard.from_json(best))
        if len(counts) > 1:
            variants.append(name)
    return cards, variants


def _printed(card) -> LibraryCard:
    """The card without its board state or scenario id: what is printed on it."""
    printed = card.model_dump(mode="json", by_alias=True, exclude_defaults=True, include=set(PRINTED_FIELDS))
    return LibraryCard(CardSpec.model_validate(printed))


def dump(cards: list[LibraryCard], variants: list[str]) -> str:
    header = [
        "# The starter card list: every card of the repository's scenarios, made by `adjudicator cards make-starter`.",
        "# Loaded into an empty card library on first start; `adjudicator cards import FILE` adds or replaces cards.",
    ]
    if variants:
        header.append("# Names seen with different printed values (the most frequent kept): " + "、".join(variants))
    body = yaml.safe_dump([card.printed() for card in cards], allow_unicode=True, sort_keys=False, width=120)
    return "\n".join(header) + "\n" + body


def starter_path() -> Path:
    return paths.cards_dir() / STARTER_FILE


@lru_cache(maxsize=1)
def _starter(path: Path) -> tuple[LibraryCard, ...]:
    return tuple(read_card_file(path))


def starter_cards() -> tuple[LibraryCard, ...]:
    """The shipped starter list (empty when the file is missing, e.g. a trimmed install)."""
    path = starter_path()
    return _starter(path) if path.is_file() else ()
