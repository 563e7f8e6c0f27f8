"""Which clause of one release is which clause of another: Academy Ruins' way of following rules across releases.

Identical clauses (same number, same words) are dropped first; the rest are paired by the same words under
another number, then by number with similar words, then by words alone (difflib), the most alike pairs first
(greedy). A small hand-kept file of forced matches (``rulebook/<book>-matches.yaml``) pairs what the matcher
cannot see, or says that a clause has no successor. What is left over is split off a clause, merged into one,
added or removed. Each change is classified (:data:`KINDS`) and flagged ``renumber_only`` when its words are
the same but for rule numbers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

from adjudicator.paths import rulebook_dir
from adjudicator.rulebook.model import Node, Rulebook
from adjudicator.rulebook.numbers import sort_key
from adjudicator.rulebook.wording_diff import containment, similarity, without_numbers

ChangeKind = Literal["changed", "renumbered", "moved", "split", "merged", "added", "removed"]
KINDS: tuple[ChangeKind, ...] = ("changed", "renumbered", "moved", "split", "merged", "added", "removed")

SAME_NUMBER_SIMILARITY = 0.5  # same number, words at least this alike: the same clause, changed
WORDS_SIMILARITY = 0.7        # another number: the words must be this alike to be the same clause
PART_CONTAINED = 0.7          # a leftover clause this much inside a matched one was split off it (or merged in)
MAX_COMPARISONS = 250_000     # word comparisons between leftovers; past it, only within the same chapter
MATCHES_SUFFIX = "-matches.yaml"


class ForcedMatch(BaseModel):
    """One hand-kept pairing between two releases; ``new`` null: the clause has no successor."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    old_release: str = Field(alias="from")
    new_release: str = Field(alias="to")
    old: str
    new: str | None
    why: str = Field(min_length=1, max_length=300)


@dataclass(frozen=True)
class ClauseChange:
    """One change between two releases: the clause ids it concerns in each."""

    kind: ChangeKind
    old: tuple[str, ...]
    new: tuple[str, ...]
    renumber_only: bool = False
    forced: bool = False


@dataclass(frozen=True)
class Matching:
    """Every clause of ``old_release`` followed into ``new_release``."""

    book: str
    old_release: str
    new_release: str
    changes: tuple[ClauseChange, ...]
    unchanged: int
    _forward: Mapping[str, tuple[str, ...]] = field(repr=False, compare=False)
    _backward: Mapping[str, tuple[str, ...]] = field(repr=False, compare=False)

    def successors(self, old_id: str) -> tuple[str, ...]:
        """The clauses ``old_id`` became (itself when unchanged, two for a split); () when removed."""
        return self._forward.get(old_id, ())

    def predecessors(self, new_id: str) -> tuple[str, ...]:
        """The clauses ``new_id`` came from; () when added."""
        return self._backward.get(new_id, ())

    def change_of(self, clause_id: str, *, old: bool = True) -> ClauseChange | None:
        """The change a clause of the old (or new) release is part of; None when it did not change."""
        side = (lambda change: change.old) if old else (lambda change: change.new)
        return next((change for change in self.changes if clause_id in side(change)), None)

    def counts(self) -> dict[str, int]:
        return {kind: sum(1 for change in self.changes if change.kind == kind) for kind in KINDS}


def clause_texts(book: Rulebook) -> dict[str, Node]:
    """The units followed across releases: every clause (its items are part of its text)."""
    return {node.id: node for node in book.clauses()}


def read_forced_matches(book_id: str, directory: Path | None = None) -> tuple[ForcedMatch, ...]:
    path = (directory or rulebook_dir()) / f"{book_id}{MATCHES_SUFFIX}"
    if not path.is_file():
        return ()
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or []
    return tuple(ForcedMatch.model_validate(entry) for entry in data)


def match_releases(old: Rulebook, new: Rulebook, forced: Iterable[ForcedMatch] = ()) -> Matching:
    """Follow every clause of ``old`` into ``new`` (see the module's description for the order)."""
    pairing = _Pairing(clause_texts(old), clause_texts(new))
    pairing.force([match for match in forced
                   if (match.old_release, match.new_release) == (old.release, new.release)])
    pairing.pair_identical()
    pairing.pair_same_words()
    pairing.pair_same_number()
    pairing.pair_alike_words()
    return pairing.result(old.id, old.release, new.release)


