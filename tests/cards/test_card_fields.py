"""The builder's card fields without JavaScript: a card filled from the library, a pasted effect text read
back sentence by sentence before anything resolves, the hand-written form for an unread sentence only,
and a text-only effect resolved by what its text says."""

from __future__ import annotations

import re

CARD = "players.A.field.1.cards.0"
EFFECT = f"{CARD}.effects.0"


def board(**fields: str) -> dict[str, str]:
    form = {
        "title": "貼り付けた効果文", "game.round": "5", "game.first_player": "A", "game.turn_player": "A",
        "game.phase": "effect", "players.A.deck.count": "10", "players.B.deck.count": "10",
        "players.B.graveyard.count": "0",
        "players.A.field.1.face": "up", "players.A.field.1.state": "active",
        f"{CARD}.name": "明智光秀", f"{CARD}.type": "person", f"{CARD}.rank": "2", f"{CARD}.power": "3000",
        f"{CARD}.role": "attacker",
        "players.B.field.1.face": "up", "players.B.field.1.state": "active",
        "players.B.field.1.cards.0.name": "尾張の大うつけ　織田信長", "players.B.field.1.cards.0.type": "person",
        "players.B.field.1.cards.0.rank": "3", "players.B.field.1.cards.0.power": "5000",
        "players.B.field.1.cards.0.role": "attacker",
        "actions.0.kind": "activate", "actions.0.card": "A1", "actions.0.effect": "謀反",
        f"{EFFECT}.name": "謀反", f"{EFFECT}.mark": "none",
    }
    form.update(fields)
    return form


def value_of(page: str, name: str) -> str:
    found = re.search(rf'name="{re.escape(name)}" type="text" value="([^"]*)"', page)
    return found.group(1) if found else ""


def test_a_card_is_filled_from_the_library_by_its_name(client):
    form = {"op": f"library:{CARD}", f"{CARD}.name": "くノ一", "players.A.field.1.face": "up"}
    page = client.post("/scenario/new", data=form).get_data(as_text=True)
    assert "カードライブラリの〈くノ一〉を入れました" in page
    assert value_of(page, f"{CARD}.power") == "1000" and value_of(page, f"{EFFECT}.name") == "潜入"
    assert "相手の山札の上から2枚を墓地へ送る。" in page


def test_an_unknown_or_ambiguous_name_is_said_and_nothing_is_filled(client):
    unknown = client.post("/scenario/new", data={"op": f"library:{CARD}", f"{CARD}.name": "存在しない武将"}).get_data(as_text=True)
    assert "カードライブラリに「存在しない武将」はありません" in unknown
    several = client.post("/scenario/new", data={"op": f"library:{CARD}", f"{CARD}.name": "信長"}).get_data(as_text=True)
    assert "複数あります" in several and value_of(several, f"{CARD}.rank") == ""


def test_the_pasted_text_is_read_back_with_clause_chips_before_resolving(client):
    form = board(op="refresh", **{f"{EFFECT}.text": "相手の場の〈信長〉を全て墓地へ送る。"})
    page = client.post("/scenario/new", data=form).get_data(as_text=True)
    reading = page[page.index('class="card-text-reading"'):]
    reading = reading[: reading.index("</div>")]
    assert "全て読めました" in reading and "相手の場の〈信長〉のカード全てを墓地へ送る。" in reading
    assert 'href="/rules/hi-story/7.1.4"' in reading and 'href="/rules/hi-story/8.3.1"' in reading


def test_an_unread_sentence_is_marked_and_only_it_is_offered_by_hand(client):
    text = "相手の場の〈信長〉を全て墓地へ送る。よくわからない文。"
    page = client.post("/scenario/new", data=board(op="refresh", **{f"{EFFECT}.text": text})).get_data(as_text=True)
    assert '<mark class="unread">よくわからない文</mark>' in page and "1文が読めません" in page
    assert f'value="handwrite:{EFFECT}"' in page
    refused = client.post("/scenario/new", data=board(op="resolve", **{f"{EFFECT}.text": text}))
    assert refused.status_code == 422 and "「よくわからない文」が読めない" in refused.get_data(as_text=True)
    written = client.post("/scenario/new", data=board(op=f"handwrite:{EFFECT}", **{f"{EFFECT}.text": text})).get_data(as_text=True)
    assert value_of(written, f"{EFFECT}.sentences.0.steps.0.value") == "{player: opponent, all: true, where: {name: 信長}}"
    assert value_of(written, f"{EFFECT}.sentences.1.steps.0.value") == "" and "文2は手で書いてください:「よくわからない文」" in written


def test_a_text_only_effect_resolves_by_its_text(client):
    sent = client.post("/scenario/new", data=board(op="resolve", **{f"{EFFECT}.text": "相手の場の〈信長〉を全て墓地へ送る。"}))
    assert sent.status_code == 303
    trace = client.get(sent.headers["Location"] + ".json").json["trace"]
    assert trace["final"]["B"]["graveyard"] == 1 and "1" not in trace["final"]["B"]["field"]
    rested = client.post("/scenario/new", data=board(op="resolve", **{f"{EFFECT}.text": "相手の場の〈信長〉を全てレストする。"}))
    trace = client.get(rested.headers["Location"] + ".json").json["trace"]
    assert trace["final"]["B"]["field"]["1"]["state"] == "rest"   # another text, another ruling


def test_the_reading_fragment_for_scripts(client):
    fragment = client.post("/scenario/card-text", data={"text": "カードを2枚引く。<b>x</b>", "prefix": EFFECT}).get_data(as_text=True)
    assert "カードを2枚引く。" in fragment and "<b>x</b>" not in fragment and "&lt;b&gt;" in fragment
    assert client.post("/scenario/card-text", data={"text": ""}).get_data(as_text=True).strip() == ""
