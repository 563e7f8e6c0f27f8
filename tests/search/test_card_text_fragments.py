"""Quotes that are fragments of a card sentence, read in the smallest sentence they are part of
(search/fragments.py, CardTextReader.read_quote), and what that reading does to the ranking."""

from __future__ import annotations

import dataclasses

import pytest

from adjudicator.search.card_text import NOTHING, CardTextReader
from adjudicator.search.fragments import FRAMES, LEAD, OWN_TRIGGER, THIS_CARD

# What the frames' own words make a reading cite: the plain step 「1枚引く」 (6.5.8), 「これ」 (7.2.3, 6.11.2).
FRAME_CITES = {"6.5.8", "7.2.3", "6.11.2"}


@pytest.fixture(scope="module")
def reader() -> CardTextReader:
    return CardTextReader()


@pytest.mark.parametrize("fragment, cites", [
    ("墓地へ送られた時", {"10.1.9"}),  # a trigger's event alone: after the event (「これが」 left out)
    ("場を離れる時", {"10.1.7"}),  # 「〜する時」: before it, an interrupt
    ("カードを引いた時", {"10.1.9"}),  # a player's event: the owner's (the reader refuses 「これが」 for it)
    ("攻撃フェーズの初めに", {"6.4.6"}),  # a phase boundary
    ("手札が5枚以上なら", {"6.7.5", "6.2.2", "7.2.2"}),  # a condition
    ("攻撃できない", {"8.2.5"}),  # a card's restriction, its card left out
    ("このターン攻撃できない", {"8.2.5", "5.6.3"}),
    ("効果を受けない", {"8.2.6", "10.2.1"}),
    ("パワーが3000になる", {"10.4.3", "11.6.2"}),  # a card's power set, its card left out
    ("2ターンの間、パワー+2000", {"5.6.1", "5.8.5", "10.4.2", "10.4.3"}),  # the card named after the duration
])
def test_a_fragment_gives_the_clauses_its_part_of_a_sentence_cites(reader, fragment, cites):
    read = reader.read_quote(fragment)
    assert read.whole and read.cites == cites
    assert not read.cites & FRAME_CITES


def test_the_trigger_s_mechanic_is_named_and_the_frame_s_step_is_not(reader):
    assert reader.read_quote("墓地へ送られた時").mechanics == ("墓地へ送られた時",)


def test_both_sides_of_an_or_are_read_and_cite_the_clause_on_or(reader):
    read = reader.read_quote("相手の場のカードを全てレストする。または全てアクティブにする。")
    assert read.whole and "7.3.10" in read.cites  # one side chosen for all the cards


def test_a_quote_read_whole_is_read_as_it_is(reader):
    quote = "このターン、これは攻撃できない"
    assert reader.read_quote(quote) == reader.read(quote)


@pytest.mark.parametrize("fragment", [
    "召喚した時",  # no trigger of the reader's is worded so (a card is 「召喚された」)
    "【武士】を1枚選ぶ",  # whose cards is not said: the reader does not guess a side
    "場",
    "できない",
])
def test_a_fragment_no_frame_reads_is_left_to_its_words(reader, fragment):
    assert reader.read_quote(fragment) is NOTHING


def test_the_plain_reading_of_a_fragment_is_unchanged(reader):
    assert reader.read("攻撃できない") is NOTHING  # read_unquoted keeps to what the reader reads whole


def test_every_frame_reads_its_own_samples(reader):
    # A frame's own cites are what its two samples' readings share: both must read whole for that to hold.
    for frame in FRAMES:
        for sample in frame.samples:
            assert frame.fitting(sample)
            assert reader.read(frame.sentence(sample)).whole, (frame.name, sample)


def test_a_fragment_fits_few_frames():
    # Each fitting frame is one reading more: a fragment fits those its words could be the part of.
    assert [frame for frame in FRAMES if frame.fitting("墓地へ送られた時")][:2] == [LEAD, OWN_TRIGGER]
    assert [frame for frame in FRAMES if frame.fitting("攻撃できない")] == [THIS_CARD]
    assert not [frame for frame in FRAMES if frame.fitting("相手は次のターン攻撃できない")]


def test_a_quoted_fragment_moves_the_clause_its_reading_cites_up(search_engine):
    from adjudicator.search.engine import DEFAULT_PROFILE

    # Made up for this test: no clause holds 「自分のカードが場を離れる時」 word for word. Read as the opening of
    # a card sentence, it is a 「〜する時」 trigger: 10.1.7 (an interrupt, resolved before the event) answers.
    question = "「自分のカードが場を離れる時」の効果はいつ解決する？"
    profiles = {reads: dataclasses.replace(DEFAULT_PROFILE, read_fragments=reads) for reads in (True, False)}
    ranks = {reads: [hit.id for hit in search_engine.with_profile(profile).search(question, book="hi-story", limit=20).hits]
             .index("10.1.7") for reads, profile in profiles.items()}
    assert DEFAULT_PROFILE.read_fragments
    assert ranks[True] == 0 < ranks[False]
