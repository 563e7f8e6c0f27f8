"""Real disk faults for tests: a small tmpfs mounted for the test, remounted read-only or filled up.

Needs root (``.ci/run`` runs as root); elsewhere the tests that use it skip and say why.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def tmpfs(where: Path, size: str = "16m") -> Iterator[Path]:
    where.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0:
        pytest.skip("read-only and full disks are a tmpfs mounted for the test: needs root (.ci/run is)")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                             capture_output=True, text=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here ({mounted.stderr.strip()})")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def remount(where: Path, options: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{options}", str(where)], check=True)


def fill(where: Path) -> Path:
    """Write until the file system is full (ENOSPC), leaving no free block; the filler's path."""
    filler = where / "filler"
    with open(filler, "wb") as sink:
        try:
            while True:
                sink.write(b"\0" * (64 * 1024))
                sink.flush()
        except OSError:
            pass
    return filler
