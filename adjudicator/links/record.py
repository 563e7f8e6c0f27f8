"""A short link's record, and its id: a hash of what decides the ruling (scenario, rulebook release, engine).

The same scenario on the same rules always gets the same id, so sharing twice stores once; a new engine
version or rulebook release gives a new id, and the old link keeps its old ruling.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from adjudicator import ENGINE_VERSION
from adjudicator.engine.resolution import RULEBOOK
from adjudicator.format.loading import canonical_json
from adjudicator.format.scenario import Scenario

RULEBOOK_ID = RULEBOOK["id"]
ID_LENGTH = 16  # base32 characters: 80 bits, so ids never collide in practice (checked on store anyway)
_ID_PATTERN = re.compile(rf"[a-z2-7]{{{ID_LENGTH}}}")


@dataclass(frozen=True)
class Versions:
    """What a ruling was made with."""

    rulebook_id: str
    release: str
    engine: str


def current_versions() -> Versions:
    """The release a ruling made now is made under: the one whose clauses the engine's rules cite (a newer
    release that lands as data is the latest to read, but the engine applies it only once its rules are
    reviewed against it), and the engine's version."""
    return Versions(RULEBOOK_ID, RULEBOOK["release"], ENGINE_VERSION)


def link_id(canonical_scenario: str, versions: Versions) -> str:
    """``sha256(canonical scenario, rulebook, release, engine)`` as lower-case base32."""
    material = "\n".join((canonical_scenario, versions.rulebook_id, versions.release, versions.engine))
    digest = hashlib.sha256(material.encode("utf-8")).digest()
    return base64.b32encode(digest).decode("ascii").lower()[:ID_LENGTH]


def is_link_id(text: str) -> bool:
    return _ID_PATTERN.fullmatch(text) is not None


@dataclass(frozen=True)
class LinkRecord:
    """What a short link shows forever: the scenario, the versions and the trace JSON as it was rendered."""

    id: str
    scenario: str  # canonical JSON
    rulebook_id: str
    release: str
    engine: str
    trace: str  # the trace JSON text, byte for byte as first shown
    created: str  # ISO 8601, UTC

    @property
    def versions(self) -> Versions:
        return Versions(self.rulebook_id, self.release, self.engine)

    def scenario_data(self) -> dict[str, Any]:
        return json.loads(self.scenario)

    def trace_data(self) -> dict[str, Any]:
        return json.loads(self.trace)

    def to_json(self, trace: dict[str, Any] | None = None) -> dict[str, Any]:
        """The record as the JSON twins show it; ``trace``, its trace document when the caller has read it
        already (a ruling reads it once)."""
        return {
            "id": self.id,
            "rulebook": {"id": self.rulebook_id, "release": self.release},
            "engine": self.engine,
            "created": self.created,
            "scenario": self.scenario_data(),
            "trace": trace if trace is not None else self.trace_data(),
        }


def make_record(
    scenario: Scenario, trace_json: dict[str, Any], versions: Versions | None = None, *, canonical: str | None = None
) -> LinkRecord:
    """The record of a ruling just made (``versions`` defaults to the current rulebook and engine;
    ``canonical``, the scenario's canonical JSON when the caller has it already)."""
    versions = versions or current_versions()
    canonical = canonical if canonical is not None else canonical_json(scenario)
    return LinkRecord(
        id=link_id(canonical, versions),
        scenario=canonical,
        rulebook_id=versions.rulebook_id,
        release=versions.release,
        engine=versions.engine,
        trace=json.dumps(trace_json, ensure_ascii=False, sort_keys=True, separators=(",", ":")),
        created=datetime.now(timezone.utc).isoformat(timespec="seconds"),
    )
