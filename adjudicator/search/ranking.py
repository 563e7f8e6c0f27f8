"""Ranking a free-text query over every clause: Whoosh scores (BM25F), then evidence Whoosh cannot see.

Whoosh scores each clause for the query's words over several views (the clause's text, its title, the
section titles above it, the terms it defines), as character bigrams and as morphological base forms, with
the glossary's rulebook words as weaker alternatives. Every matching clause is collected (the books hold a
few hundred), never a top N: a top-N collector under ``AndMaybe`` drops documents, so results would depend
on ``limit``. The scores are then adjusted, each adjustment measured by ``bench/search_quality.py``:

- coordination: a clause with more of the query's words (or their glossary readings) keeps more of its score;
- a quoted phrase boosts the clauses that contain it verbatim; it filters nothing. Card text quoted from
  memory (no clause contains it) is read for the rulebook's own quoted terms (「その後」) instead;
- the effect marks and bracket pairs (「1」, 〈〉) match a field of their own;
- a section's first clause gains only for a bare-term query (``その後``, ``場を離れるとは``), and for a
  question about a case the title, section-title and defined-term fields count less;
- a clause cited by the best hits gains a little (citation evidence);
- card text, quoted or typed without brackets, read by the card reader: the clauses its reading cites gain,
  each as much as it is specific to this reading (search/specificity.py: the sentence grammar every card
  text cites gains little, 7.3.10 for 「または全てBする」 nearly all);
- what is asked (search/asked.py): a clause that permits or forbids gains a little on a question of whether
  something may be done, when it already holds half the question's words; on a question of order, the list
  that states the order comes just above its step;
- an item that only names something in a list (no sentence) counts half;
- worked examples (search/example_evidence.py): the clauses cited by the scenarios whose title and question
  best match the query gain, by how well they match and how specific each citation is.
"""

from __future__ import annotations

import functools
import heapq
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from whoosh import query as wq
from whoosh import scoring

from adjudicator.rulebook import Node, Rulebook
from adjudicator.search.analysis import BigramTokenizer, MorphTokenizer, normalize
from adjudicator.search.asked import asked, clause_kinds
from adjudicator.search.card_text import NOTHING, CardText, CardTextReader, combined
from adjudicator.search.documents import BRACKETS
from adjudicator.search.example_evidence import BOOK as _EXAMPLES_BOOK
from adjudicator.search.example_evidence import ExampleEvidence
from adjudicator.search.glossary import Glossary
from adjudicator.search.highlight import FoldedText
from adjudicator.search.query import ParsedQuery
from adjudicator.search.scoring import Matches
from adjudicator.search.specificity import NOWHERE, Readings, shipped

BIGRAM_FIELDS = frozenset({"title", "headings", "terms", "body"})
_HIRAGANA = frozenset(chr(code) for code in range(0x3041, 0x3097))
# What turns a few words into a question about a case rather than a term to look up.
_QUESTION_MARKS = ("?", "かな", "たら", "れば", "ったら", "ときは", "場合")
_QUOTED_TERM = re.compile(r"「([^「」〇〜]{2,12})」")
# Above the product of the bonuses: its rounding may differ from that of the same factors applied one by one.
_MARGIN = 1 + 1e-9
_READER_BOOK = "hi-story"  # the book the card reader's citations are clauses of
_DEFINITION_ASKS = ("とは", "って何", "ってなに", "の定義", "の意味", "とはなに", "とは何")


