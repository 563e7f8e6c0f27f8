"""The builder form's buttons: add, remove and move items, fill a card from the library, write by hand
the sentences a card text leaves unread. Each edits the draft and nothing else."""

from __future__ import annotations

from typing import Any

from adjudicator.format.base import MAX_SENTENCES
from adjudicator.rulebook.numbers import bounded_int
from adjudicator.web.builder.draft import CARD_NUMBERS, Draft, card_draft, sentence_draft
from adjudicator.web.builder.posted import LIST_KEYS, LIST_LIMITS
from adjudicator.web.builder.values import text
from adjudicator.web.cards.text import hand_written_sentences
from adjudicator.web.cards.views import library_card


def apply_operation(draft: Draft, operation: str) -> Draft:
    """``add:<list>``, ``remove:<item>``, ``up:<item>``, ``down:<item>``, ``library:<card>`` (fill a card
    from the card library), ``handwrite:<effect>`` (write by hand the sentences its text leaves unread);
    anything else changes nothing."""
    verb, _, target = operation.partition(":")
    parts = target.split(".") if target else []
    if verb in ("library", "handwrite"):
        item = _walk(draft, parts, create=False) if parts else None
        if isinstance(item, dict):
            (_fill_from_library if verb == "library" else _hand_write)(item)
    elif verb == "add" and parts and parts[-1] in LIST_KEYS:
        container = _walk(draft, parts[:-1], create=True)
        if isinstance(container, dict):
            items = container.setdefault(parts[-1], [])
            if isinstance(items, list) and len(items) < LIST_LIMITS[parts[-1]]:
                items.append(new_item(parts[-1]))
    elif verb in ("remove", "up", "down") and len(parts) >= 2 and (index := bounded_int(parts[-1])) is not None:
        items = _walk(draft, parts[:-1], create=False)
        if isinstance(items, list) and 0 <= index < len(items):
            if verb == "remove":
                del items[index]
            else:
                other = index - 1 if verb == "up" else index + 1
                if 0 <= other < len(items):
                    items[index], items[other] = items[other], items[index]
    return draft


def new_item(kind: str) -> Draft:
    return {
        "cards": {"type": "person", "role": "none"},
        "actions": {"kind": "attack", "responses": []},
        # Text first: the pasted text is read; sentences are written by hand only where it is not.
        "effects": {"mark": "none", "when": {"kind": ""}, "sentences": []},
        "sentences": {"steps": [{}]},
        "steps": {},
        "responses": {"kind": "block"},
        "summon": {},
    }[kind]


def _fill_from_library(card: Draft) -> None:
    """The card's printed information from the library (its id and board state stay as they are)."""
    found, note = library_card(text(card.get("name")))
    card["library_note"] = note
    if found is None:
        return
    filled = card_draft(found)
    for key in ("name", "type", *CARD_NUMBERS, "role", "attributes", "effects"):
        card[key] = filled[key]
    if filled["more"]:
        card["more"] = filled["more"]
    for name in ("substitute", "counter"):
        card[name] = filled[name]


def _hand_write(effect: Draft) -> None:
    """The sentences the reader read, filled in, and a blank one for each sentence it could not read."""
    sentences = hand_written_sentences(text(effect.get("text")))
    if sentences is None:
        return
    effect["sentences"] = [
        {**new_item("sentences"), "source": s["source"]} if "source" in s else sentence_draft(s)
        for s in sentences[:MAX_SENTENCES]
    ]


def _walk(node: Any, parts: list[str], create: bool) -> Any:
    for part in parts:
        if isinstance(node, list) and (index := bounded_int(part)) is not None and index < len(node):
            node = node[index]
        elif isinstance(node, dict):
            if part not in node:
                if not create:
                    return None
                node[part] = {}
            node = node[part]
        else:
            return None
    return node
