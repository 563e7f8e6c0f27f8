"""The builder's draft, both ways: scenario data (valid or not) → the draft the form shows, and the draft → scenario
data, recording for every scenario path the form field it came from.

A draft is the tree of texts the form's inputs show; every input's name is a dotted path into it
(``players.A.field.2.cards.0.name``). Keys the form has no input for are kept in a ``more`` text area (YAML) at
their level, so editing any scenario never loses a field. Each part of a scenario has its pair of functions
side by side (``card_draft`` and ``_card_data``), and what a part's inputs are and what a blank one means
(``type: person``, ``face: up``, ``timing: after``) are read from the format's models, not written again here.

Input that cannot even be converted (a word in a number box, broken YAML) is reported against its field and the
rest is still converted; :func:`validated` then loads the data as a scenario and puts each of the format's errors
next to the input that caused it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator import vocabulary
from adjudicator.format.base import MAX_ACTIONS, MAX_CARD_LIST, MAX_EFFECTS, MAX_SENTENCES, MAX_STACK, MAX_STEPS
from adjudicator.format.board import CardSpec, GameSpec, PlayerSpec, StackSpec
from adjudicator.format.effects import Effect, When
from adjudicator.format.errors import ScenarioError
from adjudicator.format.fields import DEFENCE_KINDS, fields_of
from adjudicator.format.scenario import FORMAT
from adjudicator.reading import BadText, TextTooLong, read_effect
from adjudicator.reading import load_scenario as read_scenario
from adjudicator.vocabulary import PLAYER_IDS, PlayerId
from adjudicator.web.builder.kinds import (
    companion_names, companions_data, defence_of, kind_data, kind_draft, played_id, spec_of,
)
from adjudicator.web.builder.values import (
    Conversion, checked, flag, joined, mapping, merge_more, number, parse_yaml, rest_text, sequence, set_text, split, text,
    texts, yaml_text,
)

Draft = dict[str, Any]


def _defaults(model: type) -> dict[str, str]:
    """What a blank input of ``model``'s fields stands for, as the input's text (``face`` → ``up``)."""
    return {spec.name: text(spec.default) for spec in fields_of(model)}


CARD_DEFAULTS = _defaults(CardSpec)
STACK_DEFAULTS = _defaults(StackSpec)
EFFECT_DEFAULTS = _defaults(Effect)
PLAYER_DEFAULTS = _defaults(PlayerSpec)
WHEN_DEFAULTS = _defaults(When)

PLAYERS = PLAYER_IDS
SLOTS = ("1", "2", "3", "4", "5")
ZONES = vocabulary.COUNTED_ZONES
CARD_FLAGS = tuple(spec.name for spec in fields_of(CardSpec) if spec.input == "flag")
CARD_NUMBERS = tuple(spec.name for spec in fields_of(CardSpec) if spec.input == "number")
PLAYER_NUMBERS = tuple(spec.name for spec in fields_of(PlayerSpec) if spec.input == "number")
GAME_KEYS = tuple(GameSpec.model_fields)
TRIGGER_KINDS = ("event", "phase_start", "phase_end")
WHEN_CHOICES = ("card", "timing", "turn")  # a trigger's choices beside its kind, each with its default
TURN_ORDER = {"first": "先攻", "second": "後攻"}
UNKNOWN_WORDS = ("", "unknown", "不明", "?", "？")  # a blank count is 「不明」, never 0

DEFAULT_TITLE = "ビルダーで作った盤面"


# --- the whole scenario ------------------------------------------------------------------------------------


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


def scenario_data(draft: Draft) -> Conversion:
    """Scenario data from a draft; input that cannot even be converted (a word in a number box, broken
    YAML) is reported against its field, and the rest is still converted."""
    out = Conversion()
    data: dict[str, Any] = {"format": FORMAT}
    set_text(out, data, draft, "title", "title", "title")
    if "title" not in data:
        data["title"] = default_title(draft)  # the title is optional in the form: one typed field fewer
    set_text(out, data, draft, "question", "question", "question")
    data["game"] = _game_data(out, mapping(draft.get("game")))
    data["players"] = {p: _player_data(out, mapping(mapping(draft.get("players")).get(p)), p) for p in PLAYERS}
    out.came_from("players", "players")
    actions = [_action_data(out, a, f"actions.{i}") for i, a in enumerate(sequence(draft.get("actions")))]
    if actions:
        data["actions"] = actions
    out.came_from("actions", "actions")
    _played_events(out, draft, data)
    expect = parse_yaml(out, draft.get("expect"), "expect")
    if expect is not None:
        data["expect"] = expect
        out.came_from("expect", "expect")
    merge_more(out, data, draft.get("more"), "more", "")
    out.data = data
    return out


def validated(draft: Draft) -> Conversion:
    """The draft converted and, if it converts, loaded as a scenario: every error by its form field."""
    conversion = scenario_data(draft)
    if not conversion.errors:
        try:
            # An effect given as text alone is read (docs/format-additions.md); what the text says
            # becomes its sentences, so the ruling and its link do not depend on a later reader.
            conversion.scenario = read_scenario(conversion.data)
            conversion.data = conversion.scenario.dump()
        except ScenarioError as error:
            conversion.add_scenario_errors(error)
    return conversion


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


# --- a choice with the format's default: shown as the default when left out, left out when it is the default --


def _shown(source: Mapping[str, Any], key: str, defaults: Mapping[str, str]) -> str:
    return text(source.get(key)) or defaults[key]


def _unless_default(out: Conversion, data: dict, source: Mapping[str, Any], keys: tuple[str, ...],
                    defaults: Mapping[str, str], form: str, path: str) -> None:
    for key in keys:
        if text(source.get(key)) not in ("", defaults[key]):
            data[key] = text(source.get(key))
        out.came_from(f"{path}.{key}", f"{form}.{key}")


def _ticked(out: Conversion, data: dict, source: Mapping[str, Any], keys: tuple[str, ...], form: str,
            path: str) -> None:
    """Yes/no boxes: a ticked one is ``true``; an unticked one is the format's default, ``false``, left out."""
    for key in keys:
        if checked(source.get(key)):
            data[key] = True
        out.came_from(f"{path}.{key}", f"{form}.{key}")