class _Pairing:
    """The matcher's working state: what is paired so far and what is left on each side."""

    def __init__(self, old: dict[str, Node], new: dict[str, Node]):
        self.old, self.new = old, new
        self.left_old, self.left_new = dict(old), dict(new)
        self.pairs: list[tuple[str, str]] = []
        self.forced: set[str] = set()
        self.unchanged = 0
        self.no_successor: list[str] = []

    def take(self, old_id: str, new_id: str) -> None:
        del self.left_old[old_id], self.left_new[new_id]
        self.pairs.append((old_id, new_id))

    def force(self, matches: list[ForcedMatch]) -> None:
        for match in matches:
            if match.old not in self.left_old or (match.new is not None and match.new not in self.left_new):
                raise ValueError(f"forced match {match.old} → {match.new}: no such clause, or matched twice")
            self.forced.add(match.old)
            if match.new is None:
                del self.left_old[match.old]
                self.no_successor.append(match.old)
            else:
                self.take(match.old, match.new)

    def pair_identical(self) -> None:
        for clause_id in [c for c in self.left_old if c in self.left_new]:
            if self.old[clause_id].text == self.new[clause_id].text:
                del self.left_old[clause_id], self.left_new[clause_id]
                self.unchanged += 1

    def pair_same_words(self) -> None:
        by_text: dict[str, list[str]] = {}
        for new_id, node in self.left_new.items():
            by_text.setdefault(node.text, []).append(new_id)
        for old_id, node in list(self.left_old.items()):
            candidates = [c for c in by_text.get(node.text, ()) if c in self.left_new]
            if len(candidates) == 1:  # the same words twice in a release say nothing about which is which
                self.take(old_id, candidates[0])

    def pair_same_number(self) -> None:
        for clause_id in [c for c in self.left_old if c in self.left_new]:
            before, after = self.old[clause_id].text, self.new[clause_id].text
            if similarity(before, after) >= SAME_NUMBER_SIMILARITY or \
                    max(containment(after, before), containment(before, after)) >= PART_CONTAINED:
                self.take(clause_id, clause_id)

    def pair_alike_words(self) -> None:
        scored = []
        for old_id, new_id in self._candidates():
            score = similarity(self.old[old_id].text, self.new[new_id].text)
            if score >= WORDS_SIMILARITY:
                scored.append((-score, old_id, new_id))
        for _, old_id, new_id in sorted(scored):  # greedy: the most alike pair first
            if old_id in self.left_old and new_id in self.left_new:
                self.take(old_id, new_id)

    def _candidates(self) -> Iterable[tuple[str, str]]:
        everything = len(self.left_old) * len(self.left_new) <= MAX_COMPARISONS
        for old_id in self.left_old:
            for new_id in self.left_new:
                if everything or _chapter(old_id) == _chapter(new_id):
                    yield old_id, new_id

    def result(self, book: str, old_release: str, new_release: str) -> Matching:
        forward = {clause_id: (clause_id,) for clause_id in self.old
                   if clause_id not in self.left_old and clause_id in self.new
                   and clause_id not in dict(self.pairs) and clause_id not in self.no_successor}
        changes: list[ClauseChange] = []
        split_off = self._parts(self.left_new, self.new, self.old, {o: n for o, n in self.pairs})
        merged_in = self._parts(self.left_old, self.old, self.new, {n: o for o, n in self.pairs})
        for old_id, new_id in self.pairs:
            extra_new = tuple(split_off.get(old_id, ()))
            extra_old = tuple(merged_in.get(new_id, ()))
            forward[old_id] = (new_id, *extra_new)
            changes.append(self._classify(old_id, new_id, extra_old, extra_new))
        for new_id, old_ids in merged_in.items():
            for old_id in old_ids:
                forward[old_id] = (new_id,)
        parted = {n for parts in split_off.values() for n in parts}
        merged = {o for parts in merged_in.values() for o in parts}
        changes += [ClauseChange("added", (), (n,)) for n in self.left_new if n not in parted]
        changes += [ClauseChange("removed", (o,), ()) for o in self.left_old if o not in merged]
        changes += [ClauseChange("removed", (o,), (), forced=True) for o in self.no_successor]
        backward: dict[str, tuple[str, ...]] = {}
        for old_id, new_ids in forward.items():
            for new_id in new_ids:
                backward[new_id] = (*backward.get(new_id, ()), old_id)
        return Matching(book, old_release, new_release, tuple(sorted(changes, key=_order)), self.unchanged,
                        forward, backward)

    def _parts(self, leftovers, own, other, paired) -> dict[str, list[str]]:
        """Leftover clauses mostly contained in a paired clause of the other release: split off it (new side)
        or merged into it (old side). Keyed by that paired clause's id on the other side."""
        found: dict[str, list[str]] = {}
        for clause_id, node in leftovers.items():
            best = max(paired, key=lambda other_id: containment(node.text, other[other_id].text), default=None)
            if best is not None and containment(node.text, other[best].text) >= PART_CONTAINED:
                found.setdefault(best, []).append(clause_id)
        return found

    def _classify(self, old_id: str, new_id: str, extra_old: tuple[str, ...], extra_new: tuple[str, ...]):
        before, after = self.old[old_id], self.new[new_id]
        forced = old_id in self.forced
        if extra_new:
            return ClauseChange("split", (old_id,), (new_id, *extra_new), forced=forced)
        if extra_old:
            return ClauseChange("merged", (old_id, *extra_old), (new_id,), forced=forced)
        if before.parent != after.parent and before.parent and after.parent:
            kind: ChangeKind = "moved"
        elif old_id != new_id:
            kind = "renumbered"
        else:
            kind = "changed"
        renumber_only = without_numbers(before.text) == without_numbers(after.text)
        return ClauseChange(kind, (old_id,), (new_id,), renumber_only=renumber_only, forced=forced)


def _chapter(clause_id: str) -> str:
    return clause_id.split(".")[0]


def _order(change: ClauseChange) -> tuple:
    first = (change.old or change.new)[0]
    return sort_key(first) or (), first
