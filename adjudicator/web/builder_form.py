"""The builder's form and the scenario format, both ways.

The form's state lives in the form itself (no session): every input's name is a dotted path into a *draft*,
a tree of strings, lists and mappings (``players.A.field.2.cards.0.name``). A draft may be half filled; it
becomes scenario data only through :func:`scenario_data`, which also records, for every scenario path it
writes, the form field it came from, so that the engine's errors (``players.A.field.2.card.rank``) appear
next to the input that caused them.

Keys the form has no input for are carried in a ``more`` text area (YAML) at their level, so editing any
scenario in the builder never loses a field.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import yaml

from adjudicator import vocabulary
from adjudicator.engine import ScenarioError
from adjudicator.reading import load_scenario as read_scenario
from adjudicator.web.card_text import hand_written_sentences
from adjudicator.web.cards import library_card
from adjudicator.format.actions import Defence
from adjudicator.format.base import MAX_ACTIONS, MAX_CARD_LIST, MAX_EFFECTS, MAX_SENTENCES, MAX_STACK, MAX_STEPS
from adjudicator.format.effects import CONDITION_KINDS as FORMAT_CONDITION_KINDS
from adjudicator.format.loading import parse_text
from adjudicator.format.scenario import FORMAT
from adjudicator.rulebook.numbers import bounded_int

PLAYERS = ("A", "B")
SLOTS = ("1", "2", "3", "4", "5")
ZONES = vocabulary.COUNTED_ZONES
UNKNOWN_WORDS = ("", "unknown", "不明", "?", "？")  # a blank count is 「不明」, never 0
CARD_FLAGS = (
    "substitute", "counter", "summoned_this_turn", "summoned_without_set_this_turn", "mark_used_this_turn",
    "immune", "unselectable", "battle_proof", "no_refresh",
)
CARD_NUMBERS = ("rank", "level", "power")
CONDITION_KINDS = tuple(kind.rstrip("_") for kind in FORMAT_CONDITION_KINDS)  # as written: ``not``
TRIGGER_KINDS = ("event", "phase_start", "phase_end")
DEFENCE_KINDS = tuple(Defence.model_fields)
NO_DEFENCE = "none"
LEFT_OPEN = "open"  # a choice the scenario does not make: the ruling asks for it
TURN_ORDER = {"first": "先攻", "second": "後攻"}
CHOICE_ACTIONS = ("attack", "activate", "event")

# Containers whose children are numbered items; every other mapping is keyed by name.
LIST_KEYS = frozenset({"cards", "actions", "effects", "sentences", "steps", "responses", "summon"})
LIST_LIMITS = {
    "cards": MAX_CARD_LIST, "actions": MAX_ACTIONS, "effects": MAX_EFFECTS, "sentences": MAX_SENTENCES,
    "steps": MAX_STEPS, "responses": 5, "summon": 10,
}
MAX_FIELDS = 6_000          # inputs in one submitted form
MAX_NAME_DEPTH = 14         # dots in one input name
MAX_VALUE_CHARS = 20_000    # one input's text (the YAML areas are the long ones)
LIST_SEPARATORS = re.compile(r"[、，,\n]+")

Draft = dict[str, Any]


# --- the form → a draft ------------------------------------------------------------------------------


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


def _listify(node: Any, key: str = "") -> Any:
    if not isinstance(node, dict):
        return node
    if key in LIST_KEYS:
        numbered = sorted((n, v) for k, v in node.items() if (n := bounded_int(k, 3)) is not None)
        return [_listify(v) for _, v in numbered[: LIST_LIMITS[key]] if isinstance(v, dict)]
    return {k: _listify(v, k) for k, v in node.items()}


# --- scenario data → a draft -------------------------------------------------------------------------


def new_draft() -> Draft:
    """An empty board at the start of the attack phase: the usual shape of a judge's question."""
    return draft_from_data({
        "format": FORMAT, "title": "", "game": {"round": 2, "first_player": "A", "turn_player": "A", "phase": "attack"},
        "players": {p: dict.fromkeys(ZONES, "unknown") for p in PLAYERS}, "actions": [],  # nobody gave the counts yet
    })


