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

    client = SimpleNamespace(host="203.0.113.9", port=4242)

    def __init__(self) -> None:
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
