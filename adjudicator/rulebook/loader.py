"""Loading rulebooks: manifest → checked source → parsed, cross-referenced, immutable :class:`Rulebook`.

Each book is parsed once per process (``functools.lru_cache``); the web app and every engine test share it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

from adjudicator.rulebook import duel_masters, hi_story
from adjudicator.rulebook.drafts import Draft, DraftBook
from adjudicator.rulebook.manifest import Manifest, read_manifests, read_source
from adjudicator.rulebook.model import Reference, Rulebook
from adjudicator.rulebook.references import ReferenceIndex, find_references

# hi-story first: it is the product's book; Duel Masters is the secondary reference.
_ORDER = ("hi-story", "duel-masters")


@functools.lru_cache(maxsize=1)
def _manifests() -> dict[str, Manifest]:
    return read_manifests()


def rulebook_ids() -> tuple[str, ...]:
    known = _manifests()
    return tuple(sorted(known, key=lambda book: (_ORDER.index(book) if book in _ORDER else len(_ORDER), book)))


@functools.lru_cache(maxsize=None)
def load_rulebook(book_id: str) -> Rulebook:
    """The parsed rulebook ``book_id`` (``hi-story``, ``duel-masters``); KeyError if there is none."""
    return parse_rulebook(_manifests()[book_id])


def parse_rulebook(manifest: Manifest, directory: Path | None = None) -> Rulebook:
    """Check the manifest's source text against its SHA-256 and parse it (uncached; see load_rulebook)."""
    path, text = read_source(manifest, directory)
    if manifest.format == "hi-story":
        parsed = hi_story.parse(text)
        find = _hi_story_references(parsed.drafts)
    else:
        parsed = duel_masters.parse(text)
        find = _no_references  # the Duel Masters basics cite no rule numbers
    return Rulebook.build(
        id=manifest.id,
        title=manifest.title,
        release=manifest.release,
        effective_date=manifest.effective_date,
        language=manifest.language,
        source_file=path,
        sha256=manifest.sha256,
        source_text=text,
        preamble=parsed.preamble,
        nodes=parsed.drafts.freeze(manifest.id, find),
    )


def list_rulebooks() -> tuple[Rulebook, ...]:
    return tuple(load_rulebook(book_id) for book_id in rulebook_ids())


def _hi_story_references(drafts: DraftBook) -> Callable[[Draft], tuple[Reference, ...]]:
    ordered = list(drafts)
    index = ReferenceIndex(
        order=[draft.id for draft in ordered],
        parents={draft.id: draft.parent for draft in ordered},
        kinds={draft.id: draft.kind for draft in ordered},
        has_items=frozenset(draft.parent for draft in ordered if draft.kind == "item"),
    )

    def find(draft: Draft) -> tuple[Reference, ...]:
        own_marks = frozenset(mark for _, mark, _ in hi_story.inline_items(draft.text)) \
            if draft.kind == "clause" else frozenset()
        return find_references(draft.text, draft.id, index, own_marks)

    return find


def _no_references(draft: Draft) -> tuple[Reference, ...]:
    return ()
