"""One settings table (adjudicator/settings.py): the README's is the command's output, and no module reads an
``ADJUDICATOR_*`` variable or a config key the table does not list."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner

import adjudicator
from adjudicator import settings
from adjudicator.cli import main

README = Path(__file__).resolve().parents[2] / "README.md"
PACKAGE = Path(adjudicator.__file__).resolve().parent


def test_the_readme_table_is_the_output_of_adjudicator_settings():
    printed = CliRunner().invoke(main, ["settings"]).output.strip()
    assert printed == settings.table()
    assert printed in README.read_text("utf-8")


def _sources() -> list[tuple[Path, str]]:
    return [(path, path.read_text("utf-8")) for path in sorted(PACKAGE.rglob("*.py"))]


def test_every_environment_variable_the_package_names_is_in_the_table():
    named = {name for _, text in _sources() for name in re.findall(r"\bADJUDICATOR_[A-Z_]+\b", text)}
    assert named and named <= set(settings.BY_NAME)


def test_only_the_settings_module_reads_the_environment_for_a_setting():
    readers = [path.relative_to(PACKAGE).as_posix() for path, text in _sources()
               if re.search(r"os\.environ(\.get)?[\[(]\s*\w*ENV\b|os\.environ(\.get)?[\[(]\s*\"ADJUDICATOR_", text)
               or "getenv(" in text]
    assert readers == []


def test_every_config_key_the_package_reads_is_in_the_table():
    read = set()
    for _, text in _sources():
        read |= set(re.findall(r"config\.(?:get|setdefault)\(\s*\"([A-Z_]+)\"", text))
        read |= set(re.findall(r"config\[\s*\"([A-Z_]+)\"\s*\]", text))
    flask_own = {"TESTING", "DEBUG", "SECRET_KEY"}
    assert read and read - flask_own <= set(settings.BY_NAME), read - flask_own - set(settings.BY_NAME)


def test_a_setting_is_read_from_the_environment_stripped(monkeypatch):
    monkeypatch.setenv("ADJUDICATOR_PROXY_HOPS", " 1 ")
    assert settings.environment("ADJUDICATOR_PROXY_HOPS") == "1"
    monkeypatch.delenv("ADJUDICATOR_PROXY_HOPS")
    assert settings.environment("ADJUDICATOR_PROXY_HOPS") == "" and settings.default("ADJUDICATOR_PROXY_HOPS") == "0"