@dataclass(frozen=True)
class Profile:
    """How a free-text query is scored: which fields, how much each counts, and the adjustments after."""

    name: str
    fields: Mapping[str, float]
    synonyms: bool = True
    synonym_weight: float = 0.8
    # Words spelt by their sound (てふだ → 手札, 召還 → 召喚) read as the rulebook's, as the glossary's are.
    sound_alikes: bool = True
    # Kanji pairs one kanji off the rulebook's (墓池 → 墓地), read as those.
    kanji_typos: bool = True
    # Weight of a bigram of hiragana only (にな, たら, どう). It looks like grammar, but その/の後 carry その後.
    kana_bigram_weight: float = 1.0
    # Multiplies the score (× 1 + bonus) of a section's first clause: it states the rule the rest refine
    # (6.7.1 before 6.7.4). Only for bare-term queries, see is_term_query.
    opening_bonus: float = 0.0
    opening_for_questions: bool = False  # the old rule, kept to measure against: the bonus for every query
    # Multiplies the score of a clause that contains every quoted phrase verbatim.
    phrase_bonus: float = 1.0
    # Boost of a matched effect mark (「召」「1」「常」「合」) and of a bracket pair (〈〉 【】 ｛｝).
    mark_weight: float = 0.0
    bracket_weight: float = 0.0
    # For a question about a case, the title, section-title and defined-term fields count this much of
    # their ``fields`` boost: 「X」の定義 should win the bare term X, not every question that uses X.
    question_scale: float = 1.0
    # A clause cited by one of the first ``citation_depth`` hits gains bonus × that hit's share of the best score.
    citation_bonus: float = 0.0
    citation_depth: int = 3
    # Coordination: the score is multiplied by (share of the query's words the clause contains) ** this.
    # BM25 over bigrams rewards a clause that repeats one long word; a question is answered by the clause
    # that has all of its words.
    coordination: float = 0.0
    # Card text quoted from memory (a phrase no clause contains) is read for the rulebook's own quoted terms
    # (「その後」, 「全て」, 「まで」): a clause quoting one of them gains × (1 + this).
    card_text_bonus: float = 0.0
    # Whoosh's BM25F: B is how much a long clause is discounted, K1 how soon repeating a word stops counting.
    bm25_b: float = 0.75
    bm25_k1: float = 1.2
    idf_coordination: bool = False  # count each word by its rarity among the clauses, not as one
    # Quoted card text the card reader reads (search/card_text.py): its words count this much (the quote
    # describes the card, the question is the rest), the clauses its reading cites gain × (1 + reader_bonus)
    # (Hi!story's: the reader cites that book), and the mechanics it names are searched at mechanic_weight.
    card_quote_weight: float = 1.0
    reader_bonus: float = 0.0
    # How much a cited clause's share of reader_bonus follows its rarity among card readings (search/specificity.py):
    # it gains × (1 + reader_bonus × (1 - this + this × weight)), weight 0 for a clause every reading cites
    # (sentence grammar, 6.5.x) and 1 for one none cites. 0: every cited clause gains the same.
    reader_specificity: float = 0.0
    mechanic_weight: float = 0.0
    # What the question asks (search/asked.py): a clause stating that kind of thing gains × (1 + intent_bonus),
    # a clause defining a word loses × (1 - definition_penalty).
    intent_bonus: float = 0.0
    definition_penalty: float = 0.0
    intent_kinds: frozenset[str] = frozenset({"permission", "timing", "order", "count"})
    definition_asks: frozenset[str] = frozenset({"permission"})  # the questions the penalty is for
    # The intent bonus only for a clause holding at least this share of the question's words (coordination's
    # share): the asked kind re-ranks the clauses that already match the situation, not every clause.
    intent_gate: float = 0.0
    # In coordination, a word found only in card text quoted from memory counts this much: the quote describes
    # the card, the rest of the question the situation asked about.
    quote_concept_weight: float = 1.0
    read_unquoted: bool = True  # card text typed without brackets is read too (search/card_text.py)
    # A quote that is a fragment of a card sentence (「墓地へ送られた時」「攻撃できない」) is read in the smallest
    # sentence it is part of (search/fragments.py), without what that sentence added.
    read_fragments: bool = True
    # An item that is only a name in a list (5.2.1-1 「ドロー&リフレッシュフェーズ」: no sentence) states no rule;
    # its few words match a question about the thing it names better than the clause that rules on it does.
    # Its score is multiplied by (1 - this).
    entry_penalty: float = 0.0
    # A question of order (search/asked.py) is answered by a list of steps before any one step: see Ranker._listed.
    order_lists: bool = False
    # Worked examples (search/example_evidence.py): the clauses cited by the ``example_depth`` scenarios that best
    # match the question (a match of at least ``example_floor``) gain × (1 + example_bonus × their evidence).
    # Each citation weighs by its specificity (log of the examples over those citing it): 11.1.2, cited by 82
    # of them, says less than a clause only this example cites.
    example_bonus: float = 0.0
    example_depth: int = 3
    example_floor: float = 0.15
    example_specificity: bool = True


