"""pydantic's validation errors as the format's typed errors: a stable code, the path, the params, the clause.

pydantic's error ``type`` and ``ctx`` are read, never its English ``msg``: its types get stable names here
(``greater_than_equal`` → ``too_small`` with ``min``), and the format's own validators raise their codes
(``adjudicator.format.errors.problem``), which pass through with their params and clause.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any, Callable

from pydantic import ValidationError

from adjudicator.format.base import Strict
from adjudicator.format.errors import FormatError
from adjudicator.format.messages import MESSAGES
from adjudicator.format.wording import RubyError, WordingError

MAX_ERRORS = 50  # errors listed for one scenario: past these the first are enough to fix

Params = dict[str, Any]


def format_errors(error: ValidationError) -> list[FormatError]:
    found: list[FormatError] = []
    for item in error.errors(include_url=False):
        # Union branches produce one error per alternative; the path segment naming the branch
        # (a class name or "str") is noise for a person, so drop it.
        path = ".".join(str(p) for p in item["loc"] if not _is_branch_label(p))
        code, params, rule = _typed(item)
        at = params.pop("at", None)
        if at is not None:
            # A validator that names a key inside its field (a slot number, a card's path) extends the path.
            path = f"{path}.{at}" if path else str(at)
        typed = FormatError(code, path, params, rule)
        if typed not in found:
            found.append(typed)
    # A union whose one branch failed deeper down also reports "wrong type" for the other branches at
    # the parent path: the deeper error is the one that helps.
    paths = {e.path for e in found}
    kept = [e for e in found if not any(q.startswith(e.path + ".") or (e.path == "" and q) for q in paths if q != e.path)]
    return kept[:MAX_ERRORS]


def _typed(item: dict[str, Any]) -> tuple[str, Params, str | None]:
    kind, context = item["type"], dict(item.get("ctx") or {})
    bound = _CARD_BOUNDS.get((_card_field(item["loc"]), kind))
    if bound is not None:
        code, params, rule = bound
        return code, dict(params), rule
    if kind in MESSAGES:  # one of the format's own codes, raised by its validators
        rule = context.pop("rule", None)
        return kind, context, rule
    if kind == "value_error":
        return _value_error(context.get("error"))
    if kind == "string_pattern_mismatch" and context.get("pattern") == r"^[^\s]+$":
        return "has_whitespace", {}, None
    known = _PYDANTIC.get(kind)
    if known is not None:
        code, params = known(context)
        return code, params, None
    return "invalid", {"detail": item["msg"]}, None


def _value_error(error: Any) -> tuple[str, Params, str | None]:
    if isinstance(error, RubyError):
        return "wording_ruby", {"wording": error.wording, "word": error.word}, RubyError.rule
    if isinstance(error, WordingError):
        if error.position is None:
            return "wording_unread", {"wording": error.wording, "why": error.why}, None
        return "wording_unread_at", {"wording": error.wording, "position": error.position + 1, "why": error.why}, None
    return "invalid", {"detail": str(error)}, None


def _choices(context: Params) -> Params:
    # pydantic gives the allowed values as one repr string ("'up' or 'down'"): take the quoted values back.
    expected = str(context.get("expected", ""))
    return {"choices": re.findall(r"'([^']*)'", expected) or [expected]}


def _same(code: str, **names: str) -> Callable[[Params], tuple[str, Params]]:
    """pydantic's type as ``code``, with its ctx keys renamed (``ge`` → ``min``)."""
    return lambda context: (code, {ours: context.get(theirs) for ours, theirs in names.items()})


_PYDANTIC: dict[str, Callable[[Params], tuple[str, Params]]] = {
    "missing": _same("missing"),
    "extra_forbidden": _same("unknown_field"),
    "greater_than_equal": _same("too_small", min="ge"),
    "less_than_equal": _same("too_large", max="le"),
    "greater_than": _same("not_above", limit="gt"),
    "less_than": _same("not_below", limit="lt"),
    **dict.fromkeys(("int_type", "int_parsing", "int_from_float", "int_parsing_size"), _same("not_integer")),
    **dict.fromkeys(("float_type", "float_parsing", "finite_number"), _same("not_number")),
    **dict.fromkeys(("bool_type", "bool_parsing"), _same("not_boolean")),
    **dict.fromkeys(("string_type", "string_unicode"), _same("not_text")),
    **dict.fromkeys(("dict_type", "model_type", "model_attributes_type", "mapping_type"), _same("not_mapping")),
    **dict.fromkeys(("list_type", "tuple_type", "set_type", "iterable_type"), _same("not_list")),
    "literal_error": lambda context: ("not_one_of", _choices(context)),
    "string_too_short": _same("text_too_short", min="min_length"),
    "string_too_long": _same("text_too_long", max="max_length"),
    "string_pattern_mismatch": _same("pattern_mismatch", pattern="pattern"),
    "too_short": _same("too_few", min="min_length"),
    "too_long": _same("too_many", max="max_length"),
}

# A card's printed numbers out of range make an impossible board: say which rule they break, by name.
_RANK = ("rank_range", {"min": 0, "max": 4}, "2.2.1")
_LEVEL = ("level_range", {"min": 0, "max": 4}, "2.2.2")
_CARD_BOUNDS: dict[tuple[str | None, str], tuple[str, Params, str | None]] = {
    ("rank", "greater_than_equal"): _RANK,
    ("rank", "less_than_equal"): _RANK,
    ("level", "greater_than_equal"): _LEVEL,
    ("level", "less_than_equal"): _LEVEL,
    ("power", "greater_than_equal"): ("power_negative", {}, "11.6.2"),
}


def _card_field(loc: tuple[Any, ...]) -> str | None:
    """``rank``/``level``/``power`` when the error is on a card's own field (not a selector's ``where``): a card
    on the board (``players.…``) or a card validated alone, as a card-library row is (``rank``)."""
    on_its_own = len(loc) == 1
    if not loc or "where" in loc or (loc[0] != "players" and not on_its_own):
        return None
    return loc[-1] if loc[-1] in ("rank", "level", "power") else None


def _is_branch_label(part: Any) -> bool:
    if not isinstance(part, str):
        return False
    return part in _model_names() or "[" in part or part in ("str", "int", "bool", "function-after", "function-before")


@cache
def _model_names() -> frozenset[str]:
    """The names of every model of the format: pydantic names a union's branch after its class."""
    names: set[str] = set()
    pending: list[type] = [Strict]
    while pending:
        model = pending.pop()
        names.add(model.__name__)
        pending.extend(model.__subclasses__())
    return frozenset(names)
