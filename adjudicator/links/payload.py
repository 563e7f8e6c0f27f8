"""The stateless link: the canonical scenario JSON, zlib-compressed, base64url, behind a format version.

``1.<base64url>``: the version comes first so a later codec can be told apart and old links keep opening.
Decoding is bounded before it happens: the payload's length is checked, and decompression stops at the
scenario size limit (``decompressobj`` with ``max_length``), so a small payload cannot inflate into a
large one (a "zip bomb").
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from dataclasses import dataclass

from adjudicator.format.errors import ScenarioError
from adjudicator.format.loading import canonical_json
from adjudicator.format.scenario import Scenario
from adjudicator.reading import load_scenario
from adjudicator.format.errors import FormatError
from adjudicator.format.loading import MAX_SOURCE_BYTES

PAYLOAD_VERSION = "1"
MAX_PAYLOAD_CHARS = 24_000  # far above any real scenario, well below what a URL may carry
MAX_JSON_BYTES = MAX_SOURCE_BYTES


@dataclass(frozen=True)
class PayloadProblem:
    """Why a payload cannot be opened; ``message`` is for people, ``errors`` as in ScenarioError."""

    message: str
    errors: tuple[FormatError, ...] = ()


def encode_payload(scenario: Scenario) -> str:
    """The URL-safe payload of ``scenario``; equal scenarios give equal payloads."""
    return encode_canonical(canonical_json(scenario))


def encode_canonical(canonical: str) -> str:
    """The payload of a scenario already in its canonical JSON (a ruling computes that once)."""
    compressed = zlib.compress(canonical.encode("utf-8"), level=9)
    return f"{PAYLOAD_VERSION}.{base64.urlsafe_b64encode(compressed).decode('ascii').rstrip('=')}"


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
    if not dot or version != PAYLOAD_VERSION:
        return PayloadProblem("この形式のリンクには対応していません（版の番号が違います）。")
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
