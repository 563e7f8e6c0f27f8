"""Scenario data (valid or not) → the builder's draft, the tree of texts the form's inputs show.

Every input's name is a dotted path into the draft (``players.A.field.2.cards.0.name``). Keys the form has no
input for are kept in a ``more`` text area (YAML) at their level, so editing any scenario never loses a field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator import vocabulary
from adjudicator.format.base import MAX_ACTIONS, MAX_CARD_LIST, MAX_EFFECTS, MAX_SENTENCES, MAX_STACK, MAX_STEPS
from adjudicator.format.scenario import FORMAT
from adjudicator.format.fields import DEFENCE_KINDS
from adjudicator.web.builder.kinds import companion_names, defence_of, kind_draft, spec_of
from adjudicator.web.builder.values import flag, joined, mapping, rest_text, sequence, text, texts, yaml_text

Draft = dict[str, Any]

PLAYERS = ("A", "B")
SLOTS = ("1", "2", "3", "4", "5")
ZONES = vocabulary.COUNTED_ZONES
CARD_FLAGS = (
    "substitute", "counter", "summoned_this_turn", "summoned_without_set_this_turn", "mark_used_this_turn",
    "immune", "unselectable", "battle_proof", "no_refresh",
)
CARD_NUMBERS = ("rank", "level", "power")
TRIGGER_KINDS = ("event", "phase_start", "phase_end")
TURN_ORDER = {"first": "先攻", "second": "後攻"}
GAME_KEYS = ("round", "first_player", "turn_player", "phase")
PLAYER_NUMBERS = ("events_this_turn", "hand_draw_limit", "summon_limit")

DEFAULT_TITLE = "ビルダーで作った盤面"


def new_draft() -> Draft:
    """An empty board at the start of the attack phase: the usual shape of a judge's question."""
    return draft_from_data({
        "format": FORMAT, "title": "", "game": {"round": 2, "first_player": "A", "turn_player": "A", "phase": "attack"},
        "players": {p: dict.fromkeys(ZONES, "unknown") for p in PLAYERS}, "actions": [],  # nobody gave the counts yet
    })


def draft_from_data(data: Any) -> Draft:
    """A draft from scenario data (valid or not: imported text is shown in the form with its errors)."""
    data = mapping(data)
    game = mapping(data.get("game"))
    draft: Draft = {
        "title": text(data.get("title")),
        "question": text(data.get("question")),
        "game": texts(game, GAME_KEYS),
        "players": {p: _player_draft(mapping(mapping(data.get("players")).get(p))) for p in PLAYERS},
        "actions": [action_draft(a) for a in sequence(data.get("actions"))[:MAX_ACTIONS]],
        "expect": yaml_text(data.get("expect")),
        "more": rest_text(data, ("format", "title", "question", "game", "players", "actions", "expect")),
    }
    draft["game"]["order"] = turn_order(draft["game"])
    draft["game"]["more"] = rest_text(game, GAME_KEYS)
    return draft


def default_title(draft: Draft) -> str:
    """A title from the first action (「A1の攻撃・B2でブロック」) for a draft left without one."""
    actions = [mapping(action) for action in sequence(draft.get("actions"))]
    if not actions or text(actions[0].get("kind") or "attack") != "attack":
        return DEFAULT_TITLE
    first = actions[0]
    attacker, target = text(first.get("attacker")).strip(), text(first.get("target")).strip()
    if not attacker:
        return DEFAULT_TITLE
    title = f"{attacker}の攻撃（{vocabulary.ZONES['deck'] if target == 'deck' else target or '攻撃先未定'}へ）"
    for response in map(mapping, sequence(first.get("responses"))):
        kind, ref = defence_of(response)
        if kind in DEFENCE_KINDS:
            # An event entered where it is used is named by its card, not by the ID the builder gave it.
            played = text(mapping(response.get("played")).get("name")).strip()
            ref = f"〈{played}〉" if kind == "event" and played else ref
            title += f"・{vocabulary.DEFENCES[kind]}{'（' + ref + '）' if ref else ''}"
    return title[:200]


def turn_order(game: Mapping[str, Any]) -> str:
    """「先攻の5ターン目」: whether the turn player went first ("first") or second ("second"), as people say it.

    The form asks this instead of naming the first player; a form that posts ``first_player`` still wins.
    """
    order = text(game.get("order"))
    first, turn = text(game.get("first_player")), text(game.get("turn_player"))
    if first and turn:
        return "first" if first == turn else "second"
    return order if order in TURN_ORDER else ""


