"""The rulebook browser: tables of contents, clause pages, the whole book, the glossary (``pages``), and how a
clause is laid out (``blocks``), serialised (``serialize``) and found near a wrong number (``nearest``)."""

from adjudicator.web.rulebook.pages import bp

__all__ = ["bp"]
