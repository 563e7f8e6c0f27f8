"""Bounded YAML/JSON loading of a scenario, and its canonical dumping.

Every input is checked before the schema sees it (size, nesting, aliases, number length, valid Unicode), then
validated; a failure is a ``ScenarioError`` naming each bad field. ``load(dump(s)) == s``.
"""

from __future__ import annotations

import math
from typing import Any

import orjson
import yaml
from pydantic import ValidationError

from adjudicator.format.errors import ScenarioError
from adjudicator.format.scenario import Scenario
from adjudicator.format.validation import format_errors

MAX_SOURCE_BYTES = 512 * 1024
MAX_DEPTH = 30

# libyaml's C parser when PyYAML was built with it (its wheels are); the pure-Python one otherwise. Every safe
# YAML read of the package uses it (the corpus scan, the API description).
SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_OPENS = (yaml.MappingStartEvent, yaml.SequenceStartEvent)
_CLOSES = (yaml.MappingEndEvent, yaml.SequenceEndEvent)
_RESOLVER = yaml.resolver.Resolver()
_INT_TAG = "tag:yaml.org,2002:int"
# No number in a scenario needs more digits (counts, powers, rounds); a longer one is refused where it is read,
# before it is built: Python's int() refuses 4,301+ decimal digits (a ValueError inside the YAML loader) and a
# 5,000-digit hex integer loads but cannot be turned back into text.
MAX_NUMBER_DIGITS = 18
_MAX_NUMBER = 10**MAX_NUMBER_DIGITS


def _refuse_aliases_and_depth(text: str) -> None:
    """Check the event stream before anything is built from it.

    Aliases are refused (a scenario never needs them, and they enable 'billion laughs'), and nesting is
    bounded here rather than after loading: composing ``[[[[…`` a hundred thousand deep recurses and
    would exhaust the stack before :func:`_check_data` could see the data. The event stream is flat.
    """
    depth = -1  # the top collection is level 0, as in _check_data
    for event in yaml.parse(text, Loader=SAFE_LOADER):
        if isinstance(event, yaml.AliasEvent):
            raise yaml.composer.ComposerError(None, None, "YAML aliases (*name) are not allowed", event.start_mark)
        if isinstance(event, _OPENS):
            depth += 1
            if depth > MAX_DEPTH:
                raise yaml.composer.ComposerError(None, None, f"nested deeper than {MAX_DEPTH} levels", event.start_mark)
        elif isinstance(event, _CLOSES):
            depth -= 1
        elif isinstance(event, yaml.ScalarEvent) and _is_long_integer(event):
            raise yaml.composer.ComposerError(
                None, None, f"a number has at most {MAX_NUMBER_DIGITS} digits", event.start_mark)


def _is_long_integer(event: yaml.ScalarEvent) -> bool:
    # Only plain scalars resolve to int; a quoted "123…" is a string and stays one.
    return (len(event.value) > MAX_NUMBER_DIGITS and event.implicit[0]
            and _RESOLVER.resolve(yaml.ScalarNode, event.value, (True, False)) == _INT_TAG)


