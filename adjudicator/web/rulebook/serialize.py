"""The JSON twins of the pages and the bulk dumps (JSON, and Markdown for pasting into AI chats)."""

from __future__ import annotations

from adjudicator.rulebook import Node, Rulebook
from adjudicator.web.common.urls import node_url, toc_url, whole_book_url
from adjudicator.web.common.rendering import anchor_id, is_listed_item


def book_json(book: Rulebook) -> dict:
    return {
        **book.identity(),
        "urls": {
            "toc": toc_url(book),
            "toc_json": toc_url(book, json=True),
            "whole_book": whole_book_url(book),
            "dump_json": whole_book_url(book, ".json"),
            "dump_markdown": whole_book_url(book, ".md"),
        },
    }


def node_summary(book: Rulebook, node: Node) -> dict:
    return {"id": node.id, "kind": node.kind, "label": node.label, "url": node_url(book, node.id)}


def node_json(book: Rulebook, node: Node, *, pinned: bool = False) -> dict:
    """A node with its references, backlinks, neighbours and path: the clause page as data."""
    previous, following = book.previous(node.id), book.next(node.id)
    return {
        "book": book_json(book),
        "pinned": pinned,
        "node": node_data(book, node),
        "path": [node_summary(book, part) for part in book.heading_path(node.id)[:-1]],
        "children": [node_summary(book, child) for child in _children(book, node)],
        "backlinks": [node_summary(book, source) for source in _nodes(book, book.backlinks(node.id))],
        "previous": node_summary(book, previous) if previous else None,
        "next": node_summary(book, following) if following else None,
        "subtree": [node_data(book, part) for part in book.subtree(node.id)[1:]]
        if node.kind in ("chapter", "section") else [],
    }


def node_data(book: Rulebook, node: Node) -> dict:
    return {
        "id": node.id,
        "kind": node.kind,
        "number": node.number,
        "title": node.title,
        "text": node.text,
        "parent": node.parent,
        "children": list(node.children),
        "anchor": anchor_id(node.id),
        "url": node_url(book, node.id),
        "permalink": node_url(book, node.id, pinned=True),
        "references": [
            {"target": ref.target, "surface": ref.surface, "start": ref.start, "end": ref.end,
             "implied": ref.implied, "url": node_url(book, ref.target) if book.get(ref.target) else None}
            for ref in node.references
        ],
    }


def toc_json(book: Rulebook) -> dict:
    def entry(node: Node) -> dict:
        children = [entry(child) for child in _children(book, node) if child.kind != "item"]
        return {**node_summary(book, node), "title": node.title, "children": children}

    return {"book": book_json(book), "chapters": [entry(chapter) for chapter in book.chapters]}


def dump_json(book: Rulebook) -> dict:
    """The whole book: metadata and every node in document order, with references and backlinks."""
    return {
        "book": book_json(book),
        "preamble": book.preamble,
        "nodes": [{**node_data(book, node), "backlinks": list(book.backlinks(node.id))} for node in book.walk()],
    }


def dump_markdown(book: Rulebook, base_url: str) -> str:
    """The whole book as Markdown, one heading per node with its anchor and permanent URL.

    Chapter 16 of the Hi!story rulebook suggests giving the book to an AI chat; this is the form to paste.
    """
    edition = f"{book.release}" + (f"（{book.effective_date} 施行）" if book.effective_date else "")
    lines = [f"# {book.title} {edition}", "", f"出典: {base_url.rstrip('/')}{toc_url(book)}", ""]
    for node in book.walk():
        if node.kind == "item" and is_listed_item(node):
            continue  # printed inside its clause's text already
        depth = {"chapter": 2, "section": 3, "clause": 4, "item": 5}[node.kind]
        link = f"{base_url.rstrip('/')}{node_url(book, node.id, pinned=True)}"
        lines += [f"{'#' * depth} {node.label} {{#{anchor_id(node.id)}}}", "", f"<{link}>", ""]
        if node.text.strip():
            lines += [node.text.strip(), ""]
    return "\n".join(lines)


def _children(book: Rulebook, node: Node) -> list[Node]:
    return _nodes(book, node.children)


def _nodes(book: Rulebook, ids) -> list[Node]:
    return [found for node_id in ids if (found := book.get(node_id)) is not None]
