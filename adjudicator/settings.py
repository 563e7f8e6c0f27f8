"""Every setting of the service in one table: the ``ADJUDICATOR_*`` environment variables and the keys of
``create_app(config)`` (Flask's config), each with its default and what it does.

``adjudicator settings`` prints the table as Markdown; the README's settings table is that output
(``tests/production/test_settings.py`` fails when they drift). A module reads an environment variable only
through :func:`environment` and its default through :func:`default`, so a setting the table does not list cannot
be read.
"""

from __future__ import annotations

import os
from dataclasses import dataclass


@dataclass(frozen=True)
class Setting:
    name: str     # ADJUDICATOR_… (the environment) or a Flask config key (create_app's argument)
    default: str  # the value used when it is not set ("" when nothing is, or when it is computed: see shown)
    help: str
    shown: str = ""  # the default as the README says it, when it is not a plain value

    @property
    def from_environment(self) -> bool:
        return self.name.startswith("ADJUDICATOR_")


SETTINGS: tuple[Setting, ...] = (
    Setting("ADJUDICATOR_DATA_DIR", "", "where the Whoosh index, the SQLite link store, the rate-limit counters and "
            "what the service keeps for its next start live", shown="per-user data directory"),
    Setting("ADJUDICATOR_RULEBOOK_DIR", "", "another rulebook folder (its manifests and their releases) instead of the "
            "shipped one: a release checked before it ships, or the tests' synthetic releases", shown="the shipped `rulebook/`"),
    Setting("ADJUDICATOR_LINK_DB", "", "another path for the SQLite short-link store (config `LINK_DB_PATH`)",
            shown="`$ADJUDICATOR_DATA_DIR/links.sqlite3`"),
    Setting("ADJUDICATOR_DATABASE_URL", "", "`postgresql://…`: keep short links (and the card library and the official "
            "rulings) in PostgreSQL, shared by several instances (config `DATABASE_URL`)", shown="unset"),
    Setting("ADJUDICATOR_TEST_DATABASE_URL", "", "the PostgreSQL database the store tests use (`.ci/run` starts one; "
            "without it those tests skip)", shown="unset"),
    Setting("ADJUDICATOR_ALLOWED_HOSTS", "localhost,127.0.0.1,::1,[::1]", "the host names served (IPv6 bare or in "
            "brackets; `.example.org` allows its subdomains; config `ALLOWED_HOSTS`); `adjudicator serve` adds the "
            "addresses it listens on; another `Host` header is a 400 and is never reflected into a link"),
    Setting("ADJUDICATOR_PROXY_HOPS", "0", "behind nginx: `1` trusts one proxy's `X-Forwarded-*` (HTTPS, client "
            "address, host) through ProxyFix (config `PROXY_HOPS`)"),
    Setting("ADJUDICATOR_HSTS_SECONDS", "31536000", "`Strict-Transport-Security` on HTTPS answers; `0` turns it off "
            "(config `HSTS_SECONDS`; `adjudicator serve` sends none unless this is set)"),
    Setting("ADJUDICATOR_WRITE_LIMIT", "30 per minute", "short links one client may make (Flask-Limiter; counters in "
            "`$ADJUDICATOR_DATA_DIR/ratelimits.sqlite3`, shared by the workers; config `RATELIMIT_WRITES`)"),
    Setting("ADJUDICATOR_RATELIMIT_STORAGE", "", "`redis://host:6379/0`: the write limit's counters in Redis, shared "
            "by several instances (1 s timeouts; a Redis that is down lets writes through uncounted; config "
            "`RATELIMIT_STORAGE_URI`)", shown="the SQLite file above"),
    Setting("ADJUDICATOR_LINK_QUOTA_MB", "1024", "the link store's size past which new short links answer 507 "
            "(config `LINK_QUOTA_BYTES`)"),
    Setting("ALLOWED_HOSTS", "", "the host names served, checked by the app (not Flask's `TRUSTED_HOSTS`: Werkzeug "
            "cuts each name at its first colon, so it can never trust an IPv6 address)", shown="`$ADJUDICATOR_ALLOWED_HOSTS`"),
    Setting("PROXY_HOPS", "", "proxies trusted for `X-Forwarded-*`", shown="`$ADJUDICATOR_PROXY_HOPS`"),
    Setting("HSTS_SECONDS", "", "`Strict-Transport-Security`'s max-age", shown="`$ADJUDICATOR_HSTS_SECONDS`"),
    Setting("DATABASE_URL", "", "the PostgreSQL store", shown="`$ADJUDICATOR_DATABASE_URL`"),
    Setting("LINK_DB_PATH", "", "the SQLite store's path", shown="`$ADJUDICATOR_LINK_DB`"),
    Setting("LINK_QUOTA_BYTES", "", "the link store's quota in bytes", shown="`$ADJUDICATOR_LINK_QUOTA_MB` MiB"),
    Setting("RATELIMIT_WRITES", "", "the write limit", shown="`$ADJUDICATOR_WRITE_LIMIT`"),
    Setting("RATELIMIT_STORAGE_URI", "", "where the write counters live (`memory://` in tests that count alone)",
            shown="`$ADJUDICATOR_RATELIMIT_STORAGE`, else `adjudicator+sqlite://$ADJUDICATOR_DATA_DIR/ratelimits.sqlite3`"),
    Setting("RATELIMIT_STORAGE_OPTIONS", "", "the counter store's client options",
            shown="1 s connect and read timeouts for `redis://`"),
    Setting("RATELIMIT_STRATEGY", "fixed-window", "Flask-Limiter's strategy (the SQLite counters keep fixed windows)"),
    Setting("RATELIMIT_SWALLOW_ERRORS", "True", "a failing counter store does not refuse the write it guards "
            "(the write then fails on its own: 503)"),
    Setting("RATELIMIT_ENABLED", "True", "Flask-Limiter's switch"),
    Setting("SEARCH_CACHE_SIZE", "", "search results kept per worker (0 turns the cache off)",
            shown="`search.engine.DEFAULT_CACHE_SIZE`"),
    Setting("SEARCH_CACHE_HEADER", "", "`X-Search-Cache: hit|miss` on search answers (for the HTTP bench)",
            shown="off"),
    Setting("PAGE_CACHE_SIZE", "", "whole pages kept per worker (0 turns the page cache off)",
            shown="`web.common.page_cache.DEFAULT_SIZE`"),
    Setting("PUBLIC_URL", "", "the public address the OpenAPI description names as its server", shown="`/`"),
    Setting("MAX_CONTENT_LENGTH", "", "the request body's bound", shown="`web.common.security.MAX_BODY_BYTES`"),
    Setting("MAX_FORM_MEMORY_SIZE", "", "a form field's bound in memory", shown="`web.common.security.MAX_FORM_BYTES`"),
    Setting("MAX_FORM_PARTS", "", "a multipart form's parts", shown="`web.common.security.MAX_FORM_PARTS`"),
)
BY_NAME = {setting.name: setting for setting in SETTINGS}


def environment(name: str) -> str:
    """The environment's value of the setting ``name`` (stripped; "" when unset)."""
    return os.environ.get(BY_NAME[name].name, "").strip()


def default(name: str) -> str:
    return BY_NAME[name].default


def table() -> str:
    """The README's settings table, as Markdown."""
    lines = ["| setting | default | what |", "| --- | --- | --- |"]
    lines += [f"| `{s.name}` | {s.shown or f'`{s.default}`'} | {s.help} |" for s in SETTINGS]
    return "\n".join(lines)


if __name__ == "__main__":
    print(table())
