"""Clause search: the one search the web pages, the JSON API, the CLI and the benchmark all use.

A query that is only a clause number (``6.7.1``, ``６．７．１``, 「6.7.1」, ``101.4a``) goes straight to that
clause; a section or chapter number (``6.7``, ``第6章``) lists what is under it. Numbers inside a question
(``11.2.2 ブロック``, ``6.7.1とは``, ``6.7.1 6.7.2``) are pinned first, before the ranked hits of its words;
an unknown number (``6.7.10``) or a number of a book not searched says so and offers the nearest clause.
Everything else is ranked by :mod:`adjudicator.search.ranking`. Results do not depend on ``limit``: every
match counts, and ``offset``/``limit`` cut a page from that one order (the ranking adjusts only the clauses
that can still reach the page, which gives the same page).
"""

from __future__ import annotations

import functools
import os
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from whoosh import query as wq
from whoosh.index import Index
from whoosh.searching import Searcher

from adjudicator import paths
from adjudicator.rulebook import Node, Rulebook
from adjudicator.search.analysis import normalize
from adjudicator.search.book_choice import BookChoice, BookChooser
from adjudicator.search.example_evidence import ExampleEvidence
from adjudicator.search.glossary import Glossary, Reading
from adjudicator.search.highlight import Excerpt, FoldedText, Needles, Segment, excerpt, excerpt_source
from adjudicator.search.mentions import Mention
from adjudicator.search.query import MAX_QUERY_LENGTH, ParsedQuery, parse_query
from adjudicator.search.ranking import Profile, Ranker, Scored, is_term_query
from adjudicator.search.scoring import ScoreTable, TermScores

DEFAULT_LIMIT = 20
MAX_LIMIT = 100
# Results kept per process (about 14 KB each, measured with tracemalloc over the realistic traffic: 14 MB). The
# rulebooks are small and people ask the same questions at a venue. One pass of bench/http_bench.py's realistic
# traffic (4,767 requests, 4,138 distinct: 13.2 % at most) sent to 2 workers at random hits 4.1 % with 256 kept
# each, 7.9 % with 1,024, 9.3 % with 4,096 (56 MB); 0 turns the cache off (bench/http_bench.py measures both).
DEFAULT_CACHE_SIZE = 1024
# The deepest page a search serves: every match is ranked anyway, this only bounds ``offset``.
MAX_OFFSET = 1000

_TEXT_FIELDS = {"body": 1.0, "body_morph": 1.0}
_ALL_FIELDS = {
    "body": 1.0, "body_morph": 1.0, "title": 2.0, "title_morph": 2.0,
    "headings": 1.0, "headings_morph": 1.0, "terms": 3.0,
}
PROFILES: Mapping[str, Profile] = MappingProxyType(
    {
        profile.name: profile
        for profile in (
            Profile("bigram", {"body": 1.0}, synonyms=False),
            Profile("morph", {"body_morph": 1.0}, synonyms=False),
            Profile("bigram+morph", _TEXT_FIELDS, synonyms=False),
            Profile("bigram+morph+synonyms", _TEXT_FIELDS),
            # Each setting measured by bench/search_quality.py on the tuning half (bench/queries/tune.tsv).
            Profile("full", _ALL_FIELDS, opening_bonus=0.3, mark_weight=8.0, bracket_weight=4.0, coordination=0.4,
                    citation_bonus=0.2, question_scale=0.75, card_text_bonus=1.0, reader_bonus=2.0,
                    reader_specificity=1.0,
                    intent_bonus=0.1, intent_kinds=frozenset({"permission"}), intent_gate=0.5, entry_penalty=0.5,
                    order_lists=True, example_bonus=1.0),
        )
    }
)
DEFAULT_PROFILE = PROFILES["full"]
# A question with a quote, a number word and kana, for prepare(): every analysis a search makes runs once.
_PREPARE_TEXT = "「その後、手札を1枚捨てる」ができないとき、てふだは何枚？"
# How the page names a mark or bracket pair the query used, and the clause that defines it.
_MARK_READINGS = {
    "召": ("「召」マーク", "6.4.1"), "1": ("「1」マーク", "6.4.2"), "常": ("「常」マーク", "6.4.5"),
    "合": ("「合」マーク", "6.4.9"), "〈〉": ("〈〉 人物名・事変名", "7.1.1"), "【】": ("【】 属性", "7.1.1"),
    "｛｝": ("｛｝ 効果名", "7.1.1"),
}


