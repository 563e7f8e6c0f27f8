"""The trace as text for a terminal: verdict first, then each step with its clauses."""

from __future__ import annotations

from adjudicator import vocabulary
from adjudicator.engine.trace import Trace


def render_text(trace: Trace) -> str:
    lines = [f"# {trace.title}"]
    if trace.question:
        lines.append(f"問い: {trace.question}")
    lines.append(verdict_line(trace))
    for path, text in trace.errors:
        lines.append(f"  ✗ 盤面が不正: {path}: {text}")
    for step in trace.steps:
        lines.append(f"{step.n:>3}. {step.text}  [{', '.join(step.cites)}]")
        for change in step.changes:
            lines.append(f"       → {change}")
        for considered in step.considered:
            lines.append(f"       ・{considered.text} ({', '.join(considered.cites)})")
    for violation in trace.violations:
        lines.append(f"  ✗ 行動{violation.action + 1}: {violation.text}  [{', '.join(violation.cites)}]")
    if trace.decision:
        d = trace.decision
        lines.append(f"  ？ {d.player}の選択が必要: {d.question} 選択肢: {' / '.join(d.options)}  [{', '.join(d.cites)}]")
    for gap in trace.gaps:
        lines.append(f"  ！ 本書に定めがない: {gap.text}  [{', '.join(gap.cites)}]")
    if trace.limit:
        lines.append(f"  ■ エンジンの上限（{trace.limit.name}）: {trace.limit.text}")
    lines.append(f"(engine {trace.engine}, rulebook {trace.rulebook['id']} {trace.rulebook['release']})")
    return "\n".join(lines)


ALL_LEGAL, SOME_ILLEGAL, BOARD_INVALID = (vocabulary.VERDICTS[key] for key in ("legal", "illegal", "invalid"))


def verdict_words(*, legal: bool, invalid: bool = False, winner: str | None = None,
                  choosing: str | None = None, gaps: bool = False, limit: bool = False) -> str:
    """「すべての行動が認められます。Bの勝利」: the verdict, then who won, who must choose, any gap, and an
    engine limit that stopped it (never called a gap of the rulebook)."""
    words = BOARD_INVALID if invalid else ALL_LEGAL if legal else SOME_ILLEGAL
    if winner:
        words += f"。{winner}の勝利"
    if choosing:
        words += f"。{choosing}の選択が必要です"
    if gaps:
        words += "。ルールブックに定めのない点があります"
    if limit:
        words += "。エンジンの上限で停止しました"
    return words


def verdict_line(trace: Trace) -> str:
    return "判定: " + verdict_words(legal=trace.legal, invalid=bool(trace.errors), winner=trace.winner,
                                   choosing=trace.decision.player if trace.decision else None, gaps=bool(trace.gaps),
                                   limit=trace.limit is not None)