def _listed(out: Conversion, data: dict, key: str, items: list, form: str, path: str) -> None:
    """A list (cards' effects, effects' sentences, words), left out when empty as the format's default is."""
    if items:
        data[key] = items
    out.came_from(f"{path}.{key}", f"{form}.{key}")


# --- the game ----------------------------------------------------------------------------------------------


def turn_order(game: Mapping[str, Any]) -> str:
    """「先攻の5ターン目」: whether the turn player went first ("first") or second ("second"), as people say it.

    The form asks this instead of naming the first player; a form that posts ``first_player`` still wins.
    """
    order = text(game.get("order"))
    first, turn = text(game.get("first_player")), text(game.get("turn_player"))
    if first and turn:
        return "first" if first == turn else "second"
    return order if order in TURN_ORDER else ""


def _game_data(out: Conversion, game: dict) -> dict:
    data: dict[str, Any] = {}
    out.came_from("game", "game.round")
    round_number = number(out, game.get("round"), "game.round")
    if round_number is not None:
        data["round"] = round_number
    out.came_from("game.round", "game.round")
    for key in ("first_player", "turn_player", "phase"):
        if text(game.get(key)):
            data[key] = text(game.get(key))
        out.came_from(f"game.{key}", f"game.{key}")
    if "first_player" not in data and data.get("turn_player") in PLAYERS and text(game.get("order")) in TURN_ORDER:
        other = PLAYERS[1 - PLAYERS.index(data["turn_player"])]
        data["first_player"] = data["turn_player"] if text(game.get("order")) == "first" else other
        out.came_from("game.first_player", "game.order")
    merge_more(out, data, game.get("more"), "game.more", "game")
    return data


# --- a player, their zones and field -----------------------------------------------------------------------


def _player_draft(player: dict) -> Draft:
    draft: Draft = {zone: _zone_draft(player.get(zone), PLAYER_DEFAULTS[zone]) for zone in ZONES}
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


def _player_data(out: Conversion, player: dict, pid: PlayerId) -> dict:
    prefix = f"players.{pid}"
    out.came_from(prefix, f"{prefix}.deck.count")
    data: dict[str, Any] = {}
    for zone in ZONES:
        _zone_data(out, data, zone, mapping(player.get(zone)), f"{prefix}.{zone}")
    slots: dict[str, Any] = {}
    for slot in SLOTS:
        stack = mapping(mapping(player.get("field")).get(slot))
        if sequence(stack.get("cards")):
            slots[slot] = _stack_data(out, stack, f"{prefix}.field.{slot}")
    out.came_from(f"{prefix}.field", f"{prefix}.field")
    if slots:
        data["field"] = slots
    damage_zero = number(out, player.get("damage_zero"), f"{prefix}.damage_zero")
    if damage_zero is not None:
        data["rights"] = {"damage_zero": damage_zero}
    out.came_from(f"{prefix}.rights", f"{prefix}.damage_zero")
    for key in PLAYER_NUMBERS:
        value = number(out, player.get(key), f"{prefix}.{key}")
        if value is not None:
            data[key] = value
        out.came_from(f"{prefix}.{key}", f"{prefix}.{key}")
    _ticked(out, data, player, ("extra_turn",), prefix, prefix)
    merge_more(out, data, player.get("more"), f"{prefix}.more", prefix)
    return data


