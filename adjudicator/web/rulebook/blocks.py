"""Nodes made ready for a template: their text rendered, their list items split out, headings marked."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from markupsafe import Markup

from adjudicator.rulebook import Node, Rulebook
from adjudicator.web.common.rendering import anchor_id, item_body, render_text, split_items


@dataclass(frozen=True)
class Item:
    node: Node
    html: Markup

    @property
    def anchor(self) -> str:
        return anchor_id(self.node.id)


@dataclass(frozen=True)
class Block:
    """One node as shown on a page: a heading (chapter, section) or a clause with its text and items."""

    node: Node
    html: Markup
    items: tuple[Item, ...]
    level: int  # HTML heading level

    @property
    def anchor(self) -> str:
        return anchor_id(self.node.id)

    @property
    def is_heading(self) -> bool:
        return self.node.kind in ("chapter", "section")


def block(book: Rulebook, node: Node, href: Callable[[str], str | None], level: int = 2) -> Block:
    children = tuple(child for child_id in node.children if (child := book.get(child_id)) is not None)
    body = split_items(node, children) if node.kind == "clause" else None
    if body is not None:
        html = render_text(body.text, body.references, href)
        items = tuple(Item(item, render_text(*item_body(item), href)) for item in body.items)
    else:
        text, references = item_body(node) if node.kind == "item" else (node.text, node.references)
        html, items = render_text(text, references, href) if text.strip() else Markup(""), ()
    return Block(node, html, items, min(6, level))


def blocks(book: Rulebook, nodes: tuple[Node, ...], href, top_level: int = 2) -> list[Block]:
    """Blocks for ``nodes`` (a subtree in document order, or the whole book), the first at heading level
    ``top_level``; list items that their clause's block already shows are left out."""
    if not nodes:
        return []
    shown: list[Block] = []
    listed: set[str] = set()
    levels: dict[str, int] = {}
    for node in nodes:
        if node.id in listed:
            continue
        # One level below the heading of the node's parent, never by depth alone: a chapter without sections
        # (第1章 → 1.1) has its clauses right under it, and a heading may only go one level deeper.
        levels[node.id] = levels[node.parent] + 1 if node.parent in levels else top_level
        current = block(book, node, href, levels[node.id])
        listed.update(item.node.id for item in current.items)
        shown.append(current)
    return shown