def draft_from_data(data: Any) -> Draft:
    """A draft from scenario data (valid or not: imported text is shown in the form with its errors)."""
    data = _mapping(data)
    draft: Draft = {
        "title": _text(data.get("title")),
        "question": _text(data.get("question")),
        "game": _fields(_mapping(data.get("game")), ("round", "first_player", "turn_player", "phase")),
        "players": {p: _player_draft(_mapping(_mapping(data.get("players")).get(p))) for p in PLAYERS},
        "actions": [_action_draft(a) for a in _sequence(data.get("actions"))[:MAX_ACTIONS]],
        "expect": _yaml_text(data.get("expect")),
        "more": _rest_text(data, ("format", "title", "question", "game", "players", "actions", "expect")),
    }
    draft["game"]["order"] = turn_order(draft["game"])
    draft["game"]["more"] = _rest_text(_mapping(data.get("game")), ("round", "first_player", "turn_player", "phase"))
    return draft


DEFAULT_TITLE = "ビルダーで作った盤面"
_DEFENCE_WORDS = {"block": "ブロック", "substitute": "身代わり", "event": "事変"}


def default_title(draft: Draft) -> str:
    """A title from the first action (「A1の攻撃・B2でブロック」) for a draft left without one."""
    actions = [_mapping(action) for action in _sequence(draft.get("actions"))]
    if not actions or _text(actions[0].get("kind") or "attack") != "attack":
        return DEFAULT_TITLE
    first = actions[0]
    attacker, target = _text(first.get("attacker")).strip(), _text(first.get("target")).strip()
    if not attacker:
        return DEFAULT_TITLE
    title = f"{attacker}の攻撃（{'山札' if target == 'deck' else target or '攻撃先未定'}へ）"
    for kind, ref in map(_defence_of, _sequence(first.get("responses"))):
        if kind in _DEFENCE_WORDS:
            title += f"・{_DEFENCE_WORDS[kind]}{'（' + ref + '）' if ref else ''}"
    return title[:200]


def turn_order(game: Mapping[str, Any]) -> str:
    """「先攻の5ターン目」: whether the turn player went first ("first") or second ("second"), as people say it.

    The form asks this instead of naming the first player; a form that posts ``first_player`` still wins.
    """
    order = _text(game.get("order"))
    first, turn = _text(game.get("first_player")), _text(game.get("turn_player"))
    if first and turn:
        return "first" if first == turn else "second"
    return order if order in TURN_ORDER else ""


def defence_choice(defence: Mapping[str, Any]) -> str:
    """One picker for one defence: ``block:B2``, ``substitute:<hand card id>``, ``none`` (the defender chose not
    to defend) or ``open`` (the scenario leaves the defender's choice open, 11.2.1)."""
    kind, ref = _defence_of(defence)
    if kind == LEFT_OPEN:
        return LEFT_OPEN
    if kind not in DEFENCE_KINDS:
        return NO_DEFENCE
    return f"{kind}:{ref}" if ref else ""


def _player_draft(player: dict) -> Draft:
    draft: Draft = {zone: _zone_draft(player.get(zone)) for zone in ZONES}
    field_data = {str(k): v for k, v in _mapping(player.get("field")).items()}
    draft["field"] = {slot: _stack_draft(_mapping(field_data.get(slot))) for slot in SLOTS}
    rights = _mapping(player.get("rights"))
    draft["damage_zero"] = _text(rights.get("damage_zero"))
    draft.update(_fields(player, ("events_this_turn", "hand_draw_limit", "summon_limit")))
    draft["extra_turn"] = _flag(player.get("extra_turn"))
    rest = {k: v for k, v in player.items() if k not in (*ZONES, "field", "rights", "events_this_turn",
                                                         "hand_draw_limit", "summon_limit", "extra_turn")}
    other_rights = {k: v for k, v in rights.items() if k != "damage_zero"}
    if other_rights:
        rest["rights"] = other_rights
    extra_slots = {k: v for k, v in field_data.items() if k not in SLOTS}
    if extra_slots:
        rest["field"] = extra_slots
    draft["more"] = _yaml_text(rest) if rest else ""
    return draft


