"""An impossible board is reported with named reasons before anything resolves (like python-chess's status).

The schema already refuses what a single field can show (a rank 7, a negative power, an event with a power,
a duplicated id, a slot 6); this module checks what needs the whole scenario. Each problem has a name
(``UNKNOWN_CARD``), the path of the offending field, and a sentence saying what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from adjudicator.format.actions import Action, ActivateSpec, AttackSpec, EventSpec, SetSpec, SummonPhaseSpec
from adjudicator.format.base import SLOT_REFS
from adjudicator.format.scenario import Scenario, iter_cards
from adjudicator.engine.board import Board
from adjudicator.vocabulary import PLAYER_IDS

# A slot reference to an empty slot is not an impossible board but a question with an answer: there is no
# card there to attack, block with or set upon, so the action is illegal under the clause that needs the
# card (5.2.5, 11.1.4, 11.2.2) and legality.field_top reports it at resolution.
MAX_EVENTS_PER_TURN = 1  # 6.8.1, 11.2.4: one event per turn, in either player's turn


@dataclass(frozen=True)
class Problem:
    code: str
    path: str
    text: str

    def as_error(self) -> tuple[str, str]:
        return self.path, f"{self.code}: {self.text}"


def board_problems(scenario: Scenario, board: Board) -> list[tuple[str, str]]:
    """Every named reason the scenario's board cannot exist, as (path, text); empty when it can."""
    problems = [
        *_unknown_card_references(scenario),
        *_too_many_events(scenario),
        *_field_state_off_the_field(scenario),
        *_unknown_used_effects(scenario),
    ]
    return [problem.as_error() for problem in problems]


def _unknown_card_references(scenario: Scenario) -> Iterator[Problem]:
    """An action naming a card id that no card of the scenario declares."""
    declared = {card.id for card in iter_cards(scenario) if card.id}
    for index, action in enumerate(scenario.actions):
        for path, ref in _card_refs(action):
            if ref not in SLOT_REFS and ref != "deck" and ref not in declared:
                yield Problem("UNKNOWN_CARD", f"actions.{index}.{action.kind}.{path}", f"id が {ref} のカードはどこにも宣言されていない")


def _too_many_events(scenario: Scenario) -> Iterator[Problem]:
    for player_id in PLAYER_IDS:
        used = scenario.players[player_id].events_this_turn
        if used > MAX_EVENTS_PER_TURN:
            yield Problem(
                "TOO_MANY_EVENTS", f"players.{player_id}.events_this_turn",
                f"事変は1ターンに1枚しか発動できない（6.8.1）のに、このターン{used}枚発動したことになっている",
            )


_FIELD_ONLY = ("summoned_this_turn", "summoned_without_set_this_turn", "mark_used_this_turn", "power_mods", "rank_mods", "granted_role")


def _field_state_off_the_field(scenario: Scenario) -> Iterator[Problem]:
    """Hand, deck and graveyard cards carry no field state: leaving the field resets it (3.5.4)."""
    for player_id in PLAYER_IDS:
        player = scenario.players[player_id]
        for zone in ("deck", "hand", "graveyard"):
            cards = getattr(player, zone)
            if not isinstance(cards, list):
                continue
            for position, card in enumerate(cards):
                for name in _FIELD_ONLY:
                    if getattr(card, name):
                        yield Problem(
                            "FIELD_STATE_OFF_FIELD", f"players.{player_id}.{zone}.{position}.{name}",
                            f"{card.name} は場にないので {name} を持てない（場を離れると履歴と修正はリセットされる、3.5.4）",
                        )


def _unknown_used_effects(scenario: Scenario) -> Iterator[Problem]:
    for player_id in PLAYER_IDS:
        for slot, stack in sorted(scenario.players[player_id].field.items()):
            for position, card in enumerate(stack.all_cards):
                names = {effect.name for effect in card.effects}
                for used in card.once_used:
                    if used not in names:
                        yield Problem(
                            "UNKNOWN_EFFECT_USED", f"players.{player_id}.field.{slot}.{position}.once_used",
                            f"{card.name} は効果｛{used}｝を持たない",
                        )


def _card_refs(action: Action) -> list[tuple[str, str]]:
    """(path, reference) of every card an action names."""
    argument = action.argument
    if isinstance(argument, AttackSpec):
        refs = [("attacker", argument.attacker), ("target", argument.target)]
        return refs + [(f"response.{d.kind}", d.ref) for d in argument.defences]
    if isinstance(argument, SetSpec):
        return [("card", argument.card), ("onto", argument.onto)]
    if isinstance(argument, SummonPhaseSpec):
        return [(f"summon.{i}", e if isinstance(e, str) else e.card) for i, e in enumerate(argument.summon)]
    if isinstance(argument, (ActivateSpec, EventSpec)):
        return [("card", argument.card)]
    return []
