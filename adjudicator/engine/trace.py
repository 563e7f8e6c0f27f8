"""The trace: what the engine did, step by step, each step citing the rules that govern it.

The engine only ever appends to a :class:`Recorder`; :meth:`Recorder.finish` freezes it into the
``hi-story-trace/1`` JSON of the spec (``shared/spec/scenario-format.md``, "Trace output").
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any, Literal

from adjudicator.engine.board_record import BoardRecord
from adjudicator.engine.rules import Rule, cited_clauses
from adjudicator.vocabulary import PlayerId

# What a rule decided where it is cited (Catala's fulfilled / not fulfilled): it made something happen or
# allowed it, it was considered and did not apply, or it forbade something.
RuleOutcome = Literal["applies", "does not apply", "refuses"]
OUTCOMES: tuple[str, ...] = ("applies", "does not apply", "refuses")
_WRAPPERS = frozenset({"reject_choice", "need_decision", "rulebook_gap", "engine_limit", "win", "of", "__init__"})


def call_site(depth: int = 2) -> str:
    """``module:line`` of the engine code that recorded an outcome: the branch that decided it (for the
    ``adjudicator rules`` audit; never part of the trace JSON)."""
    frame = sys._getframe(depth)
    while frame is not None and (frame.f_code.co_name in _WRAPPERS or frame.f_code.co_filename == __file__):
        frame = frame.f_back
    if frame is None:
        return "?"
    return f"{frame.f_globals.get('__name__', '?')}:{frame.f_lineno}"


def rule_names(*rules: Rule) -> tuple[str, ...]:
    return tuple(dict.fromkeys(declared.name for declared in rules))

TRACE_FORMAT = "hi-story-trace/1"
MAX_STEPS = 2_000  # a trace longer than this means a loop the step limit should have caught


class TraceFull(Exception):
    """The trace reached ``MAX_STEPS``: resolution stops there with a gap, it is not a program error."""


class UnreadableTrace(ValueError):
    """A document this version cannot read as ``hi-story-trace/1`` (another format, or damaged): said, not
    guessed at."""


@dataclass(frozen=True)
class Considered:
    """A note beside a step: a rule that was considered and did not apply (「ブロックできない — …」), or one
    that applied to say why something did not happen or was allowed. Made with :meth:`of`."""

    text: str
    cites: tuple[str, ...]
    rules: tuple[str, ...] = ()
    outcome: RuleOutcome = "applies"
    site: str = field(default="", compare=False)

    @classmethod
    def of(cls, text: str, *rules: Rule, outcome: RuleOutcome = "applies") -> "Considered":
        if not rules:
            raise ValueError(f"a considered note must cite a rule: {text!r}")
        return cls(text, cited_clauses(*rules), rule_names(*rules), outcome, call_site())

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "cites": list(self.cites), "rules": list(self.rules), "outcome": self.outcome}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Considered":
        return cls(data["text"], tuple(data["cites"]), tuple(data.get("rules", ())), data.get("outcome", "applies"))


@dataclass(frozen=True)
class Step:
    n: int
    text: str
    cites: tuple[str, ...]
    action: int | None
    changes: tuple[str, ...] = ()
    considered: tuple[Considered, ...] = ()
    rules: tuple[str, ...] = ()
    site: str = field(default="", compare=False)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "n": self.n, "text": self.text, "cites": list(self.cites), "rules": list(self.rules), "action": self.action,
        }
        if self.changes:
            out["changes"] = list(self.changes)
        if self.considered:
            out["considered"] = [c.to_json() for c in self.considered]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Step":
        return cls(
            n=data["n"],
            text=data["text"],
            cites=tuple(data["cites"]),
            action=data["action"],
            changes=tuple(data.get("changes", ())),
            considered=tuple(Considered.from_json(c) for c in data.get("considered", ())),
            rules=tuple(data.get("rules", ())),
        )


@dataclass(frozen=True)
class Violation:
    action: int
    text: str
    cites: tuple[str, ...]
    kind: str  # "action": the whole action was rejected; "choice": a choice inside it was
    rules: tuple[str, ...] = ()
    site: str = field(default="", compare=False)

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "cites": list(self.cites), "rules": list(self.rules), "text": self.text, "kind": self.kind}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Violation":
        return cls(data["action"], data["text"], tuple(data["cites"]), data.get("kind", "action"), tuple(data.get("rules", ())))


@dataclass(frozen=True)
class Decision:
    """Resolution stopped: a choice the rules give a player and the scenario did not make."""

    player: PlayerId
    question: str
    options: tuple[str, ...]
    cites: tuple[str, ...]
    action: int | None
    rules: tuple[str, ...] = ()
    site: str = field(default="", compare=False)

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "question": self.question,
            "options": list(self.options),
            "cites": list(self.cites),
            "rules": list(self.rules),
            "action": self.action,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Decision":
        return cls(
            data["player"], data["question"], tuple(data["options"]), tuple(data["cites"]), data["action"],
            tuple(data.get("rules", ())),
        )


@dataclass(frozen=True)
class Gap:
    """A point the rulebook does not decide; the trace goes no further."""

    text: str
    cites: tuple[str, ...]
    action: int | None
    rules: tuple[str, ...] = ()
    site: str = field(default="", compare=False)

    def to_json(self) -> dict[str, Any]:
        return {"text": self.text, "cites": list(self.cites), "rules": list(self.rules), "action": self.action}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Gap":
        return cls(data["text"], tuple(data["cites"]), data["action"], tuple(data.get("rules", ())))


@dataclass(frozen=True)
class Limit:
    """Resolution stopped at one of the engine's own bounds (a loop, an unmodelled step): not a gap in the
    rulebook, and no clause is cited for it. ``name`` is the bound's name in the code."""

    name: str
    bound: int | None
    text: str
    action: int | None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "bound": self.bound, "text": self.text, "action": self.action}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Limit":
        return cls(data["name"], data.get("bound"), data["text"], data.get("action"))


