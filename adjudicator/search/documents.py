"""The index's view of a rulebook: one document per searchable node, and the schema that holds them.

Bump ``SCHEMA_VERSION`` whenever the schema, the analyzers or what goes into a document changes: the
stored index is rebuilt when it differs (see :mod:`adjudicator.search.store`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from whoosh.fields import ID, KEYWORD, NUMERIC, STORED, TEXT, Schema

from adjudicator.rulebook import Node, Rulebook
from adjudicator.search.analysis import BigramTokenizer, MorphTokenizer

# 4: the morph fields from MeCab instead of Janome (the same IPADIC; bench/tokenizer_compare.py), and no
# positions in the bigram fields.
SCHEMA_VERSION = 4

# Nodes a search can answer with. Sections and chapters are headings: their words reach the clauses under
# them through the ``headings`` field, and a section number query shows the whole section instead.
SEARCHABLE_KINDS = ("clause", "item")

# 「バトル」とは… (11.7.1), 「場」（「フィールド」とも表記する）とは… (2.3.1): the clause that defines a term
# should rank first for that term, so the defined words get a field of their own. 「X」は、 at the start
# of a section's first clause defines X too (2.4.1, 6.7.1); later clauses of that form refine it (6.7.4).
_DEFINITION = re.compile(r"^「([^「」]{1,20})」(?:（[^）]*）)?とは")
_OPENING_DEFINITION = re.compile(r"^「([^「」]{1,20})」(?:（[^）]*）)?は、")
_QUOTED = re.compile(r"「([^「」]{1,20})」")
# （以下「宿主」。…） (6.11.1), （以下「共有効果」） (6.12.1): a term named where it is introduced.
_NAMED_HEREAFTER = re.compile(r"以下「([^「」]{1,20})」")
_DEFINING_TITLES = ("定義", "読み方", "解釈", "補完")
# The effect marks as the rulebook quotes them (「召」「1」「常」「合」, 6.4) and the chapter 7 bracket syntax
# as its definition prints it, empty (〈〉 【】 ｛｝, 7.1.1): punctuation to the text analyzers, so a field of
# their own makes 「1」 searchable apart from the 1 of 1枚.
_MARK = re.compile(r"「([召1常合])」")
BRACKETS = ("〈〉", "【】", "｛｝")


def build_schema() -> Schema:
    bigram, morph = BigramTokenizer(), MorphTokenizer()
    return Schema(
        key=ID(unique=True, stored=True),
        book=ID(stored=True),
        node_id=ID(stored=True),
        kind=ID(stored=True),
        chapter=ID(stored=True),
        position=NUMERIC(stored=True, sortable=True),
        # No positions: the search never asks Whoosh for a phrase (a quoted phrase is looked up in the clause's
        # folded text, ranking.Ranker.contains), and writing them was a fifth of the index build. BM25F reads
        # only each term's frequency and the field's length, the same either way.
        title=TEXT(analyzer=bigram, phrase=False),
        title_morph=TEXT(analyzer=morph, phrase=False),
        headings=TEXT(analyzer=bigram, phrase=False),
        headings_morph=TEXT(analyzer=morph, phrase=False),
        terms=TEXT(analyzer=bigram, phrase=False),
        body=TEXT(analyzer=bigram, phrase=False),
        body_morph=TEXT(analyzer=morph, phrase=False),
        marks=KEYWORD(scorable=True),
        text=STORED,
    )


def document_key(book: str, node_id: str) -> str:
    return f"{book}:{node_id}"


def defined_terms(node: Node, ancestors: tuple[Node, ...], earlier: tuple[Node, ...] = ()) -> list[str]:
    """Terms this node defines: 「X」とは in its own text, 「X」は、 unless a clause before it in its section
    opened so already (5.6.3 defines 「このターン」; 6.7.4 refines 6.7.1's 「その後」), 以下「X」, or the quoted term
    of a 「X」の定義 heading."""
    parent = ancestors[-1] if ancestors else None
    opens_section = parent is not None and parent.children[:1] == (node.id,)
    terms = [match.group(1) for match in [_DEFINITION.match(node.text)] if match]
    opening = _OPENING_DEFINITION.match(node.text)
    opened_before = {match.group(1) for sibling in earlier if (match := _OPENING_DEFINITION.match(sibling.text))}
    if opening and opening.group(1) not in opened_before:
        terms.append(opening.group(1))
    terms += _NAMED_HEREAFTER.findall(node.text)
    # A 「X」の定義 section defines X in its first clause (9.1 → 9.1.1); the rest apply the definition.
    headings = [node] + ([parent] if opens_section else [])
    for heading in headings:
        title = heading.title or ""
        if any(word in title for word in _DEFINING_TITLES):
            terms.extend(_QUOTED.findall(title))
    return list(dict.fromkeys(terms))


def marks_of(node: Node) -> list[str]:
    """The marks and bracket pairs a node's text names, each once, and three times the one it opens with:
    the clause that states a mark's rule (「召」マークの効果は、… 6.4.1) outscores those that list it (6.4.3)."""
    text = f"{node.title or ''} {node.text}"
    named = list(dict.fromkeys(_MARK.findall(text) + [pair for pair in BRACKETS if pair in text]))
    lead = _MARK.match(node.text)
    return named + ([lead.group(1)] * 2 if lead else [])


def chapter_of(book: Rulebook, node: Node) -> str:
    path = book.heading_path(node.id)
    return path[0].id if path and path[0].kind == "chapter" else ""


def documents(book: Rulebook) -> Iterator[dict]:
    """One Whoosh document per clause and list item of ``book``."""
    for node in book.walk():
        if node.kind not in SEARCHABLE_KINDS or not node.text.strip():
            continue
        path = book.heading_path(node.id)
        ancestors = path[:-1]
        siblings = ancestors[-1].children if ancestors else ()
        earlier = tuple(book.get(sibling) for sibling in siblings[: siblings.index(node.id)] if book.get(sibling))
        headings = " ".join(part.title for part in ancestors if part.title)
        yield {
            "key": document_key(book.id, node.id),
            "book": book.id,
            "node_id": node.id,
            "kind": node.kind,
            "chapter": chapter_of(book, node),
            "position": node.position,
            "title": node.title or "",
            "title_morph": node.title or "",
            "headings": headings,
            "headings_morph": headings,
            "terms": " ".join(defined_terms(node, ancestors, earlier)),
            "body": node.text,
            "body_morph": node.text,
            "marks": " ".join(marks_of(node)),
            "text": node.text,
        }
