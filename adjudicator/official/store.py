"""The imported official rulings: one JSON file in the data directory, replaced whole on each import.

An import merges the new rulings into those kept (by id: a ruling imported again is replaced) and writes the
result to a temporary file renamed over the old one, so every reader sees the rulings before or after an
import, never part of one. Readers keep what they read until the file changes (its modification time).
"""

from __future__ import annotations

import functools
import json
import os
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from adjudicator.official.model import OfficialRuling
from adjudicator.paths import user_data_dir

FILE_NAME = "official-rulings.json"
MAX_KEPT = 10_000  # far above the official Q&A page's size; an import past it is refused


class TooManyRulings(ValueError):
    pass


@dataclass
class RulingsFile:
    directory: Path

    @property
    def path(self) -> Path:
        return self.directory / FILE_NAME

    def load(self) -> tuple[OfficialRuling, ...]:
        """The rulings kept, oldest import first; () when none were imported."""
        try:
            stamp = self.path.stat().st_mtime_ns
        except FileNotFoundError:
            return ()
        return _read(self.path, stamp)

    def save(self, rulings: Iterable[OfficialRuling]) -> tuple[int, int]:
        """Merge ``rulings`` into those kept and write them whole: (how many were new, how many kept in all)."""
        kept = {ruling.id: ruling for ruling in self.load()}
        new = 0
        for ruling in rulings:
            new += ruling.id not in kept
            kept[ruling.id] = ruling
        if len(kept) > MAX_KEPT:
            raise TooManyRulings(f"{MAX_KEPT}件を超えるため読み込まない")
        document = {"imported": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                    "rulings": [ruling.model_dump() for ruling in kept.values()]}
        self.directory.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=self.directory, prefix=".rulings-", suffix=".json")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                json.dump(document, out, ensure_ascii=False)
            os.replace(temporary, self.path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        return new, len(kept)


@functools.lru_cache(maxsize=4)
def _read(path: Path, stamp: int) -> tuple[OfficialRuling, ...]:
    """The file's rulings as of its modification time ``stamp`` (a new import is a new key)."""
    document = json.loads(path.read_text(encoding="utf-8"))
    return tuple(OfficialRuling.model_validate(entry) for entry in document["rulings"])


def imported_rulings() -> tuple[OfficialRuling, ...]:
    """The rulings imported into this service's data directory."""
    return RulingsFile(user_data_dir()).load()
