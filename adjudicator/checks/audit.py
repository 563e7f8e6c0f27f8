"""The rules audit (``adjudicator rules``): every registered rule, the outcomes it decides, and which passing
scenarios reach each of them with the rule cited — Catala's fulfilled / not fulfilled, per rule.

Two views meet here:

- *branches*: every place in the engine's code that records an outcome (a trace step: the rule applies; a
  considered note: applies / does not apply / refuses, as the note says; a violation or an ``Illegal``: the
  rule refuses; a decision; a gap), found by reading the code (``ast``). A branch that records an outcome
  citing no rule at all is a fault this audit exists to close.
- *reached*: every trace item of every passing scenario knows the branch that recorded it
  (:func:`adjudicator.engine.trace.call_site`) and the registry names it cites, so each branch and each
  (rule, outcome) pair is ``Reached_by`` those scenarios, or unreached.
"""

from __future__ import annotations

import ast
import importlib
import pkgutil
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from adjudicator import engine
from adjudicator.checks.verify import scenario_files, verify_file
from adjudicator.engine.rules import Rule, registered_rules
from adjudicator.engine.trace import OUTCOMES, Trace
from adjudicator.paths import scenarios_dir

ENGINE_DIR = Path(__file__).resolve().parent.parent / "engine"
# Calls that record an outcome, by the name called, and the outcome they record ("" = read the note's own).
RECORDING_CALLS = {
    "step": "applies", "win": "applies",
    "violation": "refuses", "reject_choice": "refuses", "Illegal": "refuses",
    "decide": "decision", "need_decision": "decision",
    "gap": "gap", "rulebook_gap": "gap",
    "engine_limit": "limit",  # the engine's own bound: cites no clause by design
    "of": "",
}
# Where the recording machinery itself lives (its calls forward the rules they are given, and the branch
# that decided is their caller, which is what the trace records).
_MACHINERY = {"adjudicator.engine.trace"}
_FORWARDERS = {
    *(("adjudicator.engine.game", name) for name in ("reject_choice", "need_decision", "rulebook_gap", "engine_limit", "win")),
    ("adjudicator.engine.resolution", "resolve"),
}


@dataclass(frozen=True)
class Branch:
    """A place in the engine that records an outcome, with the rules it names there (names it is passed
    through variables are only known when it runs)."""

    site: str            # module:line
    outcome: str         # applies | does not apply | refuses | decision | gap
    rules: tuple[str, ...]
    forwards: bool       # passes rules it was given (``*rules``, a variable) as well as, or instead of, names

    @property
    def cites_nothing(self) -> bool:
        return self.outcome != "limit" and not self.rules and not self.forwards


@dataclass
class Audit:
    rules: tuple[Rule, ...]
    branches: tuple[Branch, ...]
    reached_sites: dict[str, set[str]] = field(default_factory=dict)                 # site → scenarios
    reached_rules: dict[tuple[str, str], set[str]] = field(default_factory=dict)     # (rule, outcome) → scenarios
    scenarios: int = 0
    passing: int = 0

    def rule_outcomes(self) -> dict[str, set[str]]:
        """For each rule, the outcomes it decides: named at a branch, or seen cited in a trace."""
        found: dict[str, set[str]] = defaultdict(set)
        for branch in self.branches:
            if branch.outcome in OUTCOMES:
                for name in branch.rules:
                    found[name].add(branch.outcome)
        for name, outcome in self.reached_rules:
            found[name].add(outcome)
        return found

    def counts(self) -> dict[str, int]:
        pairs = [(name, outcome) for name, outcomes in self.rule_outcomes().items() for outcome in outcomes]
        deciding = [b for b in self.branches if b.outcome in OUTCOMES]
        return {
            "rules": len(self.rules),
            "rules_cited_by_a_passing_scenario": len({name for name, _ in self.reached_rules}),
            "outcome_branches": len(deciding),
            "outcome_branches_cited_by_a_passing_scenario": sum(1 for b in deciding if b.site in self.reached_sites),
            "outcome_branches_citing_no_rule": sum(1 for b in self.branches if b.cites_nothing),
            "rule_outcomes": len(pairs),
            "rule_outcomes_cited_by_a_passing_scenario": sum(1 for pair in pairs if pair in self.reached_rules),
            "scenarios": self.scenarios,
            "passing_scenarios": self.passing,
        }

    def to_json(self) -> dict[str, Any]:
        outcomes = self.rule_outcomes()
        return {
            "counts": self.counts(),
            "rules": [
                {
                    "name": declared.name,
                    "clauses": list(declared.clauses),
                    "summary": declared.summary,
                    "outcomes": {
                        outcome: sorted(self.reached_rules.get((declared.name, outcome), ()))
                        for outcome in OUTCOMES if outcome in outcomes.get(declared.name, ())
                    },
                }
                for declared in self.rules
            ],
            "branches_citing_no_rule": [b.site for b in self.branches if b.cites_nothing],
            "unreached_branches": [
                {"site": b.site, "outcome": b.outcome, "rules": list(b.rules)}
                for b in self.branches if b.outcome in OUTCOMES and b.site not in self.reached_sites
            ],
        }


