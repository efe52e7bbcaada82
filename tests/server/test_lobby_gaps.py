"""Two gaps in how the lobby tells which open tables are alive: a table someone is at keeps its
place in the list however many tables changed after it, and a host who created a table
without sitting down, and waits at it for players, is someone there."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from molehaven.server.lobby import service
from tests.server.helpers import hello, running_app
from tests.server.test_lobby_live import seated, wait_away

Summary = dict[str, Any]
HOST_COOKIE = "molehaven_host"  # ``hub.HOST_COOKIE``, as browsers keep it


def open_table(client: TestClient, table_id: str) -> Summary:
    (found,) = [t for t in client.get("/api/tables").json()["open"] if t["id"] == table_id]
    return found


def unseated(client: TestClient) -> tuple[str, str]:
    """An open Mole Hill table whose host sits nowhere: its id and the host token."""
    created = client.post("/api/tables", json={"game": "mole-hill"})
    assert created.status_code == 201, created.text
    return created.json()["table"]["id"], created.json()["host_token"]


def test_a_table_someone_is_at_wins_a_place_over_tables_that_changed_after_it(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three places (for 50): Ann's table, made first, loses its place by age to the three
    made after it, but Ann is at it, so it is listed first and the oldest of the others goes.
    (The list was cut by age before it was sorted: Ann's table was not listed at all.)"""
    monkeypatch.setattr(service, "LISTED_PER_STATUS", 3)
    with running_app(sqlite_url) as client:
        ann_table, ann = seated(client, "Ann")
        later = [seated(client, name)[0] for name in ("Bob", "Cy", "Di")]
        with client.websocket_connect(f"/ws/tables/{ann_table}") as ann_ws:
            hello(ann_ws, ann)
            lists = client.get("/api/tables").json()
        listed: list[Summary] = lists["open"]
        assert [t["id"] for t in listed] == [ann_table, later[2], later[1]]
        assert listed[0]["present"] == 1 and listed[0]["seen_ago"] == 0
        assert lists["running"] == [] and lists["over"] == []

        # Once she has gone, her table is the oldest again: it keeps no place it has not won.
        wait_away(client, ann_table, 0)
        listed = client.get("/api/tables").json()["open"]
        assert [t["id"] for t in listed] == [later[2], later[1], later[0]]


def test_a_table_its_people_left_a_moment_ago_is_listed_before_deserted_ones(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two places: Ann sat down first and was here until a moment ago, Bob and Cy sat down
    later but left longer ago than ``deserted_seconds``. Ann's table is not deserted, so it
    comes first, though the two others changed after it."""
    monkeypatch.setattr(service, "LISTED_PER_STATUS", 2)
    with running_app(sqlite_url, deserted_seconds=1.0) as client:
        ann_table, ann = seated(client, "Ann")
        bob_table, _ = seated(client, "Bob")
        cy_table, _ = seated(client, "Cy")
        time.sleep(1.1)
        with client.websocket_connect(f"/ws/tables/{ann_table}") as ann_ws:
            hello(ann_ws, ann)
        wait_away(client, ann_table, 0)
        listed: list[Summary] = client.get("/api/tables").json()["open"]
        assert [t["id"] for t in listed] == [ann_table, cy_table]
        assert not listed[0]["deserted"] and listed[1]["deserted"]
        assert bob_table not in [t["id"] for t in listed]


def test_a_host_waiting_at_their_table_without_a_seat_is_there(sqlite_url: str) -> None:
    """Hal created a table without sitting down and watches it, waiting for players (his
    browser holds the host token, which the socket learns from its cookie): his table is not
    deserted and comes before Ann's, which changed after it but which Ann left. A spectator
    without the host's cookie, or with a forged one, is nobody there."""
    with running_app(sqlite_url, deserted_seconds=1.0) as client:
        hal_table, _ = unseated(client)
        ann_table, _ = seated(client, "Ann")
        time.sleep(1.1)
        with client.websocket_connect(f"/ws/tables/{hal_table}") as hal_ws:
            hello(hal_ws, None)  # he holds no seat: he watches
            listed: list[Summary] = client.get("/api/tables").json()["open"]
        assert [t["id"] for t in listed] == [hal_table, ann_table]
        hal, ann = listed
        assert hal["host_here"] and hal["present"] == 0
        assert hal["seen_ago"] == 0 and not hal["deserted"]
        assert not ann["host_here"] and ann["deserted"]

        # The host left a moment ago: not deserted yet, but not here (the server hears of
        # the socket's close a moment later).
        deadline = time.monotonic() + 10
        while (hal := open_table(client, hal_table))["host_here"]:
            assert time.monotonic() < deadline, "the socket's close was not heard"
            time.sleep(0.02)
        assert 0 < hal["seen_ago"] < 1.0 and not hal["deserted"]

        for cookie in (None, "forged"):
            client.cookies.clear()
            if cookie is not None:
                client.cookies.set(HOST_COOKIE, cookie, path=f"/ws/tables/{hal_table}")
            with client.websocket_connect(f"/ws/tables/{hal_table}") as stranger:
                hello(stranger, None)
                hal = open_table(client, hal_table)
                assert not hal["host_here"] and hal["seen_ago"] > 0


def test_the_host_cookie_reaches_the_tables_socket_only(sqlite_url: str) -> None:
    """A proof that the browser holds the host token goes in a cookie the browser sends to the
    table's socket alone (never to another table's, nor with the API's requests), which
    scripts cannot read. Not the token itself: a cookie's value ends up in request logs and
    cookie stores, and the token lets its holder fill seats and start."""
    with running_app(sqlite_url) as client:
        created = client.post("/api/tables", json={"game": "mole-hill"})
        table_id, host = created.json()["table"]["id"], created.json()["host_token"]
        cookie = created.headers["set-cookie"]
        assert cookie.startswith(f"{HOST_COOKIE}=")
        # Not the host token: the cookie proves the host is there, and nothing more.
        shown = cookie.split(";")[0].split("=", 1)[1]
        assert shown and host not in cookie
        start = client.post(f"/api/tables/{table_id}/start", headers={"X-Host-Token": shown})
        assert start.status_code == 403
        assert f"Path=/ws/tables/{table_id}" in cookie
        assert "HttpOnly" in cookie and "SameSite=strict" in cookie
