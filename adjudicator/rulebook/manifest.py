"""Rulebook manifests (``rulebook/<id>.yaml``): what a source text is, and the checksum that pins it."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field

from adjudicator.paths import rulebook_dir


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


class SourceMismatch(Exception):
    """A shipped source text no longer matches its manifest: the package itself is broken."""


def read_manifests(directory: Path | None = None) -> dict[str, Manifest]:
    """Every manifest in the rulebook directory, by id, in file-name order."""
    directory = directory or rulebook_dir()
    manifests = {}
    for path in sorted(directory.glob("*.yaml")):
        if path.name.endswith("-marks.yaml") or path.name == "qa.yaml":
            continue  # clause marks and worked Q&A (adjudicator.rulebook.qa), not manifests
        manifest = Manifest.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
        manifests[manifest.id] = manifest
    return manifests


def read_source(manifest: Manifest, directory: Path | None = None) -> tuple[Path, str]:
    """The source file and its text, after checking the bytes against the manifest's SHA-256."""
    path = (directory or rulebook_dir()) / manifest.source
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != manifest.sha256:
        raise SourceMismatch(f"{path}: sha256 {digest} does not match manifest {manifest.sha256}")
    return path, data.decode("utf-8")
