"""The inputs of each kind of action, step and condition, from the format's field table (format/fields.py).

An action's, a step's or a condition's draft holds its ``kind`` and one input per field of that kind, named
as the scenario writes the field (``actions.0.attacker``, ``….steps.0.count``); a kind that takes a plain
value (``draw: 2``, ``rest: A1``) has a ``value`` input too, and keys the form has no input for travel in
``more``. Nothing here names a kind's fields: a new kind or field in the format appears in the form as it is.
A few fields get a better input than their type gives (a picker of the board's cards, the list of defences);
``WIDGETS`` names them, and a field not named there still has its plain input.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from adjudicator.format.fields import (
    ACTION_FIELDS,
    CHOICE_FIELDS,
    CONDITION_FIELDS,
    DEFENCE_KINDS,
    STEP_FIELDS,
    FieldSpec,
    KindSpec,
)
from adjudicator.web.builder.values import (
    Conversion, checked, flag, flow, joined, mapping, merge_more, number, parse_yaml, rest_text, sequence, split, text,
)

Draft = dict[str, Any]

KINDS: Mapping[str, Mapping[str, KindSpec]] = MappingProxyType({
    "action": ACTION_FIELDS, "step": STEP_FIELDS, "condition": CONDITION_FIELDS,
})
# Draft keys of a kind's own, beside its fields: a field of one of these names could not have an input.
RESERVED = frozenset({"kind", "value", "more", "shown_kind"})

NO_DEFENCE = "none"
LEFT_OPEN = "open"  # a choice the scenario does not make: the ruling asks for it

# Inputs better than the field's type: "responses" and "summon" are lists of their own; the other names are
# lists of choices the builder's page offers (scenarios._options), from the board as drafted.
WIDGETS: Mapping[tuple[str, str], str] = {
    ("attack", "response"): "responses",
    ("summon_phase", "summon"): "summon",
    ("attack", "attacker"): "attackers",
    ("attack", "target"): "targets",
    ("set", "onto"): "slot_choices",
}


def spec_of(group: str, kind: str) -> KindSpec | None:
    """The format's description of ``kind`` of ``group`` (action, step, condition); None for an unknown kind."""
    return KINDS[group].get(kind)


def kinds_of(group: str) -> tuple[str, ...]:
    return tuple(KINDS[group])


def companion_names(group: str) -> frozenset[str]:
    """Keys written beside a kind key (``do`` of ``repeat``), never a kind themselves."""
    return frozenset(c.name for spec in KINDS[group].values() for c in spec.companions)

LIST_WIDGETS = frozenset({"responses", "summon"})  # a list of items of their own, not one input


def widget(kind: str, name: str) -> str:
    return WIDGETS.get((kind, name), "")


def is_choice_field(name: str) -> bool:
    """A field of the players' choices for an action's effects (shown together, folded)."""
    return name in CHOICE_FIELDS


# --- a posted kind whose picker changed -------------------------------------------------------------------


def settle_kind(group: str, draft: Draft) -> Draft:
    """A posted item whose kind was changed since its inputs were shown (``shown_kind``) keeps only what
    the person typed: a select left at the old kind's default (「誰の: 自分」 of 「カードを引く」) is no choice
    for the new kind (「山札の上から墓地へ送る」 is the opponent's by default), and a plain value of another
    type (a count, for a card) has no meaning there."""
    shown = text(draft.pop("shown_kind", ""))
    old, new = spec_of(group, shown), spec_of(group, text(draft.get("kind")))
    if old is None or shown == text(draft.get("kind")):
        return draft
    for field in (*old.fields, *old.companions):
        if field.default is not None and draft.get(field.name) == field_draft(field, field.default):
            del draft[field.name]
    if old.value is not None and (new is None or new.value is None or new.value.input != old.value.input):
        draft.pop("value", None)
    return draft


# --- a kind's value → its draft --------------------------------------------------------------------------


