"""The card library: printed cards entered once and found again by name.

An organiser imports a card list (YAML or CSV) with ``adjudicator cards import FILE``; the builder
autocompletes names from it (``GET /api/cards?q=…``) and fills the card. Cards live in their own table of
the store the short links use (SQLite in the data directory, PostgreSQL when configured). On first use an
empty library is filled from the starter list made from the repository's scenarios (``cards/starter.yaml``).
"""

from adjudicator.cards.model import PRINTED_FIELDS, CardRowError, LibraryCard
from adjudicator.cards.store import CardStore, open_library

__all__ = ["PRINTED_FIELDS", "CardRowError", "CardStore", "LibraryCard", "open_library"]
