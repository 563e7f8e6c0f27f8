"""The format's field table (format/fields.py) reads each kind's fields from the models as they are."""

from __future__ import annotations

from adjudicator.format.fields import ACTION_FIELDS, CHOICE_FIELDS, CONDITION_FIELDS, STEP_FIELDS
from adjudicator.format.actions import ACTION_KINDS
from adjudicator.format.effects import CONDITION_KINDS, STEP_KINDS, Condition


def test_the_tables_hold_every_kind_in_the_models_order():
    assert tuple(ACTION_FIELDS) == ACTION_KINDS
    assert tuple(STEP_FIELDS) == STEP_KINDS
    assert tuple(CONDITION_FIELDS) == tuple(Condition.model_fields[k].alias or k for k in CONDITION_KINDS)


def test_a_fields_type_bounds_choices_default_and_need_are_read_from_its_model():
    mill = STEP_FIELDS["mill"]
    assert mill.value is None
    count, player = mill.field("count"), mill.field("player")
    assert (count.input, count.required, count.minimum, count.maximum) == ("number", True, 0, 60)
    assert (player.input, player.required, player.default, player.choices) == (
        "choice", False, "opponent", ("self", "opponent", "each"))
    protect = STEP_FIELDS["protect"].field("from")  # the alias, as a scenario writes it
    assert protect.choices == ("leave_field", "battle", "effects") and protect.required
    assert STEP_FIELDS["search"].field("random").input == "flag"
    zones = STEP_FIELDS["search"].field("zones")
    assert (zones.input, zones.default, zones.choices, zones.max_items) == ("words", ["deck"], ("deck", "graveyard"), 2)
    assert ACTION_FIELDS["attack"].field("damage_zero").choices == (True, False, "open")


def test_a_kind_with_a_plain_value_has_one_and_a_companion_is_beside_it():
    draw = STEP_FIELDS["draw"]
    assert draw.value.input == "number" and draw.field("up_to") is not None  # ``draw: 2`` or ``draw: {up_to: 2}``
    repeat = STEP_FIELDS["repeat"]
    assert (repeat.value.minimum, repeat.value.maximum) == (1, 20)
    assert [c.name for c in repeat.companions] == ["do"]
    assert STEP_FIELDS["rest"].value.input == "yaml" and STEP_FIELDS["rest"].fields == ()  # a card reference
    assert CONDITION_FIELDS["not"].value.input == "yaml" and CONDITION_FIELDS["not"].fields == ()  # nested
    assert CONDITION_FIELDS["did"].value.choices[:2] == ("summon_without_set", "summon")


def test_every_action_that_resolves_effects_takes_the_players_choices():
    assert CHOICE_FIELDS == ("picks", "decline", "order")
    for kind in ("attack", "activate", "event"):
        assert all(ACTION_FIELDS[kind].field(name) for name in CHOICE_FIELDS)
