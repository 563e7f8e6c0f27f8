"""Permanent links to a ruling: a stateless payload that carries the scenario, and short stored links.

    >>> from adjudicator.links import encode_payload, decode_payload, make_record, open_store
    >>> payload = encode_payload(scenario)             # "1.eJy..." — the whole scenario, in a URL path
    >>> decode_payload(payload)                         # the same Scenario, or a PayloadProblem
    >>> record = open_store(config).put(make_record(scenario, trace))   # /t/<record.id>
    >>> ruling = Ruling.resolved(scenario)             # trace, canonical form, payload and record, each once

A short link's record keeps the scenario, the rulebook release, the engine version and the trace exactly as
rendered, so the link shows the same ruling after the engine or the rulebook changes; :func:`rerun` resolves
it again on the current rules and says whether the outcome changed.
"""

from adjudicator.links.faults import Cause, Store
from adjudicator.links.outcome import Rerun, outcome_differences, rerun
from adjudicator.links.payload import (
    PAYLOAD_VERSION,
    PayloadProblem,
    decode_payload,
    encode_payload,
    payload_text,
    scenario_of_text,
)
from adjudicator.links.record import LinkRecord, is_link_id, link_id, make_record
from adjudicator.links.ruling import Ruling, stored_for
from adjudicator.links.store import (
    LinkStore,
    PostgresLinkStore,
    SQLiteLinkStore,
    StoreFull,
    StoreHealth,
    StoreUnavailable,
    open_store,
    store_location,
)

__all__ = [
    "Cause",
    "PAYLOAD_VERSION",
    "LinkRecord",
    "LinkStore",
    "PayloadProblem",
    "PostgresLinkStore",
    "Rerun",
    "Ruling",
    "SQLiteLinkStore",
    "Store",
    "StoreFull",
    "StoreHealth",
    "StoreUnavailable",
    "decode_payload",
    "encode_payload",
    "is_link_id",
    "link_id",
    "make_record",
    "open_store",
    "outcome_differences",
    "payload_text",
    "rerun",
    "scenario_of_text",
    "store_location",
    "stored_for",
]
