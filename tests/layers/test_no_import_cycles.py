"""No import cycle anywhere in the package: no module reaches itself through the modules it imports, imports
inside functions included (grimp's graph, the one import-linter checks the layers on).

    python -m pytest tests/layers/test_no_import_cycles.py

names each cycle it finds, as the modules of one strongly connected group.
"""

from __future__ import annotations

import grimp


def import_cycles(package: str = "adjudicator") -> list[list[str]]:
    """The groups of modules that import each other, directly or not (Tarjan's strongly connected components)."""
    graph = grimp.build_graph(package, cache_dir=None)
    index: dict[str, int] = {}
    lowest: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = lowest[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in graph.find_modules_directly_imported_by(module):
            if imported not in index:
                visit(imported)
                lowest[module] = min(lowest[module], lowest[imported])
            elif imported in on_stack:
                lowest[module] = min(lowest[module], index[imported])
        if lowest[module] == index[module]:
            group = []
            while not group or group[-1] != module:
                group.append(stack.pop())
                on_stack.discard(group[-1])
            if len(group) > 1:
                groups.append(sorted(group))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return groups


def test_no_module_of_the_package_imports_itself_back():
    assert import_cycles() == []


def test_the_search_finds_a_cycle_where_there_is_one(tmp_path, monkeypatch):
    package = tmp_path / "cyclic"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "first.py").write_text("from cyclic import second\n")
    (package / "second.py").write_text("def later():\n    from cyclic import first\n")
    (package / "alone.py").write_text("import cyclic.first\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert import_cycles("cyclic") == [["cyclic.first", "cyclic.second"]]
