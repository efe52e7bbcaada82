"""The stored event log: append a batch with the table's new version, read it back."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import insert, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from molehaven.server.lobby.models import TableRow
from molehaven.server.matches.models import EventRow


@dataclass(frozen=True, slots=True)
class NewEvent:
    seat: int
    action: str
    source: str  # "seat", "bot", "chance" or "clock"


async def append_events(
    session: AsyncSession,
    *,
    table_id: str,
    first_number: int,
    events: Sequence[NewEvent],
    status: str,
    clock_deadline: float | None,
    result: dict[str, Any] | None,
) -> None:
    """Append ``events`` numbered from ``first_number`` and move the table to its new version.

    Raises:
        RuntimeError: no such table, or its stored version is not ``first_number``.
    """
    now = time.time()
    # One UPDATE guarded by the expected version (no row lock, no ORM load), then the inserts.
    moved = await session.execute(
        update(TableRow)
        .where(TableRow.id == table_id, TableRow.version == first_number)
        .values(
            version=first_number + len(events),
            status=status,
            clock_deadline=clock_deadline,
            result=result,
            updated_at=now,
        )
    )
    if moved.rowcount != 1:  # type: ignore[attr-defined]
        raise RuntimeError(f"table {table_id} is not at version {first_number}; refusing")
    if events:
        await session.execute(
            insert(EventRow),
            [
                {
                    "table_id": table_id,
                    "number": first_number + offset,
                    "seat": event.seat,
                    "action": event.action,
                    "at": now,
                    "source": event.source,
                }
                for offset, event in enumerate(events)
            ],
        )


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