def _zone_draft(zone: Any) -> Draft:
    if isinstance(zone, list):
        return {"count": "" if zone else "0", "cards": [_card_draft(c) for c in zone[:MAX_CARD_LIST]]}
    # A blank count in the form is `unknown`; a count the data left out is the format's default, 0.
    if zone == "unknown":
        return {"count": "", "cards": []}
    return {"count": _text(0 if zone is None else zone), "cards": []}


def _stack_draft(stack: dict) -> Draft:
    cards = stack.get("cards") if "cards" in stack else ([stack["card"]] if "card" in stack else [])
    return {
        "face": _text(stack.get("face")) or "up",
        "state": _text(stack.get("state")) or "active",
        "cards": [_card_draft(c) for c in _sequence(cards)[:MAX_STACK]],
        "more": _rest_text(stack, ("cards", "card", "face", "state")),
    }


_CARD_KEYS = ("id", "name", "type", *CARD_NUMBERS, "role", "granted_role", "attributes", "once_used", *CARD_FLAGS,
              "effects")


def _card_draft(card: Any) -> Draft:
    card = _mapping(card)
    draft = _fields(card, ("id", "name", *CARD_NUMBERS))
    draft["type"] = _text(card.get("type")) or "person"
    draft["role"] = _text(card.get("role")) or "none"
    draft["granted_role"] = _text(card.get("granted_role"))
    draft["attributes"] = "、".join(_text(a) for a in _sequence(card.get("attributes")))
    draft["once_used"] = "、".join(_text(a) for a in _sequence(card.get("once_used")))
    draft.update({flag: _flag(card.get(flag)) for flag in CARD_FLAGS})
    draft["effects"] = [_effect_draft(e) for e in _sequence(card.get("effects"))[:MAX_EFFECTS]]
    draft["more"] = _rest_text(card, _CARD_KEYS)
    return draft


def _effect_draft(effect: Any) -> Draft:
    effect = _mapping(effect)
    when = _mapping(effect.get("when"))
    trigger = next((k for k in TRIGGER_KINDS if k in when), "")
    draft = {
        "name": _text(effect.get("name")),
        "mark": _text(effect.get("mark")) or "none",
        "text": _text(effect.get("text")),
        "optional": _flag(effect.get("optional")),
        "when": {
            "kind": trigger,
            "event": _text(when.get("event")),
            "phase": _text(when.get(trigger)) if trigger in ("phase_start", "phase_end") else "",
            "card": _text(when.get("card")) or "self",
            "timing": _text(when.get("timing")) or "after",
            "turn": _text(when.get("turn")) or "own",
            "more": _rest_text(when, (*TRIGGER_KINDS, "card", "timing", "turn")),
        },
        "sentences": [_sentence_draft(s) for s in _sequence(effect.get("sentences"))[:MAX_SENTENCES]],
        "more": _rest_text(effect, ("name", "mark", "text", "optional", "when", "sentences")),
    }
    return draft


def _sentence_draft(sentence: Any) -> Draft:
    sentence = _mapping(sentence)
    condition = _mapping(sentence.get("if"))
    kind = next(iter(condition), "")
    return {
        "then": _flag(sentence.get("then")),
        "optional": _flag(sentence.get("optional")),
        "if": {"kind": _text(kind), "value": _flow(condition[kind]) if kind else ""},
        "steps": [_step_draft(s) for s in _sequence(sentence.get("do"))[:MAX_STEPS]],
        "more": _rest_text(sentence, ("then", "optional", "if", "do")),
    }


def _step_draft(step: Any) -> Draft:
    step = _mapping(step)
    kind = next((k for k in step if k != "do"), "")
    return {
        "kind": _text(kind),
        "value": _flow(step[kind]) if kind else "",
        "do": _flow(step["do"]) if "do" in step else "",
    }