def parse_text(text: str) -> Any:
    """YAML (a superset of JSON) text → plain data, bounded in size and nesting."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_SOURCE_BYTES:
        raise ScenarioError.of("source_too_large", max_kib=MAX_SOURCE_BYTES // 1024)
    try:
        _refuse_aliases_and_depth(text)
        data = yaml.load(text, Loader=SAFE_LOADER)  # noqa: S506 - a safe loader
    except ValueError as error:
        # A value the loader's constructors refuse (int(), a date); the event check catches the known ones.
        raise ScenarioError.of("not_yaml", problem=str(error)) from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        problem = getattr(error, "problem", None) or str(error)
        if "nesting depth" in problem:
            # Newer libyaml stops very deep input itself, before our event check sees it: same refusal.
            problem = f"nested deeper than {MAX_DEPTH} levels"
        if mark is None:
            raise ScenarioError.of("not_yaml", problem=problem) from None
        raise ScenarioError.of("not_yaml_at", line=mark.line + 1, column=mark.column + 1, problem=problem) from None
    _check_data(data)
    return data


def _check_data(data: Any) -> None:
    """What every input must be before the schema sees it, wherever it came from (YAML, JSON, a link, a store):
    nested at most MAX_DEPTH levels, its text valid Unicode (JSON's ``"\\ud800"`` gives a lone surrogate,
    which no UTF-8 encoder accepts), its integers at most MAX_NUMBER_DIGITS long."""
    if _passes(data):
        return
    _name_the_problem(data)


def _passes(data: Any) -> bool:
    """The same checks as :func:`_name_the_problem` without building a path for every value, and every text
    encoded in one call: almost every input passes, and this took a tenth of a resolve with the paths."""
    pending: list[tuple[Any, int]] = [(data, 0)]
    texts: list[str] = []
    while pending:
        node, depth = pending.pop()
        if depth > MAX_DEPTH:
            return False
        if isinstance(node, dict):
            texts.extend(key for key in node if isinstance(key, str))
            pending.extend((value, depth + 1) for value in node.values())
        elif isinstance(node, list):
            pending.extend((value, depth + 1) for value in node)
        elif isinstance(node, str):
            texts.append(node)
        elif _is_out_of_bounds(node):
            return False
    return _is_valid_unicode("".join(texts))  # a lone surrogate stays lone when joined: str never pairs them


def _name_the_problem(data: Any) -> None:
    """Raise the ScenarioError of the first problem found, with the path of the value it is in."""
    stack: list[tuple[Any, tuple[str, ...]]] = [(data, ())]
    while stack:
        node, path = stack.pop()
        if len(path) > MAX_DEPTH:
            raise ScenarioError.of("too_deep", max=MAX_DEPTH)
        if isinstance(node, dict):
            for key, value in node.items():
                _check_text(key, path)
                stack.append((value, (*path, str(key))))
        elif isinstance(node, list):
            stack.extend((value, (*path, str(i))) for i, value in enumerate(node))
        else:
            _check_text(node, path)
            if _is_out_of_bounds(node):
                raise ScenarioError.of("number_too_long", ".".join(path), max=MAX_NUMBER_DIGITS)


def _is_out_of_bounds(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return abs(value) >= _MAX_NUMBER
    # YAML's .inf and .nan, and floats no count or power comes near (1e300).
    return isinstance(value, float) and not (math.isfinite(value) and abs(value) < _MAX_NUMBER)


def _check_text(value: Any, path: tuple[str, ...]) -> None:
    if isinstance(value, str) and not _is_valid_unicode(value):
        raise ScenarioError.of("not_unicode", ".".join(path))


def _is_valid_unicode(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def load_scenario(source: str | bytes | dict[str, Any]) -> Scenario:
    """A scenario from YAML/JSON text or plain data; raises ScenarioError naming each bad field."""
    if isinstance(source, bytes):
        source = source.decode("utf-8", errors="replace")
    data = parse_text(source) if isinstance(source, str) else source
    if not isinstance(data, dict):
        raise ScenarioError.of("not_a_scenario")
    _check_data(data)
    try:
        return Scenario.model_validate(data)
    except ValidationError as error:
        raise ScenarioError(format_errors(error)) from None


def dumps(scenario: Scenario) -> str:
    """The scenario as YAML text (Japanese kept readable)."""
    return yaml.safe_dump(scenario.dump(), allow_unicode=True, sort_keys=False)


def canonical_json(scenario: Scenario) -> str:
    """Canonical JSON: sorted keys, no whitespace; the same scenario always gives the same bytes.

    Written by orjson, byte for byte what ``json.dumps(…, ensure_ascii=False, sort_keys=True,
    separators=(",", ":"))`` writes for a scenario's dump (string keys, no floats; every corpus scenario
    checked, tests/format/test_canonical_form.py), in a sixth of the time: link ids and payloads are made from these bytes."""
    return orjson.dumps(scenario.dump(), option=orjson.OPT_SORT_KEYS).decode("utf-8")