def kind_draft(spec: KindSpec | None, value: Any, beside: Mapping[str, Any] | None = None) -> Draft:
    """The inputs of one kind given its ``value``; ``beside`` holds the keys written next to the kind key."""
    if spec is None:  # a kind the format does not know: shown as written, for its error to name
        return {"value": flow(value) if value is not None else ""}
    draft: Draft = {"value": ""}
    if spec.fields and isinstance(value, dict):
        for field in spec.fields:
            listed = widget(spec.kind, field.name) in LIST_WIDGETS
            draft[_draft_key(spec, field)] = (_widget_draft(spec.kind, field, value) if listed
                                              else field_draft(field, value.get(field.name)))
        draft["more"] = rest_text(value, tuple(f.name for f in spec.fields))
    elif value is not None:
        draft["value"] = field_draft(spec.value, value) if spec.value else flow(value)
    for field in spec.companions:
        draft[field.name] = field_draft(field, mapping(beside).get(field.name))
    return draft


def field_draft(field: FieldSpec, value: Any) -> str:
    """What the input of ``field`` shows for ``value``."""
    if value is None:
        return ""
    if field.input == "flag":
        return flag(value)
    if field.input == "choice":
        return choice_text(value)
    if field.input == "words":
        return joined(value)
    if field.input == "yaml":
        return flow(value)
    return text(value)


def choice_text(value: Any) -> str:
    """A choice as its option's value: yes/no for true/false (a select's option is text)."""
    return {True: "yes", False: "no"}.get(value, text(value)) if isinstance(value, bool) else text(value)


def ordered_choices(field: FieldSpec) -> list[Any]:
    """The values of a choice, the default first (what an untouched select posts)."""
    return sorted(field.choices, key=lambda c: not (c == field.default and type(c) is type(field.default)))


def _draft_key(spec: KindSpec, field: FieldSpec) -> str:
    return "responses" if widget(spec.kind, field.name) == "responses" else field.name


def _widget_draft(kind: str, field: FieldSpec, spec: dict) -> Any:
    if widget(kind, field.name) == "summon":
        return [_summon_draft(entry) for entry in sequence(spec.get(field.name))[: field.max_items or 10]]
    # A choice made ("none") and a choice left open ("open", absent) stay apart (11.2.1).
    response = spec.get(field.name, LEFT_OPEN)
    defences = response if isinstance(response, list) else [] if response in (LEFT_OPEN, None) else [response]
    return [{"kind": NO_DEFENCE, "ref": ""} if d == NO_DEFENCE else _defence_draft(d) for d in defences[:5]]


def _defence_draft(defence: Any) -> Draft:
    defence = mapping(defence)
    kind = next((k for k in DEFENCE_KINDS if k in defence), "block")
    return {"kind": kind, "ref": text(defence.get(kind))}


def _summon_draft(entry: Any) -> Draft:
    if isinstance(entry, dict):
        return {"card": text(entry.get("card")), "slot": text(entry.get("slot"))}
    return {"card": text(entry), "slot": ""}


def played_id(action_index: int | str) -> str:
    """The ID the builder gives an event entered where it is played (in action ``action_index``, 0-based, or
    its form path ``actions.N``): the scenario needs one to point at the card, the judge never makes it up."""
    index = int(str(action_index).split(".")[-1])
    return f"event{index + 1}"


def defence_of(defence: Any) -> tuple[str, str]:
    """(kind, ref) of one posted defence: the form's one picker (``choice``: ``block:B2``), or ``kind``/``ref``."""
    defence = mapping(defence)
    kind, _, ref = text(defence.get("choice")).partition(":")
    # A posted ``kind`` or ``ref`` (a client of the form's older two inputs) wins over the picker's part.
    return text(defence.get("kind")) or kind, text(defence.get("ref")) or ref


def defence_choice(defence: Mapping[str, Any]) -> str:
    """One picker for one defence: ``block:B2``, ``substitute:<hand card id>``, ``none`` (the defender chose not
    to defend) or ``open`` (the scenario leaves the defender's choice open, 11.2.1)."""
    kind, ref = defence_of(defence)
    if kind == LEFT_OPEN:
        return LEFT_OPEN
    if kind not in DEFENCE_KINDS:
        return NO_DEFENCE
    return f"{kind}:{ref}" if ref else ""


# --- a kind's draft → its value --------------------------------------------------------------------------