@dataclass(frozen=True)
class Hit:
    book: str
    node: Node
    path: tuple[Node, ...]  # the chapter, section (and clause, for an item) above the node
    # The excerpt's pieces, not an Excerpt object: the result cache keeps each hit, and plain tuples of text
    # are all the garbage collector can stop tracking (highlight.Segment).
    segments: tuple[Segment, ...]
    score: float

    @property
    def id(self) -> str:
        return self.node.id

    @property
    def excerpt(self) -> Excerpt:
        return Excerpt(self.segments)

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
            "highlights": self.excerpt.highlights,
            "score": round(self.score, 4),
        }


@dataclass(frozen=True)
class SearchResult:
    query: ParsedQuery
    hits: tuple[Hit, ...]  # this page of the ranking
    book: str | None = None
    chapter: str | None = None
    jump: Node | None = None  # the query named this clause or item
    section: Node | None = None  # the query named this section or chapter; hits are its clauses
    notices: tuple[str, ...] = field(default=())
    total: int = 0  # hits in the whole ranking, of which ``hits`` start at ``offset``
    offset: int = 0
    pinned: int = 0  # how many of the ranking's first hits are clauses the query named by number
    readings: tuple[Reading, ...] = ()  # player words read as rulebook terms
    suggestions: tuple[Hit, ...] = ()  # the nearest clause to a number that does not exist here

    def as_json(self) -> dict:
        return {
            "query": self.query.text,
            "book": self.book,
            "chapter": self.chapter,
            "jump": _node_ref(self.jump),
            "section": _node_ref(self.section),
            "truncated": self.query.truncated,
            "notices": list(self.notices),
            "total": self.total,
            "offset": self.offset,
            "pinned": self.pinned,
            "readings": [{"word": r.word, "terms": list(r.terms), "source": r.source} for r in self.readings],
            "suggestions": [hit.as_json() for hit in self.suggestions],
            "hits": [hit.as_json() for hit in self.hits],
        }


