"""Parser for the Duel Masters basic rules (placeholder until the real parser lands)."""
from adjudicator.rulebook.hi_story import ParsedBook
from adjudicator.rulebook.drafts import DraftBook


def parse(source: str) -> ParsedBook:
    return ParsedBook(preamble=source.strip(), drafts=DraftBook())
