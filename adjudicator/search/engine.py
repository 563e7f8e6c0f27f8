"""Clause search: the one search the web pages, the JSON API, the CLI and the benchmark all use.

A query that is a clause number (``6.7.1``, ``６．７．１``, ``101.4a``) goes straight to that clause; a
section or chapter number (``6.7``, ``第6章``) lists what is under it. Anything else is ranked by Whoosh
(BM25F) over several views of each clause: its own title, the titles of the sections above it, the terms
it defines, and its text, each as character bigrams and as morphological base forms.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from whoosh import query as wq
from whoosh.index import Index
from whoosh.searching import Searcher

from adjudicator.rulebook import Node, Rulebook
from adjudicator.search.analysis import BigramTokenizer, MorphTokenizer
from adjudicator.search.highlight import Excerpt, FoldedText, excerpt, excerpt_source
from adjudicator.search.query import MAX_QUERY_LENGTH, ParsedQuery, parse_query
from adjudicator.search.synonyms import expansions

DEFAULT_LIMIT = 20
MAX_LIMIT = 100
# Results kept per process (each a few KB). The rulebooks are small and people ask the same questions at a
# venue; 0 turns the cache off (bench/http_bench.py measures both).
DEFAULT_CACHE_SIZE = 256

_BIGRAM_FIELDS = frozenset({"title", "headings", "terms", "body"})
_HIRAGANA = frozenset(chr(code) for code in range(0x3041, 0x3097))


@dataclass(frozen=True)
class Profile:
    """How a free-text query is turned into a Whoosh query: which fields, how much each counts."""

    name: str
    fields: Mapping[str, float]
    synonyms: bool = True
    synonym_weight: float = 0.8
    # Weight of a bigram of hiragana only (にな, たら, どう). It looks like grammar, but down-weighting it
    # measured worse (bench/search_quality.py: MRR@10 0.950 → 0.925 at 0.3): その/の後 carry その後.
    kana_bigram_weight: float = 1.0
    # The first clause of a section states its rule; the ones after it refine or apply it (6.7.1 before
    # 6.7.4, 5.8.1 before 5.8.5). Its score is multiplied by 1 + this.
    opening_bonus: float = 0.0


PROFILES: Mapping[str, Profile] = MappingProxyType(
    {
        profile.name: profile
        for profile in (
            Profile("bigram", {"body": 1.0}, synonyms=False),
            Profile("morph", {"body_morph": 1.0}, synonyms=False),
            Profile("bigram+morph", {"body": 1.0, "body_morph": 1.0}, synonyms=False),
            Profile("bigram+morph+synonyms", {"body": 1.0, "body_morph": 1.0}),
            Profile(
                "full",
                {
                    "body": 1.0, "body_morph": 1.0, "title": 2.0, "title_morph": 2.0,
                    "headings": 1.0, "headings_morph": 1.0, "terms": 3.0,
                },
                opening_bonus=0.3,
            ),
        )
    }
)
DEFAULT_PROFILE = PROFILES["full"]


@dataclass(frozen=True)
class Hit:
    book: str
    node: Node
    path: tuple[Node, ...]  # the chapter, section (and clause, for an item) above the node
    excerpt: Excerpt
    score: float

    @property
    def id(self) -> str:
        return self.node.id

    @property
    def title(self) -> str:
        """The section path and the node, as a person reads it: 第6章 効果の基本構造 › 6.7 「その後」 › 6.7.1."""
        return " › ".join(_label(node) for node in (*self.path, self.node))

    def as_json(self) -> dict:
        return {
            "book": self.book,
            "id": self.node.id,
            "kind": self.node.kind,
            "title": self.title,
            "snippet": self.excerpt.text,
            "highlights": [segment.text for segment in self.excerpt.segments if segment.matched],
            "score": round(self.score, 4),
        }


@dataclass(frozen=True)
class SearchResult:
    query: ParsedQuery
    hits: tuple[Hit, ...]
    book: str | None = None
    chapter: str | None = None
    jump: Node | None = None  # the query named this clause or item
    section: Node | None = None  # the query named this section or chapter; hits are its clauses
    notices: tuple[str, ...] = field(default=())

    def as_json(self) -> dict:
        return {
            "query": self.query.text,
            "book": self.book,
            "chapter": self.chapter,
            "jump": _node_ref(self.jump),
            "section": _node_ref(self.section),
            "truncated": self.query.truncated,
            "notices": list(self.notices),
            "hits": [hit.as_json() for hit in self.hits],
        }


class ClauseSearch:
    """Searches the rulebooks through one opened index. Safe to share between threads.

    Each thread keeps one Whoosh searcher open between searches (opening one reads the index's table of
    contents and unpickles its schema) and reopens it when the index has a newer generation. Results are
    kept in a bounded LRU cache keyed by the parsed query, the filters, the limit and the index's identity
    and generation, so a changed index never answers from the cache.
    """

    def __init__(self, index: Index, books: tuple[Rulebook, ...], profile: Profile = DEFAULT_PROFILE,
                 cache_size: int = DEFAULT_CACHE_SIZE):
        self._index = index
        self._books = MappingProxyType({book.id: book for book in books})
        self._profile = profile
        self._cache_size = cache_size
        self._bigram = BigramTokenizer()
        self._morph = MorphTokenizer()
        self._threads = threading.local()
        self._sources: Mapping[tuple[str, str], FoldedText] = MappingProxyType(
            {(book.id, node.id): excerpt_source(node.text) for book in books for node in book.walk()}
        )
        self._cached_search = functools.lru_cache(maxsize=max(0, cache_size))(self._search)

    @property
    def books(self) -> Mapping[str, Rulebook]:
        return self._books

    @property
    def index(self) -> Index:
        return self._index

    @property
    def profile(self) -> Profile:
        return self._profile

    def with_profile(self, profile: Profile) -> ClauseSearch:
        return ClauseSearch(self._index, tuple(self._books.values()), profile, self._cache_size)

    def cache_info(self):
        """functools' CacheInfo (hits, misses, maxsize, currsize) of the result cache, for the benchmark."""
        return self._cached_search.cache_info()

    def search(self, text: str, book: str | None = None, chapter: str | None = None,
               limit: int = DEFAULT_LIMIT) -> SearchResult:
        """Ranked hits for ``text``; ``book``/``chapter`` must name an existing book and chapter (KeyError)."""
        limit = max(1, min(limit, MAX_LIMIT))
        self._scope(book, chapter)  # a bad filter raises before anything is cached
        return self._cached_search(parse_query(text), book, chapter, limit, self._index_generation())

    def _search(self, parsed: ParsedQuery, book: str | None, chapter: str | None, limit: int,
                generation: tuple[str, int]) -> SearchResult:
        """The uncached search; ``generation`` is only part of the cache key."""
        scope = self._scope(book, chapter)
        notices = (f"検索語が長すぎるため、先頭の{MAX_QUERY_LENGTH}文字で検索しました。",) if parsed.truncated else ()
        result = SearchResult(parsed, (), book, chapter, notices=notices)
        if parsed.is_empty:
            return result
        numbered = self._by_number(result, scope, limit)
        if numbered is not None:
            return numbered
        return replace(result, hits=self._ranked(parsed, scope, chapter, limit))

    # -- clause numbers -------------------------------------------------------------------------------

    def _by_number(self, result: SearchResult, scope: tuple[Rulebook, ...], limit: int) -> SearchResult | None:
        """The result for a query that is a clause, item, section or chapter number; None otherwise."""
        if result.query.phrases:
            return None
        for book in scope:
            node = book.get(result.query.words)
            if node is None or (result.chapter and _chapter_id(book, node) != result.chapter):
                continue
            needles = (node.number,)
            if node.kind in ("chapter", "section"):
                under = [item for item in book.subtree(node.id) if item.kind == "clause"]
                hits = tuple(self._hit(book, item, needles, 0.0) for item in under[:limit])
                return replace(result, section=node, hits=hits)
            citing = [book.get(source) for source in book.backlinks(node.id)]
            hits = [self._hit(book, node, needles, 1.0)]
            hits += [self._hit(book, source, needles, 0.0) for source in citing if source is not None]
            return replace(result, jump=node, hits=tuple(hits[:limit]))
        return None

    # -- ranked text search ---------------------------------------------------------------------------

    def _ranked(self, parsed: ParsedQuery, scope: tuple[Rulebook, ...], chapter: str | None,
                limit: int) -> tuple[Hit, ...]:
        whoosh_query = self.build_query(parsed)
        if whoosh_query is None:
            return ()
        filters = [wq.Or([wq.Term("book", book.id) for book in scope])]
        if chapter:
            filters.append(wq.Term("chapter", chapter))
        needles = self._needles(parsed)
        # Fetch more than asked: the opening-clause bonus may lift a hit from below the cut.
        results = self._searcher().search(whoosh_query, limit=limit * 2 + 10, filter=wq.And(filters))
        found = [(hit["book"], hit["node_id"], hit.score) for hit in results]
        scored = []
        for book_id, node_id, score in found:
            book = self._books[book_id]
            node = book.get(node_id)
            if node is not None:
                scored.append((score * (1 + self._opening_bonus(book, node)), node.position, book, node))
        scored.sort(key=lambda entry: (-entry[0], entry[1]))
        return tuple(self._hit(book, node, needles, score) for score, _, book, node in scored[:limit])

    def _opening_bonus(self, book: Rulebook, node: Node) -> float:
        parent = book.get(node.parent) if node.parent else None
        opens = node.kind == "clause" and parent is not None and parent.children[:1] == (node.id,)
        return self._profile.opening_bonus if opens else 0.0

    def build_query(self, parsed: ParsedQuery) -> wq.Query | None:
        """The Whoosh query for ``parsed``: every phrase required, the free words ranked (OR)."""
        profile = self._profile
        variants = [(parsed.words, 1.0)]
        if profile.synonyms:
            variants += [(variant, profile.synonym_weight) for variant in expansions(parsed.words)]
            variants += [(variant, profile.synonym_weight) for phrase in parsed.phrases
                         for variant in expansions(phrase)]
        optional: list[wq.Query] = []
        for field_name, boost in profile.fields.items():
            weights: dict[str, float] = {}
            for text, weight in variants + [(phrase, 1.0) for phrase in parsed.phrases]:
                for token in self._tokens(field_name, text):
                    weights[token] = max(weights.get(token, 0.0), weight * self._token_weight(field_name, token))
            optional += [wq.Term(field_name, token, boost=boost * weight) for token, weight in weights.items()]
        required = [query for phrase in parsed.phrases if (query := self._phrase_query(phrase)) is not None]
        ranked = wq.Or(optional) if optional else None
        if required:
            must = wq.And(required) if len(required) > 1 else required[0]
            return wq.AndMaybe(must, ranked) if ranked is not None else must
        return ranked

    def _phrase_query(self, phrase: str) -> wq.Query | None:
        """The phrase verbatim (consecutive bigrams) in the text or a title; its word if it is one."""
        tokens = self._tokens("body", phrase)
        if not tokens:
            return None
        fields = [name for name in ("body", "title", "headings", "terms") if name in self._profile.fields]
        if len(tokens) == 1:
            words = self._tokens("body_morph", phrase)
            alternatives = [wq.Term(name, tokens[0]) for name in fields]
            alternatives += [wq.Term("body_morph", word) for word in words[:1]]
            return wq.Or(alternatives)
        return wq.Or([wq.Phrase(name, tokens) for name in fields])

    def _tokens(self, field_name: str, text: str) -> list[str]:
        analyzer = self._bigram if field_name in _BIGRAM_FIELDS else self._morph
        return [token.text for token in analyzer(text)]

    def _token_weight(self, field_name: str, token: str) -> float:
        if field_name in _BIGRAM_FIELDS and all(char in _HIRAGANA for char in token):
            return self._profile.kana_bigram_weight
        return 1.0

    def _needles(self, parsed: ParsedQuery) -> list[str]:
        """What to mark in the excerpts: phrases, content words, and their rulebook-word synonyms."""
        texts = [parsed.words, *parsed.phrases]
        texts += [variant for text in list(texts) for variant in expansions(text)]
        needles = list(parsed.phrases)
        for text in texts:
            needles += [surface for _, surface, _ in self._morph.words(text) if len(surface) > 1]
            needles += [token for token in self._tokens("body", text)
                        if len(token) > 1 and not all(char in _HIRAGANA for char in token)]
        return needles

    # -- shared -------------------------------------------------------------------------------------------

    def _searcher(self) -> Searcher:
        """This thread's open searcher (Whoosh searchers are not meant to be shared between threads)."""
        searcher = getattr(self._threads, "searcher", None)
        if searcher is None:
            searcher = self._threads.searcher = self._index.searcher()
        return searcher

    def _index_generation(self) -> tuple[str, int]:
        """Which index, and which generation of it, this thread searches; reopens it if it changed.

        Reopened from scratch, not with Whoosh's ``refresh()``: that reuses the old segment reader and keeps
        reporting the old generation after a commit that only deletes.
        """
        searcher = self._searcher()
        if not searcher.up_to_date():
            searcher.close()
            searcher = self._threads.searcher = self._index.searcher()
        return self._index.storage.folder, searcher.reader().generation()

    def _scope(self, book: str | None, chapter: str | None) -> tuple[Rulebook, ...]:
        if book is None:
            if chapter is not None:
                raise KeyError("a chapter filter needs a book")
            return tuple(self._books.values())
        scope = (self._books[book],)
        if chapter is not None and (scope[0].get(chapter) is None or scope[0].get(chapter).kind != "chapter"):
            raise KeyError(chapter)
        return scope

    def _hit(self, book: Rulebook, node: Node, needles, score: float) -> Hit:
        path = book.heading_path(node.id)[:-1]
        return Hit(book.id, node, path, excerpt(self._sources.get((book.id, node.id), node.text), needles), score)


def _label(node: Node) -> str:
    return f"{node.number} {node.title}" if node.title else node.number


def _chapter_id(book: Rulebook, node: Node) -> str | None:
    path = book.heading_path(node.id)
    return path[0].id if path else None


def _node_ref(node: Node | None) -> dict | None:
    return None if node is None else {"book": node.book, "id": node.id, "kind": node.kind}