@dataclass(frozen=True)
class Progress:
    """How far resolution got, for a headline that says what was judged and what was not: the scenario's
    ``actions``, the first ``judged`` of them resolved to their end (allowed or refused), the action
    resolution stopped in (``stopped_in``, 0-based; ``None`` when nothing stopped it), and what it needs to
    go on in the judge's words (``needs``: 「Bの山札の枚数」 for a count left blank, 「Bの選択」 for a choice).
    ``finished`` says the game ended there (12.1): nothing is missing, the rest is simply not played."""

    actions: int
    judged: int
    stopped_in: int | None = None
    needs: str | None = None
    finished: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"actions": self.actions, "judged": self.judged, "stopped_in": self.stopped_in, "needs": self.needs,
                "finished": self.finished}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Progress":
        return cls(data["actions"], data["judged"], data.get("stopped_in"), data.get("needs"),
                   bool(data.get("finished", False)))


def first_citations(steps, violations, gaps, decision) -> list[str]:
    """Every clause cited, in first-appearance order: steps (and what they considered), then the rest."""
    seen: dict[str, None] = {}
    for recorded in steps:
        for clause in recorded.cites:
            seen.setdefault(clause, None)
        for considered in recorded.considered:
            for clause in considered.cites:
                seen.setdefault(clause, None)
    for other in (*violations, *gaps, *([decision] if decision else [])):
        for clause in other.cites:
            seen.setdefault(clause, None)
    return list(seen)


@dataclass
class Recorder:
    """Collects steps, violations, a decision and gaps while a scenario resolves."""

    steps: list[Step] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)
    gaps: list[Gap] = field(default_factory=list)
    decision: Decision | None = None
    limit: Limit | None = None
    action: int | None = None  # index of the action being resolved

    def step(
        self,
        text: str,
        *rules: Rule,
        changes: tuple[str, ...] | list[str] = (),
        considered: tuple[Considered, ...] | list[Considered] = (),
    ) -> Step:
        if not rules:
            raise ValueError(f"a trace step must cite a rule: {text!r}")
        if len(self.steps) >= MAX_STEPS:
            raise TraceFull()
        recorded = Step(
            n=len(self.steps) + 1,
            text=text,
            cites=cited_clauses(*rules),
            action=self.action,
            changes=tuple(changes),
            considered=tuple(considered),
            rules=rule_names(*rules),
            site=call_site(),
        )
        self.steps.append(recorded)
        return recorded

    def violation(self, text: str, *rules: Rule, kind: str = "action", site: str = "") -> Violation:
        if not rules:
            raise ValueError(f"a violation must cite a rule: {text!r}")
        recorded = Violation(
            self.action if self.action is not None else -1, text, cited_clauses(*rules), kind, rule_names(*rules),
            site or call_site(),
        )
        self.violations.append(recorded)
        return recorded

    def gap(self, text: str, *rules: Rule) -> Gap:
        recorded = Gap(text, cited_clauses(*rules), self.action, rule_names(*rules), call_site())
        self.gaps.append(recorded)
        return recorded

    def decide(self, player: PlayerId, question: str, options: list[str] | tuple[str, ...], *rules: Rule) -> Decision:
        self.decision = Decision(
            player, question, tuple(options), cited_clauses(*rules), self.action, rule_names(*rules), call_site()
        )
        return self.decision

    def engine_limit(self, name: str, bound: int | None, text: str) -> Limit:
        self.limit = Limit(name, bound, text, self.action)
        return self.limit

    def cited(self) -> list[str]:
        """Every clause cited anywhere, in first-appearance order (steps, violations, decision, gaps)."""
        return first_citations(self.steps, self.violations, self.gaps, self.decision)