def kind_data(out: Conversion, spec: KindSpec | None, draft: Draft, form: str, path: str) -> Any:
    """The value of the kind key at scenario ``path`` from the inputs under ``form``."""
    typed = bool(text(draft.get("value")).strip())
    if spec is None:
        out.came_from(path, f"{form}.value")
        return parse_yaml(out, draft.get("value"), f"{form}.value")
    by_field = bool(spec.fields) and (spec.value is None or _fields_given(spec, draft))
    # An error about the whole value belongs to the input that gave it: the value, else the kind picker.
    out.came_from(path, f"{form}.value" if typed or not by_field else f"{form}.kind")
    whole = _value_data(out, spec, draft.get("value"), f"{form}.value")
    if not by_field:
        return whole
    data: dict[str, Any] = dict(whole) if isinstance(whole, dict) else {}
    if whole is not None and not isinstance(whole, dict):
        out.error(f"{form}.value", "値か各項目のどちらか一方を入力してください")
    for field in spec.fields:
        value = _field_data(out, spec.kind, field, draft, form, f"{path}.{field.name}")
        if value is not None:
            data[field.name] = value
    merge_more(out, data, draft.get("more"), f"{form}.more", path)
    return data


def companions_data(out: Conversion, spec: KindSpec | None, draft: Draft, form: str, path: str) -> dict[str, Any]:
    """The keys written beside the kind key (``do`` of ``repeat``)."""
    data: dict[str, Any] = {}
    for field in spec.companions if spec else ():
        value = field_data(out, field, draft.get(field.name), f"{form}.{field.name}")
        data[field.name] = value if value is not None else []  # ``repeat`` with nothing to repeat yet
        out.came_from(f"{path}.{field.name}", f"{form}.{field.name}")
    return data


def field_data(out: Conversion, field: FieldSpec, raw: Any, form_field: str) -> Any:
    """The value an input of ``field`` stands for; None for a blank input (the format's default applies)."""
    if field.input == "number":
        return number(out, raw, form_field)
    if field.input == "flag":
        return True if checked(raw) else None
    if field.input == "yaml":
        return parse_yaml(out, raw, form_field)
    if field.input == "words":
        return split(raw) or None
    typed = text(raw).strip()
    if field.input == "choice" and typed:
        # An unknown value is passed on as typed: the format's error then lists the choices.
        return next((c for c in field.choices if choice_text(c) == typed or text(c) == typed), typed)
    return typed or None


def _value_data(out: Conversion, spec: KindSpec, raw: Any, form_field: str) -> Any:
    typed = text(raw).strip()
    if spec.value is None or typed.startswith(("{", "[")):
        return parse_yaml(out, raw, form_field)  # the whole value written out, as one YAML line
    if not typed and spec.value.choices == (True, False):
        return True  # a kind that is a yes alone (「このゲームに勝利する」) means yes when left blank
    return field_data(out, spec.value, raw, form_field)


def _fields_given(spec: KindSpec, draft: Draft) -> bool:
    """Whether any field was filled in: a select left at the format's default says nothing."""
    def given(field: FieldSpec) -> bool:
        posted = draft.get(_draft_key(spec, field))
        typed = text(posted).strip() if not isinstance(posted, list) else "list" if posted else ""
        return bool(typed) and not (field.default is not None and typed == field_draft(field, field.default))
    return any(map(given, spec.fields)) or bool(text(draft.get("more")).strip())


def _field_data(out: Conversion, kind: str, field: FieldSpec, draft: Draft, form: str, path: str) -> Any:
    shown = widget(kind, field.name)
    if shown == "responses":
        out.came_from(path, f"{form}.responses")
        return _response_data(draft.get("responses"))
    if shown == "summon":
        out.came_from(path, f"{form}.{field.name}")
        return _summon_data(out, draft.get(field.name), f"{form}.{field.name}", path)
    out.came_from(path, f"{form}.{field.name}")
    return field_data(out, field, draft.get(field.name), f"{form}.{field.name}")


def _response_data(responses: Any) -> Any:
    posted = [defence_of(d) for d in sequence(responses)]
    defences = [{kind: ref} for kind, ref in posted if kind in DEFENCE_KINDS]
    if defences:
        return defences[0] if len(defences) == 1 else defences
    return NO_DEFENCE if any(kind == NO_DEFENCE for kind, _ in posted) else None


def _summon_data(out: Conversion, entries: Any, form: str, path: str) -> list:
    data = []
    for i, entry in enumerate(map(mapping, sequence(entries))):
        slot = number(out, entry.get("slot"), f"{form}.{i}.slot")
        data.append({"card": text(entry.get("card")), "slot": slot} if slot is not None else text(entry.get("card")))
        out.came_from(f"{path}.{i}", f"{form}.{i}.card")
    return data
