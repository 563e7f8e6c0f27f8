"""The wheel that `pip install .` builds: it carries the rulebooks, templates, static files and scenarios, and
the installed package works from any directory, never reading the checkout."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]

# Run inside the unpacked wheel, from a directory that is not the checkout: every shipped path must resolve
# inside the installed package, and the CLI and the app must work from there.
PROBE = """
import json, sys
from pathlib import Path
from click.testing import CliRunner
import adjudicator
from adjudicator import paths
from adjudicator.cli import main
from adjudicator.web import create_app

package = Path(adjudicator.__file__).resolve().parent
shipped = [paths.rulebook_dir(), paths.templates_dir(), paths.static_dir(), paths.scenarios_dir()]
runner = CliRunner()
books = json.loads(runner.invoke(main, ["rulebooks", "--json"]).output)
item = json.loads(runner.invoke(main, ["clause", "10.6.2-8", "--json"]).output)
hits = json.loads(runner.invoke(main, ["search", "その後", "--json"]).output)["hits"]
verified = runner.invoke(main, ["verify", str(paths.scenarios_dir())])
client = create_app({"TESTING": True}).test_client()
page = client.get("/rules/hi-story/6.7.1")
asset = client.get("/static/css/app.css")
print(json.dumps({
    "package": str(package),
    "shipped_inside": all(package in path.parents for path in shipped),
    "books": [book["id"] for book in books],
    "item": item["id"],
    "first_hit": hits[0]["id"],
    "verify": [verified.exit_code, verified.output.strip().splitlines()[-1]],
    "page": [page.status_code, "6.7.1" in page.get_data(as_text=True)],
    "asset": asset.status_code,
}))
"""


@pytest.fixture(scope="module")
def unpacked_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    built = tmp_path_factory.mktemp("wheel")
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(built), str(REPOSITORY)],
        capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stderr
    (wheel,) = built.glob("*.whl")
    unpacked = tmp_path_factory.mktemp("site-packages")
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(unpacked)
    return unpacked


def test_the_wheel_carries_the_shipped_data(unpacked_wheel):
    data = unpacked_wheel / "adjudicator" / "_data"
    for source in ("rulebook", "templates", "static", "scenarios"):
        shipped = sorted(path.relative_to(REPOSITORY / source).as_posix()
                         for path in (REPOSITORY / source).rglob("*") if path.is_file())
        packed = sorted(path.relative_to(data / source).as_posix()
                        for path in (data / source).rglob("*") if path.is_file())
        assert packed == shipped, source
    assert (unpacked_wheel / "adjudicator" / "web" / "api" / "openapi.yaml").is_file()


def test_the_installed_package_works_from_any_directory(unpacked_wheel, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    environment = {**os.environ, "PYTHONPATH": str(unpacked_wheel), "ADJUDICATOR_DATA_DIR": str(tmp_path / "data")}
    result = subprocess.run([sys.executable, "-c", PROBE], cwd=elsewhere, env=environment,
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    probe = json.loads(result.stdout.strip().splitlines()[-1])
    assert Path(probe["package"]).parent == unpacked_wheel  # the wheel's package, not the checkout's
    assert probe["shipped_inside"]
    assert probe["books"] == ["hi-story", "duel-masters"]
    assert probe["item"] == "10.6.2-8" and probe["first_hit"] == "6.7.1"
    assert probe["verify"][0] == 0 and " 0 failed" in probe["verify"][1]
    assert probe["page"] == [200, True] and probe["asset"] == 200