def is_term_query(parsed: ParsedQuery, content_words: int) -> bool:
    """A bare term (``その後``, ``場の下 内容``) or a request for a definition (``場を離れるとは``)."""
    text = normalize(parsed.text)
    if any(ask in text for ask in _DEFINITION_ASKS):
        return True
    return content_words <= 2 and not any(mark in text for mark in _QUESTION_MARKS)


class Scored(NamedTuple):
    """A clause and its score. A named tuple, not a frozen dataclass: a search makes one per matching clause
    (hundreds), and a frozen dataclass's __init__ costs three times as much."""

    score: float
    book: Rulebook
    node: Node


class Ranker:
    """Turns a parsed query into scored clauses, with one profile. Keeps nothing from one search for the
    next but memoised analysis of texts (MeCab's tokens, whether a phrase occurs anywhere)."""

    def __init__(self, profile: Profile, glossary: Glossary, books: Mapping[str, Rulebook],
                 sources: Mapping[tuple[str, str], FoldedText], headings: Mapping[tuple[str, str], str],
                 evidence: ExampleEvidence | None = None):
        self.profile = profile
        self.evidence = evidence
        self.glossary = glossary
        self._books = books
        self._sources = sources
        self._headings = headings
        self._book_order = {book_id: index for index, book_id in enumerate(books)}
        # What coordination looks in: each clause's folded text and the titles above it, joined once.
        self._searchable_text = {key: f"{source.folded} {headings.get(key, '')}" for key, source in sources.items()}
        # Which clauses contain a word, once per word: testing every hit's text for every form of every concept
        # was a sixth of an uncached search (bench/profile_routes.py search_uncached: Ranker._coverage).
        self._containing = functools.lru_cache(maxsize=8192)(self._keys_containing)
        # And which contain one of a concept's forms: the same words come back in query after query (as typed).
        self._containing_any = functools.lru_cache(maxsize=4096)(
            lambda forms: frozenset().union(*(self._containing(form) for form in forms)))
        # The node of each (book, id) the index holds, without normalising the id again on every hit.
        self._nodes = {(book_id, node.id): node for book_id, book in books.items() for node in book.walk()}
        self._known = frozenset(self._nodes)
        # The items that are only a name in a list, with no sentence of their own (entry_penalty).
        self._entries = frozenset(key for key, node in self._nodes.items() if _names_only(node))
        # The clauses that open their section (6.7.1 of 6.7), for the opening bonus.
        self._openers = frozenset(key for key, node in self._nodes.items() if _opens_section(books[key[0]], node))
        self.found_anywhere = functools.lru_cache(maxsize=1024)(self._found_anywhere)
        # A phrase folded once, not once for each clause it is looked for in (hundreds a search).
        self._needle = functools.lru_cache(maxsize=1024)(lambda phrase: " ".join(normalize(phrase).split()))
        self._quoted_terms = frozenset(
            term for source in sources.values() for term in _QUOTED_TERM.findall(source.folded)
        )
        self._bigram = BigramTokenizer()
        self._morph = MorphTokenizer()
        # One search analyses the same few texts for several fields and adjustments; MeCab is a cost.
        self._analysed = functools.lru_cache(maxsize=4096)(self._analyse)
        self.words = functools.lru_cache(maxsize=4096)(lambda text: tuple(self._morph.words(text)))
        self._card_reader = CardTextReader()
        # Made (or read back) here, at start, when the profile weighs cited clauses: never by a search.
        self._specificity = shipped() if profile.reader_specificity else Readings(NOWHERE, NOWHERE)
        self.kinds = clause_kinds({key: source.folded for key, source in sources.items()})

    @property
    def misspellings(self) -> tuple[bool, bool]:
        """Whether the glossary also reads words spelt by their sound, and kanji one off the rulebook's."""
        return self.profile.sound_alikes, self.profile.kanji_typos

    def weighting(self) -> scoring.BM25F:
        return scoring.BM25F(B=self.profile.bm25_b, K1=self.profile.bm25_k1)

    # -- the Whoosh query ---------------------------------------------------------------------------------

    def variants(self, parsed: ParsedQuery) -> list[tuple[str, float]]:
        """The texts to score, with their weights: the words and phrases, then their glossary readings."""
        weighted = [(parsed.words, 1.0)] + [(phrase, self._phrase_weight(phrase)) for phrase in parsed.phrases]
        variants = [(text, weight) for text, weight in weighted if text.strip()]
        mechanics = self.card_text(parsed).mechanics
        if mechanics and self.profile.mechanic_weight > 0:
            searched = self.mechanic_weights(mechanics)
            weighted += searched
            variants += searched
        if self.profile.synonyms:
            variants += [(variant, weight * self.profile.synonym_weight)
                         for text, weight in weighted
                         for variant in self.glossary.expansions(text, *self.misspellings)]
        return variants

    def card_text(self, parsed: ParsedQuery) -> CardText:
        """The reading of the quotes no clause contains, and of card text typed without brackets, as card text
        (NOTHING when the profile reads none)."""
        profile = self.profile
        if not (profile.reader_bonus or profile.mechanic_weight or profile.card_quote_weight != 1):
            return NOTHING
        quoted = [self._read_quote(phrase) for phrase in parsed.phrases if not self.found_anywhere(phrase)]
        unquoted = self._card_reader.read_unquoted(parsed.words) if profile.read_unquoted else NOTHING
        return combined((*quoted, unquoted))

    def mechanic_weights(self, mechanics: tuple[str, ...]) -> list[tuple[str, float]]:
        """The mechanics a card text's reading names, as texts to search and their weights: together at
        mechanic_weight, or each at its share following how rarely card readings name it (reader_specificity)."""
        weight, share = self.profile.mechanic_weight, self.profile.reader_specificity
        if not share:
            return [(" ".join(mechanics), weight)]
        return [(word, weight * (1 - share + share * self._specificity.mechanics.weight(word))) for word in mechanics]

    def reader_gains(self, cites: frozenset[str]) -> dict[str, float]:
        """What each clause a card text's reading cites multiplies its score by: 1 + reader_bonus, its share
        following how rarely card readings cite it as much as the profile says (reader_specificity)."""
        bonus, share = self.profile.reader_bonus, self.profile.reader_specificity
        weigh = self._specificity.clauses.weight
        return {clause: 1 + bonus * (1 - share + share * weigh(clause)) for clause in cites}

    def _phrase_weight(self, phrase: str) -> float:
        if self.profile.card_quote_weight == 1.0 or self.found_anywhere(phrase):
            return 1.0
        return self.profile.card_quote_weight if self._read_quote(phrase).read else 1.0

    def _read_quote(self, phrase: str) -> CardText:
        reader = self._card_reader
        return reader.read_quote(phrase) if self.profile.read_fragments else reader.read(phrase)

    def content_words(self, parsed: ParsedQuery) -> int:
        return len({base for text in (parsed.words, *parsed.phrases) for _, _, base in self.words(text)})

    def build_query(self, parsed: ParsedQuery, question: bool = False) -> wq.Query | None:
        """Every token of every variant in every field, OR-ed; a mark or bracket pair in its own field."""
        terms = [wq.Term(field_name, token, boost=boost) for field_name, token, boost in self.terms(parsed, question)]
        return wq.Or(terms) if terms else None

    def terms(self, parsed: ParsedQuery, question: bool = False) -> list[tuple[str, str, float]]:
        """The (field, token, boost) of each term of :meth:`build_query`, in its order, without Whoosh's query
        objects (the search sums the postings itself: scoring.TermScores)."""
        scale = self.profile.question_scale if question else 1.0
        fields = {name: boost if name.startswith("body") else boost * scale
                  for name, boost in self.profile.fields.items()}
        variants = self.variants(parsed)
        terms: list[tuple[str, str, float]] = []
        by_analysis: dict[bool, dict[str, float]] = {}  # the token weights are the same in every bigram field
        for field_name, boost in fields.items():
            if boost <= 0:
                continue
            bigram = field_name in BIGRAM_FIELDS
            if bigram not in by_analysis:
                weights: dict[str, float] = {}
                for text, weight in variants:
                    for token in self.tokens(field_name, text):
                        weights[token] = max(weights.get(token, 0.0), weight * self._token_weight(field_name, token))
                by_analysis[bigram] = weights
            terms += [(field_name, token, boost * weight) for token, weight in by_analysis[bigram].items()]
        for mark in parsed.marks:
            weight = self.profile.bracket_weight if mark in BRACKETS else self.profile.mark_weight
            if weight > 0:
                terms.append(("marks", mark, weight))
        return terms

    def tokens(self, field_name: str, text: str) -> tuple[str, ...]:
        return self._analysed(field_name in BIGRAM_FIELDS, text)

    def _analyse(self, bigram: bool, text: str) -> tuple[str, ...]:
        if not bigram:  # the morph field's tokens are the base forms of words(): MeCab once per text
            return tuple(base for _, _, base in self.words(text))
        return tuple(token.text for token in self._bigram(text))

    def _token_weight(self, field_name: str, token: str) -> float:
        if field_name in BIGRAM_FIELDS and all(char in _HIRAGANA for char in token):
            return self.profile.kana_bigram_weight
        return 1.0

    # -- after Whoosh -------------------------------------------------------------------------------------

    def examples(self, parsed: ParsedQuery) -> Mapping[str, float]:
        """The Hi!story clauses the worked examples like the question cite, with their evidence (0, 1]."""
        profile = self.profile
        if self.evidence is None or profile.example_bonus <= 0:
            return {}
        return self.evidence.evidence(parsed.text, profile.example_depth, profile.example_floor,
                                      profile.example_specificity)

    def contains(self, book_id: str, node_id: str, phrase: str) -> bool:
        """Whether the clause's text, title or section titles contain ``phrase`` verbatim (folded)."""
        needle = self._needle(phrase)
        source = self._sources.get((book_id, node_id))
        return bool(needle) and ((source is not None and needle in source.folded)
                                 or needle in self._headings.get((book_id, node_id), ""))

    def card_text_terms(self, parsed: ParsedQuery) -> tuple[str, ...]:
        """The rulebook's quoted terms inside the phrases that no clause contains (card text), longest first,
        none inside another found."""
        found: list[str] = []
        for phrase in parsed.phrases:
            if self.found_anywhere(phrase):
                continue
            text = normalize(phrase)
            for term in sorted((term for term in self._quoted_terms if term in text), key=len, reverse=True):
                if not any(term in longer for longer in found):
                    found.append(term)
        return tuple(f"「{term}」" for term in found)

    def concepts(self, parsed: ParsedQuery) -> list[frozenset[str]]:
        """The query's words, each as the forms a clause may contain it in: as typed, its base form, its
        kanji stem (引ける → 引), and the rulebook terms the glossary reads it as (デッキ → 山札)."""
        return [concept for concept, _ in self.weighed_concepts(parsed)]

    def weighed_concepts(self, parsed: ParsedQuery) -> list[tuple[frozenset[str], bool]]:
        """:meth:`concepts`, each with whether it comes only from card text quoted from memory."""
        concepts: list[tuple[frozenset[str], bool]] = []
        for text in (parsed.words, *parsed.phrases):
            quoted = text != parsed.words and not self.found_anywhere(text)
            readings = self.glossary.readings(text, *self.misspellings) if self.profile.synonyms else ()
            for _, surface, base in self.words(text):
                forms = {surface, base, _stem(surface)}
                for reading in readings:
                    if surface in reading.word or reading.word in surface:
                        forms |= {reading.word, *reading.terms}
                concepts.append((frozenset(form for form in forms if form), quoted))
        concepts += [(frozenset({mark if mark in BRACKETS else f"「{mark}」"}), False) for mark in parsed.marks]
        first: dict[frozenset[str], bool] = {}
        for concept, quoted in concepts:  # a word both in the question and in a quote is the question's
            first[concept] = first.get(concept, True) and quoted
        return list(first.items())

    def _searchable(self, book_id: str, node_id: str) -> str:
        return self._searchable_text.get((book_id, node_id), "")

    def _found_anywhere(self, phrase: str) -> bool:
        """Whether any clause of any book contains ``phrase`` verbatim (folded)."""
        return any(self.contains(book_id, node_id, phrase) for book_id, node_id in self._sources)

    def _weights(self, concepts: list[frozenset[str]]) -> list[float]:
        """How much each concept counts: by its rarity among the clauses (a rare word says more than カード)
        when the profile asks, else one each."""
        texts = [self._searchable(*key) for key in self._sources] if self.profile.idf_coordination else []
        weights = []
        for forms in concepts:
            weight = 1.0
            if texts:
                frequency = sum(1 for text in texts if any(form in text for form in forms))
                weight = math.log((len(texts) + 1) / (frequency + 1))
            weights.append(weight)
        return weights

    def _keys_containing(self, form: str) -> frozenset[tuple[str, str]]:
        return frozenset(key for key, text in self._searchable_text.items() if form in text)

    def _concept_keys(self, concepts: list[frozenset[str]]) -> list[frozenset[tuple[str, str]]]:
        """For each concept, the clauses whose text or titles contain one of its forms."""
        return [self._containing_any(forms) for forms in concepts]

    def rescore(self, parsed: ParsedQuery, found: list[tuple[tuple[str, str], float]],
                term_query: bool) -> list[Scored]:
        """Whoosh's ((book, node), score) pairs adjusted and sorted, best first, ties in book order."""
        keys, scores = [key for key, _ in found], [score for _, score in found]
        order = sorted(range(len(found)), key=scores.__getitem__, reverse=True)  # stable: document order in ties
        return self.best(parsed, Matches(keys, scores, order), term_query, len(found))[0]

    def best(self, parsed: ParsedQuery, found: Matches, term_query: bool, count: int) -> tuple[list[Scored], int]:
        """The first ``count`` of :meth:`rescore`'s order, exactly, and how many clauses that whole order holds.

        Every adjustment multiplies Whoosh's score by at most a known factor (coverage by at most 1, each
        bonus by 1 + bonus), so a clause whose Whoosh score times that factor stays below the ``count``-th
        adjusted score cannot enter the first ``count``: clauses are adjusted in the order of Whoosh's scores
        until the next one cannot, instead of all of them (the adjustments were a fifth of a search:
        bench/search_floor.py, ``Ranker.rescore``; over the harsh traffic 35 of 145 matching clauses now).
        """
        profile = self.profile
        keys, scores, order = found
        if not self._known.issuperset(keys):  # the index names a clause the books lack: it is not ranked
            return self.best(parsed, self._without_unknown(found), term_query, count)
        adjust = _Adjustment(self, parsed, term_query)
        cite = profile.citation_bonus > 0
        # A clause cited by one of the best ``citation_depth`` gains at most × (1 + citation_bonus).
        ceiling = adjust.ceiling * ((1 + profile.citation_bonus) if cite else 1.0) * _MARGIN
        wanted = max(count, profile.citation_depth if cite else 0)
        nodes, books = self._nodes, self._books
        best: list[float] = []  # min-heap of the ``wanted`` best adjusted scores so far
        adjusted: list[tuple[int, Scored]] = []
        for index in order:
            score = scores[index]
            if len(best) >= wanted and (not wanted or best[0] > score * ceiling):
                break  # this clause and every one after it stay below the ``wanted`` best
            key = keys[index]
            entry = Scored(adjust.score(key, score), books[key[0]], nodes[key])
            adjusted.append((index, entry))
            if len(best) < wanted:
                heapq.heappush(best, entry.score)
            elif entry.score > best[0]:
                heapq.heapreplace(best, entry.score)
        adjusted.sort()  # back to document order: the tie-break of the full order
        ranked = self._sorted(entry for _, entry in adjusted)
        if cite and ranked:
            ranked = self._cited(ranked, self._known)
        if profile.order_lists and ranked and "order" in adjust.asked:
            ranked = self._listed(ranked, found, adjust)
        return ranked[:count], len(keys)

    def _listed(self, ranked: list[Scored], found: Matches, adjust: _Adjustment) -> list[Scored]:
        """A question of order puts the list before its items: an item among the best hits (10.6.2-2, a step)
        lifts the clause that lists it just above itself, when that clause states an order (10.6.2 「以下の順序で
        処理する」) and the words match it."""
        lifts: dict[tuple[str, str], float] = {}
        for hit in ranked[: self.profile.citation_depth]:
            key = (hit.book.id, hit.node.parent)
            if hit.node.kind == "item" and "order" in self.kinds.get(key, ()):  # 「以下の順序で処理する」
                lifts[key] = max(lifts.get(key, 0.0), hit.score * _MARGIN)
        if not lifts:
            return ranked
        place = {key: index for index, key in enumerate(found.keys) if key in lifts}  # matched by the words
        entries = {(entry.book.id, entry.node.id): entry for entry in ranked}
        for key, lifted in lifts.items():
            if key not in place:
                continue
            entry = entries.get(key) or Scored(adjust.score(key, found.scores[place[key]]), self._books[key[0]],
                                               self._nodes[key])
            entries[key] = entry if entry.score >= lifted else Scored(lifted, entry.book, entry.node)
        return self._sorted(entries.values())

    def _without_unknown(self, found: Matches) -> Matches:
        kept = [index for index, key in enumerate(found.keys) if key in self._known]
        place = {index: position for position, index in enumerate(kept)}
        return Matches([found.keys[index] for index in kept], [found.scores[index] for index in kept],
                       [place[index] for index in found.order if index in place])

    def _cited(self, ranked: list[Scored], scored: Mapping[tuple[str, str], object]) -> list[Scored]:
        """A clause that one of the best hits cites gains a share of that hit's score (citation evidence)."""
        best = ranked[0].score or 1.0
        gains: dict[tuple[str, str], float] = {}
        for hit in ranked[: self.profile.citation_depth]:
            for reference in hit.node.references:
                key = (hit.book.id, reference.target)
                if key in scored and reference.target != hit.node.id:
                    gains[key] = max(gains.get(key, 0.0), self.profile.citation_bonus * hit.score / best)
        if not gains:
            return ranked
        # Only the cited clauses change: every other score would be multiplied by (1 + 0.0), which is itself.
        adjusted = [entry if (key := (entry.book.id, entry.node.id)) not in gains
                    else Scored(entry.score * (1 + gains[key]), entry.book, entry.node) for entry in ranked]
        return self._sorted(adjusted)

    def _sorted(self, entries) -> list[Scored]:
        """Best score first, ties in book order then rulebook order; equal keys keep their order (as a stable
        sort on that key would: the index breaks the tie), without a key function call per entry."""
        order = self._book_order
        decorated = [(-entry.score, order[entry.book.id], entry.node.position, index, entry)
                     for index, entry in enumerate(entries)]
        decorated.sort()
        return [row[4] for row in decorated]