def _zone_draft(zone: Any, default: str) -> Draft:
    if isinstance(zone, list):
        return {"count": "" if zone else "0", "cards": [card_draft(c) for c in zone[:MAX_CARD_LIST]]}
    # A blank count in the form is `unknown`; a count the data left out is the format's default (0).
    if zone == "unknown":
        return {"count": "", "cards": []}
    return {"count": default if zone is None else text(zone), "cards": []}


def _zone_data(out: Conversion, data: dict, zone: str, zone_draft: dict, prefix: str) -> None:
    cards = sequence(zone_draft.get("cards"))
    out.came_from(prefix, f"{prefix}.count")
    if cards:
        data[zone] = [_card_data(out, c, f"{prefix}.cards.{i}", f"{prefix}.{i}") for i, c in enumerate(cards)]
    elif text(zone_draft.get("count")).strip() in UNKNOWN_WORDS:
        data[zone] = "unknown"  # a count nobody gave is unknown, never 0 (asked for when a ruling needs it)
    else:
        count = number(out, zone_draft.get("count"), f"{prefix}.count")
        if count is not None:
            data[zone] = count


def _stack_draft(stack: dict) -> Draft:
    cards = stack.get("cards") if "cards" in stack else ([stack["card"]] if "card" in stack else [])
    return {
        "face": _shown(stack, "face", STACK_DEFAULTS),
        "state": _shown(stack, "state", STACK_DEFAULTS),
        "cards": [card_draft(c) for c in sequence(cards)[:MAX_STACK]],
        "more": rest_text(stack, ("cards", "card", "face", "state")),
    }


def _stack_data(out: Conversion, stack: dict, prefix: str) -> dict:
    cards = [_card_data(out, c, f"{prefix}.cards.{i}", None) for i, c in enumerate(sequence(stack.get("cards")))]
    data: dict[str, Any] = {"card": cards[0]} if len(cards) == 1 else {"cards": cards}
    # The engine names a one-card stack's card ``card`` and a taller stack's ``cards.N``.
    for i in range(len(cards)):
        out.came_from(f"{prefix}.card" if len(cards) == 1 else f"{prefix}.cards.{i}", f"{prefix}.cards.{i}.name")
    if len(cards) == 1:
        out.reroot(f"{prefix}.cards.0", f"{prefix}.card")
    out.came_from(prefix, prefix)
    for key in ("face", "state"):
        if text(stack.get(key)):
            data[key] = text(stack.get(key))
        out.came_from(f"{prefix}.{key}", f"{prefix}.{key}")
    merge_more(out, data, stack.get("more"), f"{prefix}.more", prefix)
    return data


# --- a card and its effects --------------------------------------------------------------------------------

_CARD_KEYS = ("id", "name", "type", *CARD_NUMBERS, "role", "granted_role", "attributes", "once_used", *CARD_FLAGS,
              "effects")
_CARD_CHOICES = ("type", "role", "granted_role")
_CARD_WORDS = ("attributes", "once_used")


def card_draft(card: Any) -> Draft:
    card = mapping(card)
    draft = texts(card, ("id", "name", *CARD_NUMBERS))
    draft.update({key: _shown(card, key, CARD_DEFAULTS) for key in _CARD_CHOICES})
    draft.update({key: joined(sequence(card.get(key))) for key in _CARD_WORDS})
    draft.update({name: flag(card.get(name)) for name in CARD_FLAGS})
    draft["effects"] = [_effect_draft(e) for e in sequence(card.get("effects"))[:MAX_EFFECTS]]
    draft["more"] = rest_text(card, _CARD_KEYS)
    return draft


