"""The README's production command, as the tests that start gunicorn run it."""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_gunicorn_argv(port: int, workers: int = 1) -> list[str]:
    """The README's production command, on ``workers`` workers and a loopback port of this test."""
    command = re.search(r"Production: `(gunicorn [^`]+)`", README.read_text(encoding="utf-8"))
    assert command, "README.md names no production gunicorn command"
    argv = shlex.split(command.group(1))
    for option, value in (("-w", str(workers)), ("-b", f"127.0.0.1:{port}")):
        argv[argv.index(option) + 1] = value
    return [sys.executable, "-m", *argv]
