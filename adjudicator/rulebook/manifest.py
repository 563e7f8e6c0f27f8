"""Rulebook manifests (``rulebook/<id>.yaml``): what a source text is, and the checksum that pins it.

A manifest names a book's first release at its top level; each later release is one entry of ``releases``
(its version, date, source file and checksum), so a new release is a file dropped beside the old one plus
that entry, and no code changes. The releases are kept in the order they were published: the last is the
latest, the one the service reads by default; every one of them keeps being served at its pinned address.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, model_validator

from adjudicator.paths import rulebook_dir

MAX_RELEASES = 100  # a book publishes a few releases a year; the list stays short
# Files in the rulebook directory that are not manifests: clause marks, worked Q&A, forced clause matches.
NOT_MANIFESTS = ("-marks.yaml", "-matches.yaml", "qa.yaml")


class Release(BaseModel):
    """One published release of a book: its version, its date and the source text that pins it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    release: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9._-]*$", max_length=40)
    effective_date: str | None = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
    source: str
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")


class Manifest(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    title: str
    release: str
    effective_date: str | None = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
    language: str
    format: Literal["hi-story", "duel-masters"]
    source: str
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    releases: tuple[Release, ...] = Field(default=(), max_length=MAX_RELEASES)

    @model_validator(mode="after")
    def _releases_in_order(self) -> Manifest:
        """Versions are unique, and each later release has a date after the one before (the newest is the
        latest): a release out of order would make "latest" a guess."""
        every = self.all_releases()
        names = [release.release for release in every]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.id}: a release is listed twice ({', '.join(names)})")
        for before, after in zip(every, every[1:]):
            if after.effective_date is None or (before.effective_date or "") >= after.effective_date:
                raise ValueError(f"{self.id}: release {after.release} must have a date after {before.release}'s")
        return self

    def all_releases(self) -> tuple[Release, ...]:
        """Every release, oldest first: the top-level one, then the ``releases`` entries."""
        first = Release(release=self.release, effective_date=self.effective_date, source=self.source,
                        sha256=self.sha256)
        return (first, *self.releases)

    @property
    def latest(self) -> Release:
        return self.all_releases()[-1]

    def find_release(self, name: str) -> Release | None:
        return next((release for release in self.all_releases() if release.release == name), None)


class SourceMismatch(Exception):
    """A shipped source text no longer matches its manifest: the package itself is broken."""


def read_manifests(directory: Path | None = None) -> dict[str, Manifest]:
    """Every manifest in the rulebook directory, by id, in file-name order."""
    directory = directory or rulebook_dir()
    manifests = {}
    for path in sorted(directory.glob("*.yaml")):
        if path.name.endswith(NOT_MANIFESTS):
            continue  # clause marks, worked Q&A (adjudicator.rulebook.qa), forced matches (.identity)
        manifest = Manifest.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
        manifests[manifest.id] = manifest
    return manifests


def read_source(manifest: Manifest | Release, directory: Path | None = None) -> tuple[Path, str]:
    """The source file and its text, after checking the bytes against the manifest's SHA-256."""
    path = (directory or rulebook_dir()) / manifest.source
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != manifest.sha256:
        raise SourceMismatch(f"{path}: sha256 {digest} does not match manifest {manifest.sha256}")
    return path, data.decode("utf-8")
