"""The trace as text for a terminal: verdict first, then each step with its clauses."""

from __future__ import annotations

from adjudicator import vocabulary
from adjudicator.engine.trace import Progress, Trace


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


def verdict_words(trace: Trace) -> str:
    """The headline: 「すべての行動が認められます。Bの勝利」 when every action was judged; when resolution stopped,
    how many actions were judged, where it stopped and what it needs (「Bの山札の枚数が必要です」), and the
    actions not judged, so a stop never reads as a complete ruling."""
    if trace.errors:
        return BOARD_INVALID
    progress = trace.progress
    if progress is None or progress.stopped_in is None:
        words = ALL_LEGAL if trace.legal else SOME_ILLEGAL
        if trace.winner:
            words += f"。{trace.winner}の勝利"
        if progress is not None and progress.judged < progress.actions:
            words += f"。試合が終わったため{_actions(progress.judged, progress.actions)}は行いません"
        return words + _stop_reasons(trace) if progress is None else words
    return _stopped_words(trace, progress)


def _stopped_words(trace: Trace, progress: Progress) -> str:
    """「2件の行動のうち0件を判定しました。行動1の途中で止まりました: Bの山札の枚数が必要です。行動2は判定していません」"""
    words = f"{progress.actions}件の行動のうち{progress.judged}件を判定しました"
    if progress.judged:
        words += "（すべて認められます）" if trace.legal else "（認められない行動があります）"
    stop = progress.stopped_in + 1
    if progress.needs:
        words += f"。行動{stop}の途中で止まりました: {progress.needs}が必要です"
    elif trace.limit is not None:
        words += f"。行動{stop}の途中でエンジンの上限により止まりました"
    else:
        words += f"。行動{stop}の途中で止まりました: ルールブックに定めのない点があります"
    if stop < progress.actions:
        words += f"。{_actions(stop, progress.actions)}は判定していません"
    return words


def _actions(first: int, count: int) -> str:
    """Actions ``first``+1 … ``count`` (0-based ``first``) as a judge reads them: 「行動2」, 「行動2〜4」."""
    return f"行動{first + 1}" if first + 1 == count else f"行動{first + 1}〜{count}"


def _stop_reasons(trace: Trace) -> str:
    """A stored trace from before ``progress`` was recorded: who must choose, a gap, an engine limit."""
    words = f"。{trace.decision.player}の選択が必要です" if trace.decision else ""
    if trace.gaps:
        words += "。ルールブックに定めのない点があります"
    if trace.limit:
        words += "。エンジンの上限で停止しました"
    return words


def verdict_line(trace: Trace) -> str:
    return "判定: " + verdict_words(trace)
