"""Checks above the engine: a ruling against a scenario's ``expect`` block (:mod:`.verify`) and rule
coverage per chapter (:mod:`.coverage`). They run the engine through its public API; the engine never
imports them."""
