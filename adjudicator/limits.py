"""Every bound the service puts on what it is sent, in one table (the README's "Limits" section).

The numbers live with the code that enforces them; this module only imports and describes them, so the
table cannot drift from the code. ``python -m adjudicator.limits`` prints the table as Markdown.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.engine import game, trace
from adjudicator.format.base import (
    MAX_ACTIONS,
    MAX_CARD_LIST,
    MAX_EFFECTS,
    MAX_REPEAT,
    MAX_SENTENCES,
    MAX_STACK,
    MAX_STEPS,
    MAX_TEXT,
    MAX_ZONE_COUNT,
)
from adjudicator.format.loading import MAX_DEPTH, MAX_NUMBER_DIGITS, MAX_SOURCE_BYTES
from adjudicator.links import payload
from adjudicator.links import store as link_store
from adjudicator.rulebook import numbers
from adjudicator.search import engine as search_engine
from adjudicator.search import query
from adjudicator.web.builder import posted as builder_posted
from adjudicator.web.common import rate_limits, security
from adjudicator.web.rulings import trace_page


@dataclass(frozen=True)
class Limit:
    name: str
    value: int
    unit: str
    enforced_by: str  # module (and name) that enforces it
    past_it: str      # what the user sees once it is exceeded
    forms: str = "—"  # for a form's bounds: URL-encoded forms, multipart forms or both


LIMITS: tuple[Limit, ...] = (
    Limit("Request body", security.MAX_BODY_BYTES, "bytes", "web.common.security.MAX_BODY_BYTES (MAX_CONTENT_LENGTH)",
          "413 「送られたデータが大きすぎます」 from Content-Length, before the view runs; chunked without it: 411",
          "both"),
    Limit("URL length", security.MAX_URL_CHARS, "characters", "web.common.security.MAX_URL_CHARS",
          "414 「アドレスが長すぎます」"),
    Limit("Form fields in memory", security.MAX_FORM_BYTES, "bytes", "web.common.security.MAX_FORM_BYTES",
          "413", "URL-encoded: the whole body, from Content-Length; multipart: each non-file field"),
    Limit("Form parts", security.MAX_FORM_PARTS, "parts", "web.common.security.MAX_FORM_PARTS", "413",
          "multipart only (a URL-encoded form is bounded by its size)"),
    Limit("Builder form parts", builder_posted.MAX_FIELDS, "parts", "web.builder.posted.MAX_FIELDS", "413",
          "multipart only"),
    Limit("Number typed in a URL or form", numbers.MAX_NUMBER_DIGITS, "digits", "rulebook.numbers.MAX_NUMBER_DIGITS",
          "no such clause (404), a search error (400) or no change to the builder's lists; never int() on it"),
    Limit("Number in a scenario", MAX_NUMBER_DIGITS, "digits", "format.loading.MAX_NUMBER_DIGITS",
          "refused where it is read (YAML decimal, hex, octal; JSON), naming its place; text must be valid Unicode"),
    Limit("Scenario source", MAX_SOURCE_BYTES, "bytes", "format.loading.MAX_SOURCE_BYTES",
          "the scenario is refused with its error, nothing resolved"),
    Limit("Scenario nesting", MAX_DEPTH, "levels", "format.loading.MAX_DEPTH",
          "refused; YAML aliases and tags are refused too (safe loading only)"),
    Limit("Actions in a scenario", MAX_ACTIONS, "actions", "format.base.MAX_ACTIONS",
          "refused, naming `actions`"),
    Limit("Effects on one card", MAX_EFFECTS, "effects", "format.base.MAX_EFFECTS", "refused"),
    Limit("Sentences in one effect", MAX_SENTENCES, "sentences", "format.base.MAX_SENTENCES",
          "refused"),
    Limit("Steps in one sentence", MAX_STEPS, "steps", "format.base.MAX_STEPS", "refused"),
    Limit("Repeat count", MAX_REPEAT, "times", "format.base.MAX_REPEAT", "refused"),
    Limit("Cards listed in one zone", MAX_CARD_LIST, "cards", "format.base.MAX_CARD_LIST",
          "refused"),
    Limit("Cards counted in one zone", MAX_ZONE_COUNT, "cards", "format.base.MAX_ZONE_COUNT",
          "refused"),
    Limit("Cards in one field slot", MAX_STACK, "cards", "format.base.MAX_STACK", "refused"),
    Limit("Text of a field", MAX_TEXT, "characters", "format.base.MAX_TEXT", "refused"),
    Limit("Nested 「〜時」 triggers", game.MAX_TRIGGER_DEPTH, "levels", "engine.game.MAX_TRIGGER_DEPTH",
          "resolution stops at the named engine limit `MAX_TRIGGER_DEPTH` (the trace's `limit`, not a rulebook gap)"),
    Limit("Effect operations per action", game.MAX_EFFECT_OPERATIONS, "operations",
          "engine.game.MAX_EFFECT_OPERATIONS", "resolution stops at the named engine limit `MAX_EFFECT_OPERATIONS` (the trace's `limit`)"),
    Limit("Trace steps", trace.MAX_STEPS, "steps", "engine.trace.MAX_STEPS",
          "resolution stops at the named engine limit `MAX_STEPS` 「解決の記録が2000手順に達したため…」"),
    Limit("Steps on a ruling's page", trace_page.MAX_PAGE_STEPS, "steps", "web.rulings.trace_page.MAX_PAGE_STEPS",
          "the first steps shown, with 「この判定は…手順あります」 and a link to the JSON twin, which has them all"),
    Limit("Link payload", payload.MAX_PAYLOAD_CHARS, "characters", "links.payload.MAX_PAYLOAD_CHARS",
          "「リンクが長すぎます」"),
    Limit("Link payload inflated", payload.MAX_JSON_BYTES, "bytes", "links.payload.MAX_JSON_BYTES",
          "「リンクの中身が大きすぎます」; inflation stops at the bound (no zip bomb)"),
    Limit("Search query", query.MAX_QUERY_LENGTH, "characters", "search.query.MAX_QUERY_LENGTH",
          "cut to the bound, with the notice 「検索語が長すぎるため…」"),
    Limit("Search hits per page", search_engine.MAX_LIMIT, "hits", "search.engine.MAX_LIMIT",
          "clamped to the bound; a limit that is no integer: 400"),
    Limit("Short links per client", int(rate_limits.DEFAULT_WRITE_LIMIT.split()[0]), "per minute",
          "web.common.rate_limits.DEFAULT_WRITE_LIMIT ($ADJUDICATOR_WRITE_LIMIT)",
          "429 「リクエストが多すぎます」 with Retry-After; reading and resolving are never limited"),
    Limit("Link store size", link_store.DEFAULT_QUOTA_BYTES, "bytes",
          "links.store.DEFAULT_QUOTA_BYTES ($ADJUDICATOR_LINK_QUOTA_MB)",
          "507 「短縮リンクの保存容量の上限に達したため…」; stored links and stateless links keep working"),
)


def markdown_table() -> str:
    rows = [f"| {limit.name} | {limit.value:,} {limit.unit} | `{limit.enforced_by}` | {limit.forms} | {limit.past_it} |"
            for limit in LIMITS]
    return "\n".join(["| What | Bound | Where | Forms | Past it |", "| --- | --- | --- | --- | --- |", *rows])


if __name__ == "__main__":
    print(markdown_table())
