"""Times as a judge in Japan reads them: Japan time on the page, the exact ISO time in the markup."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from markupsafe import Markup

JAPAN = timezone(timedelta(hours=9), "JST")


def japan_time(iso: str | None) -> Markup:
    """``2026-12-01T08:56:00+00:00`` → ``<time datetime="…">2026年12月1日 17:56（日本時間）</time>``.

    A value that is not an ISO time is shown as it is (escaped), never raised on: stored links are old data.
    """
    if not iso:
        return Markup("")
    try:
        moment = datetime.fromisoformat(str(iso))
    except ValueError:
        return Markup("{}").format(iso)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)  # the link store writes UTC (links/record.py)
    local = moment.astimezone(JAPAN)
    shown = f"{local.year}年{local.month}月{local.day}日 {local:%H:%M}（日本時間）"
    return Markup('<time datetime="{}">{}</time>').format(moment.isoformat(), shown)
