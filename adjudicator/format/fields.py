"""Each kind of action, step and condition of the format, with its fields, read from the models.

A kind is one field of ``Action``, ``Step`` or ``Condition``; what it takes is that field's annotation: a spec
model (``mill: {player, count}``), a plain value (``rest: A1``, ``repeat: 3``), or both (``draw: 2`` or
``draw: {up_to: 2}``). This module reads those annotations and the spec models' ``model_fields`` (type,
bounds, ``Literal`` choices, default, required) into tables, so that whatever shows or asks for a kind (the
builder's form) follows the format: a new kind or a new field is written once, in the models.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType, NoneType, UnionType
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from adjudicator.format.actions import ACTION_KINDS, Action, Choices, Defence
from adjudicator.format.effects import CONDITION_KINDS, STEP_KINDS, Condition, Selector, Step, Where

# How a field is typed: a whole number, a yes/no box, one of listed values, a line of text, a list of
# words, or (for anything structured) one line of YAML.
InputKind = Literal["number", "flag", "choice", "text", "words", "yaml"]

# Written as one value, never split into fields: a card reference (``A1`` or a selector, 8.3, 8.4) and a
# card condition, which may be the card's own words (``〈信長〉でない``, docs/format-additions.md).
WHOLE_VALUES: tuple[type[BaseModel], ...] = (Selector, Where)

# Keys of a step written beside its kind key: ``repeat: 3`` takes ``do``, the steps it repeats (Step checks
# that ``do`` goes with ``repeat`` only).
STEP_COMPANIONS: Mapping[str, tuple[str, ...]] = MappingProxyType({"repeat": ("do",)})

# The choices a player makes for the effects an action resolves (picks, declined and ordered effects: 8.4.1,
# 6.4.7, 10.1.2): the fields every action that resolves effects shares.
CHOICE_FIELDS: tuple[str, ...] = tuple(f.alias or name for name, f in Choices.model_fields.items())

# A defender's answers to an attack, one of which a defence names (11.2.1).
DEFENCE_KINDS: tuple[str, ...] = tuple(Defence.model_fields)


@dataclass(frozen=True)
class FieldSpec:
    """One field as a scenario writes it."""

    name: str                        # as written: the alias where there is one (``with``, ``from``, ``or``)
    input: InputKind
    required: bool
    default: Any = None              # the model's default (None when required or when it is None)
    choices: tuple[Any, ...] = ()    # the values a choice (or each word of a list) takes; True/False for a yes/no
    minimum: int | None = None
    maximum: int | None = None
    max_items: int | None = None     # for a list


@dataclass(frozen=True)
class KindSpec:
    """One kind: its plain value (``draw: 2``) and/or its spec model's fields (``draw: {up_to: 2}``)."""

    kind: str                                   # as written (``not`` for the field ``not_``)
    value: FieldSpec | None                     # the plain value, when the kind takes one
    fields: tuple[FieldSpec, ...] = ()          # the spec model's fields, when it takes one
    companions: tuple[FieldSpec, ...] = ()      # keys written beside the kind key (``do`` of ``repeat``)

    def field(self, name: str) -> FieldSpec | None:
        return next((f for f in (*self.fields, *self.companions) if f.name == name), None)


def field_spec(name: str, info: FieldInfo) -> FieldSpec:
    """``info`` (a pydantic field) as a form types it."""
    default = None if info.is_required() else info.get_default(call_default_factory=True)
    if isinstance(default, BaseModel):
        default = default.model_dump(mode="json", by_alias=True, exclude_defaults=True)  # ``where: {}``
    return _spec(info.alias or name, _members(info.annotation), info, info.is_required(), default)


def fields_of(model: type[BaseModel]) -> tuple[FieldSpec, ...]:
    """Every field of ``model`` as a form types it, with the default a scenario that leaves it out gets, in the
    model's order (the builder's card, stack, effect and player inputs)."""
    return tuple(field_spec(name, info) for name, info in model.model_fields.items())