def _action_draft(action: Any) -> Draft:
    action = _mapping(action)
    kind = next(iter(action), "attack")
    spec = _mapping(action.get(kind))
    draft: Draft = {"kind": _text(kind)}
    known: tuple[str, ...] = ()
    if kind == "attack":
        known = ("attacker", "target", "response", "damage_zero")
        draft.update(_fields(spec, ("attacker", "target")))
        # A choice made ("none", false) and a choice left open ("open", absent) stay apart (11.2.1, 11.2.8).
        draft["damage_zero"] = {True: "yes", False: "no"}.get(spec.get("damage_zero"), "open")  # type: ignore[arg-type]
        response = spec.get("response", "open")
        defences = response if isinstance(response, list) else [] if response in ("open", None) else [response]
        draft["responses"] = [{"kind": "none", "ref": ""} if d == "none" else _defence_draft(d) for d in defences[:5]]
    elif kind == "draw_phase":
        known = ("draw",)
        draft.update(_fields(spec, known))
    elif kind == "summon_phase":
        known = ("summon",)
        draft["summon"] = [_summon_draft(s) for s in _sequence(spec.get("summon"))[:10]]
    elif kind == "set":
        known = ("card", "onto")
        draft.update(_fields(spec, known))
    elif kind in ("activate", "event"):
        known = ("card", "effect") if kind == "activate" else ("card",)
        draft.update(_fields(spec, known))
    if kind in CHOICE_ACTIONS:
        known = (*known, "decline", "order")
        draft["decline"] = "、".join(_text(x) for x in _sequence(spec.get("decline")))
        draft["order"] = "、".join(_text(x) for x in _sequence(spec.get("order")))
    draft["more"] = _rest_text(spec, known)
    return draft


def _defence_draft(defence: Any) -> Draft:
    defence = _mapping(defence)
    kind = next((k for k in DEFENCE_KINDS if k in defence), "block")
    return {"kind": kind, "ref": _text(defence.get(kind))}


def _summon_draft(entry: Any) -> Draft:
    if isinstance(entry, dict):
        return {"card": _text(entry.get("card")), "slot": _text(entry.get("slot"))}
    return {"card": _text(entry), "slot": ""}


# --- a draft → scenario data ---------------------------------------------------------------------------


@dataclass
class Conversion:
    """Scenario data built from a draft, the form errors found on the way, and where each path came from."""

    data: dict[str, Any] = field(default_factory=dict)
    errors: dict[str, list[str]] = field(default_factory=dict)
    origins: dict[str, str] = field(default_factory=dict)

    def came_from(self, scenario_path: str, form_field: str) -> None:
        self.origins[scenario_path] = form_field

    def error(self, form_field: str, message: str) -> None:
        messages = self.errors.setdefault(form_field, [])
        if message not in messages:
            messages.append(message)

    def field_of(self, scenario_path: str) -> str:
        """The form field an engine error path belongs to: the longest recorded prefix, else the top."""
        parts = scenario_path.split(".") if scenario_path else []
        for end in range(len(parts), 0, -1):
            found = self.origins.get(".".join(parts[:end]))
            if found is not None:
                return found
        return ""

    def add_scenario_errors(self, error: ScenarioError) -> None:
        for problem in error.errors:
            self.error(self.field_of(problem.path), problem.message_ja)


def scenario_data(draft: Draft) -> Conversion:
    """Scenario data from a draft; input that cannot even be converted (a word in a number box, broken
    YAML) is reported against its field, and the rest is still converted."""
    out = Conversion()
    data: dict[str, Any] = {"format": FORMAT}
    _set_text(out, data, draft, "title", "title", "title")
    if "title" not in data:
        data["title"] = default_title(draft)  # the title is optional in the form: one typed field fewer
    _set_text(out, data, draft, "question", "question", "question")
    data["game"] = _game_data(out, _mapping(draft.get("game")))
    data["players"] = {p: _player_data(out, _mapping(_mapping(draft.get("players")).get(p)), p) for p in PLAYERS}
    out.came_from("players", "players")
    actions = [_action_data(out, a, f"actions.{i}") for i, a in enumerate(_sequence(draft.get("actions")))]
    if actions:
        data["actions"] = actions
    out.came_from("actions", "actions")
    expect = _parse_yaml(out, draft.get("expect"), "expect")
    if expect is not None:
        data["expect"] = expect
        out.came_from("expect", "expect")
    _merge_more(out, data, draft.get("more"), "more", "")
    out.data = data
    return out


def validated(draft: Draft) -> Conversion:
    """The draft converted and, if it converts, loaded as a scenario: every error by its form field."""
    conversion = scenario_data(draft)
    if not conversion.errors:
        try:
            # An effect given as text alone is read (docs/format-additions.md); what the text says
            # becomes its sentences, so the ruling and its link do not depend on a later reader.
            conversion.data = read_scenario(conversion.data).dump()
        except ScenarioError as error:
            conversion.add_scenario_errors(error)
    return conversion


