"""A PostgreSQL link store for the tests that need one: the server ``ADJUDICATOR_TEST_DATABASE_URL`` names (the
tests skip with a message without one), each store on a schema of its own."""

from __future__ import annotations

import os
import uuid

import pytest

from adjudicator.links.store import PostgresLinkStore, redacted

TEST_DATABASE_URL_ENV = "ADJUDICATOR_TEST_DATABASE_URL"


def postgres_url() -> str:
    url = os.environ.get(TEST_DATABASE_URL_ENV)
    if not url:
        pytest.skip(f"PostgreSQL store tests need a server: set {TEST_DATABASE_URL_ENV} (.ci/run starts one)")
    import psycopg

    try:
        psycopg.connect(url, connect_timeout=3).close()
    except psycopg.OperationalError as error:
        pytest.skip(f"PostgreSQL store tests: no server answers at {redacted(url)} ({error})")
    return url


def fresh_schema_url(url: str, prefix: str = "links_test") -> str:
    """``url`` on a new schema of its own, so test runs never see each other's rows."""
    import psycopg

    schema = f"{prefix}_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(url, autocommit=True) as db:
        db.execute(f'CREATE SCHEMA "{schema}"')
    separator = "&" if "?" in url else "?"
    return f"{url}{separator}options=-csearch_path%3D{schema}"


def fresh_postgres_store(url: str) -> PostgresLinkStore:
    """A store on its own schema, so test runs never see each other's rows."""
    return PostgresLinkStore(fresh_schema_url(url))
