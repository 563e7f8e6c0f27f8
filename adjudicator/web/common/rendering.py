"""Clause text as HTML: Markdown with every raw-HTML and link path closed, cross-references as links.

Links are placed from the rulebook's own :class:`~adjudicator.rulebook.Reference` offsets, never by
searching the rendered HTML for numbers: each reference span is swapped for a private-use placeholder
before Markdown runs, and the placeholder for an ``<a>`` after, with the surface text escaped.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import markdown
from markupsafe import Markup, escape

from adjudicator.rulebook import Node, Reference

_OPEN, _CLOSE = "\ue000", "\ue001"
_PLACEHOLDER = re.compile(f"{_OPEN}(\\d+){_CLOSE}")
# Markdown features that could carry markup or a URL from the text into the page. The rulebooks use
# none of them; closing them means no source text can inject HTML or a javascript: link.
_CLOSED_INLINE = ("html", "link", "image_link", "reference", "image_reference", "short_reference",
                  "short_image_ref", "autolink", "automail")
_CLOSED_BLOCK = ("reference",)


@dataclass(frozen=True)
class ClauseBody:
    """A clause's own text and, separately, its printed list items (10.6.2's 1.–10.)."""

    text: str
    references: tuple[Reference, ...]
    items: tuple[Node, ...]


def anchor_id(node_id: str) -> str:
    """An HTML id for a node that does not start with a digit: ``c-6.7.1``, ``c-10.6.2-8``."""
    return f"c-{node_id}"


def _markdown() -> markdown.Markdown:
    # A new converter per call: converters keep state between calls and are not thread-safe (~0.1 ms).
    converter = markdown.Markdown(output_format="html")
    converter.preprocessors.deregister("html_block")
    for name in _CLOSED_INLINE:
        converter.inlinePatterns.deregister(name)
    for name in _CLOSED_BLOCK:
        converter.parser.blockprocessors.deregister(name)
    return converter


def linkable(references: tuple[Reference, ...]) -> list[Reference]:
    """The references to link: explicit ones only (an implied range member has no text of its own),
    in text order, without overlaps."""
    chosen: list[Reference] = []
    for reference in sorted(references, key=lambda ref: (ref.start, -ref.end)):
        if reference.implied or (chosen and reference.start < chosen[-1].end):
            continue
        chosen.append(reference)
    return chosen


def render_text(text: str, references: tuple[Reference, ...], href: Callable[[str], str | None]) -> Markup:
    """``text`` as HTML; each reference whose target ``href`` can resolve becomes a link to it."""
    text = text.replace(_OPEN, "\ufffd").replace(_CLOSE, "\ufffd")  # keeps every offset in place
    pieces, cursor, links = [], 0, []
    for reference in linkable(references):
        target = href(reference.target)
        if target is None or text[reference.start:reference.end] != reference.surface:
            continue
        pieces += [text[cursor:reference.start], f"{_OPEN}{len(links)}{_CLOSE}"]
        links.append(Markup('<a class="ref" href="{}">{}</a>').format(target, reference.surface))
        cursor = reference.end
    pieces.append(text[cursor:])
    html = _markdown().convert("".join(pieces))
    return Markup(_PLACEHOLDER.sub(lambda match: str(links[int(match.group(1))]), html))


def split_items(node: Node, children: tuple[Node, ...]) -> ClauseBody:
    """A clause's text up to its printed list, and the list items; inline items (①②) stay in the text."""
    listed = tuple(child for child in children if child.kind == "item" and is_listed_item(child))
    if not listed:
        return ClauseBody(node.text, node.references, ())
    cut = node.text.find(listed[0].text)
    if cut < 0:
        return ClauseBody(node.text, node.references, ())
    own_refs = tuple(ref for ref in node.references if ref.end <= cut)
    return ClauseBody(node.text[:cut].rstrip(), own_refs, listed)


def is_listed_item(item: Node) -> bool:
    """Printed as its own ``8. …`` line (10.6.2-8), not inline as ①② (5.2.1-1)."""
    return item.text.startswith(f"{item.number}. ")


def item_body(item: Node) -> tuple[str, tuple[Reference, ...]]:
    """A listed item's text without its printed number, with references shifted to match."""
    if not is_listed_item(item):
        return item.text, item.references
    shift = len(f"{item.number}. ")
    shifted = tuple(
        Reference(ref.target, ref.surface, ref.start - shift, ref.end - shift, ref.implied)
        for ref in item.references if ref.start >= shift
    )
    return item.text[shift:], shifted


__all__ = ["ClauseBody", "anchor_id", "escape", "item_body", "linkable", "render_text", "split_items"]
