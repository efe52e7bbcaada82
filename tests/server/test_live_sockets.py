"""Close codes and socket limits against a real ``molehaven serve`` (uvicorn), not the in-process
test client: a close before accept reaches a real client as an HTTP 403, never as its code."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.server.live_server import LiveServer

HELLO_SECONDS = 1.0
WATCHER_CAP = 2


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    folder: Path = tmp_path_factory.mktemp("live")
    live = LiveServer(
        f"sqlite:///{folder / 'live.db'}",
        folder / "server.log",
        settings={
            "hello_seconds": str(HELLO_SECONDS),
            "max_connections_per_table": str(WATCHER_CAP),
        },
    )
    live.start()
    yield live
    live.stop()


def close_code(socket: ClientConnection) -> int | None:
    """Read until the server closes; the close code it sent."""
    for _ in range(100):
        try:
            socket.recv(timeout=10)
        except ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd is not None else None
    raise AssertionError("the server kept the socket open")


def receive(socket: ClientConnection, kind: str) -> dict[str, Any]:
    for _ in range(100):
        message: dict[str, Any] = json.loads(socket.recv(timeout=10))
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


def hello(socket: ClientConnection, token: str | None) -> None:
    socket.send(json.dumps({"type": "hello", "data": {"token": token}}))


def a_table(server: LiveServer) -> tuple[str, str]:
    """A Mole Hill table with Ann at seat 0; its id and Ann's token."""
    created = httpx.post(f"{server.url}/api/tables", json={"game": "mole-hill"}).json()
    table_id = created["table"]["id"]
    joined = httpx.post(f"{server.url}/api/tables/{table_id}/seats/0", json={"name": "Ann"})
    return table_id, joined.json()["token"]


def test_an_unknown_table_closes_with_4404_after_accept(server: LiveServer) -> None:
    with connect(f"{server.ws_url}/ws/tables/nosuchtable") as socket:
        assert close_code(socket) == 4404


def test_a_page_of_another_origin_is_closed_with_4403(server: LiveServer) -> None:
    table_id, _token = a_table(server)
    with connect(
        f"{server.ws_url}/ws/tables/{table_id}", origin="http://elsewhere.example"
    ) as socket:
        assert close_code(socket) == 4403


def test_silent_sockets_neither_count_nor_stay_and_seated_players_always_get_in(
    server: LiveServer,
) -> None:
    table_id, token = a_table(server)
    url = f"{server.ws_url}/ws/tables/{table_id}"
    with ExitStack() as sockets:
        silent = [sockets.enter_context(connect(url)) for _ in range(WATCHER_CAP * 4)]
        watchers = [sockets.enter_context(connect(url)) for _ in range(WATCHER_CAP)]
        for socket in watchers:
            hello(socket, None)
            assert receive(socket, "snapshot")["data"]["you"] is None
        with connect(url) as ann:  # the cap is full of watchers; a seat still gets in
            hello(ann, token)
            assert receive(ann, "snapshot")["data"]["you"] == 0
        with connect(url) as one_too_many:
            hello(one_too_many, None)
            assert receive(one_too_many, "error")["data"]["code"] == "crowded"
            assert close_code(one_too_many) == 4429
        for socket in silent:  # no hello within hello_seconds: closed with 4408
            assert close_code(socket) == 4408