def import_engine() -> None:
    """Import every engine module, so that every rule is declared."""
    for module in pkgutil.walk_packages(engine.__path__, "adjudicator.engine."):
        importlib.import_module(module.name)


def branches() -> tuple[Branch, ...]:
    """Every call in the engine's code that records an outcome."""
    import_engine()
    unique = _unique_rule_variables()
    found = []
    for path in sorted(ENGINE_DIR.rglob("*.py")):
        module = "adjudicator." + path.relative_to(ENGINE_DIR.parent).with_suffix("").as_posix().replace("/", ".")
        if module in _MACHINERY:
            continue
        namespace = vars(sys.modules[module.removesuffix(".__init__")])
        for function, node in _calls(ast.parse(path.read_text(encoding="utf-8"))):
            if (module, function) in _FORWARDERS and any(isinstance(a, ast.Starred) for a in node.args):
                continue
            branch = _branch(node, module, _RuleNames(namespace, unique))
            if branch is not None:
                found.append(branch)
    return tuple(sorted(found, key=lambda b: (b.site.split(":")[0], int(b.site.split(":")[1]))))


def _calls(tree: ast.AST, function: str = ""):
    """(enclosing function name, call) for every call in ``tree``."""
    for child in ast.iter_child_nodes(tree):
        inner = child.name if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) else function
        if isinstance(child, ast.Call):
            yield function, child
        yield from _calls(child, inner)


def _called_name(node: ast.Call) -> str | None:
    func = node.func
    if isinstance(func, ast.Attribute):
        if func.attr == "of" and not (isinstance(func.value, ast.Name) and func.value.id == "Considered"):
            return None
        return func.attr
    return func.id if isinstance(func, ast.Name) else None


def _branch(node: ast.Call, module: str, names_of: "_RuleNames") -> Branch | None:
    name = _called_name(node)
    if name not in RECORDING_CALLS:
        return None
    outcome = RECORDING_CALLS[name] or _note_outcome(node)
    names, forwards = [], False
    for argument in node.args:
        rule_name = names_of.rule_name(argument)
        if rule_name is not None:
            names.append(rule_name)
        elif isinstance(argument, ast.Starred) or (isinstance(argument, (ast.Name, ast.Subscript, ast.Attribute))
                                                   and not _is_text(argument)):
            forwards = True
    if name in ("step", "win") and not names and not forwards and len(node.args) < 2:
        return None  # not the recorder's step (another object's method of that name)
    return Branch(f"{module}:{node.lineno}", outcome, tuple(dict.fromkeys(names)), forwards)


def _note_outcome(node: ast.Call) -> str:
    """A considered note's outcome as its call writes it (``Considered.of``'s default: applies)."""
    for keyword in node.keywords:
        if keyword.arg == "outcome" and isinstance(keyword.value, ast.Constant):
            return str(keyword.value.value)
    return "applies"


