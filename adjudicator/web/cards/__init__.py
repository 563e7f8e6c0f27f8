"""The card library and 「この条件に一致する？」 on the web (``views``), and a pasted card text read (``text``)."""

from adjudicator.web.cards.views import bp

__all__ = ["bp"]
