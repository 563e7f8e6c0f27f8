"""The home page (the three jobs: 裁定を調べる, ルールを読む, 条文を検索), the site icon and ``/llms.txt``."""

from __future__ import annotations

from flask import Blueprint, Flask, Response, jsonify, render_template, request, send_from_directory, url_for

from adjudicator import paths
from adjudicator.web.rulebook.serialize import book_json
from adjudicator.web.common.services import books
from adjudicator.web.common.times import japan_time
from adjudicator.web.common.twins import json_twin

bp = Blueprint("home", __name__)

ONE_DAY = 24 * 3600


def init_app(app: Flask) -> None:
    # Every page's footer names each book's edition, so a reader always knows which text they read.
    app.context_processor(lambda: {"all_books": books()})
    app.jinja_env.filters["japan_time"] = japan_time


@json_twin(bp, "/")
def index(as_json: bool):
    if as_json:
        return _index_json()
    return render_template("home/index.html", books=books())


# The address the service worker and older clients fetch the index from, beside ``/.json``.
bp.add_url_rule("/index.json", "index_json", index, defaults={"as_json": True})


def _index_json():
    return jsonify({
        "rulebooks": [book_json(book) for book in books()],
        "pages": {
            "builder": url_for("builder.new_scenario"),
            "gallery": url_for("rulings.gallery"),
            "search": url_for("search.search"),
            "glossary": url_for("rules.node", book_id="hi-story", ref="glossary"),
            "llms": url_for("home.llms_txt"),
        },
    })


@bp.route("/favicon.ico")
def favicon():
    return send_from_directory(paths.static_dir(), "favicon.ico", mimetype="image/vnd.microsoft.icon", max_age=ONE_DAY)


@bp.route("/llms.txt")
def llms_txt():
    """The llmstxt.org shape: what the site is, and the whole books as Markdown for an AI chat (chapter 16)."""
    root = request.host_url.rstrip("/")
    lines = [
        "# Hi!story ルール裁定",
        "",
        "> カードゲーム「Hi!story」の総合ルールブックを条文番号つきで読み、盤面と行動から条文を引用した判定を出すサービス。"
        "判定は条文の説明であり、大会ではヘッドジャッジの裁定が優先されます。",
        "",
        "## ルールブック（Markdown 全文）",
        "",
    ]
    for book in books():
        whole = url_for("rules.node", book_id=book.id, ref="all.md")
        lines.append(f"- [{book.title} {book.release}]({root}{whole}): 全文。各条文に固定リンクがあります")
    lines += [
        "",
        "## API",
        "",
        f"- [OpenAPI]({root}/api/openapi.json): POST /api/resolve でシナリオ（YAML/JSON）を判定",
        f"- [例題]({root}{url_for('rulings.gallery', as_json=True)}): 例題シナリオと判定の一覧（JSON）",
        "",
    ]
    return Response("\n".join(lines), mimetype="text/plain")
