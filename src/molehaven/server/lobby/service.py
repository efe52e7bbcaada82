"""Stored tables and seats: create, change seats, list. Each function takes the session."""

from __future__ import annotations

import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from molehaven.server.lobby.models import ABANDONED, OPEN, OVER, RUNNING, SeatRow, TableRow

LISTED_PER_STATUS = 50


async def insert_table(
    session: AsyncSession,
    *,
    table_id: str,
    game: str,
    players: int,
    options: dict[str, bool | int | float | str],
    host_token_hash: str,
    away_seconds: float = 180.0,
    listed: bool = True,
    host_seat: int | None = None,
) -> TableRow:
    now = time.time()
    row = TableRow(
        id=table_id,
        game=game,
        players=players,
        options=options,
        status=OPEN,
        host_token_hash=host_token_hash,
        created_at=now,
        updated_at=now,
        version=0,
        clock_deadline=None,
        result=None,
        away_seconds=away_seconds,
        listed=listed,
        host_seat=host_seat,
    )
    session.add(row)
    for seat in range(players):
        session.add(SeatRow(table_id=table_id, seat=seat, kind="empty", name="", agent=None))
    await session.flush()
    return row


async def save_seat(
    session: AsyncSession,
    *,
    table_id: str,
    seat: int,
    kind: str,
    name: str,
    agent: str | None,
    token_hash: str | None,
    stand_in: bool = False,
    resigned: bool = False,
) -> None:
    row = await session.get(SeatRow, (table_id, seat))
    if row is None:
        raise LookupError(f"no seat {seat} at table {table_id}")
    row.kind, row.name, row.agent, row.token_hash = kind, name, agent, token_hash
    row.stand_in, row.resigned = stand_in, resigned
    table = await session.get(TableRow, table_id)
    if table is not None:
        table.updated_at = time.time()


async def set_host_seat(session: AsyncSession, *, table_id: str, seat: int | None) -> None:
    table = await session.get(TableRow, table_id)
    if table is None:
        raise LookupError(f"no table {table_id}")
    table.host_seat = seat


async def set_status(
    session: AsyncSession,
    *,
    table_id: str,
    status: str,
    result: dict[str, Any] | None = None,
) -> None:
    """Move a table to ``status`` (its events stay as they are: the record is kept)."""
    table = await session.get(TableRow, table_id)
    if table is None:
        raise LookupError(f"no table {table_id}")
    table.status = status
    if result is not None:
        table.result = result
    table.updated_at = time.time()


async def claim_rematch(
    session: AsyncSession, *, table_id: str, rematch_id: str, replacing: str | None = None
) -> str | None:
    """Name ``rematch_id`` as the table ``table_id``'s players go on to, in place of
    ``replacing`` (``None``: none was named; else one that expired), unless another process
    named one meanwhile; returns the one named now."""
    named_now = TableRow.rematch.is_(None) if replacing is None else TableRow.rematch == replacing
    claimed = await session.execute(
        update(TableRow).where(TableRow.id == table_id, named_now).values(rematch=rematch_id)
    )
    if claimed.rowcount:  # type: ignore[attr-defined]
        return rematch_id
    named: str | None = await session.scalar(
        select(TableRow.rematch).where(TableRow.id == table_id)
    )
    return named


async def get_table(session: AsyncSession, table_id: str) -> TableRow | None:
    return await session.get(TableRow, table_id)


async def stored_length(session: AsyncSession, table_id: str) -> int | None:
    """How many events a table's log holds (its ``version``), or ``None`` if there is no
    such table, read without the table."""
    version: int | None = await session.scalar(
        select(TableRow.version).where(TableRow.id == table_id)
    )
    return version


async def live_tables(session: AsyncSession) -> Sequence[TableRow]:
    """Every open or running table, oldest first (loaded at start-up)."""
    query = (
        select(TableRow).where(TableRow.status.in_((OPEN, RUNNING))).order_by(TableRow.created_at)
    )
    return (await session.scalars(query)).all()


async def live_table_ids(session: AsyncSession) -> list[str]:
    """The ids of every open or running table (nothing else is read)."""
    query = select(TableRow.id).where(TableRow.status.in_((OPEN, RUNNING)))
    return list((await session.scalars(query)).all())


async def recent_tables(
    session: AsyncSession, *, statuses: Sequence[str], also: Collection[str] = ()
) -> list[TableRow]:
    """The listed tables of ``statuses`` that changed last (``LISTED_PER_STATUS`` of them),
    and, besides, those of ``also`` (the ones someone is at: the lobby lists them first
    however long ago their seats changed), the most recently changed first."""
    listed = (TableRow.status.in_(statuses), TableRow.listed.is_(True))
    newest = (
        select(TableRow)
        .where(*listed)
        .order_by(TableRow.updated_at.desc())
        .limit(LISTED_PER_STATUS)
        # one session lists every status: a table that moved on meanwhile must not keep the
        # attributes it was first loaded with
        .execution_options(populate_existing=True)
    )
    found = {row.id: row for row in (await session.scalars(newest)).all()}
    wanted = sorted(set(also) - set(found))
    for start in range(0, len(wanted), IDS_PER_QUERY):
        chunk = wanted[start : start + IDS_PER_QUERY]
        more = (
            select(TableRow)
            .where(*listed, TableRow.id.in_(chunk))
            .execution_options(populate_existing=True)
        )
        found.update((row.id, row) for row in (await session.scalars(more)).all())
    return sorted(found.values(), key=lambda row: row.updated_at, reverse=True)


# SQLite before 3.32 binds at most 999 parameters to a statement.
IDS_PER_QUERY = 500


@dataclass(frozen=True, slots=True)
class Glance:
    """What the lobby needs to know of an open table to tell where it comes in the list,
    read without the whole table: when it changed, and each seat's kind (by seat)."""

    id: str
    updated_at: float
    kinds: tuple[str, ...]


async def glance_open(session: AsyncSession, ids: Collection[str]) -> list[Glance]:
    """A glance at each listed open table among ``ids`` (the others are left out): a few
    columns, so that thousands cost little. The lobby reads the tables someone is at this way,
    and only those that win a place in it whole (``recent_tables``): reading every one of them
    whole for every request took 0.7 s for 2,000 (found in a security review)."""
    wanted = sorted(set(ids))
    changed: dict[str, float] = {}
    kinds: dict[str, dict[int, str]] = {}
    for start in range(0, len(wanted), IDS_PER_QUERY):
        chunk = wanted[start : start + IDS_PER_QUERY]
        query = (
            select(TableRow.id, TableRow.updated_at, SeatRow.seat, SeatRow.kind)
            .join(SeatRow, SeatRow.table_id == TableRow.id)
            .where(TableRow.status == OPEN, TableRow.listed.is_(True), TableRow.id.in_(chunk))
        )
        for table_id, updated_at, seat, kind in (await session.execute(query)).all():
            changed[table_id] = updated_at
            kinds.setdefault(table_id, {})[seat] = kind
    return [
        Glance(table_id, changed[table_id], tuple(kind for _, kind in sorted(seats.items())))
        for table_id, seats in kinds.items()
    ]


# How the lobby lists tables: finished ones together with abandoned ones (expired open tables
# are not listed at all).
LISTED: dict[str, tuple[str, ...]] = {
    OPEN: (OPEN,),
    RUNNING: (RUNNING,),
    OVER: (OVER, ABANDONED),
}
