"""The JSON API under ``/api/``: its OpenAPI description and ``POST /api/read`` (``openapi.py``), ``POST
/api/resolve`` (``resolve.py``). ``/api/match`` and ``/api/cards`` belong to the cards area."""

from adjudicator.web.api import resolve  # noqa: F401 - its route joins the blueprint
from adjudicator.web.api.openapi import bp, init_app

__all__ = ["bp", "init_app"]
