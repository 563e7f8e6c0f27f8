"""The builder form's buttons: add, remove and move items, fill a card from the library, write by hand
the sentences a card text leaves unread. Each edits the draft and nothing else."""

from __future__ import annotations

from typing import Any

from adjudicator.format.base import MAX_SENTENCES
from adjudicator.rulebook.numbers import bounded_int
from adjudicator.web.builder.draft import CARD_NUMBERS, Draft, card_draft, sentence_draft
from adjudicator.web.builder.kinds import kinds_of
from adjudicator.web.builder.labels import FORM_CHOICES
from adjudicator.web.builder.posted import LIST_KEYS, LIST_LIMITS
from adjudicator.web.builder.values import text
from adjudicator.web.cards.text import hand_written_sentences
from adjudicator.web.cards.views import library_card


# The actions a dispute is told with, each one button (「攻撃を追加」「事変を使う」): the kind picked already.
QUICK_ACTIONS = ("attack", "event")


def apply_operation(draft: Draft, operation: str) -> Draft:
    """``add:<list>``, ``remove:<item>``, ``up:<item>``, ``down:<item>``, ``library:<card>`` (fill a card's
    blank inputs from the card library), ``library-all:<card>`` (take the library's values over what was typed,
    once the judge asked for it), ``handwrite:<effect>`` (write by hand the sentences its text leaves unread),
    ``act:<kind>`` (a new action of that kind); anything else changes nothing."""
    verb, _, target = operation.partition(":")
    parts = target.split(".") if target else []
    if verb in ("library", "library-all", "handwrite"):
        item = _walk(draft, parts, create=False) if parts else None
        if isinstance(item, dict) and verb == "handwrite":
            _hand_write(item)
        elif isinstance(item, dict):
            _fill_from_library(item, overwrite=verb == "library-all")
    elif verb == "act" and target in QUICK_ACTIONS:
        actions = draft.setdefault("actions", [])
        if isinstance(actions, list) and len(actions) < LIST_LIMITS["actions"]:
            actions.append(new_action(target))
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


def new_action(kind: str) -> Draft:
    """A new action of ``kind``; an event is played from the action itself: its card (name, level, pasted
    text) is given right there, never as a hand card with an ID made up to point at it."""
    if kind == "event":
        return {"kind": "event", "played": played_card()}
    return {**new_item("actions"), "kind": kind}


def offline_items() -> dict[str, Draft]:
    """A new item of each list the page can add without the network (static/js/builder.js), keyed as the page's
    templates are: the same drafts ``add:`` and ``act:`` put in, so offline and online edits give the same inputs
    (an ``act:`` kind whose new action is the plain new one uses that template), and the inputs of each kind of
    action, step, condition and trigger for a kind picked offline (``kind:<group>:<kind>``)."""
    return {
        "field-cards": new_item("cards"), "cards": new_item("cards"), "effects": new_item("effects"),
        "sentences": new_item("sentences"), "steps": new_item("steps"), "actions": new_item("actions"),
        "summon": new_item("summon"), "responses": new_item("responses"),
        **{f"act:{kind}": new_action(kind) for kind in QUICK_ACTIONS if new_action(kind) != new_item("actions")},
        # an action or a step whose kind was changed: its inputs as the server renders that kind, nothing carried over
        **{f"kind:{group}:{kind}": {"kind": kind} for group in ("action", "step", "condition") for kind in kinds_of(group)},
        "kind:condition:": {}, **{f"kind:trigger:{kind}": {"kind": kind} for kind, _ in FORM_CHOICES["trigger"]},
    }


def played_card() -> Draft:
    """The inputs of an event card given where it is played (an event action, a defence by event)."""
    return {"type": "event", "role": "none", "effects": [new_item("effects")]}


# What a new card's inputs hold before anyone types: these are filled from the library without asking.
_UNTYPED = {"type": ("", "person"), "role": ("", "none")}
_LIBRARY_KEYS = ("name", "type", *CARD_NUMBERS, "role", "attributes", "effects", "more", "substitute", "counter")


def _fill_from_library(card: Draft, overwrite: bool) -> None:
    """The card's printed information from the library into its blank inputs (its id and board state stay as
    they are). What the judge typed and the library gives otherwise is never overwritten unasked: it is kept,
    named in the note, and 「ライブラリの値にする」 (``overwrite``) takes the library's values."""
    found, note = library_card(text(card.get("name")))
    card["library_note"] = note
    if found is None:
        return
    filled = card_draft(found)
    kept = []
    for key in _LIBRARY_KEYS:
        mine, theirs = card.get(key), filled.get(key)
        if overwrite or key == "name" or _untyped(key, mine) or _same(mine, theirs):
            if theirs or key in card:
                card[key] = theirs
        else:
            kept.append(key)
    card["library_kept"] = kept


def _untyped(key: str, value: Any) -> bool:
    if key == "effects":
        return not any(text(e.get("text")).strip() or e.get("sentences") for e in value or [] if isinstance(e, dict))
    return text(value).strip() in _UNTYPED.get(key, ("",))


def _same(mine: Any, theirs: Any) -> bool:
    return mine == theirs or (isinstance(mine, str) and text(mine).strip() == text(theirs).strip())


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
                # Only a mapping is made on the way (a zone, a slot): never a list, nor an item of one.
                if not create or part in LIST_KEYS or part.isdigit():
                    return None
                node[part] = {}
            node = node[part]
        else:
            return None
    return node