class ClauseSearch:
    """Searches the rulebooks through one opened index. Safe to share between threads.

    Each thread keeps one Whoosh searcher open between searches (opening one reads the index's table of
    contents and unpickles its schema) and reopens it when the index has a newer generation. Results are
    kept in a bounded LRU cache keyed by the parsed query, the filters, the page and the index's identity
    and generation, so a changed index never answers from the cache.
    """

    def __init__(self, index: Index, books: tuple[Rulebook, ...], profile: Profile = DEFAULT_PROFILE,
                 cache_size: int = DEFAULT_CACHE_SIZE, glossary: Glossary | None = None,
                 chooser: BookChooser | None = None, evidence: ExampleEvidence | None = None):
        self._index = index
        self._books = MappingProxyType({book.id: book for book in books})
        self._profile = profile
        self._cache_size = cache_size
        self._glossary = glossary or Glossary.for_books(books)
        self._chooser = chooser or BookChooser(books, self._glossary)
        self._threads = threading.local()
        self._sources: Mapping[tuple[str, str], FoldedText] = MappingProxyType(
            {(book.id, node.id): excerpt_source(node.text) for book in books for node in book.walk()}
        )
        headings = {
            (book.id, node.id): normalize(" ".join(part.title or "" for part in book.heading_path(node.id)))
            for book in books for node in book.walk()
        }
        # The worked examples the ranking weighs (search/example_evidence.py), read now: at start, never on a search.
        if evidence is None and profile.example_bonus > 0:
            evidence = ExampleEvidence.scan(paths.scenarios_dir())
        self._evidence = evidence
        self._ranker = Ranker(profile, self._glossary, self._books, self._sources, MappingProxyType(headings),
                              evidence)
        # The chapter, section (and clause) above each node, as every hit shows it.
        self._paths = MappingProxyType({(book.id, node.id): book.heading_path(node.id)[:-1]
                                        for book in books for node in book.walk()})
        self._cached_search = functools.lru_cache(maxsize=max(0, cache_size))(self._search)
        self._table: ScoreTable | None = None  # every term's scored postings, read by prepare()

    @property
    def books(self) -> Mapping[str, Rulebook]:
        return self._books

    @property
    def index(self) -> Index:
        return self._index

    @property
    def profile(self) -> Profile:
        return self._profile

    @property
    def glossary(self) -> Glossary:
        return self._glossary

    def prepare(self) -> None:
        """Build now what a first search would build on its way: MeCab's dictionary, the glossary's and the
        sound-alikes' readings of a text, the analysis every search makes, and every term's scored postings
        (scoring.ScoreTable). Called at start-up (before the fork under gunicorn's --preload); the searcher
        that reads the postings is closed after, the index's readers are left to each worker (they hold files)."""
        with self._index.searcher(weighting=self._ranker.weighting()) as searcher:
            self._table = ScoreTable(searcher)
        parsed = parse_query(_PREPARE_TEXT)
        self._ranker.terms(parsed, question=True)
        self._ranker.concepts(parsed)
        self._readings(parsed)
        self._needles(parsed)
        self._ranker.examples(parsed)

    def with_profile(self, profile: Profile) -> ClauseSearch:
        return ClauseSearch(self._index, tuple(self._books.values()), profile, self._cache_size, self._glossary,
                            self._chooser, self._evidence)

    @property
    def evidence(self) -> ExampleEvidence | None:
        """The worked examples the ranking weighs, when the profile weighs them."""
        return self._evidence

    def choose_book(self, text: str) -> BookChoice:
        """The book a question is about, from its words, for a search whose book nobody chose."""
        return self._chooser.choose(parse_query(text).text)

    def cache_info(self):
        """functools' CacheInfo (hits, misses, maxsize, currsize) of the result cache, for the benchmark."""
        return self._cached_search.cache_info()

    def search(self, text: str, book: str | None = None, chapter: str | None = None,
               limit: int = DEFAULT_LIMIT, offset: int = 0) -> SearchResult:
        """Hits ``offset`` to ``offset + limit`` of the ranking for ``text``.

        ``book``/``chapter`` must name an existing book and chapter (KeyError).
        """
        return self.search_counted(text, book, chapter, limit, offset)[0]

    def search_counted(self, text: str, book: str | None = None, chapter: str | None = None,
                       limit: int = DEFAULT_LIMIT, offset: int = 0) -> tuple[SearchResult, bool]:
        """As :meth:`search`, and whether the result cache answered (this thread's call, exactly)."""
        limit = max(1, min(limit, MAX_LIMIT))
        offset = max(0, min(offset, MAX_OFFSET))
        self._scope(book, chapter)  # a bad filter raises before anything is cached
        self._threads.computed = False
        result = self._cached_search(parse_query(text), book, chapter, limit, offset, self._index_generation())
        return result, not self._threads.computed

    def _search(self, parsed: ParsedQuery, book: str | None, chapter: str | None, limit: int, offset: int,
                generation: tuple[str, int]) -> SearchResult:
        """The uncached search; ``generation`` is only part of the cache key."""
        self._threads.computed = True
        scope = self._scope(book, chapter)
        notices = (f"検索語が長すぎるため、先頭の{MAX_QUERY_LENGTH}文字で検索しました。",) if parsed.truncated else ()
        result = SearchResult(parsed, (), book, chapter, notices=notices, offset=offset)
        if parsed.is_empty:
            return result
        lookup = self._lookup(parsed, scope, chapter)
        if parsed.only_mentions:
            if len(lookup.named) == 1 and not lookup.notices:
                return self._named(result, *lookup.named[0], limit, offset)
            ranking = [Scored(1.0, book_, node) for book_, node in lookup.clauses]
            total = len(ranking)
        else:
            ranking, total = self._rank(parsed, scope, chapter, lookup, offset + limit)
        result = replace(result, notices=result.notices + lookup.notices + self._phrase_notices(parsed, scope),
                         readings=self._readings(parsed), suggestions=self._suggest(lookup, parsed))
        return self._page(result, ranking, total, limit, offset, pinned=len(lookup.clauses))

    # -- clause numbers -------------------------------------------------------------------------------

    def _lookup(self, parsed: ParsedQuery, scope: tuple[Rulebook, ...], chapter: str | None) -> _Lookup:
        """What the query's clause numbers name in ``scope``; notices and suggestions for the rest."""
        named: list[tuple[Rulebook, Node]] = []
        notices: list[str] = []
        suggestions: list[tuple[Rulebook, Node]] = []
        for mention in parsed.mentions:
            found = self._find(mention, scope)
            if found is not None:
                book, node = found
                if chapter and _chapter_id(book, node) != chapter:
                    notices.append(f"{mention.surface} は絞り込み中の章の外にあります。")
                    suggestions.append(found)
                else:
                    named.append(found)
                continue
            elsewhere = self._find(mention, tuple(b for b in self._books.values() if b not in scope))
            if elsewhere is not None:
                notices.append(f"{mention.surface} は{elsewhere[0].title}の条文です（いま探しているルールブックにはありません）。")
                suggestions.append(elsewhere)
                continue
            book = self._numbering_book(mention, scope)
            nearest = book.nearest_clause(mention.ref) if book is not None else None
            notices.append(f"{mention.surface} という条文はありません。"
                           + (f"近い条文は {nearest.id} です。" if nearest is not None else ""))
            if nearest is not None:
                suggestions.append((book, nearest))
        named = list(dict.fromkeys(named))
        return _Lookup(tuple(named), tuple(notices), tuple(dict.fromkeys(suggestions)))

    def _find(self, mention: Mention, books: tuple[Rulebook, ...]) -> tuple[Rulebook, Node] | None:
        candidates = [book for book in books if mention.book in (None, book.id)]
        for ref in mention.variants():
            for book in candidates:
                node = book.get(ref)
                if node is not None:
                    return book, node
        return None

    def _numbering_book(self, mention: Mention, scope: tuple[Rulebook, ...]) -> Rulebook | None:
        """The book whose numbering a number looks like: the prefix's, else one whose first level fits."""
        if mention.book is not None:
            return self._books.get(mention.book)
        first = mention.ref.split(".")[0]
        for book in scope:
            if any(clause.id.split(".")[0] == first for clause in book.clauses()):
                return book
        return scope[0] if scope else None

    def _named(self, result: SearchResult, book: Rulebook, node: Node, limit: int, offset: int) -> SearchResult:
        """A lookup of one number: the clause and the clauses citing it, or the clauses of a section."""
        needles = (node.number,)
        if node.kind in ("chapter", "section"):
            under = [item for item in book.subtree(node.id) if item.kind == "clause"]
            hits = tuple(self._hit(book, item, needles, 0.0) for item in under[offset: offset + limit])
            return replace(result, section=node, hits=hits, total=len(under))
        citing = [book.get(source) for source in book.backlinks(node.id)]
        ranking = [(node, 1.0)] + [(source, 0.0) for source in citing if source is not None]
        hits = tuple(self._hit(book, item, needles, score) for item, score in ranking[offset: offset + limit])
        return replace(result, jump=node, hits=hits, total=len(ranking), pinned=1)

    def _suggest(self, lookup: _Lookup, parsed: ParsedQuery) -> tuple[Hit, ...]:
        needles = tuple(mention.ref for mention in parsed.mentions)
        return tuple(self._hit(book, node, needles, 0.0) for book, node in lookup.suggestions)

    # -- ranked text search ---------------------------------------------------------------------------

    def _rank(self, parsed: ParsedQuery, scope: tuple[Rulebook, ...], chapter: str | None,
              lookup: _Lookup, depth: int) -> tuple[list[Scored], int]:
        """The first ``depth`` of the ranking, and its length: the named clauses first, then every clause the
        words match (a section named: its clauses first)."""
        pinned = [Scored(float("inf"), book, node) for book, node in lookup.clauses]
        pinned_keys = {(entry.book.id, entry.node.id) for entry in pinned}
        term_query = is_term_query(parsed, self._ranker.content_words(parsed))
        terms = self._ranker.terms(parsed, question=not term_query)
        if not terms:
            return pinned, len(pinned)
        found = self._term_scores().matches(terms, {book.id for book in scope}, chapter or None, pinned_keys)
        if lookup.sections:  # the section's clauses go first, whatever their scores: the whole order is needed
            ranked = self._ranker.best(parsed, found, term_query, len(found.keys))[0]
            inside = {(book.id, node.id) for book, section in lookup.sections for node in book.subtree(section.id)}
            ranked.sort(key=lambda entry: (entry.book.id, entry.node.id) not in inside)  # stable: keeps the order
            total = len(ranked)
        else:
            ranked, total = self._ranker.best(parsed, found, term_query, max(0, depth - len(pinned)))
        return pinned + ranked, len(pinned) + total

    def _page(self, result: SearchResult, ranking: list[Scored], total: int, limit: int, offset: int,
              pinned: int) -> SearchResult:
        """Hits ``offset`` to ``offset + limit`` of a ranking of ``total`` clauses, of which ``ranking`` is the start."""
        needles = Needles.of(self._needles(result.query))
        hits = tuple(self._hit(entry.book, entry.node, needles, entry.score if entry.score != float("inf") else 1.0)
                     for entry in ranking[offset: offset + limit])
        return replace(result, hits=hits, total=total, pinned=pinned)

    def _phrase_notices(self, parsed: ParsedQuery, scope: tuple[Rulebook, ...]) -> tuple[str, ...]:
        """A quoted phrase no clause contains: say so, the hits are for its words (the fallback)."""
        notices = []
        for phrase in parsed.phrases:
            if not any(self._ranker.contains(book.id, node.id, phrase)
                       for book in scope for node in book.walk() if node.kind in ("clause", "item")):
                notices.append(f"「{phrase}」をそのまま含む条文はありません。語に分けて探した結果です。")
        return tuple(notices)

    def _readings(self, parsed: ParsedQuery) -> tuple[Reading, ...]:
        readings = [reading for text in (parsed.words, *parsed.phrases)
                    for reading in self._glossary.readings(text, *self._ranker.misspellings)]
        readings += [Reading(mark, (_MARK_READINGS[mark][0],), f"hi-story:{_MARK_READINGS[mark][1]}")
                     for mark in parsed.marks]
        return tuple(dict.fromkeys(readings))

    def build_query(self, parsed: ParsedQuery) -> wq.Query | None:
        """The Whoosh query the ranking starts from (for tests and the benchmark)."""
        return self._ranker.build_query(parsed)

    def _needles(self, parsed: ParsedQuery) -> list[str]:
        """What to mark in the excerpts: phrases, content words, and their rulebook-word readings."""
        texts = [parsed.words, *parsed.phrases]
        texts += [variant for text in list(texts)
                  for variant in self._glossary.expansions(text, *self._ranker.misspellings)]
        needles = list(parsed.phrases) + [f"「{mark}」" for mark in parsed.marks if len(mark) == 1]
        for text in texts:
            needles += [surface for _, surface, _ in self._ranker.words(text) if len(surface) > 1]
            needles += [token for token in self._ranker.tokens("body", text)
                        if len(token) > 1 and not all("\u3041" <= char <= "\u3096" for char in token)]
        return needles

    # -- shared -------------------------------------------------------------------------------------------

    def _searcher(self) -> Searcher:
        """This thread's open searcher (Whoosh searchers are not meant to be shared between threads)."""
        searcher = getattr(self._threads, "searcher", None)
        if searcher is None:
            searcher = self._threads.searcher = self._index.searcher(weighting=self._ranker.weighting())
        return searcher

    def _term_scores(self) -> TermScores:
        """The scored postings of this thread's searcher, read anew whenever the searcher was reopened."""
        scores = getattr(self._threads, "scores", None)
        searcher = self._searcher()
        if scores is None or scores.searcher is not searcher:
            scores = self._threads.scores = TermScores(searcher, self._table)
        return scores

    def _index_generation(self) -> tuple[str, int]:
        """Which index, and which generation of it, this thread searches; reopens it if it changed.

        Reopened from scratch, not with Whoosh's ``refresh()``: that reuses the old segment reader and keeps
        reporting the old generation after a commit that only deletes.
        """
        searcher = self._searcher()
        folder = self._index.storage.folder
        stamp = _settled_stamp(folder)
        if stamp is None or stamp != getattr(self._threads, "stamp", None):
            if not searcher.up_to_date():
                searcher.close()
                searcher = self._threads.searcher = self._index.searcher(weighting=self._ranker.weighting())
            self._threads.stamp = stamp
        return folder, searcher.reader().generation()

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
        path = self._paths.get((book.id, node.id))
        if path is None:
            path = book.heading_path(node.id)[:-1]
        return Hit(book.id, node, path, excerpt(self._sources.get((book.id, node.id), node.text), needles).segments,
                   score)


