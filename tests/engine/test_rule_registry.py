"""The rule registry: every clause any rule cites exists in the rulebook, and rules are declared once."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import adjudicator.engine
import adjudicator.engine.rules as registry
from adjudicator.engine.rules import cited_clauses, registered_rules, rule
from adjudicator.rulebook import load_rulebook


def _import_every_engine_module() -> None:
    """Rules are declared at import: load every module of the engine, effects included."""
    for module in pkgutil.walk_packages(adjudicator.engine.__path__, "adjudicator.engine."):
        importlib.import_module(module.name)


@pytest.fixture(scope="module")
def rules():
    _import_every_engine_module()
    return registered_rules()


def test_the_engine_declares_its_rules(rules):
    names = {declared.name for declared in rules}
    # The attack sequence and the phases declare theirs; a registry this small would mean nothing loaded.
    assert {"attack_declare", "fix_power", "deck_damage", "block", "substitute", "refresh", "set_rank_plus_one"} <= names
    assert len(rules) >= 60


def test_every_cited_clause_exists_in_the_rulebook(rules):
    book = load_rulebook("hi-story")
    missing = [(declared.name, clause) for declared in rules for clause in declared.clauses if book.get(clause) is None]
    assert missing == []


def test_every_rule_cites_at_least_one_clause_and_says_what_it_is(rules):
    assert [declared.name for declared in rules if not declared.clauses or not declared.summary] == []


def test_items_of_10_6_2_are_cited_one_by_one(rules):
    cited = {clause for declared in rules for clause in declared.clauses}
    assert {f"10.6.2-{n}" for n in range(1, 11)} <= cited


@pytest.fixture
def scratch_registry(monkeypatch):
    """The engine's registry as it is, on a copy: the rules a test declares leave with the test, so a later
    test that lists the engine's rules sees only the engine's (tests/layers/test_layer_contracts.py)."""
    monkeypatch.setattr(registry, "_REGISTRY", dict(registry._REGISTRY))


def test_redeclaring_a_rule_with_other_clauses_is_a_program_error(scratch_registry):
    rule("registry_test_rule", "11.1.2", "テスト用")
    assert rule("registry_test_rule", "11.1.2", "テスト用").clauses == ("11.1.2",)
    with pytest.raises(ValueError):
        rule("registry_test_rule", "11.1.3", "テスト用")


def test_cited_clauses_keeps_order_without_repeats(scratch_registry):
    first = rule("registry_test_a", ("11.1.2", "10.6.2-8"), "a")
    second = rule("registry_test_b", ("10.6.2-8", "12.1.1"), "b")
    assert cited_clauses(first, second) == ("11.1.2", "10.6.2-8", "12.1.1")
