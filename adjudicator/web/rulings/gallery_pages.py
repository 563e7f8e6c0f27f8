"""The gallery of worked examples: ``/scenarios`` (``?q=`` filters) and its twin, and each example's trace."""

from __future__ import annotations

from flask import jsonify, render_template, request, url_for

from adjudicator import paths
from adjudicator.links import Ruling
from adjudicator.web.common.twins import json_twin
from adjudicator.web.rulings import gallery as curated
from adjudicator.web.rulings.blueprint import bp
from adjudicator.web.rulings.examples import example_scenario, examples
from adjudicator.web.rulings.trace_page import ruling_links, trace_page


def _gallery_groups() -> tuple[tuple[curated.GalleryGroup, ...], str]:
    query = request.args.get("q", "")[: curated.MAX_FILTER_CHARS]
    return curated.filtered(curated.gallery(paths.scenarios_dir()), query), query


@json_twin(bp, "/scenarios")
def gallery(as_json: bool):
    if as_json:
        return _gallery_json()
    # Every card is on the page; those the filter leaves out carry `hidden`, so the filter works without
    # JavaScript and gallery.js can widen it again as the box is edited.
    matching, query = _gallery_groups()
    shown = {card.name for group in matching for card in group.cards}
    return render_template("scenario/gallery.html", groups=curated.gallery(paths.scenarios_dir()), query=query,
                           shown=shown, corpus=len(examples()))


def _gallery_json():
    groups, query = _gallery_groups()
    return jsonify({
        "query": query,
        "groups": [{
            "title": group.title, "topic": group.topic, "chapter": group.chapter,
            "examples": [{
                "name": card.name, "title": card.title, "question": card.question, "legal": card.legal,
                "summary": card.summary, "verdict": card.status, "clauses": list(card.clauses),
                "url": url_for("rulings.example_trace", name=card.name),
                "json": url_for("rulings.example_trace", name=card.name, as_json=True),
                "edit": url_for("builder.edit_example", name=card.name),
            } for card in group.cards],
        } for group in groups],
        "corpus": len(examples()),
    })


@json_twin(bp, "/scenarios/<path:name>")
def example_trace(name: str, as_json: bool):
    if as_json:
        return _example_json(name)
    return trace_page(Ruling.resolved(example_scenario(name)), record=None, example=name)


def _example_json(name: str):
    """An example's twin: the scenario, the trace resolved now, and its links (nothing is stored)."""
    ruling = Ruling.resolved(example_scenario(name))
    return jsonify({"name": name, "scenario": ruling.scenario.dump(), "trace": ruling.trace_json,
                    "links": {**ruling_links(ruling.payload, None), "page": url_for("rulings.example_trace", name=name)}})
