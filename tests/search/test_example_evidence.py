"""Worked examples as ranking evidence (search/example_evidence.py): the scenarios like a question lend the
clauses they cite a bonus, weighed by the match and by how specific each citation is."""

from __future__ import annotations

import dataclasses

from adjudicator import paths
from adjudicator.search.corpus import Entry
from adjudicator.search.example_evidence import ExampleEvidence
from adjudicator.search.examples import content_bigrams

# Made up for this test, worded unlike the scenario it describes (its title: 山札から召喚した後の補完シャッフルは
# 「〜た時」の効果の後; it cites 6.6.1, 10.1.9 and 4.4.1).
QUESTION = "山札から召喚したとき、召喚した時の効果とシャッフルはどっちが先？"
SCENARIO = "rules/mechanics/search/summon-from-deck-shuffle-after-trigger"


def _made_up(*examples: tuple[str, str, tuple[str, ...]]) -> ExampleEvidence:
    entries = [Entry(name, name, question, cites) for name, question, cites in examples]
    return ExampleEvidence((entry, content_bigrams(f"{entry.title} {entry.question}")) for entry in entries)


def _rank(engine, clause: str) -> int:
    ids = [hit.id for hit in engine.search(QUESTION, book="hi-story", limit=50).hits]
    return ids.index(clause) if clause in ids else len(ids)


def test_a_question_like_a_scenario_raises_the_clause_it_cites(search_engine):
    from adjudicator.search.engine import DEFAULT_PROFILE

    assert search_engine.evidence is not None
    assert search_engine.evidence.matches(QUESTION, DEFAULT_PROFILE.example_depth,
                                          DEFAULT_PROFILE.example_floor)[0][1] == SCENARIO
    without = search_engine.with_profile(dataclasses.replace(DEFAULT_PROFILE, example_bonus=0.0))
    assert _rank(search_engine, "10.1.9") < 5 < _rank(without, "10.1.9")  # 「〜た時」: waits for the shuffle


def test_an_example_left_out_lends_nothing():
    kept = ExampleEvidence.scan(paths.scenarios_dir())
    left_out = ExampleEvidence.scan(paths.scenarios_dir(), leave_out=frozenset({SCENARIO}))
    assert len(left_out) == len(kept) - 1
    assert SCENARIO not in [name for _, name in left_out.matches(QUESTION, 3, 0.0)]


def test_a_clause_every_example_cites_says_nothing_and_one_example_s_own_says_most():
    evidence = _made_up(("attack", "攻撃したカードがブロックされたら", ("11.1.2", "11.2.2")),
                        ("set", "セットフェーズにセットできる枚数", ("11.1.2", "5.2.5")),
                        ("draw", "ドローフェーズに引ける枚数", ("11.1.2", "5.2.2")))
    assert evidence.specificity["11.1.2"] == 0.0
    assert evidence.specificity["11.2.2"] == 1.0
    found = evidence.evidence("ブロックされたらどうなる？", depth=3, floor=0.1)
    assert found.keys() == {"11.2.2"}  # 11.1.2, cited by all three, lends no evidence at all
    # Without the weighting every citation of the example counts alike.
    plain = evidence.evidence("ブロックされたらどうなる？", depth=3, floor=0.1, specific=False)
    assert plain["11.1.2"] == plain["11.2.2"] > 0


def test_a_rare_shared_word_matches_more_than_a_common_one():
    evidence = _made_up(("a", "カードの身代わり", ("1.1",)), ("b", "カードのブロック", ("1.2",)),
                        ("c", "カードの召喚", ("1.3",)), ("d", "カードのセット", ("1.4",)))
    matches = dict((name, match) for match, name in evidence.matches("カードの身代わりとカードの攻撃", 4, 0.0))
    assert matches["a"] > 2 * matches.get("b", 0.0)  # 身代わり is in one example, カード in all four
    assert evidence.matches("まったく関係ない言葉", 4, 0.0) == []
    assert evidence.evidence("まったく関係ない言葉", 4, 0.0) == {}


def test_only_the_best_examples_at_or_above_the_floor_count():
    evidence = _made_up(("a", "身代わりでパワーが下がる", ("1.1",)), ("b", "身代わりのパワー", ("1.2",)),
                        ("c", "身代わりを使う時", ("1.3",)))
    assert [name for _, name in evidence.matches("身代わりのパワー", 1, 0.0)] == ["b"]
    assert len(evidence.matches("身代わりのパワー", 3, 0.0)) == 3
    assert all(match >= 0.5 for match, _ in evidence.matches("身代わりのパワー", 3, 0.5))


def test_the_ablation_turns_the_evidence_off_and_the_default_profile_builds_it_at_start(search_engine):
    from adjudicator.search.engine import DEFAULT_PROFILE, ClauseSearch
    from bench.search_quality import ablations

    profiles = ablations()
    assert profiles["full - example evidence"].example_bonus == 0.0 < DEFAULT_PROFILE.example_bonus
    assert profiles["full - example specificity"].example_specificity is False
    off = search_engine.with_profile(profiles["full - example evidence"])
    assert _rank(off, "10.1.9") > _rank(search_engine, "10.1.9")
    # Built with the search (at start), never by a search; a profile that does not weigh examples reads none.
    books = tuple(search_engine.books.values())
    assert ClauseSearch(search_engine.index, books).evidence is not None
    assert ClauseSearch(search_engine.index, books, profiles["full - example evidence"]).evidence is None


def test_the_examples_lend_nothing_to_another_book(search_engine):
    from adjudicator.search.engine import DEFAULT_PROFILE

    without = search_engine.with_profile(dataclasses.replace(DEFAULT_PROFILE, example_bonus=0.0))
    assert ([(hit.id, hit.score) for hit in search_engine.search(QUESTION, book="duel-masters").hits]
            == [(hit.id, hit.score) for hit in without.search(QUESTION, book="duel-masters").hits])


def test_the_benchmark_leaves_out_a_scenario_that_copies_a_query():
    from bench.example_leakage import closest, examples, near_copies

    found = examples(paths.scenarios_dir())
    copied = next(entry for entry, texts, _ in found if entry.name == SCENARIO)
    assert closest(copied.title, found)[0] == "exact"
    assert near_copies([copied.title + "？", QUESTION], found) == frozenset({SCENARIO})  # the title, not the paraphrase
