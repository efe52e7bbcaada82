"""Capacity (#18): group commit keeps every table's events exact, refuses only the table whose
version moved, and acknowledges nothing before its commit; the served process's collector."""

from __future__ import annotations

import asyncio
import gc

import pytest

from molehaven.server import migrate
from molehaven.server.db import Database
from molehaven.server.lobby import service as lobby_store
from molehaven.server.matches import service as event_store
from molehaven.server.matches.service import Append, EventWriter, NewEvent
from tests.server.helpers import run_apart, running_app


def change(table_id: str, first: int, count: int) -> Append:
    events = [NewEvent(0, f"move {first + n}", "seat") for n in range(count)]
    return Append(table_id, first, events, "running", None, None)


async def stored(db: Database, table_id: str) -> list[tuple[int, str]]:
    async with db.read() as session:
        return [(e.number, e.action) for e in await event_store.load_events(session, table_id)]


async def group_commit(database_url: str) -> None:
    migrate.upgrade(database_url)
    db = Database(database_url)
    try:
        async with db.write() as session:
            for table_id in ("t1", "t2", "t3"):
                await lobby_store.insert_table(
                    session,
                    table_id=table_id,
                    game="mole-hill",
                    players=2,
                    options={},
                    host_token_hash="h",
                )
        writer = EventWriter(db)
        # three tables at once, one of them with a stale version: it alone is refused
        results = await asyncio.gather(
            writer.append(change("t1", 0, 2)),
            writer.append(change("t2", 0, 1)),
            writer.append(change("t3", 5, 1)),
            return_exceptions=True,
        )
        assert results[0] is None and results[1] is None
        assert isinstance(results[2], RuntimeError) and "not at version 5" in str(results[2])
        await asyncio.gather(writer.append(change("t1", 2, 1)), writer.append(change("t2", 1, 2)))
        assert await stored(db, "t1") == [(0, "move 0"), (1, "move 1"), (2, "move 2")]
        assert await stored(db, "t2") == [(0, "move 0"), (1, "move 1"), (2, "move 2")]
        assert await stored(db, "t3") == []
        async with db.read() as session:
            versions = {
                t: (await lobby_store.get_table(session, t)).version  # type: ignore[union-attr]
                for t in ("t1", "t2", "t3")
            }
        assert versions == {"t1": 3, "t2": 3, "t3": 0}
    finally:
        await db.dispose()


def test_group_commit_stores_each_tables_events_and_refuses_only_a_stale_one(
    database_url: str,
) -> None:
    run_apart(group_commit(database_url))


def test_a_database_failure_reaches_every_waiting_change(sqlite_url: str) -> None:
    class FullDisk:
        def write(self) -> object:
            raise OSError("disk full")

    async def scenario() -> None:
        writer = EventWriter(FullDisk())  # type: ignore[arg-type]
        results = await asyncio.gather(
            writer.append(change("a", 0, 1)),
            writer.append(change("b", 0, 1)),
            return_exceptions=True,
        )
        assert [str(result) for result in results] == ["disk full", "disk full"]

    run_apart(scenario())


@pytest.mark.parametrize("tuned", [False, True])
def test_only_a_served_process_tunes_the_garbage_collector(sqlite_url: str, tuned: bool) -> None:
    before = gc.get_threshold()
    try:
        with running_app(sqlite_url, tune_gc=tuned) as client:
            assert client.get("/api/games").status_code == 200
            assert (gc.get_threshold()[0] == 50_000) is tuned
    finally:
        gc.set_threshold(*before)
        gc.unfreeze()