def _card_data(out: Conversion, card: Any, form: str, path: str | None) -> dict:
    """One card; ``path`` is its scenario path when it differs from the form's (zones: no ``cards``)."""
    card = mapping(card)
    path = path or form
    out.came_from(path, f"{form}.name")
    data: dict[str, Any] = {}
    for key in ("id", "name"):
        set_text(out, data, card, key, f"{path}.{key}", f"{form}.{key}")
    _unless_default(out, data, card, ("type",), CARD_DEFAULTS, form, path)
    for key in CARD_NUMBERS:
        value = number(out, card.get(key), f"{form}.{key}")
        if value is not None:
            data[key] = value
        out.came_from(f"{path}.{key}", f"{form}.{key}")
    _unless_default(out, data, card, ("role", "granted_role"), CARD_DEFAULTS, form, path)
    for key in _CARD_WORDS:
        _listed(out, data, key, split(card.get(key)), form, path)
    _ticked(out, data, card, CARD_FLAGS, form, path)
    effects = [_effect_data(out, e, f"{form}.effects.{i}", f"{path}.effects.{i}")
               for i, e in enumerate(sequence(card.get("effects")))]
    _listed(out, data, "effects", effects, form, path)
    merge_more(out, data, card.get("more"), f"{form}.more", path)
    return data


def _effect_draft(effect: Any) -> Draft:
    effect = mapping(effect)
    when = mapping(effect.get("when"))
    trigger = next((k for k in TRIGGER_KINDS if k in when), "")
    return {
        "name": text(effect.get("name")),
        "mark": _shown(effect, "mark", EFFECT_DEFAULTS),
        "text": text(effect.get("text")),
        "optional": flag(effect.get("optional")),
        "when": {
            "kind": trigger,
            "event": text(when.get("event")),
            "phase": text(when.get(trigger)) if trigger in ("phase_start", "phase_end") else "",
            **{key: _shown(when, key, WHEN_DEFAULTS) for key in WHEN_CHOICES},
            "more": rest_text(when, (*TRIGGER_KINDS, *WHEN_CHOICES)),
        },
        "sentences": [sentence_draft(s) for s in sequence(effect.get("sentences"))[:MAX_SENTENCES]],
        "more": rest_text(effect, ("name", "mark", "text", "optional", "when", "sentences")),
    }


def _effect_data(out: Conversion, effect: Any, form: str, path: str) -> dict:
    effect = mapping(effect)
    out.came_from(path, f"{form}.name")
    data: dict[str, Any] = {}
    for key in ("name", "text"):
        set_text(out, data, effect, key, f"{path}.{key}", f"{form}.{key}")
    _unless_default(out, data, effect, ("mark",), EFFECT_DEFAULTS, form, path)
    _ticked(out, data, effect, ("optional",), form, path)
    when = _when_data(out, mapping(effect.get("when")), f"{form}.when", f"{path}.when")
    if when is not None:
        data["when"] = when
    sentences = [_sentence_data(out, s, f"{form}.sentences.{i}", f"{path}.sentences.{i}")
                 for i, s in enumerate(sequence(effect.get("sentences")))]
    _listed(out, data, "sentences", sentences, form, path)
    merge_more(out, data, effect.get("more"), f"{form}.more", path)
    return data


def _when_data(out: Conversion, when: dict, form: str, path: str) -> dict | None:
    kind = text(when.get("kind"))
    out.came_from(path, f"{form}.kind")
    if not kind:
        return None
    data: dict[str, Any] = {}
    if kind == "event":
        data["event"] = text(when.get("event"))
        out.came_from(f"{path}.event", f"{form}.event")
    else:
        data[kind] = text(when.get("phase"))
        out.came_from(f"{path}.{kind}", f"{form}.phase")
    _unless_default(out, data, when, WHEN_CHOICES, WHEN_DEFAULTS, form, path)
    merge_more(out, data, when.get("more"), f"{form}.more", path)
    return data


# --- an effect's sentences and steps -----------------------------------------------------------------------


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


def _sentence_data(out: Conversion, sentence: Any, form: str, path: str) -> dict:
    sentence = mapping(sentence)
    out.came_from(path, f"{form}.steps")
    data: dict[str, Any] = {}
    _ticked(out, data, sentence, ("then", "optional"), form, path)
    condition = mapping(sentence.get("if"))
    kind = text(condition.get("kind"))
    out.came_from(f"{path}.if", f"{form}.if.value")
    if kind:
        data["if"] = {kind: kind_data(out, spec_of("condition", kind), condition, f"{form}.if", f"{path}.if.{kind}")}
    steps = []
    for i, step in enumerate(sequence(sentence.get("steps"))):
        steps.append(_step_data(out, mapping(step), f"{form}.steps.{i}", f"{path}.do.{i}"))
    data["do"] = steps
    out.came_from(f"{path}.do", f"{form}.steps")
    merge_more(out, data, sentence.get("more"), f"{form}.more", path)
    return data


