"""The error a scenario that cannot be loaded raises."""

from __future__ import annotations


class ScenarioError(Exception):
    """The scenario cannot be loaded; ``errors`` lists (path, message) pairs, path like ``players.A.field.6``."""

    def __init__(self, errors: list[tuple[str, str]]):
        self.errors = errors
        super().__init__("; ".join(f"{path or '(top)'}: {message}" for path, message in errors))
