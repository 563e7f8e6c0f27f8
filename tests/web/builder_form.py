"""The builder's form as a browser submits it, for tests that drive the builder without one."""

from __future__ import annotations

import re

from werkzeug.datastructures import MultiDict


def form_of(html: str) -> MultiDict:
    """What a browser would submit: every input's value, the selected options, checked boxes only."""
    start = html.index('<form id="builder"')
    form = html[start:html.index("</form>", start)]
    pairs = MultiDict()
    for tag in re.findall(r"<input [^>]*>", form):
        name, value = re.search(r'name="([^"]+)"', tag), re.search(r'value="([^"]*)"', tag)
        kind = (re.search(r'type="([^"]+)"', tag) or [None, "text"])[1]
        if not name or kind == "file" or (kind in ("checkbox", "radio") and " checked" not in tag):
            continue
        pairs.add(name.group(1), _unescape(value.group(1) if value else ""))
    for name, body in re.findall(r'<select id="[^"]+" name="([^"]+)"[^>]*>(.*?)</select>', form, re.S):
        chosen = re.search(r'<option value="([^"]*)" selected>', body) or re.search(r'<option value="([^"]*)"', body)
        pairs.add(name, _unescape(chosen.group(1)))
    for name, body in re.findall(r'<textarea id="[^"]+" name="([^"]+)"[^>]*>(.*?)</textarea>', form, re.S):
        pairs.add(name, _unescape(body))
    return pairs


def _unescape(text: str) -> str:
    import html

    return html.unescape(text)


def submit(client, form: MultiDict, op: str):
    data = MultiDict(form)
    data.setlist("op", [op])
    return client.post("/scenario/new", data=data)