def _step_draft(step: Any) -> Draft:
    step = mapping(step)
    beside = companion_names("step")
    kind = next((k for k in step if k not in beside), "")
    return {"kind": text(kind), **kind_draft(spec_of("step", kind), step[kind] if kind else None, step)}


def _step_data(out: Conversion, step: dict, form: str, path: str) -> dict:
    kind = text(step.get("kind"))
    out.came_from(path, f"{form}.value")
    if not kind:
        out.error(f"{form}.kind", "処理の種類を選んでください")
        return {}
    spec = spec_of("step", kind)
    return {kind: kind_data(out, spec, step, form, f"{path}.{kind}"), **companions_data(out, spec, step, form, path)}


# --- the actions, and the events given where they are played -----------------------------------------------


def action_draft(action: Any) -> Draft:
    action = mapping(action)
    kind = next(iter(action), "attack")
    return {"kind": text(kind), **kind_draft(spec_of("action", kind), action.get(kind))}


def _action_data(out: Conversion, action: Any, form: str) -> dict:
    action = mapping(action)
    kind = text(action.get("kind")) or "attack"
    out.came_from(form, f"{form}.kind")
    return {kind: kind_data(out, spec_of("action", kind), action, form, f"{form}.{kind}")}


def _played_events(out: Conversion, draft: Draft, data: dict) -> None:
    """Events given where they are played become cards in their player's hand: an event action's in the turn
    player's (6.8: events are played in one's own turn), a defence's in the defender's (11.2.4). The hand then
    holds the cards listed (the format has no "these and an unknown number more")."""
    turn = data["game"].get("turn_player") if data["game"].get("turn_player") in PLAYERS else PLAYERS[0]
    defender = PLAYERS[1 - PLAYERS.index(turn)]
    for i, action in enumerate(map(mapping, sequence(draft.get("actions")))):
        form = f"actions.{i}"
        if text(action.get("kind")) == "event" and _given(action.get("played")):
            _into_hand(out, data, turn, mapping(action.get("played")), f"{form}.played", played_id(i))
            spec = data["actions"][i].get("event")
            data["actions"][i]["event"] = {**(spec if isinstance(spec, dict) else {}), "card": played_id(i)}
        for j, response in enumerate(map(mapping, sequence(action.get("responses")))):
            if text(response.get("choice")) == f"event:{played_id(i)}" and _given(response.get("played")):
                _into_hand(out, data, defender, mapping(response.get("played")), f"{form}.responses.{j}.played",
                           played_id(i))


def _given(card: Any) -> bool:
    card = mapping(card)
    return bool(text(card.get("name")).strip()) or any(
        text(mapping(effect).get("text")).strip() for effect in sequence(card.get("effects")))


def _into_hand(out: Conversion, data: dict, pid: PlayerId, card: Draft, form: str, card_id: str) -> None:
    hand = data["players"][pid].get("hand")
    hand = hand if isinstance(hand, list) else []
    path = f"players.{pid}.hand.{len(hand)}"
    given = {**card, "id": card_id, "type": "event", "effects": [_named_effect(card, e) for e in sequence(card.get("effects"))]}
    given["counter"] = "on" if any(_says_counter(text(e.get("text"))) for e in given["effects"]) else ""
    hand.append(_card_data(out, given, form, path))
    data["players"][pid]["hand"] = hand


def _says_counter(printed: str) -> bool:
    """Whether the text reads 「このカードは相手の攻撃時にも発動できる」 (11.2.4): a property of the card, which
    the reader finds and the card's checkbox would otherwise have to repeat."""
    if not printed.strip():
        return False
    try:
        return read_effect(printed).counter
    except (BadText, TextTooLong):
        return False  # the text's own error is reported where the effect is loaded


def _named_effect(card: Draft, effect: Any) -> Draft:
    """An event's effect is named after the card when no name is given: one typed field fewer (an event's
    effects are all used when it is played, 6.8, so the name only labels it in the trace)."""
    effect = mapping(effect)
    return {**effect, "name": text(effect.get("name")).strip() or text(card.get("name")).strip() or "事変"}
