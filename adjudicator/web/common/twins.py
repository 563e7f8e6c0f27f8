"""Every page's JSON twin at its address plus ``.json``, made one way (Datasette's): :func:`json_twin` registers a view
at its rule and at the rule's twin, and the view is called with ``as_json`` saying which was asked for.

    @json_twin(bp, "/scenarios")       # /scenarios and /scenarios.json
    def gallery(as_json: bool): ...

``url_for(endpoint, …, as_json=True)`` builds the twin's address; ``/`` has ``/.json``.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Blueprint

JSON = ".json"


def twin_rule(rule: str) -> str:
    """The JSON twin's rule of a page's rule: ``/scenarios`` → ``/scenarios.json``, ``/`` → ``/.json``."""
    return rule.rstrip("/") + JSON if rule != "/" else "/" + JSON


def json_twin(bp: Blueprint, rule: str, **options) -> Callable:
    """Register the decorated view at ``rule`` (``as_json=False``) and at its twin (``as_json=True``)."""

    def register(view: Callable) -> Callable:
        endpoint = options.pop("endpoint", view.__name__)
        bp.add_url_rule(rule, endpoint, view, defaults={"as_json": False}, **options)
        bp.add_url_rule(twin_rule(rule), endpoint, view, defaults={"as_json": True}, **options)
        return view

    return register