def kind_spec(name: str, info: FieldInfo, container: type[BaseModel]) -> KindSpec:
    """The kind ``name`` of ``container``: its spec model is the one model its annotation allows (a nested
    ``container`` such as 「…でないなら」 is a whole value); the rest of the annotation is its plain value."""
    members = _members(info.annotation)
    models = [m for m in members if _is_model(m) and m not in WHOLE_VALUES and m is not container]
    spec_model = models[0] if len(models) == 1 else None
    plain = tuple(m for m in members if m is not spec_model)
    kind = info.alias or name
    # A kind key set is the kind chosen: its plain value is required (the model's None means "not this kind").
    value = _spec(kind, plain, info, True, None) if plain else None
    fields = tuple(field_spec(n, f) for n, f in spec_model.model_fields.items()) if spec_model else ()
    return KindSpec(kind=kind, value=value, fields=fields)


def _spec(name: str, members: tuple[Any, ...], info: FieldInfo, required: bool, default: Any) -> FieldSpec:
    return FieldSpec(
        name=name,
        input=_input(members, default),
        required=required,
        default=default,
        choices=_choices(members),
        minimum=_bound(info, "ge"),
        maximum=_bound(info, "le"),
        max_items=_bound(info, "max_length"),
    )


def _bound(info: FieldInfo, name: str) -> int | None:
    """A bound of ``Field(ge=…, le=…, max_length=…)``, kept by pydantic as metadata items."""
    return next((getattr(m, name) for m in info.metadata if hasattr(m, name)), None)


def _table(model: type[BaseModel], kinds: tuple[str, ...],
           companions: Mapping[str, tuple[str, ...]] = MappingProxyType({})) -> Mapping[str, KindSpec]:
    table = {}
    for name in kinds:
        spec = kind_spec(name, model.model_fields[name], model)
        extra = tuple(field_spec(c, model.model_fields[c]) for c in companions.get(name, ()))
        table[spec.kind] = KindSpec(spec.kind, spec.value, spec.fields, extra)
    return MappingProxyType(table)


def _members(annotation: Any) -> tuple[Any, ...]:
    """The types a value may have, without None: ``int | DrawSpec | None`` → (int, DrawSpec)."""
    if get_origin(annotation) in (Union, UnionType):
        return tuple(m for arg in get_args(annotation) for m in _members(arg))
    return () if annotation is NoneType else (annotation,)


def _is_model(member: Any) -> bool:
    return isinstance(member, type) and issubclass(member, BaseModel)


def _input(members: tuple[Any, ...], default: Any) -> InputKind:
    literal = all(m is bool or get_origin(m) is Literal for m in members)
    if members == (int,):
        return "number"
    if members == (bool,) and default is False:
        return "flag"  # an unticked box is the default
    if members and literal:
        return "choice"
    if members == (str,):
        return "text"
    if len(members) == 1 and get_origin(members[0]) is list:
        items = _members(get_args(members[0])[0])
        if items == (str,) or (items and all(get_origin(i) is Literal for i in items)):
            return "words"
    return "yaml"


def _choices(members: tuple[Any, ...]) -> tuple[Any, ...]:
    """The values a choice takes, or each item of a list of words (``zones: [deck, graveyard]``)."""
    if len(members) == 1 and get_origin(members[0]) is list:
        return _choices(_members(get_args(members[0])[0]))
    values: list[Any] = []
    for member in members:
        values += get_args(member) if get_origin(member) is Literal else (True, False) if member is bool else ()
    return tuple(values)


# The tables, in the models' order (the order the builder offers the kinds in).
ACTION_FIELDS: Mapping[str, KindSpec] = _table(Action, ACTION_KINDS)
STEP_FIELDS: Mapping[str, KindSpec] = _table(Step, STEP_KINDS, STEP_COMPANIONS)
CONDITION_FIELDS: Mapping[str, KindSpec] = _table(Condition, CONDITION_KINDS)
