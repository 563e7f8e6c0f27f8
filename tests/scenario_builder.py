"""One way to build a scenario in a test: :func:`scenario` writes the format's dict around what the test gives.

A test names only what its question is about: the players' zones (``a``, ``b``: each player's deck, hand,
graveyard and field as the scenario format writes them), the actions, and the game's round, phase and turn
player (keywords); everything else is a legal default. The dict is returned as the format reads it, so a
test may also change it, dump it, post it or load it (``load_scenario``).
"""

from __future__ import annotations

from typing import Any

FORMAT = "hi-story-scenario/1"
DECK = 20


def scenario(a: dict | None = None, b: dict | None = None, actions: list | None = None, *, title: str = "test",
             **game: Any) -> dict[str, Any]:
    """A scenario dict: round 3 of A's turn (A went first) in the attack phase unless ``game`` says otherwise,
    each player's deck ``DECK`` cards unless ``a``/``b`` say otherwise, and ``actions`` (none by default)."""
    return {
        "format": FORMAT,
        "title": title,
        "game": {"round": 3, "first_player": "A", "turn_player": "A", "phase": "attack", **game},
        "players": {"A": {"deck": DECK, **(a or {})}, "B": {"deck": DECK, **(b or {})}},
        "actions": list(actions or []),
    }


def one_effect(effect: dict, actions: list | None = None, hand: int = 3) -> dict[str, Any]:
    """A's 武将 in A1 with ``effect`` (activated unless ``actions`` are given) against B's 足軽 and 侍."""
    return scenario(
        {"deck": 10, "hand": hand, "field": {1: {"card": {"name": "武将", "rank": 1, "power": 2000, "effects": [effect]}}}},
        {"deck": 10, "field": {1: {"card": {"name": "足軽", "rank": 0, "power": 1000}},
                               2: {"card": {"name": "侍", "rank": 1, "power": 2000}}}},
        actions if actions is not None else [{"activate": {"card": "A1", "effect": "効果"}}],
        title="読み取り", phase="effect",
    )