def _settled_stamp(folder: str) -> int | None:
    """The index folder's modification time when it is over a second old, else None (ask Whoosh).

    A commit adds and removes files, which sets the folder's time: while it stays what it was when Whoosh last
    said the searcher was up to date, nothing changed, and listing the folder (Whoosh's ``up_to_date``, a
    listdir and a parse on every search) can be skipped. A time under a second old is not trusted, as a
    second commit within the file system's clock tick would leave it the same. An index in memory has no
    folder: Whoosh is asked every time.
    """
    if not folder:
        return None
    try:
        stamp = os.stat(folder).st_mtime_ns
    except OSError:
        return None
    return stamp if time.time_ns() - stamp > 1_000_000_000 else None


def _label(node: Node) -> str:
    return f"{node.number} {node.title}" if node.title else node.number


def _chapter_id(book: Rulebook, node: Node) -> str | None:
    path = book.heading_path(node.id)
    return path[0].id if path else None


def _node_ref(node: Node | None) -> dict | None:
    return None if node is None else {"book": node.book, "id": node.id, "kind": node.kind}


@dataclass(frozen=True)
class _Lookup:
    named: tuple[tuple[Rulebook, Node], ...]  # what the query's numbers name, in the order typed
    notices: tuple[str, ...]
    suggestions: tuple[tuple[Rulebook, Node], ...]

    @property
    def clauses(self) -> tuple[tuple[Rulebook, Node], ...]:
        return tuple((book, node) for book, node in self.named if node.kind in ("clause", "item"))

    @property
    def sections(self) -> tuple[tuple[Rulebook, Node], ...]:
        return tuple((book, node) for book, node in self.named if node.kind in ("chapter", "section"))
