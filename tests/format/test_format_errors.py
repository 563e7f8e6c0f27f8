"""The format's typed errors: every refusal is (code, path, params, rule), and both of its messages are rendered
from its code by one table (adjudicator/format/messages.py)."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

import adjudicator
from adjudicator.format import messages, validation
from adjudicator.format.errors import FormatError, ScenarioError
from adjudicator.format.loading import MAX_DEPTH, MAX_NUMBER_DIGITS, MAX_SOURCE_BYTES
from adjudicator.format.messages import MESSAGES
from adjudicator.reading import load_scenario
from tests.scenario_builder import scenario

PACKAGE = Path(adjudicator.__file__).parent


def _placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def _raised_codes() -> list[tuple[str, str, set[str]]]:
    """(where, code, params given) for every refusal the package writes: ``problem(…)``, ``ScenarioError.of(…)``
    and ``FormatError(…)`` calls with a literal code."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)):
                continue
            if isinstance(node.func, ast.Attribute) and getattr(node.func.value, "id", "") == "ScenarioError":
                callee = node.func.attr
            else:
                callee = getattr(node.func, "id", "")
            if callee not in ("problem", "of", "FormatError") or not isinstance(node.args[0].value, str):
                continue
            params = {k.arg for k in node.keywords} - {"rule", "at"}
            if callee == "FormatError" and len(node.args) > 2 and isinstance(node.args[2], ast.Dict):
                params |= {key.value for key in node.args[2].keys}
            found.append((f"{path.relative_to(PACKAGE)}:{node.lineno}", node.args[0].value, params))
    return found


def test_every_message_has_an_english_and_a_japanese_template_with_the_same_params():
    for code, message in MESSAGES.items():
        assert _placeholders(message.english) == set(message.params), code
        assert _placeholders(message.japanese) == set(message.params), code


def test_every_code_a_validator_raises_has_its_message_and_gives_its_params():
    raised = _raised_codes()
    assert len(raised) > 40  # the scan finds the validators (a scan that finds nothing proves nothing)
    for where, code, params in raised:
        assert code in MESSAGES, f"{where}: {code} has no message"
        assert params == set(MESSAGES[code].params), f"{where}: {code} gives {params}"


def test_every_pydantic_type_the_format_maps_has_its_message():
    codes = [validation._PYDANTIC[kind]({})[0] for kind in validation._PYDANTIC]
    codes += [code for code, _, _ in validation._CARD_BOUNDS.values()]
    for code in codes:
        assert code in MESSAGES, code
    example = validation._PYDANTIC["greater_than_equal"]({"ge": 3})
    assert example == ("too_small", {"min": 3})


# --- one malformed scenario per family: the expected code, path, params and clause --------------------------


def refusal(source) -> list[FormatError]:
    with pytest.raises(ScenarioError) as caught:
        load_scenario(source)
    return caught.value.errors


def person(**more) -> dict:
    return {"name": "足軽", "rank": 1, "power": 1000, **more}


def test_pydantic_family_gets_stable_codes_with_its_limits_and_choices():
    data = scenario(a={"dek": 3, "field": {1: {"card": person(), "face": "sideways"}}})
    del data["title"]
    data["game"]["round"] = 0
    errors = refusal(data)
    assert FormatError("missing", "title") in errors
    assert FormatError("unknown_field", "players.A.dek") in errors
    assert FormatError("too_small", "game.round", {"min": 1}) in errors
    assert FormatError("not_one_of", "players.A.field.1.face", {"choices": ["up", "down"]}) in errors
    face = next(e for e in errors if e.code == "not_one_of")
    assert face.message_ja == "次のいずれかを選んでください: オモテ（up）、ウラ（down）"


