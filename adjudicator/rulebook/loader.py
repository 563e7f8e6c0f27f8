"""Loading rulebooks: manifest → checked source → parsed, cross-referenced, immutable :class:`Rulebook`.

Each release of a book is parsed once per process (``functools.lru_cache``, keyed by the rulebook directory
too, so a process pointed at another directory reads that one); the web app and every engine test share it.
:func:`load_rulebook` is a book's latest release, :func:`load_release` any of them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

from adjudicator.paths import rulebook_dir
from adjudicator.rulebook import duel_masters, hi_story
from adjudicator.rulebook.drafts import Draft, DraftBook
from adjudicator.rulebook.manifest import Manifest, Release, read_manifests, read_source
from adjudicator.rulebook.model import Reference, Rulebook
from adjudicator.rulebook.references import ReferenceIndex, find_references

# hi-story first: it is the product's book; Duel Masters is the secondary reference.
_ORDER = ("hi-story", "duel-masters")


@functools.lru_cache(maxsize=4)
def _manifests_in(directory: Path) -> dict[str, Manifest]:
    return read_manifests(directory)


def manifests() -> dict[str, Manifest]:
    """Every book's manifest, from the rulebook directory in use."""
    return _manifests_in(rulebook_dir())


def rulebook_ids() -> tuple[str, ...]:
    known = manifests()
    return tuple(sorted(known, key=lambda book: (_ORDER.index(book) if book in _ORDER else len(_ORDER), book)))


def releases(book_id: str) -> tuple[Release, ...]:
    """The book's releases, oldest first (the last is the latest); KeyError if there is no such book."""
    return manifests()[book_id].all_releases()


def load_rulebook(book_id: str) -> Rulebook:
    """The latest release of ``book_id`` (``hi-story``, ``duel-masters``), parsed; KeyError if there is none."""
    directory = rulebook_dir()
    return _load(directory, book_id, _manifests_in(directory)[book_id].latest.release)


def load_release(book_id: str, release: str) -> Rulebook | None:
    """The release ``release`` of ``book_id``, parsed; None if the book has no such release."""
    directory = rulebook_dir()
    manifest = _manifests_in(directory).get(book_id)
    if manifest is None or manifest.find_release(release) is None:
        return None
    return _load(directory, book_id, release)


@functools.lru_cache(maxsize=None)
def _load(directory: Path, book_id: str, release: str) -> Rulebook:
    manifest = _manifests_in(directory)[book_id]
    return parse_rulebook(manifest, directory, release)


def parse_rulebook(manifest: Manifest, directory: Path | None = None, release: str | None = None) -> Rulebook:
    """Check a release's source text against its SHA-256 and parse it (uncached; see load_release). Without
    ``release``, the manifest's first (top-level) release."""
    entry = manifest.find_release(release) if release else manifest.all_releases()[0]
    if entry is None:
        raise KeyError(f"{manifest.id} has no release {release}")
    path, text = read_source(entry, directory)
    if manifest.format == "hi-story":
        parsed = hi_story.parse(text)
        find = _hi_story_references(parsed.drafts)
    else:
        parsed = duel_masters.parse(text)
        find = _no_references  # the Duel Masters basics cite no rule numbers
    return Rulebook.build(
        id=manifest.id,
        title=manifest.title,
        release=entry.release,
        effective_date=entry.effective_date,
        language=manifest.language,
        source_file=path,
        sha256=entry.sha256,
        source_text=text,
        preamble=parsed.preamble,
        nodes=parsed.drafts.freeze(manifest.id, find),
    )


def list_rulebooks() -> tuple[Rulebook, ...]:
    """Every book's latest release."""
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
