"""Forms that write refuse what another site's page sends (CSRF): ``POST /t`` makes a short link, counted
against the visitor's write limit, so a page elsewhere must not make one in the visitor's name.

No token is needed: every browser that matters says where a form comes from. ``Sec-Fetch-Site`` (sent by
current browsers on every request) must be ``same-origin`` or ``none`` (typed or bookmarked); where it is
absent, ``Origin`` (sent on every cross-site POST) must be this site's own scheme, host and port. A client that
sends neither (curl, a script, the tests) is no browser, and no visitor's cookie or address is borrowed.
Behind nginx, ProxyFix (``security.py``) makes the scheme and host the ones the visitor used.
"""

from __future__ import annotations

from functools import wraps
from urllib.parse import urlsplit

from flask import abort, request

CROSS_SITE = "別のサイトのページから送られた操作は受け付けません。このサイトのページから操作してください。"
ALLOWED_FETCH_SITES = frozenset({"same-origin", "none"})


def same_site_only(view):
    """Refuse the request with a 403 in Japanese when a browser says it comes from another site."""

    @wraps(view)
    def checked(*args, **kwargs):
        if _from_another_site():
            abort(403, description=CROSS_SITE)
        return view(*args, **kwargs)

    return checked


def _from_another_site() -> bool:
    fetch_site = request.headers.get("Sec-Fetch-Site")
    if fetch_site is not None:
        return fetch_site.strip().lower() not in ALLOWED_FETCH_SITES
    origin = request.headers.get("Origin")
    if origin is None:
        return False
    if origin == "null":  # a sandboxed frame or a page opened from a file: never this site
        return True
    here = urlsplit(request.host_url)
    there = urlsplit(origin)
    return (there.scheme, there.netloc.lower()) != (here.scheme, here.netloc.lower())
