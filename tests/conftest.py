"""Shared fixtures: the Flask app and client on a throw-away data directory, a live server on a free
loopback port, and a headless Debian chromium for browser tests (skipped with a message when missing).
"""

from __future__ import annotations

import shutil
import socket
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
# Every wait of a browser test, Playwright's actions and its expect() alike (expect has its own 5 s default):
# generous, because other suites may load the machine while these run.
BROWSER_TIMEOUT_MS = 15_000


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--fuzz-long", action="store_true", default=False,
                     help="fuzz tests (tests/production/test_fuzz.py) run at least 10,000 cases in all instead of a quick sample")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "fuzz: generated-input tests; --fuzz-long makes them run 10,000+ cases")


@pytest.fixture(scope="session")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One ADJUDICATOR_DATA_DIR for the session, so the search index is built once."""
    return tmp_path_factory.mktemp("adjudicator-data")


@pytest.fixture(scope="session")
def _session_env(data_dir: Path) -> Iterator[None]:
    patcher = pytest.MonkeyPatch()
    patcher.setenv("ADJUDICATOR_DATA_DIR", str(data_dir))
    yield
    patcher.undo()


@pytest.fixture(scope="session")
def app(_session_env):
    """The real application (both rulebooks, the real index) writing only under ``data_dir``."""
    from adjudicator.web import create_app

    # Writes are rate-limited per client; the suites make many short links from one address, so the session
    # app gets its own in-memory counters and a limit no test reaches (tests/production/test_write_limits.py tests it).
    return create_app({"TESTING": True, "RATELIMIT_STORAGE_URI": "memory://", "RATELIMIT_WRITES": "100000 per minute"})


@pytest.fixture()
def client(app):
    return app.test_client()


@pytest.fixture(scope="session")
def search_engine(data_dir):
    """The clause search over both rulebooks, its index in ``data_dir`` (where the app looks too)."""
    from adjudicator.rulebook import list_rulebooks
    from adjudicator.search.engine import ClauseSearch
    from adjudicator.search.store import open_or_build

    books = list_rulebooks()
    return ClauseSearch(open_or_build(books, data_dir / "index").index, books)


def _free_loopback_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="session")
def live_server(app) -> Iterator[str]:
    """The app served by a real threaded WSGI server on 127.0.0.1; yields its base URL."""
    yield from serve_on_loopback(app)


@pytest.fixture(scope="session")
def browser():
    """Debian's chromium, headless, driven by Playwright (never a downloaded browser)."""
    if not CHROMIUM.exists() or shutil.which(str(CHROMIUM)) is None:
        pytest.skip(f"browser tests need Debian's chromium at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=BROWSER_TIMEOUT_MS)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=list(CHROMIUM_ARGS)
        )
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture()
def page(browser, live_server):
    """A fresh browser context and page; ``page.base_url`` is the live server."""
    context = browser.new_context(base_url=live_server, locale="ja-JP")
    page = context.new_page()
    page.set_default_timeout(BROWSER_TIMEOUT_MS)
    yield page
    context.close()


RELEASES_DIR = Path(__file__).parent / "data" / "releases"


def lay_synthetic_releases(target: Path) -> Path:
    """A rulebook directory where the tests' synthetic releases have landed: the shipped rulebook folder with
    each synthetic release's text and manifest laid over it (tests/data/releases/README.md)."""
    from adjudicator.paths import rulebook_dir

    for path in rulebook_dir().iterdir():
        shutil.copy(path, target / path.name)
    for path in RELEASES_DIR.iterdir():
        if path.suffix in (".txt", ".yaml"):
            shutil.copy(path, target / path.name)
    return target


def serve_on_loopback(app) -> Iterator[str]:
    """``app`` served by a threaded WSGI server on a free loopback port until the generator is closed."""
    from werkzeug.serving import make_server

    server = make_server("127.0.0.1", _free_loopback_port(), app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)


@pytest.fixture(scope="session")
def serve():
    """:func:`serve_on_loopback`, for a module that serves an app of its own."""
    return serve_on_loopback


@pytest.fixture(scope="session")
def landed_rulebook_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return lay_synthetic_releases(tmp_path_factory.mktemp("rulebook-landed"))


@pytest.fixture()
def releases_landed(landed_rulebook_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The synthetic releases landed for this test only: the service reads the rulebook folder above."""
    monkeypatch.setenv("ADJUDICATOR_RULEBOOK_DIR", str(landed_rulebook_dir))
    return landed_rulebook_dir