def _game_data(out: Conversion, game: dict) -> dict:
    data: dict[str, Any] = {}
    out.came_from("game", "game.round")
    number = _number(out, game.get("round"), "game.round")
    if number is not None:
        data["round"] = number
    out.came_from("game.round", "game.round")
    for key in ("first_player", "turn_player", "phase"):
        if _text(game.get(key)):
            data[key] = _text(game.get(key))
        out.came_from(f"game.{key}", f"game.{key}")
    if "first_player" not in data and data.get("turn_player") in PLAYERS and _text(game.get("order")) in TURN_ORDER:
        other = PLAYERS[1 - PLAYERS.index(data["turn_player"])]
        data["first_player"] = data["turn_player"] if _text(game.get("order")) == "first" else other
        out.came_from("game.first_player", "game.order")
    _merge_more(out, data, game.get("more"), "game.more", "game")
    return data


def _player_data(out: Conversion, player: dict, pid: str) -> dict:
    prefix = f"players.{pid}"
    out.came_from(prefix, f"{prefix}.deck.count")
    data: dict[str, Any] = {}
    for zone in ZONES:
        zone_draft = _mapping(player.get(zone))
        cards = _sequence(zone_draft.get("cards"))
        out.came_from(f"{prefix}.{zone}", f"{prefix}.{zone}.count")
        if cards:
            data[zone] = [_card_data(out, c, f"{prefix}.{zone}.cards.{i}", f"{prefix}.{zone}.{i}")
                          for i, c in enumerate(cards)]
        elif _text(zone_draft.get("count")).strip() in UNKNOWN_WORDS:
            data[zone] = "unknown"  # a count nobody gave is unknown, never 0 (asked for when a ruling needs it)
        else:
            count = _number(out, zone_draft.get("count"), f"{prefix}.{zone}.count")
            if count is not None:
                data[zone] = count
    slots: dict[str, Any] = {}
    for slot in SLOTS:
        stack = _mapping(_mapping(player.get("field")).get(slot))
        if _sequence(stack.get("cards")):
            slots[slot] = _stack_data(out, stack, f"{prefix}.field.{slot}")
    out.came_from(f"{prefix}.field", f"{prefix}.field")
    if slots:
        data["field"] = slots
    damage_zero = _number(out, player.get("damage_zero"), f"{prefix}.damage_zero")
    if damage_zero is not None:
        data["rights"] = {"damage_zero": damage_zero}
    out.came_from(f"{prefix}.rights", f"{prefix}.damage_zero")
    for key in ("events_this_turn", "hand_draw_limit", "summon_limit"):
        value = _number(out, player.get(key), f"{prefix}.{key}")
        if value is not None:
            data[key] = value
        out.came_from(f"{prefix}.{key}", f"{prefix}.{key}")
    if _checked(player.get("extra_turn")):
        data["extra_turn"] = True
    out.came_from(f"{prefix}.extra_turn", f"{prefix}.extra_turn")
    _merge_more(out, data, player.get("more"), f"{prefix}.more", prefix)
    return data


def _stack_data(out: Conversion, stack: dict, prefix: str) -> dict:
    cards = [_card_data(out, c, f"{prefix}.cards.{i}", None) for i, c in enumerate(_sequence(stack.get("cards")))]
    data: dict[str, Any] = {"card": cards[0]} if len(cards) == 1 else {"cards": cards}
    # The engine names a one-card stack's card ``card`` and a taller stack's ``cards.N``.
    for i in range(len(cards)):
        out.came_from(f"{prefix}.card" if len(cards) == 1 else f"{prefix}.cards.{i}", f"{prefix}.cards.{i}.name")
    if len(cards) == 1:
        _reroot(out, f"{prefix}.cards.0", f"{prefix}.card")
    out.came_from(prefix, prefix)
    for key in ("face", "state"):
        if _text(stack.get(key)):
            data[key] = _text(stack.get(key))
        out.came_from(f"{prefix}.{key}", f"{prefix}.{key}")
    _merge_more(out, data, stack.get("more"), f"{prefix}.more", prefix)
    return data


