"""The Flask application: rulebook browser, clause search, JSON API.

Production (several workers share one data directory and build the index once; ``--limit-request-line 0``
lets long stateless links past gunicorn's own limit, the app enforces its URL bound itself; on loopback, behind
nginx with deploy/nginx.conf)::

    gunicorn -c python:adjudicator.gunicorn_conf -w 4 -b 127.0.0.1:8000 --limit-request-line 0 --preload 'adjudicator.web:create_app()'
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

from flask import Flask
from flask_compress import Compress
from jinja2 import FileSystemBytecodeCache

from adjudicator import paths
from adjudicator.web import api, assets, builder, cards, health, home, rulebook, rulings, search
from adjudicator.web.common import (
    errors,
    json_responses,
    link_store,
    official_store,
    page_cache,
    rate_limits,
    security,
    services,
    urls,
)
from adjudicator.web.rulings import examples
from adjudicator.search import examples as search_examples
from adjudicator.web.search import live as search_live

# Every area's blueprint, registered in this order. Add a new area with one line here.
BLUEPRINTS = (
    home.bp,
    rulebook.bp,
    rulebook.releases_bp,
    search.bp,
    api.bp,
    assets.bp,
    rulings.bp,
    builder.bp,
    cards.bp,
    health.bp,
)

DEFAULT_CONFIG: Mapping[str, object] = {
    "JSON_AS_ASCII": False,
    # Pages travel compressed: venues have poor signal (each HTML page stays under 60 KB compressed).
    "COMPRESS_MIMETYPES": ["text/html", "text/css", "text/javascript", "application/json", "text/markdown"],
    "COMPRESS_ALGORITHM": ["br", "gzip"],
    "COMPRESS_MIN_SIZE": 500,
}


def create_app(config: Mapping[str, object] | None = None) -> Flask:
    app = Flask(
        __name__,
        template_folder=str(paths.templates_dir()),
        static_folder=str(paths.static_dir()),
        static_url_path="/static",
    )
    app.config.from_mapping(DEFAULT_CONFIG)
    if config:
        app.config.from_mapping(config)
    app.json = json_responses.OrjsonProvider(app)
    app.json.ensure_ascii = False
    app.jinja_env.autoescape = True
    app.jinja_env.globals["site_url"] = urls.site_url  # base.html's menu and footer links
    _keep_compiled_templates(app)
    services.init_app(app)
    link_store.init_app(app)
    official_store.init_app(app)
    assets.init_app(app)
    api.init_app(app)
    home.init_app(app)
    errors.init_app(app)
    security.init_app(app)
    rate_limits.init_app(app)
    Compress(app)
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    search_live.init_app(app)  # the live box's prefixes below Flask, inside the page cache
    page_cache.init_app(app)
    security.wrap_wsgi(app)  # outermost: ProxyFix and 304s around the page cache
    _read_the_corpus()
    return app


TEMPLATE_CACHE_DIR = "templates-compiled"


def _keep_compiled_templates(app: Flask) -> None:
    """Jinja's compiled templates kept beside the search index: compiling the 27 templates took 270 ms, in
    every worker, a page's share on its first request; loading them compiled takes 9 ms, each on its first
    use (loading them all in the master before the fork cost 85 M instructions of every start, more than
    the workers' share of it). Jinja checks each against its source's checksum, so a changed template is
    compiled again. Without a writable data directory they are compiled in memory, as before."""
    try:
        directory = paths.user_data_dir() / TEMPLATE_CACHE_DIR
        directory.mkdir(exist_ok=True)
    except OSError:
        return
    app.jinja_env.bytecode_cache = _KeptTemplates(str(directory))


class _KeptTemplates(FileSystemBytecodeCache):
    """A data directory that turns read-only or full later keeps nothing more: the page is served all the same
    (Jinja itself reads a damaged file as no file)."""

    def dump_bytecode(self, bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError as error:
            logging.getLogger(__name__).warning("compiled template not kept (%s)", error)


def _read_the_corpus() -> None:
    """The examples of the clause and search pages and the gallery's cards, read once per process from what
    ``search/corpus.py`` keeps beside the index: under ``--preload`` the master reads them before the fork and
    every worker shares them, instead of each worker scanning the scenario files twice and resolving the
    gallery on its first requests. What is not kept yet (the first start of a new corpus or new code) is made
    here, at start, and kept: made on first use instead, it held the first clause page 4.6 s and the first
    gallery 2 s of a fresh start on a loaded machine (``bench/first_requests.py``), and no request may wait
    on a build (issues 25 and 29)."""
    root = paths.scenarios_dir()
    examples.examples()
    search_examples.shipped(root)  # the search page's and the ranking's
    examples.curated_gallery()
