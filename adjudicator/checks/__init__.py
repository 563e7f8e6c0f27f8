"""Checks above the engine: a ruling against a scenario's ``expect`` block (:mod:`.verify`) and rule
coverage per chapter (:mod:`.coverage`), and the rules audit: every rule's outcomes and the scenarios that
reach them (:mod:`.audit`). They run the engine through its public API; the engine never
imports them."""
