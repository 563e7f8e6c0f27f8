"""The clauses a card text's reading cites, weighed by how rarely card readings cite them (search/specificity.py)."""

from __future__ import annotations

import dataclasses

import pytest

from adjudicator.search import specificity
from adjudicator.search.specificity import Readings, Specificity

# Three made-up card texts: every reading cites the sentence grammar (6.5.1, 10.1.5); only the last cites
# 7.3.10 (「または全てBする」).
_TEXTS = ("1枚引く", "これをレストする", "相手の場のカードを全てレストする。または全てアクティブにする。")
# A made-up question quoting card text whose point is 7.3.10; 8.3.1 (the field's cards) is cited by many readings.
_QUESTION = "「自分の場のカードを全てアクティブにする。または全てレストする。」は片方ずつ選べる？"


def test_a_clause_every_reading_cites_weighs_less_than_a_rare_one():
    readings = Readings.of_texts(_TEXTS)
    clauses = readings.clauses
    assert clauses.readings == 3
    assert clauses.cited_by("6.5.1") == 3 and clauses.cited_by("7.3.10") == 1
    assert clauses.weight("6.5.1") == 0.0  # cited by every reading: says nothing of this one
    assert 0.0 < clauses.weight("7.3.10") < clauses.weight("9.9.9") == 1.0  # none cites 9.9.9


def test_a_text_counts_once_and_a_refused_one_not_at_all():
    readings = Readings.of_texts((*_TEXTS, _TEXTS[0], "x" * 5000))
    assert readings.clauses.readings == 3


def test_a_mechanic_every_reading_names_weighs_less_than_a_rare_one():
    mechanics = Readings.of_texts(_TEXTS).mechanics
    assert mechanics.cited_by("レストする") == 2 and mechanics.cited_by("アクティブにする") == 1
    assert mechanics.weight("レストする") < mechanics.weight("アクティブにする")


def test_no_corpus_weighs_everything_fully():
    assert specificity.NOWHERE.weight("6.5.1") == 1.0


def test_counts_are_bounded_by_the_readings():
    with pytest.raises(ValueError):
        Specificity({"6.5.1": 4}, 3)


def test_the_counts_read_back_as_made():
    readings = Readings.of_texts(_TEXTS)
    again = Readings.from_json(readings.as_json())
    assert again.as_json() == readings.as_json()
    with pytest.raises(TypeError):
        Readings.from_json({"readings": "3", "clauses": {}, "mechanics": {}})


def test_the_scenarios_effect_texts_are_the_corpus(tmp_path):
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "a.yaml").write_text(
        "board:\n  A:\n    field:\n      - name: 兵\n        effects:\n          - text: 1枚引く\n"
        "          - text: これをレストする\n", encoding="utf-8")
    (tmp_path / "b.yaml").write_text("cards:\n  - effects: [{text: 1枚引く}, {name: no text}]\n", encoding="utf-8")
    (tmp_path / "broken.yaml").write_text("a: [", encoding="utf-8")
    assert specificity.effect_texts(tmp_path) == ["1枚引く", "これをレストする"]
    assert specificity.shipped(tmp_path).clauses.readings == 2


def test_the_counts_are_kept_beside_the_index_and_read_back_at_the_next_start(tmp_path, monkeypatch):
    from adjudicator import paths
    from adjudicator.search import corpus

    monkeypatch.setenv(paths.DATA_DIR_ENV, str(tmp_path / "data"))
    root = tmp_path / "scenarios"
    root.mkdir()
    (root / "a.yaml").write_text("cards:\n  - effects: [{text: 1枚引く}, {text: これをレストする}]\n", encoding="utf-8")

    def start() -> Readings:  # what a new process sees
        for cached in (specificity.shipped, corpus._stats, corpus.fingerprint):
            cached.cache_clear()
        return specificity.shipped(root)

    made = start()
    assert corpus.is_kept("readings", root)
    with monkeypatch.context() as patched:
        patched.setattr(Readings, "of_texts", lambda texts: pytest.fail("the texts were read again"))
        assert start().as_json() == made.as_json()
    [kept] = (tmp_path / "data" / corpus.CACHE_DIR_NAME).glob("readings-*.json")
    for damage in ("{", '{"readings": 2, "clauses": {"6.5.1": "x"}, "mechanics": {}}', '{"readings": 1}'):
        kept.write_text(damage, "utf-8")
        assert start().as_json() == made.as_json()
    specificity.shipped.cache_clear()


def test_in_the_shipped_corpus_the_sentence_grammar_weighs_little():
    clauses = specificity.shipped().clauses
    assert clauses.readings > 100
    assert clauses.weight("6.5.1") < 0.05 < clauses.weight("7.2.1") < clauses.weight("7.3.10")


def test_each_cited_clause_gains_by_its_weight(search_engine):
    from adjudicator.search.engine import DEFAULT_PROFILE

    ranker = search_engine.with_profile(DEFAULT_PROFILE)._ranker
    gains = ranker.reader_gains(frozenset({"6.5.1", "7.2.1", "7.3.10"}))
    assert 1.0 <= gains["6.5.1"] < gains["7.2.1"] < gains["7.3.10"] <= 1 + DEFAULT_PROFILE.reader_bonus
    flat = search_engine.with_profile(dataclasses.replace(DEFAULT_PROFILE, reader_specificity=0.0))._ranker
    assert set(flat.reader_gains(frozenset({"6.5.1", "7.3.10"})).values()) == {1 + DEFAULT_PROFILE.reader_bonus}


def test_the_ablation_turns_the_weighing_off():
    from bench.search_quality import ablations

    from adjudicator.search.engine import DEFAULT_PROFILE

    assert DEFAULT_PROFILE.reader_specificity == 1.0
    rows = ablations()
    assert rows["full - reader specificity"] == dataclasses.replace(DEFAULT_PROFILE, reader_specificity=0.0,
                                                                    reader_bonus=0.6)
    assert rows["full - specificity, same bonus"].reader_specificity == 0.0


def test_the_specific_clause_of_a_quote_outranks_the_ones_every_card_cites(search_engine):
    from adjudicator.search.engine import DEFAULT_PROFILE

    def ranked(**change) -> list[str]:
        engine = search_engine.with_profile(dataclasses.replace(DEFAULT_PROFILE, **change))
        return [hit.id for hit in engine.search(_QUESTION, book="hi-story", limit=20).hits]

    weighed, flat, flat_before = ranked(), ranked(reader_specificity=0.0), ranked(reader_specificity=0.0,
                                                                                  reader_bonus=0.6)
    assert weighed.index("7.3.10") < weighed.index("8.3.1")  # the point of the card, before the field's cards
    assert flat.index("8.3.1") < flat.index("7.3.10")  # the same bonus for each: the common clause first
    assert weighed.index("7.3.10") < flat_before.index("7.3.10")  # as the bonus was before the weighing