def _is_text(node: ast.AST) -> bool:
    return isinstance(node, (ast.Constant, ast.JoinedStr, ast.BinOp))


@dataclass(frozen=True)
class _RuleNames:
    """The rule an argument names, found as the object it is bound to in the calling module (``DRAW``,
    ``zone_moves.DRAW_IS_FROM_TOP``), so two modules' variables of one name never mix up their rules."""

    namespace: dict[str, Any]   # the calling module's globals
    unique: dict[str, str]      # a name only one rule has anywhere: for a rule imported inside a function

    def rule_name(self, node: ast.AST) -> str | None:
        value = self._value(node)
        if isinstance(value, Rule):
            return value.name
        if value is None and isinstance(node, (ast.Name, ast.Attribute)):
            return self.unique.get(node.id if isinstance(node, ast.Name) else node.attr)
        return None

    def _value(self, node: ast.AST) -> Any:
        if isinstance(node, ast.Name):
            return self.namespace.get(node.id)
        if isinstance(node, ast.Attribute):
            owner = self._value(node.value)
            return getattr(owner, node.attr, None) if owner is not None else None
        return None


def _unique_rule_variables() -> dict[str, str]:
    """Module-level names bound to one rule only across the engine (``DECK_DAMAGE`` → ``"deck_damage"``)."""
    found: dict[str, set[str]] = defaultdict(set)
    for module_name, module in list(sys.modules.items()):
        if not module_name.startswith("adjudicator.engine"):
            continue
        for variable, value in vars(module).items():
            if isinstance(value, Rule):
                found[variable].add(value.name)
    return {variable: next(iter(names)) for variable, names in found.items() if len(names) == 1}


def trace_items(trace: Trace):
    """(site, outcome, rule names) of every item of a trace."""
    for step in trace.steps:
        yield step.site, "applies", step.rules
        for note in step.considered:
            yield note.site, note.outcome, note.rules
    for violation in trace.violations:
        yield violation.site, "refuses", violation.rules
    if trace.decision is not None:
        yield trace.decision.site, "applies", trace.decision.rules
    for gap in trace.gaps:
        yield gap.site, "gap", gap.rules


def audit(paths: list[Path] | None = None) -> Audit:
    """Read the engine's branches, then resolve every scenario under ``paths`` (default: the shipped ones)."""

    report = Audit(rules=(), branches=branches())
    report.rules = registered_rules()
    for path in scenario_files(paths or [scenarios_dir()]):
        report.scenarios += 1
        outcome = verify_file(path)
        if not outcome.passed or outcome.trace is None:
            continue
        report.passing += 1
        name = path.as_posix()
        for site, kind, names in trace_items(outcome.trace):
            report.reached_sites.setdefault(site, set()).add(name)
            for rule_name in names:
                if kind in OUTCOMES:
                    report.reached_rules.setdefault((rule_name, kind), set()).add(name)
    return report


def render(report: Audit, *, limit: int = 3) -> str:
    """The audit as text: one line per rule and outcome, then the counts."""
    lines = []
    outcomes = report.rule_outcomes()
    for declared in report.rules:
        lines.append(f"{declared.name} ({', '.join(declared.clauses)}) — {declared.summary}")
        decided = [o for o in OUTCOMES if o in outcomes.get(declared.name, ())]
        if not decided:
            lines.append("    (no branch decides an outcome with this rule)")
        for outcome in decided:
            reached = sorted(report.reached_rules.get((declared.name, outcome), ()))
            shown = ", ".join(Path(p).stem for p in reached[:limit]) + (f" … (+{len(reached) - limit})" if len(reached) > limit else "")
            lines.append(f"    {outcome}: {len(reached)} scenario(s)" + (f": {shown}" if reached else " — unreached"))
    silent = [b.site for b in report.branches if b.cites_nothing]
    if silent:
        lines.append("")
        lines.append("branches that record an outcome citing no rule:")
        lines += [f"    {site}" for site in silent]
    lines.append("")
    lines += [f"{key.replace('_', ' ')}: {value}" for key, value in report.counts().items()]
    return "\n".join(lines)
