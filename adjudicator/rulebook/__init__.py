"""The rulebooks as cited clause objects: the one representation search, web pages and the engine use.

    >>> rb = load_rulebook("hi-story")
    >>> rb.get("6.7.1").title is None, rb.get("6.5.10").title
    (True, '「引く」の定義')
"""

from adjudicator.rulebook.loader import list_rulebooks, load_release, load_rulebook, releases, rulebook_ids
from adjudicator.rulebook.model import Node, Reference, Rulebook

__all__ = [
    "Node", "Reference", "Rulebook", "list_rulebooks", "load_release", "load_rulebook", "releases", "rulebook_ids",
]