def test_board_family_names_the_clause():
    errors = refusal(scenario(a={"field": {6: {"card": person()}}}))
    assert errors == [FormatError("slot_range", "players.A.field.6", {"min": 1, "max": 5}, "2.3.1")]
    errors = refusal(scenario(a={"hand": [{"name": "奇襲", "type": "event", "level": 1, "power": 1000}]}))
    assert errors == [FormatError("event_has_no_power", "players.A.hand.0", {}, "2.2.1")]
    assert errors[0].message == "an event (事変) has no power (2.2.1)"
    assert errors[0].message_ja == "事変にパワーはありません (2.2.1)"
    errors = refusal(scenario(a={"field": {1: {"card": person(rank=7)}}}))
    assert errors == [FormatError("rank_range", "players.A.field.1.card.rank", {"min": 0, "max": 4}, "2.2.1")]
    errors = refusal(scenario(a={"hand": [person(id="nobu")], "field": {2: {"card": person(id="nobu")}}}))
    assert errors == [FormatError("id_used_twice", "players.A.field.2.card.id", {"id": "nobu", "first": "players.A.hand.0.id"})]


def test_effect_family_lists_the_kinds_it_expects():
    effect = {"name": "効果", "sentences": [{"do": [{"destroy": 1}]}]}
    [error] = refusal(scenario(a={"field": {1: {"card": person(effects=[effect])}}}))
    assert error.code == "unknown_step" and error.path == "players.A.field.1.card.effects.0.sentences.0.do.0"
    assert error.params["step"] == "destroy" and "draw" in error.params["choices"]
    assert "引く（draw）" in error.message_ja  # the step's word from the vocabulary


def test_action_family_names_the_defence_clause():
    attack = {"attack": {"attacker": "A1", "target": "deck", "response": {"block": "B1", "event": "e"}}}
    errors = refusal(scenario(a={"field": {1: {"card": person()}}}, actions=[attack]))
    assert FormatError("defence_one_kind", "actions.0.attack.response", {}, "11.2.1") in errors
    [error] = refusal(scenario(actions=[{"fight": {}}]))
    assert error.code == "action_one_kind" and error.path == "actions.0" and "attack" in error.params["choices"]


def test_loading_family_refuses_before_the_schema():
    [error] = refusal("title: [")
    assert error.code == "not_yaml_at" and error.params["line"] == 2 and error.path == ""
    [error] = refusal("[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5))
    assert error.code in ("too_deep", "not_yaml_at")
    [error] = refusal({**scenario(), "title": 10 ** (MAX_NUMBER_DIGITS + 1)})
    assert error == FormatError("number_too_long", "title", {"max": MAX_NUMBER_DIGITS})
    [error] = refusal("x" * (MAX_SOURCE_BYTES + 1))
    assert error == FormatError("source_too_large", "", {"max_kib": MAX_SOURCE_BYTES // 1024})
    assert refusal("[1, 2]") == [FormatError("not_a_scenario")]


def test_wording_and_text_families_keep_the_readers_words():
    effect = {"name": "謀反", "sentences": [{"do": [{"rest": {"player": "opponent", "all": True, "where": "〈信長〉と"}}]}]}
    errors = refusal(scenario(a={"field": {1: {"card": person(effects=[effect])}}}))
    [error] = [e for e in errors if e.code.startswith("wording_unread")]
    assert error.params["wording"] == "〈信長〉と" and "where" in error.path
    errors = refusal(scenario(a={"field": {1: {"card": person(effects=[{"name": "効果", "text": "カードを1枚破壊する。"}])}}}))
    [error] = errors
    assert error.code == "text_unread" and error.path == "players.A.field.1.card.effects.0.text"
    assert error.params["text"] in error.message_ja and error.params["text"] in error.message


def test_the_api_gives_code_params_and_rule_for_each_error(client):
    response = client.post("/api/resolve", json=scenario(a={"field": {6: {"card": person()}}}))
    assert response.status_code == 400
    assert response.get_json()["errors"] == [FormatError("slot_range", "players.A.field.6", {"min": 1, "max": 5}, "2.3.1").to_json()]


def test_choice_words_come_from_the_table_that_holds_every_choice():
    # `summon` is both the mark 召 and the 召喚フェーズ: a list of marks is shown in the marks' words.
    marks = messages.japanese("not_one_of", {"choices": ["summon", "once", "constant"]})
    phases = messages.japanese("not_one_of", {"choices": ["draw", "summon", "effect"]})
    assert "召（summon）" in marks and "召喚フェーズ" not in marks
    assert "召喚フェーズ（summon）" in phases
