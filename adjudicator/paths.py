"""Where the product's data lives: shipped data (rulebooks, templates, scenarios) and the user data directory.

In a source checkout the shipped data sits at the top of the repository; an installed wheel carries a copy
inside the package under ``_data`` (see ``pyproject.toml``). Everything the service writes goes under one
data directory that is never inside the package.
"""

from __future__ import annotations

from pathlib import Path

import platformdirs

from adjudicator import settings

_PACKAGE_DIR = Path(__file__).resolve().parent
_SHIPPED = _PACKAGE_DIR / "_data"
_CHECKOUT = _PACKAGE_DIR.parent

DATA_DIR_ENV = "ADJUDICATOR_DATA_DIR"  # the settings table's (adjudicator/settings.py)
RULEBOOK_DIR_ENV = "ADJUDICATOR_RULEBOOK_DIR"


def _shipped(name: str) -> Path:
    """The shipped folder ``name``: inside the installed package if present, else the checkout's."""
    installed = _SHIPPED / name
    return installed if installed.is_dir() else _CHECKOUT / name


def rulebook_dir() -> Path:
    configured = settings.environment(RULEBOOK_DIR_ENV)
    return Path(configured) if configured else _shipped("rulebook")


def templates_dir() -> Path:
    return _shipped("templates")


def static_dir() -> Path:
    return _shipped("static")


def scenarios_dir() -> Path:
    return _shipped("scenarios")


def cards_dir() -> Path:
    """The shipped card lists (the library's starter list)."""
    return _shipped("cards")


def user_data_dir() -> Path:
    """The one directory the service writes to (index, link store); created on demand."""
    configured = settings.environment(DATA_DIR_ENV)
    path = Path(configured) if configured else Path(platformdirs.user_data_dir("hi-story-adjudicator"))
    path.mkdir(parents=True, exist_ok=True)
    return path
