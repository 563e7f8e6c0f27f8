"""The builder's form never answers 500 (issue 27; issue 25 found ``game=x&op=refresh``, ``actions.0.kind.x=1``
and 14 of 300 random submissions crashing): a property over forms made of the form's own vocabulary, the names
its pages show (with an event entered where it is played), cut short or carried one part too far, numbered
anew, and values and operations the pages offer. Every answer is a 200 or a 4xx (or the 303 of a ruling)."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

FIELD_NAME = re.compile(r'\sname="([^"]+)"')
OPERATION = re.compile(r'<button[^>]*\sname="op"[^>]*\svalue="([^"]+)"')
OPTION_VALUE = re.compile(r'<(?:option|input)[^>]*\svalue="([^"]*)"')
# Forms the vocabulary is read from: the blank builder, then one with every kind of item the judge adds.
STARTS = ({"op": "act:attack"}, {"op": "act:event"}, {"op": "add:players.A.field.1.cards"}, {"op": "add:players.B.hand.cards"},
          {"op": "add:players.A.field.1.cards.0.effects"}, {"op": "add:actions"})


@pytest.fixture(scope="module")
def vocabulary(app) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    client = app.test_client()
    pages = [client.get("/scenario/new").get_data(as_text=True)]
    pages += [client.post("/scenario/new", data=start).get_data(as_text=True) for start in STARTS]
    names = {name for page in pages for name in FIELD_NAME.findall(page)} - {"op", "import_file"}
    assert {"actions.0.played.effects.0.text", "actions.0.responses.0.played.name"} & names
    operations = {op for page in pages for op in OPERATION.findall(page)}
    values = {value for page in pages for value in OPTION_VALUE.findall(page) if len(value) < 40}
    return tuple(sorted(names)), tuple(sorted(operations)), tuple(sorted(values))


def _shapes(name: str) -> st.SearchStrategy[str]:
    """The name as shown, cut short (``game``, ``actions.0``), carried one part further (``….kind.x``), or
    with one index numbered anew."""
    parts = name.split(".")
    return st.one_of(
        st.just(name),
        st.integers(1, len(parts)).map(lambda keep: ".".join(parts[:keep])),
        st.sampled_from(("x", "0", "kind", "cards", "played")).map(lambda extra: f"{name}.{extra}"),
        st.sampled_from(("0", "1", "7", "99", "-1", "１")).map(lambda n: re.sub(r"\.\d+(?=\.|$)", f".{n}", name, count=1)),
    )


def test_every_submission_of_the_forms_own_words_answers_without_a_server_error(app, vocabulary):
    names, operations, values = vocabulary
    client = app.test_client()
    operation = st.one_of(st.sampled_from(operations),
                          st.sampled_from(("act:attack", "act:event", "act:x", "library:actions.0.played",
                                           "library-all:players.A.field.1.cards.0", "refresh", "resolve", "check")))
    value = st.one_of(st.sampled_from(values), st.text(max_size=12), st.sampled_from(("", "x", "0", "-1", "99999999999")))
    forms = st.dictionaries(st.sampled_from(names).flatmap(_shapes), value, max_size=30).flatmap(
        lambda fields: operation.map(lambda op: {**fields, "op": op}))

    @settings(max_examples=300, deadline=None, derandomize=True,
              suppress_health_check=(HealthCheck.too_slow, HealthCheck.data_too_large))
    @given(forms)
    def answers(form):
        status = client.post("/scenario/new", data=form).status_code
        assert status in (200, 303, 400, 413, 422), (status, form)

    answers()
