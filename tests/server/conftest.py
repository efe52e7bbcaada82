"""Fixtures for the server tests (see ``databases.py``)."""

from tests.server.databases import database_url, postgres_url, redis_url, sqlite_url

__all__ = ["database_url", "postgres_url", "redis_url", "sqlite_url"]
