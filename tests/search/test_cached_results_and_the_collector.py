"""What the result cache keeps adds little for the garbage collector to walk (bench/gc_pauses.py measures it).

A full collection walks every tracked object made since the worker froze its start-up objects; the cache's
results live long, so what each hit holds matters. An excerpt's pieces are exact tuples of text and a flag,
which CPython's collector stops tracking once it has met them; a named tuple or a dataclass stays tracked.
"""

from __future__ import annotations

import gc

from adjudicator.search.highlight import excerpt
from tests.collector import collect_until_settled

QUESTIONS = ("その後", "手札を1枚捨てる", "ブロックできない？", "6.7.1", "6.7", "山札が0枚になったら負け？")


def test_a_cached_hit_holds_its_excerpt_as_plain_tuples(search_engine):
    results = [search_engine.search(text) for text in QUESTIONS]
    hits = [hit for result in results for hit in (*result.hits, *result.suggestions)]
    assert any(matched for hit in hits for _, matched in hit.segments)
    for hit in hits:
        assert type(hit.segments) is tuple
        assert all(type(segment) is tuple and type(segment[0]) is str and type(segment[1]) is bool
                   for segment in hit.segments)


def test_the_collector_stops_tracking_a_cached_hits_excerpt(search_engine):
    result = search_engine.search("手札を1枚捨てる", book="hi-story")
    assert result.hits
    collect_until_settled()
    for hit in result.hits:
        assert not gc.is_tracked(hit.segments)
        assert not any(gc.is_tracked(segment) for segment in hit.segments)


def test_the_excerpt_reads_as_before_from_its_pieces():
    text = "相手の場の下にあるカードは、場の下から離れる。"
    cut = excerpt(text, ["場の下"])
    assert cut.text == text
    assert cut.highlights == ["場の下", "場の下"]
    assert [matched for _, matched in cut.segments] == [False, True, False, True, False]
