"""Every form of the site but the builder's (tests/web/test_builder_form_property.py has that one) never answers
a server error (issue 25): a property over submissions made of each form's own vocabulary, the field names and
the offered values its pages show, with names cut short or carried one part further and values empty, huge or
typed, sent the way the form sends them (GET query or POST body)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

FORM = re.compile(r"<form\b([^>]*)>(.*?)</form>", re.S)
ACTION = re.compile(r'\saction="([^"]*)"')
METHOD = re.compile(r'\smethod="([^"]*)"')
FIELD_NAME = re.compile(r'\sname="([^"]+)"')
OFFERED = re.compile(r'<(?:option|input)[^>]*\svalue="([^"]*)"')
SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "attack" / "block-stronger-blocker.yaml"
PAGES = ("/", "/search?q=%E5%A2%93%E5%9C%B0", "/match", "/scenarios", "/rules/hi-story", "/rules/hi-story/6.7.1",
         "/rules/hi-story/releases", "/rules/hi-story/glossary", "/cards")


def _ruling_page(client) -> str:
    """A ruling's page (its 「短いリンクを作る」 form posts to /t), reached the way a judge does: a stateless link."""
    answer = client.post("/api/resolve", data=SCENARIO.read_bytes(), content_type="application/yaml").get_json()
    return answer["links"]["stateless"]


@pytest.fixture(scope="module")
def forms(app) -> tuple[tuple[str, str, tuple[str, ...], tuple[str, ...]], ...]:
    client = app.test_client()
    found: dict[tuple[str, str], tuple[set[str], set[str]]] = {}
    for page in (*PAGES, _ruling_page(client)):
        for attributes, body in FORM.findall(client.get(page).get_data(as_text=True)):
            action = (ACTION.search(attributes) or re.match("", "")).group(1) or page.split("?")[0]
            method = ((METHOD.search(attributes) or re.match("", "")).group(1) or "get").upper()
            if action.startswith("/scenario/new"):
                continue
            names, values = found.setdefault((action, method), (set(), set()))
            names.update(FIELD_NAME.findall(body))
            values.update(value for value in OFFERED.findall(body) if len(value) < 200)
    # The builder's read-back of a pasted text is posted by its script, not by a <form> of its own.
    found[("/scenario/card-text", "POST")] = ({"text", "prefix"}, {"c", "相手の場のカードを1枚選び墓地へ送る。"})
    assert {("/search", "GET"), ("/match", "GET"), ("/t", "POST")} <= set(found), sorted(found)
    return tuple((action, method, tuple(sorted(names)), tuple(sorted(values)))
                 for (action, method), (names, values) in sorted(found.items()))


def _shapes(name: str) -> st.SearchStrategy[str]:
    return st.one_of(st.just(name), st.sampled_from(("x", "0", "1")).map(lambda extra: f"{name}.{extra}"),
                     st.just(name[: max(1, len(name) // 2)]))


def test_every_submission_of_a_forms_own_words_answers_without_a_server_error(app, forms):
    client = app.test_client()

    def submissions(form):
        action, method, names, offered = form
        value = st.one_of(st.sampled_from(offered or ("",)), st.text(max_size=16),
                          st.sampled_from(("", "0", "-1", "99999999999999999999", "6.7.1", "〈", "「", "x" * 3000)))
        fields = st.dictionaries(st.sampled_from(names).flatmap(_shapes), value, max_size=12)
        return fields.map(lambda chosen: (action, method, chosen))

    @settings(max_examples=250, deadline=None, derandomize=True,
              suppress_health_check=(HealthCheck.too_slow, HealthCheck.data_too_large))
    @given(st.sampled_from(forms).flatmap(submissions))
    def answers(submission):
        action, method, fields = submission
        if method == "GET":
            response = client.get(action, query_string=fields)
        else:
            response = client.post(action, data=fields)
        assert response.status_code < 500, (response.status_code, action, method, fields)

    answers()
