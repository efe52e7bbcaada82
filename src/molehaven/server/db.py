"""The database: SQLAlchemy's async engine over SQLite (WAL) or PostgreSQL, and the models' base.

A ``--database`` URL names the backend; the driver is chosen here (``aiosqlite`` for SQLite,
``psycopg`` for PostgreSQL), so ``sqlite:///path.db`` and ``postgresql://user:pw@host/db`` both
work as written.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import URL, event, make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.ext.asyncio import (
    AsyncEngine,
    AsyncSession,
    async_sessionmaker,
    create_async_engine,
)
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    """The declarative base of every model (``lobby.models``, ``matches.models``)."""


def backend_urls(url: str) -> tuple[URL, URL]:
    """The async and the sync driver URL for a database URL.

    Raises:
        ValueError: not a URL, or a backend other than SQLite or PostgreSQL.
    """
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise ValueError(
            f"{url!r} is not a database URL; use sqlite:///path or postgresql://…"
        ) from None
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        return parsed.set(drivername="sqlite+aiosqlite"), parsed.set(drivername="sqlite")
    if backend == "postgresql":
        with_driver = parsed.set(drivername="postgresql+psycopg")
        return with_driver, with_driver
    raise ValueError(f"unsupported database {backend!r}; use sqlite:///path or postgresql://…")


def ensure_sqlite_directory(url: URL) -> None:
    if url.get_backend_name() == "sqlite" and url.database and url.database != ":memory:":
        Path(url.database).expanduser().parent.mkdir(parents=True, exist_ok=True)


def _sqlite_pragmas(dbapi_connection: Any, _record: object) -> None:
    # WAL lets readers run beside the writer; synchronous=NORMAL keeps every committed
    # transaction through a killed process (only an OS crash may lose the last ones).
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


class Database:
    """The engine, a session factory and, for SQLite, one in-process writer at a time."""

    def __init__(self, url: str) -> None:
        async_url, self.sync_url = backend_urls(url)
        ensure_sqlite_directory(async_url)
        self.is_sqlite = async_url.get_backend_name() == "sqlite"
        self.engine: AsyncEngine = create_async_engine(
            async_url, **({} if self.is_sqlite else {"pool_size": 10, "max_overflow": 20})
        )
        if self.is_sqlite:
            event.listen(self.engine.sync_engine, "connect", _sqlite_pragmas)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        # SQLite has one writer; queueing writers here beats spinning on its busy timeout.
        self._write_lock = asyncio.Lock() if self.is_sqlite else None

    @asynccontextmanager
    async def read(self) -> AsyncIterator[AsyncSession]:
        async with self.sessions() as session:
            yield session

    @asynccontextmanager
    async def write(self) -> AsyncIterator[AsyncSession]:
        """A session in a transaction that commits on exit (rolls back on error)."""
        if self._write_lock is None:
            async with self.sessions.begin() as session:
                yield session
            return
        async with self._write_lock, self.sessions.begin() as session:
            yield session

    async def dispose(self) -> None:
        await self.engine.dispose()
