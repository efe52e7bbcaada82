"""Database fixtures shared by the server and browser tests: a fresh database per test,
SQLite in a temporary directory or PostgreSQL when the test command started one."""

from __future__ import annotations

import os
import secrets
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

POSTGRES_ENV = "MOLEHAVEN_TEST_POSTGRES_URL"


def postgres_admin_url() -> str | None:
    url = os.environ.get(POSTGRES_ENV)
    if not url and os.environ.get("CI"):
        pytest.fail(f"{POSTGRES_ENV} is not set: scripts/test starts PostgreSQL and sets it")
    return url


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'molehaven.db'}"


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A new, empty PostgreSQL database, dropped afterwards."""
    admin = postgres_admin_url()
    if admin is None:
        pytest.skip(f"PostgreSQL not available ({POSTGRES_ENV} unset; scripts/test sets it)")
    import psycopg
    from sqlalchemy import make_url

    name = f"molehaven_test_{secrets.token_hex(6)}"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    yield make_url(admin).set(database=name).render_as_string(hide_password=False)
    drop_database(admin, name)


def drop_database(admin: str, name: str) -> None:
    """Drop a test database, ending the connections a test left open.

    FORCE must end every process on the database, and an autovacuum worker that happens to
    be cleaning it belongs to no role the test's role may signal unless it holds
    pg_signal_backend (scripts/test grants it). Without that grant the worker is gone a
    moment later, so the drop is tried again rather than failing a test that passed.
    """
    import psycopg

    for attempt in range(DROP_ATTEMPTS):
        try:
            with psycopg.connect(admin, autocommit=True) as connection:
                connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            return
        except psycopg.errors.InsufficientPrivilege:
            if attempt == DROP_ATTEMPTS - 1:
                raise
            time.sleep(0.2 * (attempt + 1))


DROP_ATTEMPTS = 6


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest) -> str:
    """Each persistence test runs on both databases."""
    fixture = "sqlite_url" if request.param == "sqlite" else "postgres_url"
    url: str = request.getfixturevalue(fixture)
    return url


REDIS_ENV = "MOLEHAVEN_TEST_REDIS_URL"


@pytest.fixture
def redis_url() -> str:
    """The Redis server the test command started (cluster tests skip without one)."""
    url = os.environ.get(REDIS_ENV)
    if not url:
        if os.environ.get("CI"):
            pytest.fail(f"{REDIS_ENV} is not set: scripts/test starts Redis and sets it")
        pytest.skip(f"Redis not available ({REDIS_ENV} unset; scripts/test sets it)")
    return url
