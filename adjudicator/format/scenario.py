"""The scenario format ``hi-story-scenario/1``: the top-level model, and walkers over its cards.

A scenario is one judge's question: a board, the actions taken on it, and what the answer must be
(``shared/spec/scenario-format.md``). Loading (``adjudicator.format.loading``) validates the whole structure
with pydantic so that every error names its path (``players.A.field.6``) and what was expected; loading never
resolves anything. The models are immutable; the engine builds its own mutable board from them. The schema
is split by area: ``effects``, ``board``, ``actions``, ``expect``.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, field_validator, model_validator

from adjudicator.format.actions import Action
from adjudicator.format.base import MAX_ACTIONS, MAX_TEXT, SLOT_REFS, Strict
from adjudicator.format.board import GameSpec, PlayerSpec
from adjudicator.format.errors import problem
from adjudicator.format.expect import Expect
from adjudicator.vocabulary import PLAYER_IDS, PlayerId

FORMAT = "hi-story-scenario/1"


class Scenario(Strict):
    format: Literal["hi-story-scenario/1"]
    title: str = Field(min_length=1, max_length=200)
    question: str | None = Field(default=None, max_length=MAX_TEXT)
    game: GameSpec
    players: dict[PlayerId, PlayerSpec]
    actions: list[Action] = Field(default_factory=list, max_length=MAX_ACTIONS)
    expect: Expect | None = None

    @field_validator("players")
    @classmethod
    def _both_players(cls, value: dict[str, PlayerSpec]) -> dict[str, PlayerSpec]:
        missing = [p for p in PLAYER_IDS if p not in value]
        if missing:
            raise problem("players_missing", missing=missing)
        return value

    @model_validator(mode="after")
    def _unique_ids(self) -> "Scenario":
        # The error names the second declaration's path ("@…" extends the path, see _errors).
        first_at: dict[str, str] = {}
        for path, card in iter_card_paths(self):
            if card.id is None:
                continue
            if card.id in SLOT_REFS:
                raise problem("id_like_slot", at=f"{path}.id", id=card.id)
            if card.id in first_at:
                raise problem("id_used_twice", at=f"{path}.id", id=card.id, first=first_at[card.id])
            first_at[card.id] = f"{path}.id"
        return self

    def dump(self) -> dict[str, Any]:
        """The canonical plain form: load(dump(s)) == s."""
        return self.model_dump(mode="json", by_alias=True, exclude_defaults=True)


def iter_cards(scenario: Scenario):
    """Every card the scenario declares, in a stable order (players, zones, slots)."""
    return (card for _, card in iter_card_paths(scenario))


def iter_card_paths(scenario: Scenario):
    """(path, card) for every card the scenario declares, the path as errors name it (players.A.hand.0)."""
    for player_id in PLAYER_IDS:
        player = scenario.players[player_id]
        for zone in ("deck", "hand", "graveyard"):
            cards = getattr(player, zone)
            if isinstance(cards, list):
                yield from ((f"players.{player_id}.{zone}.{i}", card) for i, card in enumerate(cards))
        for slot in sorted(player.field):
            stack = player.field[slot]
            if stack.card is not None:
                yield f"players.{player_id}.field.{slot}.card", stack.card
            else:
                yield from ((f"players.{player_id}.field.{slot}.cards.{i}", card) for i, card in enumerate(stack.all_cards))
