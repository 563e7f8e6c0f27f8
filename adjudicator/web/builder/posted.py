"""A posted builder form → its draft: each input's dotted name is a path into the draft, within bounds.

The form's state lives in the form itself (no session). Numbered containers (``cards.0``, ``steps.1``)
become lists, cut at their bounds; names too deep, too many inputs and too long values are dropped.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator.format.base import MAX_ACTIONS, MAX_CARD_LIST, MAX_EFFECTS, MAX_SENTENCES, MAX_STEPS
from adjudicator.rulebook.numbers import bounded_int
from adjudicator.web.builder.draft import Draft
from adjudicator.web.builder.kinds import settle_kind

# Containers whose children are numbered items; every other mapping is keyed by name.
LIST_KEYS = frozenset({"cards", "actions", "effects", "sentences", "steps", "responses", "summon"})
LIST_LIMITS = {
    "cards": MAX_CARD_LIST, "actions": MAX_ACTIONS, "effects": MAX_EFFECTS, "sentences": MAX_SENTENCES,
    "steps": MAX_STEPS, "responses": 5, "summon": 10,
}
MAX_FIELDS = 6_000          # inputs in one submitted form
MAX_NAME_DEPTH = 14         # dots in one input name
MAX_VALUE_CHARS = 20_000    # one input's text (the YAML areas are the long ones)


def draft_from_form(form: Mapping[str, str]) -> Draft:
    """The draft a submitted form carries (first value of each name; unknown shapes are dropped)."""
    draft: Draft = {}
    for count, (name, value) in enumerate(form.items()):
        if count >= MAX_FIELDS:
            break
        parts = name.split(".")
        if not name or len(parts) > MAX_NAME_DEPTH or not parts[0][:1].isalpha():
            continue
        _put(draft, parts, str(value)[:MAX_VALUE_CHARS])
    return _listify(draft)


def _put(node: dict, parts: list[str], value: str) -> None:
    for part in parts[:-1]:
        child = node.get(part)
        if not isinstance(child, dict):
            child = node[part] = {}
        node = child
    if not isinstance(node.get(parts[-1]), dict):
        node[parts[-1]] = value


# The keys that hold a mapping in every draft (the board's players, zones and slots, a trigger, a condition, an
# event entered where it is played); the others hold text, or are numbered lists (LIST_KEYS).
MAPPING_KEYS = frozenset({"game", "players", "A", "B", "deck", "graveyard", "hand", "field", "1", "2", "3", "4", "5",
                          "when", "if", "played"})


def _shaped(key: str, value: Any) -> bool:
    """Whether a posted value has its key's shape: a form may put text where a mapping belongs (``game=x``) or
    a mapping where text belongs (``actions.0.kind.x=1``); the wrong shape is dropped, as an unknown name is."""
    return isinstance(value, dict) if key in MAPPING_KEYS or key in LIST_KEYS else isinstance(value, str)


# Items that have a kind (an action, a step, a condition), by the key that holds them.
_KIND_GROUPS = {"actions": "action", "steps": "step", "if": "condition"}


def _listify(node: Any, key: str = "") -> Any:
    if not isinstance(node, dict):
        return node
    if key in LIST_KEYS:
        numbered = sorted((n, v) for k, v in node.items() if (n := bounded_int(k, 3)) is not None)
        items = [_listify(v) for _, v in numbered[: LIST_LIMITS[key]] if isinstance(v, dict)]
        return [settle_kind(_KIND_GROUPS[key], item) for item in items] if key in _KIND_GROUPS else items
    listed = {k: _listify(v, k) for k, v in node.items() if _shaped(k, v)}
    return settle_kind(_KIND_GROUPS[key], listed) if key == "if" else listed