def _reroot(out: Conversion, old: str, new: str) -> None:
    for path, form_field in list(out.origins.items()):
        if path == old or path.startswith(old + "."):
            out.origins[new + path[len(old):]] = form_field


def _card_data(out: Conversion, card: Any, form: str, path: str | None) -> dict:
    """One card; ``path`` is its scenario path when it differs from the form's (zones: no ``cards``)."""
    card = _mapping(card)
    path = path or form
    out.came_from(path, f"{form}.name")
    data: dict[str, Any] = {}
    for key in ("id", "name"):
        _set_text(out, data, card, key, f"{path}.{key}", f"{form}.{key}")
    if _text(card.get("type")) not in ("", "person"):
        data["type"] = _text(card.get("type"))
    out.came_from(f"{path}.type", f"{form}.type")
    for key in CARD_NUMBERS:
        value = _number(out, card.get(key), f"{form}.{key}")
        if value is not None:
            data[key] = value
        out.came_from(f"{path}.{key}", f"{form}.{key}")
    for key, default in (("role", "none"), ("granted_role", "")):
        if _text(card.get(key)) not in ("", default):
            data[key] = _text(card.get(key))
        out.came_from(f"{path}.{key}", f"{form}.{key}")
    for key in ("attributes", "once_used"):
        items = _split(card.get(key))
        if items:
            data[key] = items
        out.came_from(f"{path}.{key}", f"{form}.{key}")
    for flag in CARD_FLAGS:
        if _checked(card.get(flag)):
            data[flag] = True
        out.came_from(f"{path}.{flag}", f"{form}.{flag}")
    effects = [_effect_data(out, e, f"{form}.effects.{i}", f"{path}.effects.{i}")
               for i, e in enumerate(_sequence(card.get("effects")))]
    if effects:
        data["effects"] = effects
    out.came_from(f"{path}.effects", f"{form}.effects")
    _merge_more(out, data, card.get("more"), f"{form}.more", path)
    return data


def _effect_data(out: Conversion, effect: Any, form: str, path: str) -> dict:
    effect = _mapping(effect)
    out.came_from(path, f"{form}.name")
    data: dict[str, Any] = {}
    for key in ("name", "text"):
        _set_text(out, data, effect, key, f"{path}.{key}", f"{form}.{key}")
    if _text(effect.get("mark")) not in ("", "none"):
        data["mark"] = _text(effect.get("mark"))
    out.came_from(f"{path}.mark", f"{form}.mark")
    if _checked(effect.get("optional")):
        data["optional"] = True
    out.came_from(f"{path}.optional", f"{form}.optional")
    when = _when_data(out, _mapping(effect.get("when")), f"{form}.when", f"{path}.when")
    if when is not None:
        data["when"] = when
    sentences = [_sentence_data(out, s, f"{form}.sentences.{i}", f"{path}.sentences.{i}")
                 for i, s in enumerate(_sequence(effect.get("sentences")))]
    if sentences:
        data["sentences"] = sentences
    out.came_from(f"{path}.sentences", f"{form}.sentences")
    _merge_more(out, data, effect.get("more"), f"{form}.more", path)
    return data


def _when_data(out: Conversion, when: dict, form: str, path: str) -> dict | None:
    kind = _text(when.get("kind"))
    out.came_from(path, f"{form}.kind")
    if not kind:
        return None
    data: dict[str, Any] = {}
    if kind == "event":
        data["event"] = _text(when.get("event"))
        out.came_from(f"{path}.event", f"{form}.event")
    else:
        data[kind] = _text(when.get("phase"))
        out.came_from(f"{path}.{kind}", f"{form}.phase")
    for key, default in (("card", "self"), ("timing", "after"), ("turn", "own")):
        if _text(when.get(key)) not in ("", default):
            data[key] = _text(when.get(key))
        out.came_from(f"{path}.{key}", f"{form}.{key}")
    _merge_more(out, data, when.get("more"), f"{form}.more", path)
    return data


