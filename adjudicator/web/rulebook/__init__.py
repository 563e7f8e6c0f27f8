"""The rulebook browser: tables of contents, clause pages, the whole book, the glossary (``pages``), and how a
clause is laid out (``blocks``), serialised (``serialize``) and found near a wrong number (``nearest``); a
book's releases, the diff between any two and the feed (``releases``), a clause across releases (``versions``)."""

from adjudicator.web.rulebook.pages import bp
from adjudicator.web.rulebook.releases import bp as releases_bp

__all__ = ["bp", "releases_bp"]
