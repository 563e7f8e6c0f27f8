"""A ruling that stops says so (issue 27): the trace's ``progress`` counts the actions judged, names the one it
stopped in and what it needs in the judge's words, and the headline never reads as a complete ruling."""

from __future__ import annotations

import copy

from adjudicator.engine import resolve
from adjudicator.reading import load_scenario
from adjudicator.engine.board_record import UNKNOWN
from adjudicator.engine.render import verdict_words
from adjudicator.engine.trace import Progress, Trace

EVENT_TEXT = "相手の場のカードを1枚選び、そのカードのパワーを-2000する。その後、カードを1枚引く。"

# The dispute as the builder sends it with the counts left blank: A's 〈織田信長〉 attacks B's deck,
# B blocks with 〈足軽〉, then an event is played.
DISPUTE = {
    "format": "hi-story-scenario/1",
    "title": "織田信長の攻撃を足軽でブロックし、事変を使う",
    "game": {"round": 3, "first_player": "A", "turn_player": "A", "phase": "attack"},
    "players": {
        "A": {"deck": "unknown",
              "hand": [{"id": "ev", "name": "奇襲", "type": "event", "level": 0,
                        "effects": [{"name": "奇襲", "text": EVENT_TEXT}]}],
              "field": {1: {"card": {"name": "織田信長", "rank": 3, "power": 5000, "role": "attacker"}}}},
        "B": {"deck": "unknown",
              "field": {1: {"card": {"name": "足軽", "rank": 0, "power": 1000, "role": "blocker"}}}},
    },
    "actions": [{"attack": {"attacker": "A1", "target": "deck", "response": {"block": "B1"}}},
                {"event": {"card": "ev"}}],
}


def _resolve(data: dict) -> Trace:
    return resolve(load_scenario(data))


def _with(data: dict, path: tuple, value) -> dict:
    changed = copy.deepcopy(data)
    place = changed
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = value
    return changed


def test_a_blank_deck_count_stops_inside_the_attack_and_names_the_count():
    trace = _resolve(DISPUTE)
    assert trace.progress == Progress(actions=2, judged=0, stopped_in=0, needs="Bの山札の枚数")
    assert trace.final.player("B").count("deck") == UNKNOWN  # never read as 0
    assert verdict_words(trace) == ("2件の行動のうち0件を判定しました。行動1の途中で止まりました: Bの山札の枚数が必要です。"
                                    "行動2は判定していません")
    assert "すべての行動が認められます" not in verdict_words(trace)


def test_a_count_no_action_depends_on_stays_unknown_and_every_action_is_judged():
    attack_only = _with(_with(DISPUTE, ("players", "B", "deck"), 10), ("actions",), DISPUTE["actions"][:1])
    trace = _resolve(attack_only)
    assert trace.progress == Progress(actions=1, judged=1)
    assert trace.final.player("A").count("deck") == UNKNOWN  # A's blank count: untouched, still unknown
    assert trace.final.player("B").count("deck") == 6
    assert verdict_words(trace) == "すべての行動が認められます"


def test_a_refused_action_is_judged_and_the_headline_says_so():
    trace = _resolve(_with(DISPUTE, ("players", "B", "deck"), 10))
    assert trace.progress == Progress(actions=2, judged=2)
    assert [violation.action for violation in trace.violations] == [1]
    assert verdict_words(trace) == "認められない行動があります"


def test_a_choice_left_open_is_named_as_the_players_choice():
    open_answer = _with(DISPUTE, ("actions",), [{"attack": {"attacker": "A1", "target": "deck"}}])
    trace = _resolve(open_answer)
    assert trace.decision is not None and trace.decision.player == "B"
    assert trace.progress == Progress(actions=1, judged=0, stopped_in=0, needs="Bの選択")
    assert verdict_words(trace) == "1件の行動のうち0件を判定しました。行動1の途中で止まりました: Bの選択が必要です"


def test_the_game_ending_judges_that_action_and_says_the_rest_is_not_played():
    three_left = _with(DISPUTE, ("players", "B", "deck"), 3)
    three_left = _with(three_left, ("actions",), [DISPUTE["actions"][0], {"end_turn": {}}, {"end_turn": {}}])
    trace = _resolve(three_left)
    assert trace.winner == "A"
    assert trace.progress == Progress(actions=3, judged=1, finished=True)
    assert verdict_words(trace) == "すべての行動が認められます。Aの勝利。試合が終わったため行動2〜3は行いません"


def test_progress_survives_the_trace_json_and_an_older_trace_without_it_still_reads():
    trace = _resolve(DISPUTE)
    assert Trace.from_json(trace.to_json()) == trace
    assert trace.to_json()["progress"] == {"actions": 2, "judged": 0, "stopped_in": 0, "needs": "Bの山札の枚数",
                                           "finished": False}
    older = trace.to_json()
    del older["progress"]
    stored = Trace.from_json(older)
    assert stored.progress is None
    assert verdict_words(stored) == "すべての行動が認められます。Bの選択が必要です"  # what it said when stored


def test_a_blank_event_level_stops_and_names_the_level_not_a_choice():
    event_first = _with(DISPUTE, ("actions",), [{"event": {"card": "ev"}}, DISPUTE["actions"][0]])
    blank_level = _with(_with(event_first, ("game", "phase"), "effect"), ("players", "A", "hand", 0, "level"), None)
    trace = _resolve(blank_level)
    assert trace.progress == Progress(actions=2, judged=0, stopped_in=0, needs="事変〈奇襲〉のレベル")
    assert trace.decision is not None and trace.decision.player == "A"
    assert "6.8.1" in trace.decision.cites
    assert trace.final.player("A").count("hand") == 1  # the event never resolved as if it were level 0
    assert verdict_words(trace) == ("2件の行動のうち0件を判定しました。行動1の途中で止まりました: 事変〈奇襲〉のレベルが必要です。"
                                    "行動2は判定していません")


def test_a_counter_event_of_blank_level_is_still_offered_when_the_answer_is_left_open():
    counter = {"id": "fuse", "name": "伏兵", "type": "event", "counter": True,
               "effects": [{"name": "伏兵", "text": "このカードは相手の攻撃時にも発動できる。カードを1枚引く。"}]}
    open_answer = _with(_with(DISPUTE, ("players", "B", "hand"), [counter]),
                        ("actions",), [{"attack": {"attacker": "A1", "target": "deck"}}])
    trace = _resolve(open_answer)
    assert trace.decision is not None and "event: fuse" in trace.decision.options  # its level is asked once chosen
    assert trace.progress.needs == "Bの選択"