def _sentence_data(out: Conversion, sentence: Any, form: str, path: str) -> dict:
    sentence = _mapping(sentence)
    out.came_from(path, f"{form}.steps")
    data: dict[str, Any] = {}
    for key in ("then", "optional"):
        if _checked(sentence.get(key)):
            data[key] = True
        out.came_from(f"{path}.{key}", f"{form}.{key}")
    condition = _mapping(sentence.get("if"))
    kind = _text(condition.get("kind"))
    if kind:
        value = _parse_yaml(out, condition.get("value"), f"{form}.if.value")
        data["if"] = {kind: value}
    out.came_from(f"{path}.if", f"{form}.if.value")
    steps = []
    for i, step in enumerate(_sequence(sentence.get("steps"))):
        steps.append(_step_data(out, _mapping(step), f"{form}.steps.{i}"))
        out.came_from(f"{path}.do.{i}", f"{form}.steps.{i}.value")
    data["do"] = steps
    out.came_from(f"{path}.do", f"{form}.steps")
    _merge_more(out, data, sentence.get("more"), f"{form}.more", path)
    return data


def _defence_of(defence: Any) -> tuple[str, str]:
    """(kind, ref) of one posted defence: the form's one picker (``choice``: ``block:B2``), or ``kind``/``ref``."""
    defence = _mapping(defence)
    kind, _, ref = _text(defence.get("choice")).partition(":")
    # A posted ``kind`` or ``ref`` (a client of the form's older two inputs) wins over the picker's part.
    return _text(defence.get("kind")) or kind, _text(defence.get("ref")) or ref


def _step_data(out: Conversion, step: dict, form: str) -> dict:
    kind = _text(step.get("kind"))
    if not kind:
        out.error(f"{form}.kind", "処理の種類を選んでください")
        return {}
    value = _parse_yaml(out, step.get("value"), f"{form}.value")
    data: dict[str, Any] = {kind: True if value is None and kind in ("win", "extra_turn") else value}
    if kind == "repeat":
        data["do"] = _parse_yaml(out, step.get("do"), f"{form}.do") or []
    return data


def _action_data(out: Conversion, action: Any, form: str) -> dict:
    action = _mapping(action)
    kind = _text(action.get("kind")) or "attack"
    out.came_from(form, f"{form}.kind")
    path = f"{form}.{kind}"
    out.came_from(path, f"{form}.kind")
    spec: dict[str, Any] = {}
    if kind == "attack":
        for key in ("attacker", "target"):
            _set_text(out, spec, action, key, f"{path}.{key}", f"{form}.{key}")
        defences = [{kind: ref} for kind, ref in map(_defence_of, _sequence(action.get("responses")))
                    if kind in DEFENCE_KINDS]
        declined = any(kind == "none" for kind, _ in map(_defence_of, _sequence(action.get("responses"))))
        if defences:
            spec["response"] = defences[0] if len(defences) == 1 else defences
        elif declined:
            spec["response"] = "none"
        out.came_from(f"{path}.response", f"{form}.responses")
        damage_zero = _text(action.get("damage_zero"))
        if damage_zero in ("yes", "no") or _checked(damage_zero):
            spec["damage_zero"] = damage_zero != "no"
        out.came_from(f"{path}.damage_zero", f"{form}.damage_zero")
    elif kind == "draw_phase":
        spec["draw"] = _number(out, action.get("draw"), f"{form}.draw")
        out.came_from(f"{path}.draw", f"{form}.draw")
    elif kind == "summon_phase":
        entries = []
        for i, entry in enumerate(map(_mapping, _sequence(action.get("summon")))):
            slot = _number(out, entry.get("slot"), f"{form}.summon.{i}.slot")
            entries.append({"card": _text(entry.get("card")), "slot": slot} if slot is not None else _text(entry.get("card")))
            out.came_from(f"{path}.summon.{i}", f"{form}.summon.{i}.card")
        spec["summon"] = entries
        out.came_from(f"{path}.summon", f"{form}.summon")
    elif kind in ("set", "activate", "event"):
        keys = {"set": ("card", "onto"), "activate": ("card", "effect"), "event": ("card",)}[kind]
        for key in keys:
            _set_text(out, spec, action, key, f"{path}.{key}", f"{form}.{key}")
    if kind in CHOICE_ACTIONS:
        for key in ("decline", "order"):
            items = _split(action.get(key))
            if items:
                spec[key] = items
            out.came_from(f"{path}.{key}", f"{form}.{key}")
    _merge_more(out, spec, action.get("more"), f"{form}.more", path)
    return {kind: spec}


