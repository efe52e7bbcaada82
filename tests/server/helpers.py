"""Helpers for driving the app through its HTTP API and WebSockets in tests."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from molehaven.agents import AgentFactory
from molehaven.core.registry import Registry
from molehaven.server import Settings, create_app

Message = dict[str, Any]
T = TypeVar("T")


# Every test client is one address (testclient or 127.0.0.1): the per-address limits are
# raised for it, and tests/server/test_address_limits.py checks them at their defaults.
# (The live test server, another process, gets the same through its environment.)
ONE_ADDRESS: dict[str, int | bool] = {
    "http_rate_burst": 10_000,  # in a cluster every process counts it in one bucket
    "max_tables_per_address": 100_000,
    "max_connections_per_address": 10_000,
    "max_watchers_per_address": 10_000,
    "socket_rate_burst": 10_000,
    "bot_only_tables": True,
}
# Tests read the lobby right after changing a table: it is built for each request (the
# server builds it once a second at most, ``LobbyList``; test_lobby_list.py checks that).
FRESH_LOBBY: dict[str, float] = {"lobby_cache_seconds": 0.0}
TEST_LIMITS: dict[str, Any] = {**ONE_ADDRESS, **FRESH_LOBBY}


@contextmanager
def running_app(
    database_url: str,
    *,
    registry: Registry | None = None,
    agents: Mapping[str, AgentFactory] | None = None,
    **settings: Any,
) -> Iterator[TestClient]:
    """The app with its lifespan running (bots, clocks), as a test client."""
    options: dict[str, Any] = {**TEST_LIMITS, "bot_delay": 0.0, **settings}
    app = create_app(
        Settings(database_url=database_url, **options), registry=registry, agents=agents
    )
    with TestClient(app) as client:
        yield client


def new_table(
    client: TestClient, game: str, players: int | None = None, **options: object
) -> tuple[str, str]:
    """Create a table; returns its id and the host token."""
    response = client.post(
        "/api/tables", json={"game": game, "players": players, "options": options}
    )
    assert response.status_code == 201, response.text
    body = response.json()
    return body["table"]["id"], body["host_token"]


def sit(client: TestClient, table_id: str, seat: int, name: str) -> str:
    response = client.post(f"/api/tables/{table_id}/seats/{seat}", json={"name": name})
    assert response.status_code == 200, response.text
    token: str = response.json()["token"]
    return token


def fill_bots(client: TestClient, table_id: str, host: str, agent: str = "random") -> None:
    response = client.post(
        f"/api/tables/{table_id}/bots", json={"agent": agent}, headers={"X-Host-Token": host}
    )
    assert response.status_code == 204, response.text


def start(client: TestClient, table_id: str, host: str) -> None:
    response = client.post(f"/api/tables/{table_id}/start", headers={"X-Host-Token": host})
    assert response.status_code == 204, response.text


def finished_table(client: TestClient, *, listed: bool = True) -> tuple[str, str]:
    """A one-round Mole Hill table where Ann (seat 0) sat and went away, so that a bot stood
    in for her to the end; returns its id and Ann's seat token."""
    created = client.post(
        "/api/tables",
        json={
            "game": "mole-hill",
            "options": {"rounds": 1},
            "away_seconds": 1,
            "sit": {"name": "Ann"},
            "listed": listed,
        },
    )
    assert created.status_code == 201, created.text
    table_id, host = created.json()["table"]["id"], created.json()["host_token"]
    ann: str = created.json()["seat"]["token"]
    fill_bots(client, table_id, host, agent="random")
    start(client, table_id, host)
    deadline = time.monotonic() + 30
    while client.get(f"/api/tables/{table_id}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the stand-in and the bot did not finish the game"
        time.sleep(0.05)
    return table_id, ann


def hello(ws: WebSocketTestSession, token: str | None) -> Message:
    ws.send_json({"type": "hello", "data": {"token": token}})
    message: Message = ws.receive_json()
    while message["type"] == "error":  # e.g. unknown-token comes before the snapshot
        message = ws.receive_json()
    assert message["type"] == "snapshot", message
    return message


def receive_until(
    ws: WebSocketTestSession, done: Callable[[Message], bool], *, limit: int = 10_000
) -> Message:
    for _ in range(limit):
        message: Message = ws.receive_json()
        if done(message):
            return message
    raise AssertionError(f"no matching message in {limit}")


def nothing_pending(ws: WebSocketTestSession) -> None:
    """Prove no message is queued for this client: a ping's pong must come next."""
    ws.send_json({"type": "ping", "ref": "probe"})
    message = ws.receive_json()
    assert message["type"] == "pong", message


def is_over(message: Message) -> bool:
    return (
        message["type"] in ("snapshot", "update") and message["data"]["table"]["status"] == "over"
    )


def resign(ws: WebSocketTestSession) -> None:
    """Resign the seat this socket said hello with, and see the seat taken from it."""
    ws.send_json({"type": "resign"})
    refused = receive_until(ws, lambda message: message["type"] == "error")
    assert refused["data"]["code"] == "seat-revoked", refused


def run_apart(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coroutine)`` on a thread of its own. A test process that ran a browser
    test first holds Playwright's session (its sync API), which leaves its event loop marked
    as running on the main thread: ``asyncio.run`` there failed ("cannot be called from a
    running event loop") whenever pytest-xdist gave a process a browser test before these."""
    with ThreadPoolExecutor(max_workers=1) as thread:
        return thread.submit(asyncio.run, coroutine).result()
