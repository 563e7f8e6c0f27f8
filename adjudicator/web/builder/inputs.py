"""What the form shows for one kind of action, step or condition: its inputs, labelled, in the format's order.

Built from the format's field table (``format/fields.py``) and the builder's words (``builder_labels``); the
template (``scenario/_kinds.html``) renders each input by its type, so it names no kind and no field.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator import vocabulary
from adjudicator.format.fields import FieldSpec, KindSpec
from adjudicator.web.builder.kinds import (
    LIST_WIDGETS,
    choice_text,
    defence_choice,
    is_choice_field,
    kinds_of,
    ordered_choices,
    played_id,
    spec_of,
    widget,
)
from adjudicator.web.builder.labels import choice_label, kind_field_label

REF_NAMES = frozenset({"card", "onto", "source", "host"})  # a card reference: offer the board's slots and ids
NOT_GIVEN = "指定しない"


@dataclass(frozen=True)
class Input:
    name: str                                # the draft key (the field's name as the scenario writes it)
    input: str                               # number, flag, choice, text, words or yaml
    label: str
    hint: str = ""
    choices: tuple[tuple[str, str], ...] = ()
    widget: str = ""                         # a better input than the type's (builder_kinds.WIDGETS)
    refs: bool = False                       # offer the board's slots and card ids


@dataclass(frozen=True)
class KindView:
    value: Input | None                      # the kind's plain value (``draw: 2``)
    inputs: tuple[Input, ...]                # the spec's fields, shown
    folded: tuple[Input, ...]                # fields shown folded (players' choices; details of a plain value)
    folded_label: str = ""

    @property
    def rows(self) -> tuple[tuple[Input, ...], ...]:
        """The shown inputs, a row per run of plain inputs; a list of its own (the defences) stands alone."""
        rows: list[list[Input]] = []
        for item in self.inputs:
            alone = item.widget in LIST_WIDGETS
            if alone or not rows or rows[-1][0].widget in LIST_WIDGETS:
                rows.append([item])
            else:
                rows[-1].append(item)
        return tuple(tuple(row) for row in rows)

    def value_input(self, draft: dict) -> Input | None:
        """The value's input: the kind's plain value, or the whole value as YAML where the draft has one
        (a kind the format does not know, a value imported in a shape the fields cannot show)."""
        return self.value or (WHOLE_VALUE if str(draft.get("value") or "").strip() else None)


WHOLE_VALUE = Input("value", "yaml", kind_field_label("", "value", "yaml"), hint="YAML")


def kind_view(group: str, kind: str) -> KindView:
    """The inputs of ``kind`` of ``group`` (action, step, condition); an unknown kind has only its value."""
    spec = spec_of(group, kind)
    if spec is None:
        return KindView(None, (), ())
    value = _input(spec, spec.value, "value") if spec.value else None
    fields = [_input(spec, field, field.name) for field in (*spec.fields, *spec.companions)]
    if group == "action":
        shown = tuple(i for i in fields if not is_choice_field(i.name))
        folded = tuple(i for i in fields if is_choice_field(i.name))
        return KindView(None, shown, folded, "選択（任意効果を使わない・同時の効果の順番・選んだもの）")
    if value is not None and spec.fields:
        # 「2枚引く」 is the usual case: the spec's fields are there for the rest (「2枚まで」「相手は」).
        companions = {c.name for c in spec.companions}
        return KindView(value, tuple(i for i in fields if i.name in companions),
                        tuple(i for i in fields if i.name not in companions), "詳しく指定")
    return KindView(value, tuple(fields), ())


def _input(spec: KindSpec, field: FieldSpec, name: str) -> Input:
    hint = _hint(field)
    label = kind_field_label(spec.kind, name, field.input)
    if field.input != "choice":
        return Input(name, field.input, label, hint, widget=widget(spec.kind, name), refs=name in REF_NAMES)
    options = [(choice_text(choice), choice_label(field.name, choice, field.choices))
               for choice in ordered_choices(field)]
    if not field.required and field.default is None:
        options.insert(0, ("", NOT_GIVEN))
    return Input(name, "choice", label, hint, tuple(options), widget(spec.kind, name))


def _hint(field: FieldSpec) -> str:
    if field.input == "number" and field.minimum is not None and field.maximum is not None:
        return f"{field.minimum}〜{field.maximum}"
    if field.input == "words" and field.choices:
        return "、".join(f"{c}（{choice_label(field.name, c, field.choices)}）" for c in field.choices)
    if field.input == "words":
        return "「、」区切り"
    if field.input == "yaml":
        return "A1 / {this: true}" if field.name in ("target", "value") else "YAML"
    return ""


_KIND_WORDS = {"action": vocabulary.ACTIONS, "step": vocabulary.STEPS, "condition": vocabulary.CONDITIONS}


def kind_choices(group: str) -> tuple[tuple[str, str], ...]:
    """Every kind of ``group`` the format has, in its order, by its word (a condition may be left out)."""
    kinds = tuple((kind, vocabulary.word(_KIND_WORDS[group], kind)) for kind in kinds_of(group))
    return ((("", vocabulary.NONE_WORD),) if group == "condition" else ()) + kinds


# What the builder's templates call: a kind's inputs (scenario/_kinds.html), the kinds offered, a defence picker.
TEMPLATE_HELPERS = {"kind_view": kind_view, "kind_choices": kind_choices, "defence_choice": defence_choice,
                    "played_id": played_id}
