"""What the server queues and builds for its watchers stays small: a client that stops reading
is dropped before what waits for it fills the server's memory (its queue is bounded in bytes,
not only in messages), and a finished game's whole log is not built and sent again whenever
someone comes or goes (a security review)."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from molehaven.server.hub import CLOSE_TOO_SLOW, Hub
from molehaven.server.settings import Settings
from tests.server.helpers import (
    finished_table,
    hello,
    nothing_pending,
    receive_until,
    run_apart,
    running_app,
)

SNAPSHOT = "x" * (256 * 1024)  # a long game's whole view is this large and more


class StalledSocket:
    """A WebSocket whose client reads nothing: the first send never returns."""

    def __init__(self, host: str = "203.0.113.9") -> None:
        self.client = SimpleNamespace(host=host, port=4242)
        self.sending = asyncio.Event()

    async def send_text(self, _text: str) -> None:
        self.sending.set()
        await asyncio.Event().wait()

    async def close(self, _code: int) -> None:
        return None


def queued_bytes(connection: Any) -> int:
    waiting = list(connection.outbox._queue)  # what is held for the client
    return sum(len(text) for text in waiting if text is not None)


def test_a_client_that_does_not_read_is_dropped_before_megabytes_pile_up() -> None:
    async def scenario() -> None:
        settings = Settings(database_url="sqlite://")
        hub = Hub(settings)
        socket = StalledSocket()
        connection = hub.open(socket, "table")
        hub.push(connection, SNAPSHOT)  # the writer takes it and is stuck sending it
        await asyncio.wait_for(socket.sending.wait(), 1.0)
        most = 0
        for _ in range(64):  # 16 MiB for a client that reads nothing
            hub.push(connection, SNAPSHOT)
            most = max(most, queued_bytes(connection))
            if connection.close_code is not None:
                break
        assert connection.close_code == CLOSE_TOO_SLOW
        assert most <= 4 * 1024 * 1024
        # What waited is let go at once (the client may hold its socket open for long), and
        # nothing more is queued for it.
        hub.push(connection, SNAPSHOT)
        assert queued_bytes(connection) == 0
        assert connection.writer is not None
        connection.writer.cancel()

    run_apart(scenario())


def test_one_large_message_goes_to_a_client_that_keeps_up() -> None:
    """A message larger than the budget still goes out when nothing else waits (a long
    game's snapshot), and what the client has read no longer counts."""

    async def scenario() -> None:
        hub = Hub(Settings(database_url="sqlite://"))
        socket = StalledSocket()
        connection = hub.open(socket, "table")
        hub.push(connection, "y" * (5 * 1024 * 1024))
        await asyncio.wait_for(socket.sending.wait(), 1.0)  # out of the queue, being sent
        hub.push(connection, "z" * (5 * 1024 * 1024))  # nothing else waits: it may
        assert connection.close_code is None
        await hub.close(connection)

    run_apart(scenario())


MIB = 1024 * 1024


async def stalled_with(hub: Hub, text: str, host: str) -> Any:
    """A socket from ``host`` that reads nothing, pushed ``text``; it is writing it, unless it
    was dropped at once."""
    socket = StalledSocket(host)
    connection = hub.open(socket, "table")
    hub.push(connection, text)
    if connection.close_code is None:
        await asyncio.wait_for(socket.sending.wait(), 1.0)
    return connection


def test_the_sockets_of_one_address_share_a_budget_of_what_waits_for_them() -> None:
    """Each socket's own bound let the 512 sockets a /56 may hold keep a long game's whole
    view each, unread: a gigabyte (a security review). Over all of an address's sockets, the
    server now holds at most its budget and two messages; the sockets beyond are dropped as
    too slow, and another address is not touched."""

    async def scenario() -> None:
        hub = Hub(Settings(database_url="sqlite://", outbox_bytes_per_address=MIB))
        address = "198.51.100.7"
        taken = [await stalled_with(hub, SNAPSHOT, address) for _ in range(12)]
        dropped = [c for c in taken if c.close_code == CLOSE_TOO_SLOW]
        assert 4 <= 12 - len(dropped) <= 6, [c.close_code for c in taken]
        assert hub.pending_bytes(address) <= MIB + 2 * len(SNAPSHOT)
        elsewhere = await stalled_with(hub, SNAPSHOT, "192.0.2.1")
        assert elsewhere.close_code is None
        # What a dropped socket was sent no longer counts; when all are closed nothing does.
        for connection in [*taken, elsewhere]:
            await hub.close(connection)
        assert hub.pending_bytes(address) == 0
        assert hub.pending_bytes("192.0.2.1") == 0

    run_apart(scenario())


def test_a_site_of_ipv6_clients_shares_sixteen_budgets() -> None:
    """Sockets from many /64s of one /56 (one home, one subscriber) each stay within their
    /64's budget, and the /56 holds at most sixteen of them."""

    async def scenario() -> None:
        hub = Hub(Settings(database_url="sqlite://", outbox_bytes_per_address=MIB))
        view = "v" * MIB
        taken = [await stalled_with(hub, view, f"2a02:8071:6:{n:x}::1") for n in range(24)]
        kept = [c for c in taken if c.close_code is None]
        assert 16 <= len(kept) <= 18, len(kept)
        assert all(c.close_code == CLOSE_TOO_SLOW for c in taken[len(kept) :])
        for connection in taken:
            await hub.close(connection)

    run_apart(scenario())


def test_a_view_larger_than_the_address_budget_still_goes_with_the_updates_behind_it() -> None:
    """A page reconnecting to a game longer than the budget gets its whole view, and the
    updates that come while it reads it: the budget counts what its address has besides."""

    async def scenario() -> None:
        hub = Hub(Settings(database_url="sqlite://", outbox_bytes_per_address=MIB))
        connection = await stalled_with(hub, "w" * (3 * MIB), "198.51.100.8")
        for _ in range(3):
            hub.push(connection, "update" * 100)
        assert connection.close_code is None
        await hub.close(connection)
        assert hub.pending_bytes("198.51.100.8") == 0

    run_apart(scenario())


def test_comings_and_goings_at_a_finished_table_do_not_resend_its_whole_log(
    sqlite_url: str,
) -> None:
    """Once a watcher holds a finished game's whole log, a person arriving or leaving sends it
    what changed (the seats), not the whole log again: a client cycling one seat's socket
    made the server build and send every watcher the whole log (60 ms for a 10,000-action
    game) twice a cycle, for each seat watching (a security review)."""
    with running_app(sqlite_url) as client:
        table_id, ann = finished_table(client)
        with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
            whole = hello(watcher, None)["data"]["log"]
            assert whole and all(entry["text"] for entry in whole)  # every action is public
            for _ in range(2):
                with client.websocket_connect(f"/ws/tables/{table_id}") as anns_tab:
                    assert hello(anns_tab, ann)["data"]["you"] == 0
                    came = receive_until(
                        watcher, lambda m: m["data"]["table"]["seats"][0]["connected"]
                    )
                went = receive_until(
                    watcher, lambda m: not m["data"]["table"]["seats"][0]["connected"]
                )
                for message in (came, went):
                    assert message["type"] == "update" and message["data"]["log"] == []
                    assert message["data"]["log_from"] == len(whole)
            nothing_pending(watcher)
