"""Chapter 7 conditions: the wording grammar, the one matching function, and ``adjudicator match`` /
``/api/match`` / ``/match`` built on them."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from adjudicator.cli import main
from adjudicator.format import matching
from adjudicator.format.effects import Where
from adjudicator.format.errors import ScenarioError
from adjudicator.format.loading import load_scenario
from adjudicator.format.scenario import FORMAT
from adjudicator.format.matching import CardInformation
from adjudicator.format.wording import WordingError, read_condition

NOBUNAGA = CardInformation("尾張の大うつけ　織田信長", rank=3, power=5000, attributes=("戦国時代", "武将", "男性"),
                           effect_names=("天下布武",))
HIDEYOSHI = CardInformation("豊臣秀吉", rank=3, power=4500, attributes=("戦国時代", "武将"))
RIKYU = CardInformation("千利休", rank=2, power=2000, attributes=("戦国時代", "文化人"))
SEKIGAHARA = CardInformation("関ヶ原の戦い", type="event", level=2, attributes=("江戸時代",))


def where(wording: str) -> Where:
    return Where.model_validate(wording)


def met(wording: str, card: CardInformation) -> bool:
    return matching.matches(where(wording), card)


@pytest.mark.parametrize(("wording", "expected"), [
    ("〈信長〉〈秀吉〉", {"name": ["信長", "秀吉"]}),                                     # 7.3.2, 7.3.6
    ("〈信長〉でない", {"not": {"name": "信長"}}),                                         # 7.3.3
    ("〈信長〉でない【武将】", {"not": {"name": "信長"}, "attribute": "武将"}),              # 7.3.3 first half
    ("【武将】【文化人】でない人物", {"not": {"attribute": ["武将", "文化人"]}, "type": "person"}),  # 7.3.3 second half
    ("【戦国時代】か【江戸時代】", {"attribute": ["戦国時代", "江戸時代"]}),
    ("【武将】かつ【男性】", {"all_of": [{"attribute": "武将"}, {"attribute": "男性"}]}),   # 7.3.1
    ("ランク2以上の【武将】", {"rank_at_least": 2, "attribute": "武将"}),
    ("ランク2の【武将】ランク1の【文化人】", {"any_of": [{"rank": 2, "attribute": "武将"}, {"rank": 1, "attribute": "文化人"}]}),  # 7.3.5
    ("レベル２以下の事変", {"level_at_most": 2, "type": "event"}),
    ("属性が「武士」の人物", {"attribute": "武士", "type": "person"}),                      # 7.1.5
    ("効果名に「天下」を含む", {"effect_name": "天下"}),
])
def test_the_grammar_reads_chapter_7_wordings(wording, expected):
    assert read_condition(wording).where == expected


def test_each_production_names_its_reading():
    assert "adjacent_brackets" in read_condition("〈信長〉〈秀吉〉").readings
    assert "units" in read_condition("ランク2の【武将】ランク1の【文化人】").readings
    assert "trailing_noun" in read_condition("【武将】か【文化人】の人物カード").readings
    assert "old_notation" in read_condition("「織田信長」").readings


@pytest.mark.parametrize("wording", ["〈信長", "【武将】の", "〈信長〉と", "〈信長〉と〈秀吉〉とは", "信長", "", "ランク以上", "〈a〉" * 70])
def test_unreadable_wording_is_an_error_not_a_silent_no_match(wording):
    with pytest.raises(WordingError):
        read_condition(wording)


def test_unclosed_bracket_is_named():
    with pytest.raises(WordingError, match="閉じ忘れ"):
        read_condition("〈信長")


def test_partial_match_is_consecutive_and_ignores_the_epithet():
    assert met("〈織田〉", NOBUNAGA) and met("〈田信〉", NOBUNAGA)          # 7.1.2
    assert not met("〈織信〉", NOBUNAGA)                                   # not consecutive
    assert not met("〈うつけ〉", NOBUNAGA)                                 # only in the epithet (7.1.4)
    assert met("【武】", NOBUNAGA) and not met("【武将】", SEKIGAHARA)


def test_each_bracket_kind_reads_its_own_information():
    # 7.1.1: 〈天下〉 is a name, ｛天下｝ an effect name.
    tenkabito = CardInformation("天下人　豊臣秀吉", rank=3)
    assert met("｛天下｝", NOBUNAGA) and not met("｛天下｝", tenkabito)
    assert not met("〈天下〉", NOBUNAGA)


def test_and_or_not():
    assert met("〈信長〉〈秀吉〉", HIDEYOSHI) and not met("〈信長〉〈秀吉〉", RIKYU)
    assert met("〈信長〉でない", RIKYU) and not met("〈信長〉でない", NOBUNAGA)
    assert met("〈信長〉でない【武将】", HIDEYOSHI) and not met("〈信長〉でない【武将】", NOBUNAGA)
    assert not met("〈信長〉でない【武将】", RIKYU)
    assert met("【武将】かつ【男性】", NOBUNAGA) and not met("【武将】かつ【男性】", HIDEYOSHI)
    assert met("【武将】【文化人】でない人物", CardInformation("出雲阿国", rank=1, attributes=("芸能",)))
    assert not met("【武将】【文化人】でない人物", RIKYU)


def test_rank_level_power_and_kind():
    assert met("ランク3以上の人物", NOBUNAGA) and not met("ランク3以上の人物", RIKYU)
    assert not met("ランク0以上", SEKIGAHARA)                  # an event has no rank (2.2.2)
    assert met("レベル2の事変", SEKIGAHARA) and not met("レベル2", NOBUNAGA)
    assert met("パワー2000以下", RIKYU) and not met("パワー2000以下", HIDEYOSHI)
    assert met("事変", SEKIGAHARA) and not met("人物", SEKIGAHARA)


def test_a_face_down_card_meets_no_condition_on_information_negated_or_not():
    down = CardInformation("伏兵", rank=1, known=False, face_up=False)
    assert not met("〈信長〉でない", down) and not met("〈伏兵〉", down)     # 3.1.2, 3.1.3
    assert matching.matches(Where(state="rest"), CardInformation("伏兵", known=False, face_up=False, rested=True))


def test_where_accepts_wording_in_a_value_and_refuses_the_wrong_bracket():
    assert Where.model_validate({"name": "〈信長〉〈秀吉〉"}).name == ["信長", "秀吉"]
    assert Where.model_validate({"name": "〈信長〉"}).name == "〈信長〉"       # the spec's own form, unchanged
    with pytest.raises(Exception, match="7.1.1"):
        Where.model_validate({"name": "【武将】"})


@pytest.mark.parametrize("value, code, rule", [
    ({"name": "【武将】"}, "wording_wrong_bracket", "7.1.1"),
    ({"attribute": ["【武将】", "【文化人】でない"]}, "wording_in_list", "7.3.2"),
    ({"name": "信長（のぶなが）"}, "wording_ruby", "7.1.3"),
    ({"name": "〈信長(のぶなが)〉"}, "wording_ruby", "7.1.3"),
    ("〈信長（のぶなが）〉でない【武将】", "wording_ruby", "7.1.3"),
])
def test_where_refusals_have_their_own_codes_and_clauses(value, code, rule):
    effect = {"name": "謀反", "sentences": [{"do": [{"rest": {"player": "opponent", "all": True, "where": value}}]}]}
    scenario = {
        "format": FORMAT, "title": "t", "game": {"round": 2, "first_player": "A", "turn_player": "A", "phase": "effect"},
        "players": {"A": {"deck": 5, "field": {1: {"card": {"name": "明智光秀", "rank": 1, "power": 1000,
                                                            "effects": [effect]}}}}, "B": {"deck": 5}},
        "actions": [{"activate": {"card": "A1", "effect": "謀反"}}],
    }
    with pytest.raises(ScenarioError) as refused:
        load_scenario(scenario)
    [error] = refused.value.errors
    assert (error.code, error.rule) == (code, rule) and "where" in error.path
    assert error.message_ja != error.message and rule in error.message_ja


def test_a_word_with_its_ruby_is_refused_not_matched_as_written():
    # 7.1.3: 〈信長（のぶなが）〉 matches only a card whose ruby matches; reading 「信長（のぶなが）」 as the word
    # would match no card at all, silently.
    with pytest.raises(WordingError, match="7.1.3"):
        read_condition("〈信長（のぶなが）〉")
    assert read_condition("〈信長〉でない").where == {"not": {"name": "信長"}}  # 7.1.3: no ruby, compared without
    with pytest.raises(WordingError) as refused:
        read_condition("【武将】か〈信長（のぶなが）〉")
    assert refused.value.rule == "7.1.3" and refused.value.word == "信長（のぶなが）"


def test_a_scenario_with_unreadable_wording_is_refused_with_its_path():
    scenario = {
        "format": FORMAT, "title": "t", "game": {"round": 2, "first_player": "A", "turn_player": "A", "phase": "effect"},
        "players": {"A": {"deck": 5, "field": {1: {"card": {"name": "明智光秀", "rank": 1, "power": 1000, "effects": [
            {"name": "謀反", "sentences": [{"do": [{"rest": {"player": "opponent", "all": True, "where": "〈信長〉と"}}]}]}]}}}},
                    "B": {"deck": 5}},
        "actions": [{"activate": {"card": "A1", "effect": "謀反"}}],
    }
    with pytest.raises(ScenarioError) as refused:
        load_scenario(scenario)
    assert any("where" in e.path and "読めない" in e.message_ja for e in refused.value.errors)


def test_trace_names_the_negation_in_words():
    from adjudicator.engine import resolve
    from adjudicator.reading import load_scenario
    from adjudicator import paths

    trace = resolve(load_scenario((paths.scenarios_dir() / "rules/chapter7/not-name.yaml").read_text("utf-8"))).to_json()
    considered = json.dumps(trace, ensure_ascii=False)
    assert "〈信長〉でない" in considered and "〈〈" not in considered


def test_judge_explains_what_matched():
    verdict = matching.judge(where("〈織田〉"), NOBUNAGA)
    assert verdict.met and verdict.checks[0].found == "人物名「織田信長」が「織田」を含む"
    assert {"7.1.2", "7.1.4"} <= set(verdict.clauses)
    missed = matching.judge(where("〈うつけ〉"), NOBUNAGA)
    assert not missed.met and "異名「尾張の大うつけ」" in missed.checks[0].note


# --- the command, the API and the page --------------------------------------------------------------


def run(*args: str):
    return CliRunner().invoke(main, ["match", *args])


def test_cli_match_answers_with_the_part_that_matched(data_dir, _session_env):
    result = run("〈織田〉", "--card", "尾張の大うつけ 織田信長", "--no-library", "--json")
    answer = json.loads(result.output)
    assert result.exit_code == 0 and answer["answer"] == "yes"
    assert answer["card"]["name"] == "尾張の大うつけ　織田信長"                 # the typed space is U+3000 (2.2.4)
    assert "7.1.4" in answer["cites"] and "「織田」を含む" in answer["checks"][0]["found"]


def test_cli_match_says_unknown_instead_of_guessing(data_dir, _session_env):
    answer = json.loads(run("【武将】", "--card", "名もなき兵", "--no-library", "--json").output)
    assert answer["answer"] == "unknown" and answer["met"] is None and answer["missing"] == ["属性"]
    known_none = json.loads(run("【武将】", "--card", "名もなき兵", "--attributes", "なし", "--no-library", "--json").output)
    assert known_none["answer"] == "no"


def test_cli_match_refuses_unreadable_wording(data_dir, _session_env):
    result = run("〈信長", "--card", "織田信長", "--no-library")
    assert result.exit_code == 2 and "読めない" in result.output


def test_api_match_get_and_post(client):
    got = client.get("/api/match", query_string={"condition": "〈信長〉でない", "card": "豊臣秀吉"})
    assert got.status_code == 200 and got.json["answer"] == "yes" and "7.3.3" in got.json["cites"]
    posted = client.post("/api/match", json={"condition": "ランク2以上の【武将】",
                                             "card": {"name": "千利休", "rank": 2, "attributes": ["戦国時代", "文化人"]}})
    assert posted.status_code == 200 and posted.json["answer"] == "no" and "7.3.1" in posted.json["cites"]


@pytest.mark.parametrize("query", [{"condition": "〈信長", "card": "x"}, {"condition": "", "card": "x"},
                                   {"condition": "〈a〉", "card": "x", "rank": "abc"}, {"condition": "x" * 300, "card": "x"}])
def test_api_match_bad_input_is_a_400(client, query):
    answer = client.get("/api/match", query_string=query)
    assert answer.status_code == 400 and answer.json["error"]


def test_match_page_in_japanese_with_clause_chips_and_escaped_input(client):
    page = client.get("/match", query_string={"condition": "〈織田〉", "card": "尾張の大うつけ　織田信長"}).get_data(as_text=True)
    assert "一致する" in page and 'href="/rules/hi-story/7.1.4"' in page
    hostile = client.get("/match", query_string={"condition": "<script>alert(1)</script>", "card": "<b>x</b>"})
    assert hostile.status_code == 400 and "<script>alert" not in hostile.get_data(as_text=True)
    assert client.get("/match.json", query_string={"condition": "【武将】", "card": "柴田勝家", "attributes": "武将"}).json["answer"] == "yes"


def test_a_list_of_words_holds_words_not_wording():
    with pytest.raises(Exception, match="one word an item"):
        Where.model_validate({"name": ["〈信長〉でない", "秀吉"]})
    assert Where.model_validate({"name": ["〈信長〉", "秀吉"]}).name == ["〈信長〉", "秀吉"]


def test_api_match_bounds_its_body(client):
    answer = client.post("/api/match", json={"condition": "〈信長〉", "card": {"name": "x", "attributes": ["a" * 100] * 700}})
    assert answer.status_code == 413 and answer.json["error"]


def test_unknown_information_decides_nothing_unless_the_answer_does_not_turn_on_it():
    bare = CardInformation("尾張の大うつけ　織田信長")                    # nothing but the name was given
    unknown = frozenset({"attribute", "rank", "power", "role"})
    assert matching.decide(where("【武将】"), bare, unknown) is None
    assert matching.decide(where("〈信長〉か【武将】"), bare, unknown) is True      # 7.3.2: one is enough
    assert matching.decide(where("〈秀吉〉かつ【武将】"), bare, unknown) is False   # 7.3.1: one fails
    assert matching.decide(where("【武将】でない"), bare, unknown) is None          # 7.3.3: still unknown
    assert matching.decide(where("ランク2以上の〈信長〉"), bare, unknown) is None


def test_cli_match_answers_what_is_decided_and_says_what_was_not_given(data_dir, _session_env):
    answer = json.loads(run("〈信長〉か【武将】", "--card", "織田信長", "--no-library", "--json").output)
    assert answer["answer"] == "yes" and answer["missing"] == []
    assert "属性は入力されていないが、それによらず決まる" in answer["notes"]
