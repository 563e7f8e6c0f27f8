"""The builder's draft → scenario data, recording for every scenario path the form field it came from.

Input that cannot even be converted (a word in a number box, broken YAML) is reported against its field and
the rest is still converted; :func:`validated` then loads the data as a scenario and puts each of the
format's errors next to the input that caused it.
"""

from __future__ import annotations

from typing import Any

from adjudicator.format.errors import ScenarioError
from adjudicator.format.scenario import FORMAT
from adjudicator.reading import BadText, TextTooLong, read_effect
from adjudicator.reading import load_scenario as read_scenario
from adjudicator.web.builder.conversion import Conversion, merge_more, number, parse_yaml, set_text
from adjudicator.web.builder.draft import (
    CARD_FLAGS,
    CARD_NUMBERS,
    PLAYER_NUMBERS,
    PLAYERS,
    SLOTS,
    TURN_ORDER,
    ZONES,
    Draft,
    default_title,
)
from adjudicator.web.builder.kinds import companions_data, kind_data, played_id, spec_of
from adjudicator.web.builder.values import checked, mapping, sequence, split, text

UNKNOWN_WORDS = ("", "unknown", "不明", "?", "？")  # a blank count is 「不明」, never 0


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


def _player_data(out: Conversion, player: dict, pid: str) -> dict:
    prefix = f"players.{pid}"
    out.came_from(prefix, f"{prefix}.deck.count")
    data: dict[str, Any] = {}
    for zone in ZONES:
        zone_draft = mapping(player.get(zone))
        cards = sequence(zone_draft.get("cards"))
        out.came_from(f"{prefix}.{zone}", f"{prefix}.{zone}.count")
        if cards:
            data[zone] = [_card_data(out, c, f"{prefix}.{zone}.cards.{i}", f"{prefix}.{zone}.{i}")
                          for i, c in enumerate(cards)]
        elif text(zone_draft.get("count")).strip() in UNKNOWN_WORDS:
            data[zone] = "unknown"  # a count nobody gave is unknown, never 0 (asked for when a ruling needs it)
        else:
            count = number(out, zone_draft.get("count"), f"{prefix}.{zone}.count")
            if count is not None:
                data[zone] = count
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
    if checked(player.get("extra_turn")):
        data["extra_turn"] = True
    out.came_from(f"{prefix}.extra_turn", f"{prefix}.extra_turn")
    merge_more(out, data, player.get("more"), f"{prefix}.more", prefix)
    return data


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


def _card_data(out: Conversion, card: Any, form: str, path: str | None) -> dict:
    """One card; ``path`` is its scenario path when it differs from the form's (zones: no ``cards``)."""
    card = mapping(card)
    path = path or form
    out.came_from(path, f"{form}.name")
    data: dict[str, Any] = {}
    for key in ("id", "name"):
        set_text(out, data, card, key, f"{path}.{key}", f"{form}.{key}")
    if text(card.get("type")) not in ("", "person"):
        data["type"] = text(card.get("type"))
    out.came_from(f"{path}.type", f"{form}.type")
    for key in CARD_NUMBERS:
        value = number(out, card.get(key), f"{form}.{key}")
        if value is not None:
            data[key] = value
        out.came_from(f"{path}.{key}", f"{form}.{key}")
    for key, default in (("role", "none"), ("granted_role", "")):
        if text(card.get(key)) not in ("", default):
            data[key] = text(card.get(key))
        out.came_from(f"{path}.{key}", f"{form}.{key}")
    for key in ("attributes", "once_used"):
        items = split(card.get(key))
        if items:
            data[key] = items
        out.came_from(f"{path}.{key}", f"{form}.{key}")
    for name in CARD_FLAGS:
        if checked(card.get(name)):
            data[name] = True
        out.came_from(f"{path}.{name}", f"{form}.{name}")
    effects = [_effect_data(out, e, f"{form}.effects.{i}", f"{path}.effects.{i}")
               for i, e in enumerate(sequence(card.get("effects")))]
    if effects:
        data["effects"] = effects
    out.came_from(f"{path}.effects", f"{form}.effects")
    merge_more(out, data, card.get("more"), f"{form}.more", path)
    return data


def _effect_data(out: Conversion, effect: Any, form: str, path: str) -> dict:
    effect = mapping(effect)
    out.came_from(path, f"{form}.name")
    data: dict[str, Any] = {}
    for key in ("name", "text"):
        set_text(out, data, effect, key, f"{path}.{key}", f"{form}.{key}")
    if text(effect.get("mark")) not in ("", "none"):
        data["mark"] = text(effect.get("mark"))
    out.came_from(f"{path}.mark", f"{form}.mark")
    if checked(effect.get("optional")):
        data["optional"] = True
    out.came_from(f"{path}.optional", f"{form}.optional")
    when = _when_data(out, mapping(effect.get("when")), f"{form}.when", f"{path}.when")
    if when is not None:
        data["when"] = when
    sentences = [_sentence_data(out, s, f"{form}.sentences.{i}", f"{path}.sentences.{i}")
                 for i, s in enumerate(sequence(effect.get("sentences")))]
    if sentences:
        data["sentences"] = sentences
    out.came_from(f"{path}.sentences", f"{form}.sentences")
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
    for key, default in (("card", "self"), ("timing", "after"), ("turn", "own")):
        if text(when.get(key)) not in ("", default):
            data[key] = text(when.get(key))
        out.came_from(f"{path}.{key}", f"{form}.{key}")
    merge_more(out, data, when.get("more"), f"{form}.more", path)
    return data


def _sentence_data(out: Conversion, sentence: Any, form: str, path: str) -> dict:
    sentence = mapping(sentence)
    out.came_from(path, f"{form}.steps")
    data: dict[str, Any] = {}
    for key in ("then", "optional"):
        if checked(sentence.get(key)):
            data[key] = True
        out.came_from(f"{path}.{key}", f"{form}.{key}")
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


def _step_data(out: Conversion, step: dict, form: str, path: str) -> dict:
    kind = text(step.get("kind"))
    out.came_from(path, f"{form}.value")
    if not kind:
        out.error(f"{form}.kind", "処理の種類を選んでください")
        return {}
    spec = spec_of("step", kind)
    return {kind: kind_data(out, spec, step, form, f"{path}.{kind}"), **companions_data(out, spec, step, form, path)}


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


def _into_hand(out: Conversion, data: dict, pid: str, card: Draft, form: str, card_id: str) -> None:
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


def _action_data(out: Conversion, action: Any, form: str) -> dict:
    action = mapping(action)
    kind = text(action.get("kind")) or "attack"
    out.came_from(form, f"{form}.kind")
    return {kind: kind_data(out, spec_of("action", kind), action, form, f"{form}.{kind}")}
