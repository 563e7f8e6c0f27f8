"""The search pages: ``/search`` and its JSON twin, the as-you-type box (``pages``)."""

from adjudicator.web.search.pages import bp

__all__ = ["bp"]
