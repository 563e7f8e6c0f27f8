"""CLI commands (filled in by the area that owns them)."""

COMMANDS: list = []
