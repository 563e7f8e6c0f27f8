"""The builder draft's values: what a form input holds (text) and the scenario value it stands for.

A draft is a tree of strings, lists and mappings; these helpers read it without trusting its shape (a
posted form may send anything) and write scenario values back as the text an input shows.
"""

from __future__ import annotations

import re
from typing import Any

import yaml

LIST_SEPARATORS = re.compile(r"[、，,\n]+")


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
