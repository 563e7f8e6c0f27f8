"""The trace as text for a terminal: verdict first, then each step with its clauses."""

from __future__ import annotations

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


def verdict_line(trace: Trace) -> str:
    parts = ["適法" if trace.legal else "不適法な行動あり"]
    if trace.winner:
        parts.append(f"勝者: {trace.winner}")
    if trace.decision:
        parts.append(f"{trace.decision.player}の選択待ち")
    if trace.gaps:
        parts.append("本書に定めのない点あり")
    if trace.limit:
        parts.append("エンジンの上限で停止")
    return "判定: " + "、".join(parts)