class _Adjustment:
    """What :meth:`Ranker.rescore` multiplies one clause's Whoosh score by, for one query, and the most it can be."""

    def __init__(self, ranker: Ranker, parsed: ParsedQuery, term_query: bool):
        profile = ranker.profile
        self._ranker = ranker
        self._profile = profile
        weighed = ranker.weighed_concepts(parsed) if profile.coordination > 0 else []
        concepts = [concept for concept, _ in weighed]
        weights = ranker._weights(concepts) if concepts else []
        weights = [weight * (profile.quote_concept_weight if quoted else 1.0)
                   for weight, (_, quoted) in zip(weights, weighed)]
        # Coordination: for each concept (with its weight), the clauses whose text or titles hold one of its forms.
        self._concepts = list(zip(ranker._concept_keys(concepts), weights))
        self._total = sum(weights) or 1.0
        self._card_terms = ranker.card_text_terms(parsed) if profile.card_text_bonus > 0 and parsed.phrases else ()
        self._opening = term_query or profile.opening_for_questions
        self._phrases = parsed.phrases
        # Each clause the card text's reading cites, and what its score is multiplied by (at most 1 + reader_bonus).
        self._cited = ranker.reader_gains(ranker.card_text(parsed).cites) if profile.reader_bonus > 0 else {}
        # What the question asks (search/asked.py), read only when the profile uses it.
        self.asked = (asked(parsed.words) if profile.intent_bonus or profile.definition_penalty or profile.order_lists
                      else frozenset())
        self._boosted = self.asked & profile.intent_kinds
        self._entry_penalty = profile.entry_penalty
        self._examples = ranker.examples(parsed)
        # Coverage is a share of the (non-negative) weights, at most 1: only the bonuses raise a score.
        self.ceiling = ((1 + profile.card_text_bonus if self._card_terms else 1.0)
                        * (1 + profile.opening_bonus if self._opening else 1.0)
                        * (1 + profile.phrase_bonus if self._phrases else 1.0)
                        * max(self._cited.values(), default=1.0)  # the most a cited clause gains here
                        * (1 + profile.intent_bonus if self._boosted else 1.0)
                        * (1 + profile.example_bonus * max(self._examples.values(), default=0.0)))

    def score(self, key: tuple[str, str], score: float) -> float:
        profile, ranker = self._profile, self._ranker
        share = 1.0
        if self._concepts:
            matched = 0
            for keys, weight in self._concepts:  # concept by concept: the additions of sum()
                if key in keys:
                    matched += weight
            share = matched / self._total
            score *= share ** profile.coordination
        if self._card_terms and any(term in ranker._sources[key].folded for term in self._card_terms):
            score *= 1 + profile.card_text_bonus
        if self._opening and key in ranker._openers:
            score *= 1 + profile.opening_bonus
        if self._phrases and all(ranker.contains(*key, phrase) for phrase in self._phrases):
            score *= 1 + profile.phrase_bonus
        if self._cited and key[0] == _READER_BOOK and key[1] in self._cited:
            score *= self._cited[key[1]]
        if self._examples and key[0] == _EXAMPLES_BOOK and (gain := self._examples.get(key[1])):
            score *= 1 + profile.example_bonus * gain
        if self._entry_penalty and key in ranker._entries:
            score *= 1 - self._entry_penalty
        if self.asked:
            kinds = ranker.kinds.get(key, frozenset())
            if kinds & self._boosted and share >= profile.intent_gate:
                score *= 1 + profile.intent_bonus
            if "definition" in kinds and self.asked & profile.definition_asks:
                score *= 1 - profile.definition_penalty
        return score


def _stem(word: str) -> str:
    """The kanji a word starts with when kana follow (引ける → 引, 送られる → 送): the part that does not inflect."""
    stem = word.rstrip("".join(_HIRAGANA))
    return stem if stem and stem != word and not any(char in _HIRAGANA for char in stem) else ""


def _names_only(node: Node) -> bool:
    """An item of a list that names something (a phase, a part of an effect) and states nothing: no sentence."""
    return node.kind == "item" and not any(end in node.text for end in "。．")


def _opens_section(book: Rulebook, node: Node) -> bool:
    parent = book.get(node.parent) if node.parent else None
    return node.kind == "clause" and parent is not None and parent.children[:1] == (node.id,)

