"""Every error names the input the judge must fix, in the form's words (issue 27: a missing effect name was
reported as 「カード名」), and a required input says so before anything is sent."""

from __future__ import annotations

import re

import pytest

GAME = {"game.turn_player": "A", "game.phase": "attack", "game.round": "2", "game.order": "first"}
SUMMARY = re.compile(r'<li><a href="#([^"]+)">([^<]+)</a>: ([^<]+)</li>')


@pytest.mark.parametrize(("form", "field", "label"), [
    ({"players.A.field.1.cards.0.name": "武将", "players.A.field.1.cards.0.effects.0.text": "カードを1枚引く。"},
     "players.A.field.1.cards.0.effects.0.name", "A1・カード1・効果1・効果名"),
    ({"players.A.hand.cards.0.name": "奇襲", "players.A.hand.cards.0.type": "event", "players.A.hand.cards.0.id": "ev",
      "players.A.hand.cards.0.effects.0.text": "カードを1枚引く。"},
     "players.A.hand.cards.0.effects.0.name", "プレイヤーA・手札・カード1・効果1・効果名"),
    ({"actions.0.kind": "event", "actions.0.played.type": "event", "actions.0.played.effects.0.text": "カードを1枚引く。"},
     "actions.0.played.name", "行動1・使う事変・カード名"),
])
def test_an_error_names_the_input_to_fix(client, form, field, label):
    html = client.post("/scenario/new", data={**GAME, **form, "op": "check"}).get_data(as_text=True)
    assert (field, label, "入力してください") in SUMMARY.findall(html)
    assert f'id="error-{field}"' in html  # and it stands next to that input


def test_required_inputs_are_marked(client):
    html = client.post("/scenario/new", data={"op": "act:event"}).get_data(as_text=True)
    for name, label in (("actions.0.played.name", "カード名（必須）"),
                        ("actions.0.played.effects.0.text", "効果文（カードのとおりに貼り付け）（必須）")):
        assert f'<label for="{name}">{label}</label>' in html
    html = client.post("/scenario/new", data={"players.A.field.1.cards.0.name": "武将",
                                             "op": "add:players.A.field.1.cards.0.effects"}).get_data(as_text=True)
    assert '<label for="players.A.field.1.cards.0.effects.0.name">効果名（必須）</label>' in html
