"""What building the lobby's list costs: however many open tables someone is at, only those
that can win one of its places are read whole, and the list is built once for everyone at
most every ``lobby_cache_seconds``, however often clients ask (reads are not rate limited)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event

from molehaven.server.lobby import service
from molehaven.server.lobby.models import TableRow
from tests.server.helpers import hello, running_app, sit
from tests.server.test_lobby_live import seated, wait_away


@contextmanager
def tables_read() -> Iterator[list[str]]:
    """The ids of the tables the database hands over whole (as ORM rows) meanwhile."""
    read: list[str] = []

    def loaded(row: TableRow, _context: object) -> None:
        read.append(row.id)

    event.listen(TableRow, "load", loaded)
    try:
        yield read
    finally:
        event.remove(TableRow, "load", loaded)


def listed_ids(client: TestClient) -> list[str]:
    return [table["id"] for table in client.get("/api/tables").json()["open"]]


def test_the_lobby_reads_whole_only_the_tables_someone_is_at_that_win_a_place(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three places. Twenty people each sat at a table of their own and left a moment ago (so
    someone was at every one of them lately), Ann is at hers still, and Zed's is full. The
    list is what it was (Ann's first, then the newest with a free seat), but the server reads
    whole no more than the three newest and the three that come first of those someone was
    at: it read all twenty, whose number has no bound but the server's tables (0.7 s of work
    for every request with 2,000 of them; found in a security review)."""
    monkeypatch.setattr(service, "LISTED_PER_STATUS", 3)
    with running_app(sqlite_url) as client:
        tables = [seated(client, f"P{number}") for number in range(20)]
        for table_id, token in tables:
            with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
                hello(ws, token)
            wait_away(client, table_id, 0)
        ann_table, ann = tables[2]
        zed_table = tables[0][0]
        sit(client, zed_table, 1, "Zed")
        with client.websocket_connect(f"/ws/tables/{ann_table}") as ann_ws:
            hello(ann_ws, ann)
            with tables_read() as read:
                listed = listed_ids(client)
        assert listed == [ann_table, tables[19][0], tables[18][0]]
        assert len(set(read)) <= 2 * 3, f"read {len(set(read))} tables whole"


def test_the_lobby_is_built_once_for_every_request_within_its_time(sqlite_url: str) -> None:
    """Within ``lobby_cache_seconds`` every request gets the list built for the first, and the
    database is not read again (each request read it: 30-50 ms of work for a client asking in
    a loop). A table made meanwhile shows once the list is built again."""
    with running_app(sqlite_url, lobby_cache_seconds=3600.0) as client:
        first, _ = seated(client, "Ann")
        assert listed_ids(client) == [first]
        later, _ = seated(client, "Bob")
        with tables_read() as read:
            for _ in range(10):
                assert listed_ids(client) == [first]
        assert read == []
        client.app.state.lobby_list.seconds = 0.0  # its time is over
        assert listed_ids(client) == [later, first]
