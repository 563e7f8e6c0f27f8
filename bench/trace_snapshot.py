"""The rulings of every scenario file, to show that a structural change changed none of them.

    python -m bench.trace_snapshot OUT.json [PATH ...]     # default PATH: scenarios/
    python -m bench.trace_snapshot --compare BEFORE.json AFTER.json
    python -m bench.trace_snapshot --api OUT.json [PATH ...]  # the bytes POST /api/resolve answers instead

The first form resolves every ``*.yaml``/``*.yml``/``*.json`` file below the paths through the public API
(``load_scenario`` then ``resolve``) and writes one JSON object: file → its trace JSON, or the load error, or
the engine error. The second prints how many files are identical and how many differ, then the differing
files (and files present in only one snapshot). It exits 1 when anything differs.

``--api`` posts each file's scenario (as JSON) to ``POST /api/resolve`` of a fresh app (Flask's test client, a
temporary data directory) and keeps the answer's status and body text exactly as sent: the trace, its links
and the stateless payload, byte for byte, so a change to the encoders shows as well as a change of ruling.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SUFFIXES = (".yaml", ".yml", ".json")


def _files(paths: list[Path]) -> list[Path]:
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += [p for p in path.rglob("*") if p.suffix in SUFFIXES and p.is_file()]
        else:
            found.append(path)
    return sorted(found)


def _ruling(path: Path) -> dict[str, Any]:
    # Imported here: --compare needs no adjudicator at all.
    from adjudicator.engine import resolve
    from adjudicator.format.errors import ScenarioError
    from adjudicator.reading import load_scenario

    try:
        scenario = load_scenario(path.read_text(encoding="utf-8"))
    except ScenarioError as error:
        return {"load_error": [list(e) for e in error.errors]}
    try:
        return {"trace": resolve(scenario).to_json()}
    except Exception as error:  # noqa: BLE001 - an engine error is a ruling to compare, not a reason to stop
        return {"engine_error": f"{type(error).__name__}: {error}"}


def _api_answers():
    """One function per file: the status and body text of POST /api/resolve for its scenario."""
    import os
    import tempfile

    import yaml

    os.environ["ADJUDICATOR_DATA_DIR"] = tempfile.mkdtemp(prefix="trace-snapshot-")
    from adjudicator.web import create_app

    client = create_app({"TESTING": True}).test_client()

    def answer(path: Path) -> dict[str, Any]:
        try:
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
        except yaml.YAMLError as error:
            return {"load_error": str(error)}
        body = json.dumps(data, ensure_ascii=False, default=str).encode("utf-8")
        response = client.post("/api/resolve", data=body, content_type="application/json")
        return {"status": response.status_code, "body": response.get_data(as_text=True)}

    return answer


def snapshot(out: Path, paths: list[Path], api: bool = False) -> int:
    rulings = {}
    ruling = _api_answers() if api else _ruling
    for path in _files(paths):
        key = str(path.resolve().relative_to(ROOT)) if path.resolve().is_relative_to(ROOT) else str(path)
        rulings[key] = ruling(path)
    out.write_text(json.dumps(rulings, ensure_ascii=False, sort_keys=True, indent=1), encoding="utf-8")
    print(f"{len(rulings)} files → {out}")
    return 0


def compare(before_path: Path, after_path: Path) -> int:
    before = json.loads(before_path.read_text(encoding="utf-8"))
    after = json.loads(after_path.read_text(encoding="utf-8"))
    common = sorted(before.keys() & after.keys())
    differing = [name for name in common if before[name] != after[name]]
    only_before = sorted(before.keys() - after.keys())
    only_after = sorted(after.keys() - before.keys())
    print(f"{len(common) - len(differing)} identical, {len(differing)} differing")
    for name in differing:
        print(f"  differs: {name}")
    for name in only_before:
        print(f"  only in {before_path}: {name}")
    for name in only_after:
        print(f"  only in {after_path}: {name}")
    return 1 if differing or only_before or only_after else 0


def main(argv: list[str]) -> int:
    if len(argv) == 3 and argv[0] == "--compare":
        return compare(Path(argv[1]), Path(argv[2]))
    if len(argv) >= 2 and argv[0] == "--api":
        return snapshot(Path(argv[1]), [Path(p) for p in argv[2:]] or [ROOT / "scenarios"], api=True)
    if argv and not argv[0].startswith("-"):
        return snapshot(Path(argv[0]), [Path(p) for p in argv[1:]] or [ROOT / "scenarios"])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