# --- editing the draft (the form's buttons) --------------------------------------------------------------


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
                items.append(_new_item(parts[-1]))
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


def _fill_from_library(card: Draft) -> None:
    """The card's printed information from the library (its id and board state stay as they are)."""
    found, note = library_card(_text(card.get("name")))
    card["library_note"] = note
    if found is None:
        return
    filled = _card_draft(found)
    for key in ("name", "type", *CARD_NUMBERS, "role", "attributes", "effects"):
        card[key] = filled[key]
    if filled["more"]:
        card["more"] = filled["more"]
    for flag in ("substitute", "counter"):
        card[flag] = filled[flag]


def _hand_write(effect: Draft) -> None:
    """The sentences the reader read, filled in, and a blank one for each sentence it could not read."""
    sentences = hand_written_sentences(_text(effect.get("text")))
    if sentences is None:
        return
    effect["sentences"] = [
        {**_new_item("sentences"), "source": s["source"]} if "source" in s else _sentence_draft(s)
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


def _new_item(kind: str) -> Draft:
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


# --- small helpers -----------------------------------------------------------------------------------------


def _mapping(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def _sequence(value: Any) -> list:
    return value if isinstance(value, list) else []


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return value if isinstance(value, str) else str(value) if isinstance(value, (int, float)) else _flow(value)


def _flag(value: Any) -> str:
    return "on" if value is True else ""


def _checked(value: Any) -> bool:
    return value in ("on", "true", True)


def _fields(source: dict, keys: tuple[str, ...]) -> Draft:
    return {key: _text(source.get(key)) for key in keys}


def _split(value: Any) -> list[str]:
    return [item.strip() for item in LIST_SEPARATORS.split(_text(value)) if item.strip()]


def _flow(value: Any) -> str:
    """A value as one line of YAML flow style (``{player: opponent, count: 3}``)."""
    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, sort_keys=False, width=10_000)
    return text.removesuffix("\n").removesuffix("\n...").strip()


def _yaml_text(value: Any) -> str:
    if value in (None, {}, []):
        return ""
    return yaml.safe_dump(value, allow_unicode=True, sort_keys=False, default_flow_style=None, width=100)


def _rest_text(source: dict, known: tuple[str, ...]) -> str:
    rest = {k: v for k, v in source.items() if k not in known}
    return _yaml_text(rest) if rest else ""


def _number(out: Conversion, value: Any, form_field: str) -> int | None:
    text = _text(value).strip().translate(_FULL_WIDTH_DIGITS)
    if not text:
        return None
    if re.fullmatch(r"[+-]?\d{1,7}", text) is None:
        out.error(form_field, "整数で入力してください")
        return None
    return int(text)


_FULL_WIDTH_DIGITS = str.maketrans("０１２３４５６７８９－＋", "0123456789-+")


def _set_text(out: Conversion, data: dict, source: dict, key: str, path: str, form_field: str) -> None:
    text = _text(source.get(key)).strip()
    if text:
        data[key] = text
    out.came_from(path, form_field)


def _parse_yaml(out: Conversion, value: Any, form_field: str) -> Any:
    text = _text(value).strip()
    if not text:
        return None
    try:
        return parse_text(text)
    except ScenarioError as error:
        out.error(form_field, "; ".join(problem.message_ja for problem in error.errors))
        return None


def _merge_more(out: Conversion, data: dict, value: Any, form_field: str, path: str) -> None:
    """Keys from a ``more`` area join the data at ``path``; the form's own inputs win on a clash."""
    extra = _parse_yaml(out, value, form_field)
    if extra is None:
        return
    if not isinstance(extra, dict):
        out.error(form_field, "「その他」は「キー: 値」の形で書いてください")
        return
    for key, item in extra.items():
        key = str(key)
        if isinstance(data.get(key), dict) and isinstance(item, dict):
            data[key] = {**item, **data[key]}
        else:
            data.setdefault(key, item)
        out.came_from(f"{path}.{key}" if path else key, form_field)
