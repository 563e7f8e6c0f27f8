"""Markup typed by a user where the service shows text back: it must come back escaped, never run."""

from __future__ import annotations

XSS = '<script>alert("x")</script><img src=x onerror=alert(1)>'


def hostile_scenario() -> dict:
    """A legal scenario whose every free-text field is markup (title, question, card and effect names)."""
    card = {"name": XSS, "rank": 1, "power": 1000, "role": "attacker",
            "effects": [{"name": XSS, "mark": "none", "text": XSS, "sentences": [{"do": [{"draw": 1}]}]}]}
    return {
        "format": "hi-story-scenario/1",
        "title": XSS,
        "question": f'"{XSS}" \' & </title></head>',
        "game": {"round": 5, "first_player": "A", "turn_player": "A", "phase": "effect"},
        "players": {"A": {"deck": 20, "graveyard": 0, "hand": 0, "field": {"1": {"card": card}}},
                    "B": {"deck": 20, "graveyard": 0, "hand": 0}},
        "actions": [{"activate": {"card": "A1", "effect": XSS}}],
    }
