"""The stateless link: the canonical scenario JSON, zlib-compressed, base64url, behind a format version.

``2.<base64url>~<release>~<engine>``: the version comes first so a later codec can be told apart and old
links keep opening; after the scenario, the rulebook release and engine version the ruling was made under
(``~`` is in neither base64url nor a version). ``1.<base64url>``, the links made before releases were
recorded, still open: they were made under the book's first release, by an engine not recorded.
Decoding is bounded before it happens: the payload's length is checked, and decompression stops at the
scenario size limit (``decompressobj`` with ``max_length``), so a small payload cannot inflate into a
large one (a "zip bomb").
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass

from adjudicator.format.errors import ScenarioError
from adjudicator.format.loading import canonical_json
from adjudicator.format.scenario import Scenario
from adjudicator.reading import load_scenario
from adjudicator.format.errors import FormatError
from adjudicator.format.loading import MAX_SOURCE_BYTES
from adjudicator.links.record import Versions, current_versions

PAYLOAD_VERSION = "1"             # the scenario alone (links made before releases were recorded)
VERSIONED_PAYLOAD_VERSION = "2"   # the scenario, then the release and engine it was made under
_VERSIONS_MARK = "~"
_VERSION_TEXT = re.compile(r"[A-Za-z0-9._+-]{1,40}")
MAX_PAYLOAD_CHARS = 24_000  # far above any real scenario, well below what a URL may carry
MAX_JSON_BYTES = MAX_SOURCE_BYTES


@dataclass(frozen=True)
class PayloadProblem:
    """Why a payload cannot be opened; ``message`` is for people, ``errors`` as in ScenarioError."""

    message: str
    errors: tuple[FormatError, ...] = ()


def encode_payload(scenario: Scenario, versions: Versions | None = None) -> str:
    """The URL-safe payload of ``scenario`` made under ``versions`` (by default the current ones); equal
    scenarios under equal versions give equal payloads."""
    return encode_canonical(canonical_json(scenario), versions)


def encode_canonical(canonical: str, versions: Versions | None = None) -> str:
    """The payload of a scenario already in its canonical JSON (a ruling computes that once)."""
    versions = versions or current_versions()
    compressed = zlib.compress(canonical.encode("utf-8"), level=9)
    body = base64.urlsafe_b64encode(compressed).decode("ascii").rstrip("=")
    return _VERSIONS_MARK.join((f"{VERSIONED_PAYLOAD_VERSION}.{body}", versions.release, versions.engine))


@dataclass(frozen=True)
class MadeUnder:
    """What a stateless link says it was made under; ``engine`` None for a link made before it was recorded."""

    release: str | None
    engine: str | None


def payload_made_under(payload: str) -> MadeUnder:
    """The release and engine a payload records (``2.…~v1.0.0~0.1.0``); both None for a ``1.`` payload (or
    versions that are not plain version text, which are never shown)."""
    version, _, rest = payload.partition(".")
    parts = rest.split(_VERSIONS_MARK)
    if version != VERSIONED_PAYLOAD_VERSION or len(parts) != 3 \
            or not all(_VERSION_TEXT.fullmatch(part) for part in parts[1:]):
        return MadeUnder(None, None)
    return MadeUnder(parts[1], parts[2])


def decode_payload(payload: str) -> Scenario | PayloadProblem:
    """The scenario a payload carries, or the reason it cannot be opened."""
    text = payload_text(payload)
    return text if isinstance(text, PayloadProblem) else scenario_of_text(text)


def payload_text(payload: str) -> str | PayloadProblem:
    """The JSON text a payload carries, not yet read as a scenario: for a payload this service made, the
    scenario's canonical JSON itself (a short link's id is made from it)."""
    if len(payload) > MAX_PAYLOAD_CHARS:
        return PayloadProblem(f"リンクが長すぎます（{MAX_PAYLOAD_CHARS}文字まで）。")
    version, dot, body = payload.partition(".")
    if not dot or version not in (PAYLOAD_VERSION, VERSIONED_PAYLOAD_VERSION):
        return PayloadProblem("この形式のリンクには対応していません（版の番号が違います）。")
    body = body.partition(_VERSIONS_MARK)[0] if version == VERSIONED_PAYLOAD_VERSION else body
    try:
        compressed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        return PayloadProblem("リンクの文字列が壊れています（base64urlとして読めません）。")
    return _inflate(compressed)


def scenario_of_text(text: str) -> Scenario | PayloadProblem:
    """The scenario of a payload's JSON text (:func:`payload_text`), or why it is not one."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return PayloadProblem("リンクの中身がJSONとして読めません。")
    try:
        return load_scenario(data)
    except ScenarioError as error:
        return PayloadProblem("リンクの中身がシナリオの形式に合いません。", tuple(error.errors))


def _inflate(compressed: bytes) -> str | PayloadProblem:
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(compressed, MAX_JSON_BYTES)
    except zlib.error:
        return PayloadProblem("リンクの中身を展開できません（圧縮データが壊れています）。")
    if inflater.unconsumed_tail:
        return PayloadProblem(f"リンクの中身が大きすぎます（{MAX_JSON_BYTES // 1024} KiBまで）。")
    if not inflater.eof or inflater.unused_data:
        return PayloadProblem("リンクの中身が途中で切れているか、余分なデータがあります。")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return PayloadProblem("リンクの中身がUTF-8の文字列ではありません。")