def _player_draft(player: dict) -> Draft:
    draft: Draft = {zone: _zone_draft(player.get(zone)) for zone in ZONES}
    field_data = {str(k): v for k, v in mapping(player.get("field")).items()}
    draft["field"] = {slot: _stack_draft(mapping(field_data.get(slot))) for slot in SLOTS}
    rights = mapping(player.get("rights"))
    draft["damage_zero"] = text(rights.get("damage_zero"))
    draft.update(texts(player, PLAYER_NUMBERS))
    draft["extra_turn"] = flag(player.get("extra_turn"))
    rest = {k: v for k, v in player.items() if k not in (*ZONES, "field", "rights", *PLAYER_NUMBERS, "extra_turn")}
    other_rights = {k: v for k, v in rights.items() if k != "damage_zero"}
    if other_rights:
        rest["rights"] = other_rights
    extra_slots = {k: v for k, v in field_data.items() if k not in SLOTS}
    if extra_slots:
        rest["field"] = extra_slots
    draft["more"] = yaml_text(rest) if rest else ""
    return draft


def _zone_draft(zone: Any) -> Draft:
    if isinstance(zone, list):
        return {"count": "" if zone else "0", "cards": [card_draft(c) for c in zone[:MAX_CARD_LIST]]}
    # A blank count in the form is `unknown`; a count the data left out is the format's default, 0.
    if zone == "unknown":
        return {"count": "", "cards": []}
    return {"count": text(0 if zone is None else zone), "cards": []}


def _stack_draft(stack: dict) -> Draft:
    cards = stack.get("cards") if "cards" in stack else ([stack["card"]] if "card" in stack else [])
    return {
        "face": text(stack.get("face")) or "up",
        "state": text(stack.get("state")) or "active",
        "cards": [card_draft(c) for c in sequence(cards)[:MAX_STACK]],
        "more": rest_text(stack, ("cards", "card", "face", "state")),
    }


_CARD_KEYS = ("id", "name", "type", *CARD_NUMBERS, "role", "granted_role", "attributes", "once_used", *CARD_FLAGS,
              "effects")


def card_draft(card: Any) -> Draft:
    card = mapping(card)
    draft = texts(card, ("id", "name", *CARD_NUMBERS))
    draft["type"] = text(card.get("type")) or "person"
    draft["role"] = text(card.get("role")) or "none"
    draft["granted_role"] = text(card.get("granted_role"))
    draft["attributes"] = joined(sequence(card.get("attributes")))
    draft["once_used"] = joined(sequence(card.get("once_used")))
    draft.update({name: flag(card.get(name)) for name in CARD_FLAGS})
    draft["effects"] = [_effect_draft(e) for e in sequence(card.get("effects"))[:MAX_EFFECTS]]
    draft["more"] = rest_text(card, _CARD_KEYS)
    return draft


def _effect_draft(effect: Any) -> Draft:
    effect = mapping(effect)
    when = mapping(effect.get("when"))
    trigger = next((k for k in TRIGGER_KINDS if k in when), "")
    return {
        "name": text(effect.get("name")),
        "mark": text(effect.get("mark")) or "none",
        "text": text(effect.get("text")),
        "optional": flag(effect.get("optional")),
        "when": {
            "kind": trigger,
            "event": text(when.get("event")),
            "phase": text(when.get(trigger)) if trigger in ("phase_start", "phase_end") else "",
            "card": text(when.get("card")) or "self",
            "timing": text(when.get("timing")) or "after",
            "turn": text(when.get("turn")) or "own",
            "more": rest_text(when, (*TRIGGER_KINDS, "card", "timing", "turn")),
        },
        "sentences": [sentence_draft(s) for s in sequence(effect.get("sentences"))[:MAX_SENTENCES]],
        "more": rest_text(effect, ("name", "mark", "text", "optional", "when", "sentences")),
    }


def sentence_draft(sentence: Any) -> Draft:
    sentence = mapping(sentence)
    condition = mapping(sentence.get("if"))
    kind = next(iter(condition), "")
    return {
        "then": flag(sentence.get("then")),
        "optional": flag(sentence.get("optional")),
        "if": {"kind": text(kind), **kind_draft(spec_of("condition", kind), condition[kind] if kind else None)},
        "steps": [_step_draft(s) for s in sequence(sentence.get("do"))[:MAX_STEPS]],
        "more": rest_text(sentence, ("then", "optional", "if", "do")),
    }


def _step_draft(step: Any) -> Draft:
    step = mapping(step)
    beside = companion_names("step")
    kind = next((k for k in step if k not in beside), "")
    return {"kind": text(kind), **kind_draft(spec_of("step", kind), step[kind] if kind else None, step)}


def action_draft(action: Any) -> Draft:
    action = mapping(action)
    kind = next(iter(action), "attack")
    return {"kind": text(kind), **kind_draft(spec_of("action", kind), action.get(kind))}
