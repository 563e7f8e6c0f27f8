"""7.3.11: 「最もパワーが高いカード」 — every tied card counts, never narrowed to one: the format's ``most``, the
engine's selection, the reader's wording and its read-back."""

from __future__ import annotations

import pytest

from adjudicator.engine import resolve
from adjudicator.format.errors import ScenarioError
from adjudicator.reading import load_scenario
from adjudicator.format.effects import Selector
from adjudicator.reading import read_effect
from tests.scenario_builder import scenario as build


def _board(text: str, b_field: dict, actions: list | None = None) -> dict:
    """A's 明智光秀 in A1 with the effect ``text`` (activated unless actions are given) against B's field."""
    card = {"name": "明智光秀", "rank": 1, "power": 2000, "effects": [{"name": "効果", "text": text}]}
    return build({"deck": 10, "field": {1: {"card": card}}}, {"deck": 10, "field": b_field},
                 actions or [{"activate": {"card": "A1", "effect": "効果"}}], title="最上級", phase="effect")


def _card(name: str, rank: int, power: int, **more) -> dict:
    return {"card": {"name": name, "rank": rank, "power": power}, **more}


def _states(trace: dict) -> dict[str, str]:
    return {slot: stack["state"] for slot, stack in trace["final"]["B"]["field"].items()}


@pytest.mark.parametrize(("text", "most"), [
    ("相手の場の最もパワーが高いカードを全てレストする。", {"power": "highest"}),
    ("相手の場のパワーが最も低いカードを全てレストする。", {"power": "lowest"}),
    ("相手の場の最もランクが高い【武将】を全てレストする。", {"rank": "highest"}),
    ("相手の場のランクが最も低いカードを1枚選び、レストする。", {"rank": "lowest"}),
])
def test_the_reader_reads_superlatives_into_most_citing_7_3_11(text, most):
    reading = read_effect(text)
    assert reading.unread == ()
    [sentence] = reading.sentence_dumps()
    [step] = sentence["do"]
    assert step["rest"]["most"] == most and step["rest"]["player"] == "opponent"
    assert "7.3.11" in reading.cites and "7.3.11" in reading.explanation[0].cites
    assert "最も" in reading.explanation[0].text_ja and "全て" in reading.explanation[0].text_ja


def test_a_superlative_without_a_count_or_all_is_not_guessed():
    reading = read_effect("相手の場の最もパワーが高いカードをレストする。")
    assert reading.sentences == () and reading.unread


def test_every_tied_card_is_selected_and_a_face_down_card_has_no_power_to_compare():
    field = {1: _card("織田信長", 3, 5000), 2: _card("豊臣秀吉", 3, 5000), 3: _card("千利休", 2, 3000),
             4: _card("伏兵", 3, 9000, face="down")}
    trace = resolve(load_scenario(_board("相手の場の最もパワーが高いカードを全てレストする。", field))).to_json()
    assert _states(trace) == {"1": "rest", "2": "rest", "3": "active", "4": "active"}
    assert "7.3.11" in {c for step in trace["steps"] for c in step["cites"]}


def test_lowest_rank_is_the_effective_rank_and_one_lowest_card_is_taken_alone():
    field = {1: _card("足軽", 0, 1000), 2: _card("侍", 1, 2000), 3: _card("武将", 2, 3000)}
    trace = resolve(load_scenario(_board("相手の場の最もランクが低いカードを全てレストする。", field))).to_json()
    assert _states(trace) == {"1": "rest", "2": "active", "3": "active"}


def test_choosing_among_tied_cards_is_the_players_decision_and_others_are_no_option():
    field = {1: _card("織田信長", 3, 5000), 2: _card("豊臣秀吉", 3, 5000), 3: _card("千利休", 2, 3000)}
    text = "相手の場の最もパワーが高いカードを1枚選び、レストする。"
    trace = resolve(load_scenario(_board(text, field))).to_json()
    assert sorted(trace["decision"]["options"]) == ["B1", "B2"]
    rejected = resolve(load_scenario(_board(text, field, [{"activate": {"card": "A1", "effect": "効果", "picks": ["B3"]}}]))).to_json()
    assert rejected["legal"] is False and _states(rejected)["3"] == "active"


