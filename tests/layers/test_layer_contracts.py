"""The package's structure: layers in one direction, a complete rule registry, imports at the top."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import shutil
import subprocess
import sys
from pathlib import Path

import adjudicator
import adjudicator.engine
from adjudicator.engine.effects.run import STEP_HANDLERS
from adjudicator.engine.resolution import ACTIONS
from adjudicator.engine.rules import registered_rules
from adjudicator.format.actions import ACTION_KINDS
from adjudicator.format.effects import STEP_KINDS

PACKAGE = Path(adjudicator.__file__).parent
ROOT = PACKAGE.parent


def _every_engine_rule() -> set[str]:
    for module in pkgutil.walk_packages(adjudicator.engine.__path__, "adjudicator.engine."):
        importlib.import_module(module.name)
    return {declared.name for declared in registered_rules()}


def test_importing_the_engine_registers_every_rule():
    """No mechanism is loaded on demand: a fresh interpreter that imports only ``adjudicator.engine`` knows
    every rule that any engine module declares."""
    code = "import adjudicator.engine, adjudicator.engine.rules as r; print(sorted(x.name for x in r.registered_rules()))"
    shown = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    at_import = set(ast.literal_eval(shown))
    assert at_import == _every_engine_rule()
    assert len(at_import) > 150


def test_the_action_table_covers_every_action_kind_of_the_format():
    assert tuple(ACTIONS) == ACTION_KINDS


def test_the_step_table_covers_every_step_kind_of_the_format():
    assert set(STEP_HANDLERS) == set(STEP_KINDS)


def _function_imports(tree: ast.AST):
    """Import statements inside a function body (at any depth)."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for inner in ast.walk(node):
                if isinstance(inner, (ast.Import, ast.ImportFrom)):
                    yield inner


def _says_why(lines: list[str], lineno: int) -> bool:
    """A comment on the import's line, or above the run of import lines it belongs to."""
    index = lineno - 1
    if "#" in lines[index]:
        return True
    while index > 0 and (lines[index - 1].strip().startswith(("from ", "import ")) or not lines[index - 1].strip()):
        index -= 1
        if "#" in lines[index]:
            return True
    return index > 0 and lines[index - 1].strip().startswith("#")


def test_no_import_inside_a_function_without_a_comment_saying_why():
    unexplained = []
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines()
        for node in _function_imports(ast.parse(text)):
            if not _says_why(lines, node.lineno):
                unexplained.append(f"{path.relative_to(ROOT)}:{node.lineno}: {lines[node.lineno - 1].strip()}")
    assert unexplained == []


def _lint_imports(root: Path) -> subprocess.CompletedProcess:
    """``lint-imports`` on the package under ``root`` with the contracts of its pyproject.toml."""
    command = [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"]
    return subprocess.run([*command, "--no-cache", "--no-logo"], cwd=root, capture_output=True, text=True)


def test_the_import_contracts_hold():
    linted = _lint_imports(ROOT)
    assert linted.returncode == 0, linted.stdout + linted.stderr
    assert "0 broken" in linted.stdout


def _copy_of_the_package(tmp_path: Path) -> Path:
    shutil.copytree(PACKAGE, tmp_path / "adjudicator", ignore=shutil.ignore_patterns("__pycache__", "_data"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def _linted_with(tmp_path: Path, module: str, line: str) -> subprocess.CompletedProcess:
    """``lint-imports`` on a copy of the package whose ``module`` (a path under adjudicator/) ends with ``line``."""
    copy = _copy_of_the_package(tmp_path)
    with (copy / "adjudicator" / module).open("a", encoding="utf-8") as source:
        source.write(f"\n{line}  # noqa: E402 - the violation under test\n")
    return _lint_imports(copy)


def test_a_web_library_in_the_engine_breaks_a_contract(tmp_path):
    linted = _linted_with(tmp_path, "engine/stats.py", "import flask")
    assert linted.returncode != 0
    assert "adjudicator.engine.stats -> flask" in linted.stdout and "BROKEN" in linted.stdout


def test_a_lower_layer_importing_a_higher_one_breaks_a_contract(tmp_path):
    linted = _linted_with(tmp_path, "engine/board.py", "from adjudicator.engine import resolution")
    assert linted.returncode != 0
    assert "adjudicator.engine.board -> adjudicator.engine.resolution" in linted.stdout


def test_the_steps_of_an_attack_and_the_moving_steps_do_not_know_each_other(tmp_path):
    """The attack's steps of 10.6.2 and the effects' moving steps are siblings: one importing another breaks
    a contract, as a step importing the sequence that runs it would."""
    copy = _copy_of_the_package(tmp_path)
    for module, line in (
        ("engine/attack/respond.py", "from adjudicator.engine.attack import battle"),
        ("engine/effects/grants.py", "from adjudicator.engine.effects import to_hand_or_deck"),
        ("engine/attack/state.py", "from adjudicator.engine.attack import sequence"),
    ):
        with (copy / "adjudicator" / module).open("a", encoding="utf-8") as source:
            source.write(f"\n{line}  # noqa: E402 - the violation under test\n")
    linted = _lint_imports(copy)
    assert linted.returncode != 0
    said = " ".join(linted.stdout.split())  # lint-imports wraps long lines
    for arrow in (
        "adjudicator.engine.attack.respond -> adjudicator.engine.attack.battle",
        "adjudicator.engine.effects.grants -> adjudicator.engine.effects.to_hand_or_deck",
        "adjudicator.engine.attack.state -> adjudicator.engine.attack.sequence",
    ):
        assert arrow in said, linted.stdout
