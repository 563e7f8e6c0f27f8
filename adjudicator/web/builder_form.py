"""The builder's form and the scenario format, both ways: the one module the views and tests use.

The form's state lives in the form itself (no session): every input's name is a dotted path into a *draft*,
a tree of strings, lists and mappings (``players.A.field.2.cards.0.name``). A draft may be half filled; it
becomes scenario data only through :func:`scenario_data`, which records where each scenario path came from
so that the engine's errors appear next to the input that caused them. The pieces, by concept:

- ``builder_posted``: a posted form → its draft (bounded);
- ``builder_draft``: scenario data → a draft (``new_draft``, ``draft_from_data``);
- ``builder_data``: a draft → scenario data (``scenario_data``, ``validated``);
- ``builder_kinds``: each kind of action, step and condition, its inputs from the format's field table,
  both ways; ``builder_inputs``: those inputs labelled for the template (``scenario/_kinds.html``);
- ``builder_edit``: the form's buttons (add, remove, move, fill from the library, write by hand);
- ``builder_conversion``, ``builder_values``: the conversion record and the draft's value helpers.
"""

from __future__ import annotations

from adjudicator.web.builder_conversion import Conversion
from adjudicator.web.builder_data import scenario_data, validated
from adjudicator.web.builder_draft import (
    PLAYERS,
    SLOTS,
    TURN_ORDER,
    ZONES,
    Draft,
    default_title,
    draft_from_data,
    new_draft,
    turn_order,
)
from adjudicator.web.builder_edit import apply_operation
from adjudicator.web.builder_inputs import kind_choices, kind_view
from adjudicator.web.builder_kinds import LEFT_OPEN, NO_DEFENCE, defence_choice
from adjudicator.web.builder_posted import LIST_KEYS, LIST_LIMITS, MAX_FIELDS, draft_from_form

# What the builder's templates call: a kind's inputs (scenario/_kinds.html), the kinds offered, a defence picker.
TEMPLATE_HELPERS = {"kind_view": kind_view, "kind_choices": kind_choices, "defence_choice": defence_choice}

__all__ = [
    "LEFT_OPEN", "LIST_KEYS", "LIST_LIMITS", "MAX_FIELDS", "NO_DEFENCE", "PLAYERS", "SLOTS", "TURN_ORDER", "ZONES",
    "TEMPLATE_HELPERS", "Conversion", "Draft", "apply_operation", "default_title", "defence_choice", "draft_from_data",
    "draft_from_form", "new_draft", "scenario_data", "turn_order", "validated",
]
