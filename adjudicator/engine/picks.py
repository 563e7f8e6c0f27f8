"""The picks given with an action, handed to the choices its effects ask for, in the order the text asks.

An action may carry ``picks`` (docs/format-additions.md): a list for the effect(s) the action itself
runs (the activated effect, the event's effects), or a map from effect name to a list, for any effect,
triggered ones too. Before an effect resolves, each choice its steps leave open (a 「選ぶ」 selector with
no ``chosen``, the count of 「n枚まで引く」, the cards of 「手札をn枚墓地へ送る」, the option numbers of a
choice between effects (before the choices inside the options, 6.5.7), the cards a search picks, the cards of 「Aを1枚とBを1枚」 slot by slot, and after the cards of
「n枚…下に置いてあるカードなしで召喚する」 the own cards any that find no slot go onto, 14.2) takes the next pick, as if
it had been written in the step. A pick that is missing or ``null`` leaves the choice open, and the
engine stops with a ``decision`` there as it always does (never guess); a pick of the wrong kind (a
count for a card) is rejected on its own and leaves the choice open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from pydantic import BaseModel

from adjudicator.format.effects import (
    ChooseEffectsSpec,
    DiscardSpec,
    DrawSpec,
    Effect,
    HandToDeckSpec,
    SearchSpec,
    Selector,
    Step,
    SummonWithoutSetSpec,
)
from adjudicator.engine.rules import rule

if TYPE_CHECKING:
    from adjudicator.engine.game import Game

PICKS_IN_TEXT_ORDER = rule(
    "picks_in_text_order", ("8.4.1", "6.5.4"), "行動とともに示された選択は、テキストが選ぶ順に各処理の選択に充てる"
)

Take = Callable[[str], Any]


def with_picks(game: "Game", effect: Effect, own: bool) -> Effect:
    """``effect`` with the action's picks for it written into its open choices (the queue is consumed)."""
    queue = _queue(game, effect.name, own)
    if not queue:
        return effect

    def take(kind: str) -> Any:
        if not queue:
            return None
        pick = queue.pop(0)
        if pick is None:
            return None
        if kind == "count" and isinstance(pick, int) and not isinstance(pick, bool):
            return pick
        if kind == "cards" and isinstance(pick, str):
            return [pick]
        if kind == "cards" and isinstance(pick, list):
            return list(pick)
        if kind == "options" and isinstance(pick, list) and all(isinstance(n, int) and not isinstance(n, bool) for n in pick):
            return list(pick)
        if kind == "options" and isinstance(pick, int) and not isinstance(pick, bool):
            return [pick]
        wanted = {"count": "枚数", "options": "候補の番号"}.get(kind, "カード")
        game.reject_choice(f"｛{effect.name}｝の選択 {pick!r} は{wanted}の選択に充てられない", PICKS_IN_TEXT_ORDER)
        return None

    return effect.model_copy(update={"sentences": [_fill(s, take) for s in effect.sentences]})


def _queue(game: "Game", name: str, own: bool) -> list[Any] | None:
    picks = game.choices.picks
    if picks is None:
        return None
    if isinstance(picks, dict):
        key: str | None = name
        given = picks.get(name)
    else:
        if not own:
            return None
        key, given = None, picks
    if given is None:
        return None
    return game.pick_queues.setdefault(key, list(given))


def _fill(value: Any, take: Take) -> Any:
    if isinstance(value, Selector):
        if (value.choose is not None or value.slots is not None) and value.chosen is None:
            return _chosen(value, take("cards"))
        return value
    if isinstance(value, DrawSpec):
        if value.up_to is not None and value.chosen is None:
            return _chosen(value, take("count"))
        return value
    if isinstance(value, ChooseEffectsSpec) and value.chosen is None:
        # Which options first: every pick is made before any option is done (6.5.7).
        chosen = take("options")
        options = _fill(value.options, take)
        return value.model_copy(update={"chosen": chosen, "options": options})
    if isinstance(value, SummonWithoutSetSpec) and value.empty_slot and value.count > 1:
        # The cards first, then the own cards those that find no empty slot go onto (14.2).
        card = _fill(value.card, take)
        overflow = take("cards") if value.overflow_onto is None else value.overflow_onto
        return value.model_copy(update={"card": card, "overflow_onto": overflow})
    if isinstance(value, (DiscardSpec, HandToDeckSpec, SearchSpec)):
        return _chosen(value, take("cards")) if value.chosen is None else value
    if isinstance(value, Step) and value.kind == "discard" and isinstance(value.discard, int):
        chosen = take("cards")
        if chosen is None:
            return value
        return value.model_copy(update={"discard": DiscardSpec(count=value.discard, chosen=chosen)})
    if isinstance(value, BaseModel):
        update = {}
        for name in type(value).model_fields:
            old = getattr(value, name)
            new = _fill(old, take)
            if new is not old:
                update[name] = new
        return value.model_copy(update=update) if update else value
    if isinstance(value, list):
        filled = [_fill(item, take) for item in value]
        return filled if any(a is not b for a, b in zip(filled, value)) else value
    return value


def _chosen(model: BaseModel, pick: Any) -> BaseModel:
    return model if pick is None else model.model_copy(update={"chosen": pick})