@dataclass(frozen=True)
class Trace:
    """The finished ruling for one scenario."""

    rulebook: dict[str, str]
    engine: str
    title: str
    question: str | None
    steps: tuple[Step, ...]
    violations: tuple[Violation, ...]
    decision: Decision | None
    gaps: tuple[Gap, ...]
    winner: PlayerId | None
    final: BoardRecord
    initial: BoardRecord
    errors: tuple[tuple[str, str], ...] = ()  # impossible board: named reasons, nothing resolved
    limit: Limit | None = None  # stopped at an engine bound, not at a gap of the rulebook
    # The final board in scenario form, to continue from (None when resolution did not run to its end).
    final_scenario: dict[str, Any] | None = None
    # How many actions were judged and what stopped the rest (None in a trace stored before it was recorded).
    progress: Progress | None = None

    @property
    def legal(self) -> bool:
        return not self.violations and not self.errors

    def cited(self) -> list[str]:
        return first_citations(self.steps, self.violations, self.gaps, self.decision)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": TRACE_FORMAT,
            "rulebook": dict(self.rulebook),
            "engine": self.engine,
            "title": self.title,
            "question": self.question,
            "legal": self.legal,
            "violations": [v.to_json() for v in self.violations],
            "decision": self.decision.to_json() if self.decision else None,
            "gaps": [g.to_json() for g in self.gaps],
            "limit": self.limit.to_json() if self.limit else None,
            "winner": self.winner,
            "errors": [{"path": p, "text": t} for p, t in self.errors],
            "steps": [s.to_json() for s in self.steps],
            "initial": self.initial.to_json(),
            "final": self.final.to_json(),
            "final_scenario": self.final_scenario,
            "progress": self.progress.to_json() if self.progress else None,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Trace":
        """The ruling a ``hi-story-trace/1`` document records (a stored link's trace, an API answer):
        ``Trace.from_json(t.to_json())`` equals ``t``. ``legal`` is derived, not read. A document that is not
        one (another format, a damaged or truncated record) raises :class:`UnreadableTrace`, saying where."""
        if not isinstance(data, dict) or data.get("format") != TRACE_FORMAT:
            found = data.get("format") if isinstance(data, dict) else type(data).__name__
            raise UnreadableTrace(f"not a {TRACE_FORMAT} document: format is {found!r}")
        try:
            return cls._read(data)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise UnreadableTrace(f"a damaged {TRACE_FORMAT} document: {type(error).__name__}: {error}") from error

    @classmethod
    def _read(cls, data: dict[str, Any]) -> "Trace":
        decision = data.get("decision")
        return cls(
            rulebook=dict(data["rulebook"]),
            engine=data["engine"],
            title=data["title"],
            question=data.get("question"),
            steps=tuple(Step.from_json(s) for s in data.get("steps", ())),
            violations=tuple(Violation.from_json(v) for v in data.get("violations", ())),
            decision=Decision.from_json(decision) if decision else None,
            gaps=tuple(Gap.from_json(g) for g in data.get("gaps", ())),
            winner=data.get("winner"),
            final=BoardRecord.from_json(data.get("final")),
            initial=BoardRecord.from_json(data.get("initial")),
            errors=tuple((e["path"], e["text"]) for e in data.get("errors", ())),
            limit=Limit.from_json(data["limit"]) if data.get("limit") else None,
            final_scenario=data.get("final_scenario"),
            progress=Progress.from_json(data["progress"]) if data.get("progress") else None,
        )
