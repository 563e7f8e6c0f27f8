"""Loading a scenario whose effects may give their ``text`` alone (docs/format-additions.md).

The format layer cannot import the reader, so the reading-aware loader lives here: it loads with the
format, then fills ``sentences`` (and ``when``) from ``text`` for every effect that has text and no
hand-written sentences. Hand-written sentences are authoritative and never replaced. An effect whose text
has unread words and no hand-written sentences is refused, naming the field and the words.
"""

from __future__ import annotations

from typing import Any

from adjudicator.format.effects import Effect
from adjudicator.format.errors import ScenarioError
from adjudicator.format import loading
from adjudicator.format.scenario import Scenario, iter_card_paths
from adjudicator.reading.reader import BadText, Reading, read_effect


def load_scenario(source: str | bytes | dict[str, Any]) -> Scenario:
    scenario = loading.load_scenario(source)
    errors: list[tuple[str, str]] = []
    readings: dict[int, Reading] = {}
    for path, card in iter_card_paths(scenario):
        for index, effect in enumerate(card.effects):
            if effect.sentences or not effect.text.strip():
                continue
            where = f"{path}.effects.{index}.text"
            try:
                reading = read_effect(effect.text)
            except BadText as error:
                errors.append((where, str(error)))
                continue
            for unread in reading.unread:
                errors.append((where, f"{unread.start + 1}〜{unread.end}文字目「{unread.text}」が読めない（{unread.why}）。"
                                      "この効果には sentences を手で書いてください"))
            if reading.complete and not reading.sentences:
                errors.append((where, "読める処理がない。この効果には sentences を手で書いてください"))
            if reading.when is not None and effect.when is not None and reading.when != effect.when:
                errors.append((where, "テキストのきっかけが when と食い違う"))
            if reading.shared_with and effect.shared_with and list(reading.shared_with) != effect.shared_with:
                errors.append((where, "テキストの「合わせて1つの効果となる」名前が shared_with と食い違う"))
            readings[id(effect)] = reading
    if errors:
        raise ScenarioError(errors)
    if not readings:
        return scenario
    return _filled(scenario, readings)


def _filled(scenario: Scenario, readings: dict[int, Reading]) -> Scenario:
    """The same scenario with the read effects' sentences in place (models are immutable: rebuild)."""
    def effect_copy(effect: Effect) -> Effect:
        reading = readings.get(id(effect))
        if reading is None:
            return effect
        update: dict[str, Any] = {"sentences": list(reading.sentences)}
        if effect.when is None and reading.when is not None:
            update["when"] = reading.when
        if reading.shared_with and not effect.shared_with:
            update["shared_with"] = list(reading.shared_with)
        if reading.once_per_turn_by_name:
            update["once_per_turn_by_name"] = True
        return effect.model_copy(update=update)

    def card_copy(card: Any) -> Any:
        if not card.effects:
            return card
        return card.model_copy(update={"effects": [effect_copy(e) for e in card.effects]})

    players = {}
    for player_id, player in scenario.players.items():
        update: dict[str, Any] = {}
        for zone in ("deck", "hand", "graveyard"):
            cards = getattr(player, zone)
            if isinstance(cards, list):
                update[zone] = [card_copy(c) for c in cards]
        field = {}
        for slot, stack in player.field.items():
            if stack.card is not None:
                field[slot] = stack.model_copy(update={"card": card_copy(stack.card)})
            else:
                field[slot] = stack.model_copy(update={"cards": [card_copy(c) for c in stack.cards]})
        update["field"] = field
        players[player_id] = player.model_copy(update=update)
    return scenario.model_copy(update={"players": players})
