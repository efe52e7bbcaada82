"""The stored event log: append a batch with the table's new version, read it back."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from molehaven.server.db import Database
from molehaven.server.lobby.models import TableRow
from molehaven.server.matches.models import EventRow


class VersionMoved(RuntimeError):
    """The table's stored version is not the change's ``first_number``: another process
    stored actions of it meanwhile (in a cluster, a lease that changed hands while this
    process still acted), so what this process holds of the table is behind."""


@dataclass(frozen=True, slots=True)
class NewEvent:
    seat: int
    action: str
    source: str  # "seat", "bot", "chance" or "clock"


@dataclass(frozen=True, slots=True)
class Append:
    """One table's change: ``events`` numbered from ``first_number`` and its new row values."""

    table_id: str
    first_number: int
    events: Sequence[NewEvent]
    status: str
    clock_deadline: float | None
    result: dict[str, Any] | None


async def append_batch(session: AsyncSession, appends: Sequence[Append]) -> set[str]:
    """Store several tables' changes in the session's transaction; returns the ids of tables
    refused because their stored version is not the change's ``first_number`` (nothing of
    theirs is written).

    A handful of statements whatever the batch's size: the versions read (rows locked on
    PostgreSQL), one executemany UPDATE by primary key, one executemany INSERT of the events.
    """
    ids = [append.table_id for append in appends]
    query = select(TableRow.id, TableRow.version).where(TableRow.id.in_(ids))
    if session.get_bind().dialect.name == "postgresql":
        query = query.with_for_update()
    stored: dict[str, int] = {row.id: row.version for row in await session.execute(query)}
    accepted = [a for a in appends if stored.get(a.table_id) == a.first_number]
    if not accepted:
        return set(ids)
    now = time.time()
    await session.execute(
        update(TableRow),
        [
            {
                "id": a.table_id,
                "version": a.first_number + len(a.events),
                "status": a.status,
                "clock_deadline": a.clock_deadline,
                "result": a.result,
                "updated_at": now,
            }
            for a in accepted
        ],
    )
    rows = [
        {
            "table_id": a.table_id,
            "number": a.first_number + offset,
            "seat": event.seat,
            "action": event.action,
            "at": now,
            "source": event.source,
        }
        for a in accepted
        for offset, event in enumerate(a.events)
    ]
    if rows:
        await session.execute(insert(EventRow), rows)
    return set(ids) - {a.table_id for a in accepted}


class EventWriter:
    """Group commit: changes of different tables that arrive while a transaction is being
    written wait for the next one and are written together, so a busy server pays one
    commit (and a few statements) for many actions. Each caller still returns only after
    the transaction holding its change committed: an action is acknowledged only once stored.
    A table has at most one change in flight (the authority holds its lock meanwhile).
    """

    def __init__(self, db: Database) -> None:
        self.db = db
        self._waiting: list[tuple[Append, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def append(self, change: Append) -> None:
        """Store one table's change.

        Raises:
            VersionMoved: the table's stored version is not ``change.first_number``.
            Exception: whatever the database raised (the change is not stored).
        """
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.append((change, future))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write_all())
        await future

    async def _write_all(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting, []
            try:
                async with self.db.write() as session:
                    refused = await append_batch(session, [change for change, _ in batch])
            except Exception as error:  # every waiter hears the failure
                for _, future in batch:
                    if not future.done():
                        future.set_exception(error)
                continue
            for change, future in batch:
                if future.done():
                    continue
                if change.table_id in refused:
                    future.set_exception(
                        VersionMoved(
                            f"table {change.table_id} is not at version"
                            f" {change.first_number}; refusing"
                        )
                    )
                else:
                    future.set_result(None)


async def load_events(
    session: AsyncSession, table_id: str, *, since: int = 0
) -> Sequence[EventRow]:
    """The table's events numbered ``since`` and later, in order."""
    query = (
        select(EventRow)
        .where(EventRow.table_id == table_id, EventRow.number >= since)
        .order_by(EventRow.number)
    )
    return (await session.scalars(query)).all()


async def last_moves(session: AsyncSession, table_ids: Sequence[str]) -> dict[str, float]:
    """When each table's last event (a move, a bot's, chance's or the clock's) was stored,
    for those of ``table_ids`` that have one."""
    if not table_ids:
        return {}
    query = (
        select(EventRow.table_id, func.max(EventRow.at))
        .where(EventRow.table_id.in_(table_ids))
        .group_by(EventRow.table_id)
    )
    return {row[0]: row[1] for row in (await session.execute(query)).all()}
