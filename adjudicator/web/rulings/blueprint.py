"""The rulings area's blueprint: the gallery of worked examples, trace pages and the pages of links."""

from __future__ import annotations

from flask import Blueprint

bp = Blueprint("rulings", __name__)
