"""The builder draft's values: what a form input holds (text) and the scenario value it stands for, and the
:class:`Conversion` that a draft becomes on its way to scenario data.

A draft is a tree of strings, lists and mappings; these helpers read it without trusting its shape (a posted form
may send anything) and write scenario values back as the text an input shows. On the way back, a
:class:`Conversion` keeps the data, the form errors found on the way (a word in a number box, broken YAML) and
where each scenario path came from, so that the engine's errors (``players.A.field.2.card.rank``) appear next to
the input that caused them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

import yaml

from adjudicator.format.errors import ScenarioError
from adjudicator.format.loading import parse_text
from adjudicator.format.scenario import Scenario

LIST_SEPARATORS = re.compile(r"[、，,\n]+")
_FULL_WIDTH_DIGITS = str.maketrans("０１２３４５６７８９－＋", "0123456789-+")


def mapping(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


def sequence(value: Any) -> list:
    return value if isinstance(value, list) else []


def text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return value if isinstance(value, str) else str(value) if isinstance(value, (int, float)) else flow(value)


def flag(value: Any) -> str:
    return "on" if value is True else ""


def checked(value: Any) -> bool:
    return value in ("on", "true", True)


def texts(source: dict, keys: tuple[str, ...]) -> dict[str, str]:
    return {key: text(source.get(key)) for key in keys}


def split(value: Any) -> list[str]:
    return [item.strip() for item in LIST_SEPARATORS.split(text(value)) if item.strip()]


def joined(value: Any) -> str:
    """A list of words as one input (「、」 between them)."""
    return "、".join(text(item) for item in value) if isinstance(value, list) else text(value)


def flow(value: Any) -> str:
    """A value as one line of YAML flow style (``{player: opponent, count: 3}``)."""
    dumped = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, sort_keys=False, width=10_000)
    return dumped.removesuffix("\n").removesuffix("\n...").strip()


def yaml_text(value: Any) -> str:
    if value in (None, {}, []):
        return ""
    return yaml.safe_dump(value, allow_unicode=True, sort_keys=False, default_flow_style=None, width=100)


def rest_text(source: dict, known: tuple[str, ...]) -> str:
    """The keys of ``source`` the form has no input for, as YAML for a ``more`` area."""
    rest = {k: v for k, v in source.items() if k not in known}
    return yaml_text(rest) if rest else ""


# --- a draft on its way to scenario data -----------------------------------------------------------------


@dataclass
class Conversion:
    """Scenario data built from a draft, the form errors found on the way, and where each path came from."""

    data: dict[str, Any] = field(default_factory=dict)
    errors: dict[str, list[str]] = field(default_factory=dict)
    origins: dict[str, str] = field(default_factory=dict)
    # The scenario ``data`` loads as, once it has loaded (``draft.validated``): not loaded a second time.
    scenario: Scenario | None = None

    def came_from(self, scenario_path: str, form_field: str) -> None:
        self.origins[scenario_path] = form_field

    def error(self, form_field: str, message: str) -> None:
        messages = self.errors.setdefault(form_field, [])
        if message not in messages:
            messages.append(message)

    def field_of(self, scenario_path: str) -> str:
        """The form field an engine error path belongs to: the longest recorded prefix, else the top."""
        parts = scenario_path.split(".") if scenario_path else []
        for end in range(len(parts), 0, -1):
            found = self.origins.get(".".join(parts[:end]))
            if found is not None:
                return found
        return ""

    def add_scenario_errors(self, error: ScenarioError) -> None:
        for problem in error.errors:
            self.error(self.field_of(problem.path), problem.message_ja)

    def reroot(self, old: str, new: str) -> None:
        """Paths recorded under ``old`` also answer under ``new`` (a one-card stack's ``card``)."""
        for path, form_field in list(self.origins.items()):
            if path == old or path.startswith(old + "."):
                self.origins[new + path[len(old):]] = form_field


def number(out: Conversion, value: Any, form_field: str) -> int | None:
    typed = text(value).strip().translate(_FULL_WIDTH_DIGITS)
    if not typed:
        return None
    if re.fullmatch(r"[+-]?\d{1,7}", typed) is None:
        out.error(form_field, "整数で入力してください")
        return None
    return int(typed)


def set_text(out: Conversion, data: dict, source: dict, key: str, path: str, form_field: str) -> None:
    typed = text(source.get(key)).strip()
    if typed:
        data[key] = typed
    out.came_from(path, form_field)


def parse_yaml(out: Conversion, value: Any, form_field: str) -> Any:
    typed = text(value).strip()
    if not typed:
        return None
    try:
        return parse_text(typed)
    except ScenarioError as error:
        out.error(form_field, "; ".join(problem.message_ja for problem in error.errors))
        return None


def merge_more(out: Conversion, data: dict, value: Any, form_field: str, path: str) -> None:
    """Keys from a ``more`` area join the data at ``path``; the form's own inputs win on a clash."""
    extra = parse_yaml(out, value, form_field)
    if extra is None:
        return
    if not isinstance(extra, dict):
        out.error(form_field, "「その他」は「キー: 値」の形で書いてください")
        return
    for key, item in extra.items():
        key = str(key)
        if isinstance(data.get(key), dict) and isinstance(item, dict):
            data[key] = {**item, **data[key]}
        else:
            data.setdefault(key, item)
        out.came_from(f"{path}.{key}" if path else key, form_field)
