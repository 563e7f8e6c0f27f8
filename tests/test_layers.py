"""The package's structure: layers in one direction, a complete rule registry, imports at the top."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import adjudicator
import adjudicator.engine
from adjudicator.engine.resolution import ACTIONS
from adjudicator.engine.rules import registered_rules
from adjudicator.format import scenario as fmt

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
    assert tuple(ACTIONS) == fmt.ACTION_KINDS


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
