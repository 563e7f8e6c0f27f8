"""Official rulings: the organiser's 「ルール裁定Q&A」 entries, imported all or nothing, kept beside the clauses.

Each ruling is a question and its official answer, with its date, source URL, the clauses and cards it
concerns, the ruling that superseded it (``superseded_by``; a superseded ruling stays visible, marked) and,
optionally, a scenario whose ``expect`` block is the official answer in the format's words: the engine must
agree with it (``adjudicator verify``, and the ruling's own line on the pages).

    >>> rulings = read_rulings_file(Path("qa-2026-12.yaml"))   # RulingImportError naming row and field
    >>> open_rulings(app.config).save(rulings)                  # merged by id, all or nothing (file or PostgreSQL)
"""

from adjudicator.official.importing import RulingImportError, read_rulings, read_rulings_file
from adjudicator.official.model import OfficialRuling, rulings_citing
from adjudicator.official.store import (
    PostgresRulingStore,
    RulingsFile,
    RulingStore,
    TooManyRulings,
    imported_rulings,
    open_rulings,
)

__all__ = [
    "OfficialRuling",
    "PostgresRulingStore",
    "RulingImportError",
    "RulingStore",
    "RulingsFile",
    "TooManyRulings",
    "imported_rulings",
    "open_rulings",
    "read_rulings",
    "read_rulings_file",
    "rulings_citing",
]