@pytest.mark.parametrize("selector", [
    {"all": True, "most": {}},
    {"all": True, "most": {"power": "highest", "rank": "lowest"}},
    {"this": True, "most": {"power": "highest"}},
    {"zone": "hand", "choose": 1, "most": {"rank": "highest"}},
    {"all": True, "most": {"power": "most"}},
])
def test_a_malformed_superlative_is_a_clear_error(selector):
    with pytest.raises(Exception) as refused:
        Selector.model_validate(selector)
    assert "most" in str(refused.value) or "power" in str(refused.value)


def test_a_superlative_on_a_hidden_zone_is_a_load_error_not_a_ruling():
    effect = {"name": "効果", "sentences": [{"do": [{"rest": {"zone": "hand", "choose": 1, "most": {"power": "highest"}}}]}]}
    board = _board("x", {1: _card("足軽", 0, 1000)})
    board["players"]["A"]["field"][1]["card"]["effects"] = [effect]
    with pytest.raises(ScenarioError) as refused:
        load_scenario(board)
    assert any(e.code == "superlative_on_field" and e.rule == "7.3.11" for e in refused.value.errors)


# --- 7.3.8: 「合わせてn枚まで」, one combined count over the groups 「と」 joins ------------------------------


@pytest.mark.parametrize(("text", "selector"), [
    ("相手の場の【武将】と【文化人】を合わせて2枚まで選び、レストする。",
     {"player": "opponent", "choose": 2, "up_to": True, "where": {"attribute": ["武将", "文化人"]}}),
    ("相手の場のレストしているカードと〈信長〉を合わせて2枚、レストする。",
     {"player": "opponent", "choose": 2, "where": {"any_of": [{"state": "rest"}, {"name": "信長"}]}}),
    ("自分の場の【武将】とランク1の【足軽】を合わせて3枚まで選び、レストする。",
     {"choose": 3, "up_to": True, "where": {"any_of": [{"attribute": "武将"}, {"rank": 1, "attribute": "足軽"}]}}),
])
def test_together_is_one_combined_count_over_the_groups(text, selector):
    reading = read_effect(text)
    assert reading.unread == ()
    assert reading.sentence_dumps() == [{"do": [{"rest": selector}]}]
    assert {"7.3.8", "7.3.7"} <= set(reading.cites)


def test_together_with_every_or_a_superlative_is_not_guessed():
    for text in ("相手の場の全ての【武将】と【文化人】を合わせて2枚まで選び、レストする。",
                 "相手の場の最もパワーが高い【武将】と【文化人】を合わせて2枚まで選び、レストする。"):
        reading = read_effect(text)
        assert reading.sentences == () and reading.unread, text


def test_together_lets_the_pick_fall_in_one_group_only():
    field = {1: {"card": {"name": "織田信長", "rank": 3, "power": 5000, "attributes": ["武将"]}},
             2: {"card": {"name": "豊臣秀吉", "rank": 3, "power": 4500, "attributes": ["武将"]}},
             3: {"card": {"name": "千利休", "rank": 2, "power": 2000, "attributes": ["文化人"]}}}
    text = "相手の場の【武将】と【文化人】を合わせて2枚まで選び、レストする。"
    picked = [{"activate": {"card": "A1", "effect": "効果", "picks": [["B1", "B2"]]}}]
    trace = resolve(load_scenario(_board(text, field, picked))).to_json()
    assert trace["legal"] is True and _states(trace) == {"1": "rest", "2": "rest", "3": "active"}
    too_many = [{"activate": {"card": "A1", "effect": "効果", "picks": [["B1", "B2", "B3"]]}}]
    assert resolve(load_scenario(_board(text, field, too_many))).to_json()["legal"] is False
