"""The home page: one search box and the rulebooks with their release and effective date."""

from __future__ import annotations

from flask import Blueprint, Flask, jsonify, render_template

from adjudicator.web.serialize import book_json
from adjudicator.web.services import books

bp = Blueprint("home", __name__)


def init_app(app: Flask) -> None:
    # Every page's footer names each book's edition, so a reader always knows which text they read.
    app.context_processor(lambda: {"all_books": books()})


@bp.route("/")
def index():
    return render_template("home/index.html", books=books())


@bp.route("/index.json")
def index_json():
    return jsonify({"rulebooks": [book_json(book) for book in books()]})
