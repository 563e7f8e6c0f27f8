"""The builder: form ↔ scenario without loss, errors in Japanese next to their field, plain-form round trips."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Literal, get_args

import pytest
import yaml
from pydantic import BaseModel, Field
from werkzeug.datastructures import MultiDict

from adjudicator import paths
from adjudicator.format.errors import ScenarioError
from adjudicator.reading import load_scenario
from adjudicator.format import fields as format_fields
from adjudicator.format.actions import ACTION_KINDS, Action
from adjudicator.format.effects import CONDITION_KINDS, STEP_KINDS, Condition, MillSpec, Step
from adjudicator.format.errors import FormatError
from adjudicator.web.builder import kinds as builder_kinds
from adjudicator.web.builder.draft import draft_from_data, new_draft, scenario_data, validated
from adjudicator.web.builder.edit import apply_operation
from adjudicator.web.builder.posted import LIST_LIMITS, MAX_FIELDS, draft_from_form
from adjudicator.web.builder.posted import LIST_KEYS
from tests.web.builder_form import form_of, submit

ALL_EXAMPLES = sorted(paths.scenarios_dir().rglob("*.yaml"))
EXAMPLE = paths.scenarios_dir() / "attack" / "block-deck-attack-excess.yaml"


def _flatten(node, prefix: str = "") -> dict[str, str]:
    """A draft as the flat name → value pairs a browser would submit (unchecked boxes send nothing)."""
    out: dict[str, str] = {}
    items = enumerate(node) if isinstance(node, list) else node.items()
    for key, value in items:
        name = f"{prefix}.{key}" if prefix else str(key)
        if isinstance(value, (dict, list)):
            out.update(_flatten(value, name))
        elif value != "":
            out[name] = value
    return out


def _errors_for(draft) -> dict[str, list[str]]:
    return validated(draft).errors


@pytest.mark.parametrize("path", ALL_EXAMPLES, ids=lambda p: str(p.relative_to(paths.scenarios_dir())))
def test_every_example_survives_the_form(path: Path):
    scenario = load_scenario(path.read_text(encoding="utf-8"))
    submitted = draft_from_form(_flatten(draft_from_data(scenario.dump())))
    conversion = scenario_data(submitted)
    assert conversion.errors == {}
    assert load_scenario(conversion.data) == _empty_lists_as_counts(scenario)


def _empty_lists_as_counts(scenario):
    """The form writes an empty listed zone (``hand: []``) as the count 0: the same board."""
    data = scenario.dump()
    for player in data["players"].values():
        for zone in ("deck", "graveyard", "hand"):
            if player.get(zone) == []:
                del player[zone]
    return load_scenario(data)


def test_fields_the_form_has_no_input_for_travel_in_more():
    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    data["players"]["A"]["field"][1]["card"]["power_mods"] = [{"add": -1000, "until": "end_of_turn"}]
    data["players"]["B"]["restrictions"] = [{"cannot": "block", "until": "end_of_turn"}]
    draft = draft_from_data(load_scenario(data).dump())
    assert "power_mods" in draft["players"]["A"]["field"]["1"]["cards"][0]["more"]
    assert "restrictions" in draft["players"]["B"]["more"]
    assert load_scenario(scenario_data(draft).data) == load_scenario(data)


def test_an_engine_error_lands_on_the_field_that_caused_it():
    draft = draft_from_data(load_scenario(EXAMPLE.read_text(encoding="utf-8")).dump())
    card = draft["players"]["A"]["field"]["1"]["cards"][0]
    card["rank"] = "7"
    draft["players"]["B"]["deck"]["count"] = "500"
    errors = _errors_for(draft)
    assert errors == {"players.A.field.1.cards.0.rank": ["人物のランクは0〜4です (2.2.1)"], "players.B.deck.count": ["枚数は0〜200です"]}
    card["rank"], card["type"], draft["players"]["B"]["deck"]["count"] = "", "event", "9"
    errors = _errors_for(draft)
    # A whole-card rule (an event has no power) is shown on the card, by its name input.
    assert errors == {"players.A.field.1.cards.0.name": ["事変にパワーはありません (2.2.1)"]}


def test_a_duplicated_id_is_shown_by_the_second_cards_id():
    draft = draft_from_data(load_scenario(EXAMPLE.read_text(encoding="utf-8")).dump())
    draft["players"]["A"]["field"]["1"]["cards"][0]["id"] = "hide"
    draft["players"]["B"]["field"]["2"]["cards"][0]["id"] = "hide"
    assert _errors_for(draft) == {"players.B.field.2.cards.0.id": ["カードID「hide」は players.A.field.1.card.id で既に使われています"]}


def test_a_word_in_a_number_box_is_caught_before_the_engine():
    draft = new_draft()
    draft["title"] = "t"
    draft["players"]["A"]["deck"]["count"] = "たくさん"
    draft["game"]["round"] = "３"  # full-width digits are numbers
    conversion = scenario_data(draft)
    assert conversion.errors == {"players.A.deck.count": ["整数で入力してください"]}
    assert conversion.data["game"]["round"] == 3


def test_errors_deep_in_effects_and_actions_find_their_inputs():
    draft = draft_from_data(load_scenario(EXAMPLE.read_text(encoding="utf-8")).dump())
    card = draft["players"]["A"]["field"]["1"]["cards"][0]
    card["effects"] = [{"name": "天下布武", "mark": "once", "when": {"kind": ""},
                        "sentences": [{"steps": [{"kind": "draw", "value": "{up_to: 99}"}],
                                       "if": {"kind": "hand_at_least", "value": "[unclosed"}}]}]
    draft["actions"][0]["responses"] = [{"kind": "block", "ref": "B2"}] * 6
    errors = _errors_for(draft)
    assert list(errors) == ["players.A.field.1.cards.0.effects.0.sentences.0.if.value"]
    assert errors["players.A.field.1.cards.0.effects.0.sentences.0.if.value"][0].startswith("YAML/JSONとして読めません")
    card["effects"][0]["sentences"][0]["if"] = {"kind": "", "value": ""}
    errors = _errors_for(draft)
    assert "players.A.field.1.cards.0.effects.0.sentences.0.steps.0.value" in errors
    assert errors["actions.0.responses"] == ["1回の攻撃に試みる防御は5つまでです"]


def test_slot_numbers_and_clause_numbers_survive_translation():
    def shown(**player_a) -> dict[str, str]:
        data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
        data["players"]["A"].update(player_a)
        with pytest.raises(ScenarioError) as caught:
            load_scenario(data)
        return {problem.path: problem.message_ja for problem in caught.value.errors}

    assert shown(field={6: {"card": {"name": "x"}}})["players.A.field.6"] == "場の置き場所は1〜5です (2.3.1)"
    assert shown(hand=[{"name": "e", "type": "event", "power": 1000}])["players.A.hand.0"] == "事変にパワーはありません (2.2.1)"
    assert (shown(field={1: {"card": {"name": "y"}, "face": "sideways"}})["players.A.field.1.face"]
            == "次のいずれかを選んでください: オモテ（up）、ウラ（down）")
    untranslated = FormatError("invalid", "x", {"detail": "something new the format says (10.6.2-8)"}).message_ja
    assert untranslated.startswith("入力が正しくありません") and "10.6.2-8" in untranslated


def test_every_message_the_engine_raises_for_the_examples_mutated_is_japanese():
    # Break each example in a few typical ways; every resulting message must come out in Japanese.
    breakers = [
        lambda d: d["players"]["A"].update(field={6: {"card": {"name": "x"}}}),
        lambda d: d["game"].update(phase="lunch"),
        lambda d: d["players"]["B"].update(hand=-1),
        lambda d: d.update(actions=[{"attack": {"attacker": "A1", "target": "deck", "response": {"block": "B1", "event": "e"}}}]),
        lambda d: d.update(typo=1),
    ]
    for path in ALL_EXAMPLES[:20]:
        for breaker in breakers:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            breaker(data)
            with pytest.raises(ScenarioError) as caught:
                load_scenario(data)
            for problem in caught.value.errors:
                assert problem.code != "invalid" and not problem.message_ja.startswith("入力が正しくありません"), problem


@pytest.mark.parametrize(
    "operation, check",
    [
        ("add:players.A.field.3.cards", lambda d: len(d["players"]["A"]["field"]["3"]["cards"]) == 1),
        ("add:actions", lambda d: d["actions"][-1]["kind"] == "attack"),
        ("remove:actions.0", lambda d: d["actions"] == []),
        ("add:players.A.field.1.cards.0.effects", lambda d: len(d["players"]["A"]["field"]["1"]["cards"][0]["effects"]) == 1),
        ("remove:players.A.field.1.cards.7", lambda d: len(d["players"]["A"]["field"]["1"]["cards"]) == 1),
        ("add:players.A.nonsense", lambda d: "nonsense" not in d["players"]["A"]),
        ("drop table", lambda d: len(d["actions"]) == 1),
    ],
)
def test_operations_edit_the_draft_and_nothing_else(operation, check):
    draft = draft_from_data(load_scenario(EXAMPLE.read_text(encoding="utf-8")).dump())
    assert check(apply_operation(draft, operation))


def test_stack_order_moves_bottom_to_top():
    draft = new_draft()
    draft["players"]["A"]["field"]["2"]["cards"] = [{"name": "下"}, {"name": "上"}]
    apply_operation(draft, "down:players.A.field.2.cards.0")
    assert [c["name"] for c in draft["players"]["A"]["field"]["2"]["cards"]] == ["上", "下"]
    apply_operation(draft, "up:players.A.field.2.cards.0")  # already at the bottom: no change
    assert [c["name"] for c in draft["players"]["A"]["field"]["2"]["cards"]] == ["上", "下"]


def test_lists_are_bounded():
    draft = new_draft()
    for _ in range(LIST_LIMITS["actions"] + 5):
        apply_operation(draft, "add:actions")
    assert len(draft["actions"]) == LIST_LIMITS["actions"]
    flood = {f"actions.{i}.kind": "end_turn" for i in range(MAX_FIELDS + 10)}
    assert len(draft_from_form(flood)["actions"]) <= LIST_LIMITS["actions"]


# --- the same through HTTP, as a browser without JavaScript does it ------------------------------------------


def test_build_the_block_scenario_with_plain_round_trips(client):
    page = client.get("/scenario/new").get_data(as_text=True)
    form = form_of(page)
    form.setlist("title", ["山札への攻撃をブロック"])
    form.setlist("game.round", ["5"])
    form.setlist("players.A.deck.count", ["12"])
    form.setlist("players.B.deck.count", ["9"])
    form.setlist("players.B.graveyard.count", ["2"])
    for zone in ("players.A.graveyard", "players.A.hand", "players.B.hand"):  # a blank count is unknown, not 0
        form.setlist(f"{zone}.count", ["0"])
    for op in ("add:players.A.field.1.cards", "add:players.B.field.2.cards", "add:actions"):
        response = submit(client, form, op)
        assert response.status_code == 200
        form = form_of(response.get_data(as_text=True))
    for name, value in {
        "players.A.field.1.cards.0.name": "豊臣秀吉", "players.A.field.1.cards.0.rank": "3",
        "players.A.field.1.cards.0.power": "5000", "players.A.field.1.cards.0.role": "attacker",
        "players.B.field.2.cards.0.name": "石田三成", "players.B.field.2.cards.0.rank": "1",
        "players.B.field.2.cards.0.power": "2000", "players.B.field.2.cards.0.role": "blocker",
        "actions.0.attacker": "A1", "actions.0.target": "deck",
        "actions.0.responses.0.kind": "block", "actions.0.responses.0.ref": "B2",
    }.items():
        form.setlist(name, [value])
    response = submit(client, form, "resolve")
    assert response.status_code == 303
    expected = load_scenario(EXAMPLE.read_text(encoding="utf-8"))
    stored = client.get(response.headers["Location"] + ".json").get_json()
    built = load_scenario(stored["scenario"])
    assert (built.players, built.actions, built.game) == (expected.players, expected.actions, expected.game)
    assert stored["trace"]["final"]["B"]["deck"] == 6


def test_a_bad_form_comes_back_with_its_errors_and_its_values(client):
    form = form_of(client.get("/scenario/edit/attack/block-deck-attack-excess").get_data(as_text=True))
    form.setlist("players.A.field.1.cards.0.rank", ["9"])
    form.setlist("players.A.field.1.cards.0.name", ["<b>豊臣</b>秀吉"])
    response = submit(client, form, "resolve")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert 'id="error-players.A.field.1.cards.0.rank"' in html
    assert "人物のランクは0〜4です (2.2.1)" in html
    assert 'aria-invalid="true" aria-describedby="error-players.A.field.1.cards.0.rank"' in html
    assert 'value="&lt;b&gt;豊臣&lt;/b&gt;秀吉"' in html and "<b>豊臣</b>" not in html


def test_an_impossible_board_is_shown_next_to_its_fields(client):
    form = form_of(client.get("/scenario/edit/attack/block-deck-attack-excess").get_data(as_text=True))
    form.setlist("players.A.events_this_turn", ["2"])
    form.setlist("actions.0.responses.0.ref", ["nobody"])
    response = submit(client, form, "resolve")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert re.search(r'id="error-players.A.events_this_turn">[^<]*6.8.1', html)
    assert re.search(r'id="error-actions.0.responses">[^<]*nobody', html)


def test_export_and_import_yaml(client):
    form = form_of(client.get("/scenario/edit/attack/block-deck-attack-excess").get_data(as_text=True))
    exported = submit(client, form, "export")
    assert exported.mimetype == "application/yaml"
    assert "attachment" in exported.headers["Content-Disposition"]
    assert load_scenario(exported.get_data(as_text=True)) == load_scenario(EXAMPLE.read_text(encoding="utf-8"))

    blank = form_of(client.get("/scenario/new").get_data(as_text=True))
    blank.setlist("import_text", [exported.get_data(as_text=True)])
    imported = submit(client, blank, "import").get_data(as_text=True)
    assert 'value="豊臣秀吉"' in imported and "YAMLを読み込みました" in imported


def test_importing_broken_yaml_says_where(client):
    blank = form_of(client.get("/scenario/new").get_data(as_text=True))
    blank.setlist("import_text", ["title: [unclosed\n"])
    response = submit(client, blank, "import")
    assert response.status_code == 422
    assert "YAML/JSONとして読めません（" in response.get_data(as_text=True)


def test_importing_a_wrong_scenario_shows_it_in_the_form_with_errors(client):
    text = EXAMPLE.read_text(encoding="utf-8").replace("rank: 3", "rank: 8")
    blank = form_of(client.get("/scenario/new").get_data(as_text=True))
    blank.setlist("import_text", [text])
    html = submit(client, blank, "import").get_data(as_text=True)
    assert 'value="8"' in html and "人物のランクは0〜4です (2.2.1)" in html


def test_partial_render_for_scripts_is_just_the_form(client):
    form = form_of(client.get("/scenario/new").get_data(as_text=True))
    data = MultiDict(form)
    data.setlist("op", ["add:actions"])
    html = client.post("/scenario/new", data=data, headers={"X-Builder-Partial": "1"}).get_data(as_text=True)
    assert html.lstrip().startswith("<form") and "<html" not in html
    assert 'name="actions.0.kind"' in html


def test_builder_pages_have_no_inline_script_or_style(client):
    for url in ("/scenario/new", "/scenario/edit/effects/example-6-7-6", "/scenarios"):
        html = client.get(url).get_data(as_text=True)
        assert "<script>" not in html and re.search(r"<script(?![^>]*\bsrc=)", html) is None
        assert re.search(r"\sstyle=", html) is None
        assert re.search(r"\son[a-z]+=", html) is None


def test_gallery_lists_every_curated_example_with_both_links(client):
    # The gallery shows the curated list (scenarios/gallery.toml); every other file stays at its own URL.
    import tomllib

    curated = tomllib.loads((paths.scenarios_dir() / "gallery.toml").read_text(encoding="utf-8"))
    names = [name for group in curated["groups"] for name in group["scenarios"]]
    assert len(names) >= 30
    html = client.get("/scenarios").get_data(as_text=True)
    for name in names:
        assert (paths.scenarios_dir() / f"{name}.yaml").is_file(), name
        assert f'href="/scenarios/{name}"' in html
        assert f'href="/scenario/edit/{name}"' in html
    assert html.count('class="gallery-card"') == len(names)


def test_unknown_examples_are_404_and_paths_do_not_escape(client):
    assert client.get("/scenarios/attack/nope").status_code == 404
    assert client.get("/scenario/edit/../pyproject").status_code == 404


# --- the per-kind inputs come from the format's field table -------------------------------------------------

CARD = "players.A.field.1.cards.0"
INPUT_NAME = re.compile(r'\sname="([^"]+)"')
EFFECT = f"{CARD}.effects.0"


def _written(model, name: str) -> str:
    return model.model_fields[name].alias or name


def _expected_names(model, kind_field: str, group: str) -> list[str]:
    """The input names a kind must have, read from the model itself (not from the builder's table)."""
    kind = _written(model, kind_field)
    names = []
    annotation = model.model_fields[kind_field].annotation
    for member in (m for m in get_args(annotation) or (annotation,) if m is not type(None)):
        if isinstance(member, type) and issubclass(member, BaseModel) \
                and member not in format_fields.WHOLE_VALUES and member is not model:
            names += [_written(member, n) for n in member.model_fields]
        else:
            names.append("value")
    names += list(format_fields.STEP_COMPANIONS.get(kind, ())) if group == "step" else []
    return [("responses.0.choice" if (kind, n) == ("attack", "response") else n) for n in dict.fromkeys(names)]


def _page_with_every_kind(client) -> str:
    """The builder with one action of every kind, a step of every kind and a condition of every kind."""
    form = {f"{CARD}.name": "x", "op": "refresh"}
    for i, kind in enumerate(ACTION_KINDS):
        form[f"actions.{i}.kind"] = kind
    for i, kind in enumerate(STEP_KINDS):
        form[f"{EFFECT}.sentences.{i // 10}.steps.{i % 10}.kind"] = kind
    for i, kind in enumerate(CONDITION_KINDS):
        form[f"{EFFECT}.sentences.{i}.if.kind"] = _written(Condition, kind)
    response = client.post("/scenario/new", data=form)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_every_kind_of_the_format_has_an_input_for_each_of_its_fields(client):
    html = _page_with_every_kind(client)
    names = set(INPUT_NAME.findall(html))
    expected = [f"actions.{i}.{n}" for i, kind in enumerate(ACTION_KINDS) for n in _expected_names(Action, kind, "action")]
    expected += [f"{EFFECT}.sentences.{i // 10}.steps.{i % 10}.{n}"
                 for i, kind in enumerate(STEP_KINDS) for n in _expected_names(Step, kind, "step")]
    expected += [f"{EFFECT}.sentences.{i}.if.{n}" for i, kind in enumerate(CONDITION_KINDS)
                 for n in _expected_names(Condition, kind, "condition")]
    assert len(expected) > 100
    # A list of its own (the summon entries) starts with its 「追加」 button.
    assert [name for name in expected if name not in names and f'value="add:{name}"' not in html] == []


def test_no_field_of_a_kind_takes_a_name_the_draft_keeps_for_itself():
    for group, table in builder_kinds.KINDS.items():
        for spec in table.values():
            for field in (*spec.fields, *spec.companions):
                clash = field.name in builder_kinds.RESERVED or field.name in LIST_KEYS
                assert not clash or builder_kinds.widget(spec.kind, field.name), (group, spec.kind, field.name)


class _MillWithReason(MillSpec):
    reason: Literal["cost", "effect"] = "cost"
    note: str | None = Field(default=None, max_length=20)
    times: int = Field(default=1, ge=1, le=3)


class _Steps(Step):
    mill: _MillWithReason | None = None


def test_a_field_added_to_a_kind_appears_in_the_form_and_in_its_scenario(client, monkeypatch):
    table = dict(builder_kinds.KINDS["step"])
    table["mill"] = format_fields.kind_spec("mill", _Steps.model_fields["mill"], _Steps)
    monkeypatch.setattr(builder_kinds, "KINDS", {**builder_kinds.KINDS, "step": table})
    step = f"{EFFECT}.sentences.0.steps.0"
    html = client.post("/scenario/new", data={f"{CARD}.name": "x", f"{step}.kind": "mill", "op": "refresh"}).get_data(as_text=True)
    assert re.search(rf'<select id="{re.escape(step)}.reason" name="{re.escape(step)}.reason">\s*'
                     r'<option value="cost">cost</option>\s*<option value="effect">effect</option>', html)
    assert f'name="{step}.note"' in html and 'placeholder="1〜3"' in html
    form = form_of(html)
    form.setlist(f"{step}.reason", ["effect"])
    form.setlist(f"{step}.times", ["2"])
    form.setlist(f"{step}.count", ["3"])
    card = scenario_data(draft_from_form(form)).data["players"]["A"]["field"]["1"]["card"]
    assert card["effects"][0]["sentences"][0]["do"] == [{"mill": {"player": "opponent", "count": 3, "reason": "effect",
                                                                  "times": 2}}]


def _examples_covering_every_kind() -> list[Path]:
    """Enough examples that every action, step and condition kind the examples use is in one of them."""
    kinds = (*ACTION_KINDS, *STEP_KINDS, *(k.rstrip("_") for k in CONDITION_KINDS))
    uses = {path: {kind for kind in kinds if re.search(rf"(^|[\s{{,-]){kind}:", path.read_text(encoding="utf-8"), re.M)}
            for path in ALL_EXAMPLES}
    left, chosen = set().union(*uses.values()), []
    while left:  # the example that shows the most kinds not yet shown, until every kind is
        best = max(ALL_EXAMPLES, key=lambda path: len(uses[path] & left))
        chosen.append(best)
        left -= uses[best]
    return chosen


def test_the_rendered_form_of_an_example_gives_back_the_same_scenario(client):
    examples = _examples_covering_every_kind()
    assert len(examples) >= 5
    for path in examples:
        name = path.relative_to(paths.scenarios_dir()).with_suffix("").as_posix()
        form = form_of(client.get(f"/scenario/edit/{name}").get_data(as_text=True))
        exported = submit(client, form, "export")
        assert exported.mimetype == "application/yaml", name
        assert load_scenario(exported.get_data(as_text=True)) == _empty_lists_as_counts(load_scenario(path.read_text(encoding="utf-8"))), name


def test_a_changed_kind_keeps_what_was_typed_and_drops_the_old_kinds_defaults():
    step = f"{EFFECT}.sentences.0.steps.0"
    posted = {f"{CARD}.name": "x", f"{step}.shown_kind": "draw", f"{step}.kind": "mill", f"{step}.value": "1",
              f"{step}.player": "self", f"{step}.count": "3"}
    draft_step = draft_from_form(posted)["players"]["A"]["field"]["1"]["cards"][0]["effects"][0]["sentences"][0]["steps"][0]
    # 「自分」 was only draw's default and 1 a count of cards drawn: mill is the opponent's by default.
    assert draft_step == {"kind": "mill", "count": "3"}
    posted[f"{step}.player"] = "opponent"  # chosen: not draw's default, so it is kept
    draft_step = draft_from_form(posted)["players"]["A"]["field"]["1"]["cards"][0]["effects"][0]["sentences"][0]["steps"][0]
    assert draft_step["player"] == "opponent"
    posted[f"{step}.shown_kind"] = "mill"  # shown as mill already: nothing is dropped
    assert draft_from_form(posted)["players"]["A"]["field"]["1"]["cards"][0]["effects"][0]["sentences"][0]["steps"][0]["value"] == "1"
