"""The trace page every ruling is shown on (an example, a stateless link, a short link), its links, and why a link
cannot be opened."""

from __future__ import annotations

from typing import TypeVar

from flask import Response, abort, render_template, request, url_for

from adjudicator import vocabulary
from adjudicator.format.errors import ScenarioError
from adjudicator.format.scenario import Scenario
from adjudicator.reading import load_scenario
from adjudicator.engine.trace import Trace
from adjudicator.links import LinkRecord, PayloadProblem, Ruling, decode_payload, encode_payload
from adjudicator.links.payload import MadeUnder
from adjudicator.rulebook import load_release
from adjudicator.web.common.errors import scenario_error, wants_json
from adjudicator.web.common.services import find_book
from adjudicator.web.rulings import trace_views
from adjudicator.web.rulings.official import beside_ruling

T = TypeVar("T")

STALE_SCENARIO = ("このリンクのシナリオは現在のシナリオ形式では有効ではないため、現在のルールで再判定できません。"
                  "表示しているのは保存された判定です。")


def decoded_or_error(payload: str) -> Scenario:
    return or_link_problem(decode_payload(payload))


def or_link_problem(result: T | PayloadProblem) -> T:
    """``result``, unless it is why a link cannot be opened: then the link problem page (400) says why (or its
    JSON, for a twin)."""
    if isinstance(result, PayloadProblem):
        if wants_json():
            answer, status = scenario_error(400, result.message, result.errors)
            answer.status_code = status
            abort(answer)
        details = [f"{e.path}: {e.message_ja}" for e in result.errors]
        abort(Response(render_template("scenario/link_problem.html", message=result.message, details=details), 400))
    return result


def ruling_links(payload: str | None, record: LinkRecord | None) -> dict[str, str]:
    links = {"stateless": url_for("rulings.stateless_link", payload=payload)} if payload else {}
    if record is not None:
        links["short"] = url_for("rulings.short_link", link_id=record.id)
    return links


# The steps a ruling's page shows (the JSON twin has them all): each step carries its clauses' text for the chips'
# popovers, about 1.6 KB, so the engine's 2,000 steps (engine.trace.MAX_STEPS) made a 386-character link render a
# page of several MB. The verdict, the boards before and after, and the first steps are what a judge reads.
MAX_PAGE_STEPS = 300


def trace_page(ruling: Ruling, *, record: LinkRecord | None, example: str | None = None,
               link_made_under: MadeUnder | None = None):
    """A ruling's page. ``link_made_under`` is what a stateless link records of the release and engine it was made
    under: the page says so beside the release it was judged under now (both differ once a release lands)."""
    book = find_book("hi-story")
    trace = ruling.trace
    # Each chip opens the clause as it read in the release the ruling was made under (a stored ruling keeps
    # its release; the pinned page of an older release says which release is current).
    release = trace.rulebook.get("release") or (book.release if book else "")
    # ... and shows that release's text: a newer release landed since must not change what a stored ruling says.
    made_under = (load_release(book.id, release) if book else None) or book
    chips = trace_views.ChipMaker(made_under, lambda node_id: url_for("rules.pinned_node", book_id=book.id,
                                                                       release=release, ref=node_id) if book else None)
    links = ruling_links(ruling.payload, record)
    verdict = trace_views.verdict(trace)
    return render_template(
        "scenario/trace.html",
        trace=trace,
        verdict=verdict,
        chips=chips,
        main_chips=chips(verdict.main_clauses),
        before=trace_views.board_view(trace.initial),
        after=trace_views.board_view(trace.final),
        actions=_action_summaries(ruling.scenario) if ruling.scenario else [],
        record=record,
        example=example,
        payload=ruling.payload,
        link_made_under=link_made_under if link_made_under and link_made_under.release else None,
        stale=STALE_SCENARIO if ruling.stale else None,
        continue_payload=_continue_payload(trace),
        links=links,
        absolute={name: request.host_url.rstrip("/") + path for name, path in links.items()},
        page_url=request.base_url,
        max_page_steps=MAX_PAGE_STEPS,
        change_words=vocabulary.CLAUSE_CHANGES,
        **beside_ruling(book, trace),
    )


def _continue_payload(trace: Trace) -> str | None:
    """The ruling's final board (``final_scenario``) as a link payload for 「続きを調べる」, if there is one."""
    final = trace.final_scenario
    if not final:
        return None
    try:
        return encode_payload(load_scenario(final))
    except ScenarioError:  # a stored trace from an older engine: no continuation rather than an error
        return None


ACTION_WORDS = vocabulary.ACTIONS


def _action_summaries(scenario: Scenario) -> list[str]:
    return [f"行動{i + 1}: {ACTION_WORDS.get(action.kind, action.kind)}" for i, action in enumerate(scenario.actions)]
