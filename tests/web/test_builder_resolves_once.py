"""One press of 判定する resolves the scenario once (issue 27): the builder only checks the board and sends the
judge to the ruling's page, which resolves it; before, the builder resolved it and the page resolved it again."""

from __future__ import annotations

import adjudicator.links.ruling as ruling_module

BLOCK = {
    "game.turn_player": "A", "game.order": "first", "game.round": "2", "game.phase": "attack",
    "players.A.deck.count": "10", "players.B.deck.count": "10",
    "players.A.field.1.cards.0.name": "織田信長", "players.A.field.1.cards.0.rank": "2",
    "players.A.field.1.cards.0.power": "4000", "players.A.field.1.cards.0.role": "attacker",
    "players.B.field.1.cards.0.name": "足軽", "players.B.field.1.cards.0.rank": "0",
    "players.B.field.1.cards.0.power": "1000", "players.B.field.1.cards.0.role": "blocker",
    "actions.0.kind": "attack", "actions.0.attacker": "A1", "actions.0.target": "deck",
    "actions.0.responses.0.choice": "block:B1", "actions.0.damage_zero": "no",
}


def test_one_press_of_resolve_resolves_once(client, monkeypatch):
    calls = []
    real = ruling_module.resolve
    monkeypatch.setattr(ruling_module, "resolve", lambda scenario: calls.append(scenario) or real(scenario))
    posted = client.post("/scenario/new", data={**BLOCK, "op": "resolve"})
    assert posted.status_code == 303
    page = client.get(posted.headers["Location"])
    assert page.status_code == 200 and "data-verdict" in page.get_data(as_text=True)
    assert len(calls) == 1


def test_an_impossible_board_is_still_refused_at_its_field_without_resolving(client, monkeypatch):
    calls = []
    monkeypatch.setattr(ruling_module, "resolve", lambda scenario: calls.append(scenario))
    answer = client.post("/scenario/new", data={**BLOCK, "players.A.events_this_turn": "2", "op": "resolve"})
    assert answer.status_code == 422
    assert 'id="error-players.A.events_this_turn"' in answer.get_data(as_text=True)  # 6.8.1: one event a turn
    assert calls == []
