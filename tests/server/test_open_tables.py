"""Open tables as people wait at them: a table does not expire while anyone is at it (its
seated people, or its host seated or not), only ``open_table_seconds`` after the last of them
left; and the lobby lists the tables with free seats before the full ones, which wait for
their host to start and can only be watched."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from molehaven.server.matches.authority import Authority
from tests.server.helpers import fill_bots, hello, new_table, running_app
from tests.server.test_lobby_gaps import open_table, unseated
from tests.server.test_lobby_live import seated, wait_away

Summary = dict[str, Any]
WAIT = 60.0  # ``open_table_seconds`` in these tests


def authority_of(client: TestClient) -> Authority:
    authority: Authority = client.app.state.authority  # type: ignore[attr-defined]
    return authority


def sweep(client: TestClient, now: float) -> None:
    """One sweep as if the clock read ``now`` (epoch seconds)."""
    client.portal.call(authority_of(client).sweep, now)  # type: ignore[union-attr]


def exists(client: TestClient, table_id: str) -> bool:
    return client.get(f"/api/tables/{table_id}").status_code == 200


def wait_host_gone(client: TestClient, table_id: str) -> None:
    """Until the server counts the host's socket closed (it hears of it a moment later)."""
    deadline = time.monotonic() + 10
    while open_table(client, table_id)["host_here"]:
        assert time.monotonic() < deadline, "the socket's close was not heard"
        time.sleep(0.02)


def someone_at(client: TestClient, who: str) -> tuple[str, str | None]:
    """An open Mole Hill table and the token its waiting person says hello with: Ann's, who
    sat down at it, or none for Hal, its host, who made it without sitting down (the client
    keeps his cookie, so his socket counts him there)."""
    if who == "seated":
        return seated(client, "Ann")
    table_id, _host = unseated(client)
    return table_id, None


def wait_gone(client: TestClient, table_id: str, who: str) -> None:
    if who == "seated":
        wait_away(client, table_id, 0)
    else:
        wait_host_gone(client, table_id)


WHO = ["seated", "unseated host"]


@pytest.mark.parametrize("who", WHO)
def test_an_open_table_does_not_expire_while_someone_waits_at_it(sqlite_url: str, who: str) -> None:
    """Ann sat down at her table (or Hal made his without sitting down) and waits there for
    friends long past ``open_table_seconds``: the table stays, and expires that long after a
    sweep last saw them there. (It expired ``open_table_seconds`` after its seats last
    changed, under the person waiting at it.)"""
    with running_app(sqlite_url, open_table_seconds=WAIT, sweep_seconds=3600.0) as client:
        table_id, token = someone_at(client, who)
        touched = authority_of(client).live[table_id].touched_at
        seen = touched + 10 * WAIT
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            hello(ws, token)
            sweep(client, touched + WAIT + 1)
            assert exists(client, table_id)
            sweep(client, seen)  # a long wait: still there
            assert exists(client, table_id)
        wait_gone(client, table_id, who)
        sweep(client, seen + WAIT - 1)
        assert exists(client, table_id)
        sweep(client, seen + WAIT + 1)
        assert not exists(client, table_id)


@pytest.mark.parametrize("who", WHO)
def test_an_open_table_expires_counting_from_when_the_last_person_left(
    sqlite_url: str, who: str
) -> None:
    """Someone came and went between two sweeps, after the seats changed: the table's time
    counts from when they left (the server notes every departure), not from the seats."""
    with running_app(sqlite_url, open_table_seconds=WAIT, sweep_seconds=3600.0) as client:
        table_id, token = someone_at(client, who)
        touched = authority_of(client).live[table_id].touched_at
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            hello(ws, token)
            time.sleep(1.0)  # they leave a second after the seats changed, or later
            leaving = time.time()
        wait_gone(client, table_id, who)
        heard = time.time()
        assert leaving - touched >= 1.0
        sweep(client, leaving + WAIT - 0.5)  # past the seats' time, not past their leaving
        assert exists(client, table_id)
        sweep(client, heard + WAIT + 0.5)
        assert not exists(client, table_id)


def test_a_spectator_keeps_no_open_table(sqlite_url: str) -> None:
    """Someone watching an open table without a seat or the host's cookie is not waiting at
    it: the table expires as though nobody were there."""
    with running_app(sqlite_url, open_table_seconds=WAIT, sweep_seconds=3600.0) as client:
        table_id, _host = new_table(client, "mole-hill")
        client.cookies.clear()  # not the host
        touched = authority_of(client).live[table_id].touched_at
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            hello(ws, None)
            sweep(client, touched + WAIT + 1)
            assert not exists(client, table_id)


def test_a_restart_gives_its_open_tables_people_time_to_come_back(sqlite_url: str) -> None:
    """A server that restarts does not know who was at its open tables a moment ago: it
    counts each as seen at the start, so their people, whose pages reconnect within seconds,
    find them there. (The start-up sweep expired every table whose seats had changed
    ``open_table_seconds`` before, people waiting at it or not.)"""
    with running_app(sqlite_url, open_table_seconds=0.5, sweep_seconds=3600.0) as client:
        table_id, _token = seated(client, "Ann")
    time.sleep(0.7)  # the seats changed longer ago than ``open_table_seconds``
    with running_app(sqlite_url, open_table_seconds=0.5, sweep_seconds=3600.0) as client:
        started = time.time()
        assert exists(client, table_id)
        sweep(client, started + 0.6)  # and nobody came back
        assert not exists(client, table_id)


def test_the_lobby_lists_open_tables_with_free_seats_before_full_ones(sqlite_url: str) -> None:
    """Full and free open tables came in the order their seats changed, mixed: someone
    looking for a game read past tables they could only watch. Free ones come first now,
    then the full ones, each group as before (someone here first, then the most recently
    changed)."""
    with running_app(sqlite_url) as client:
        made: dict[str, tuple[str, str]] = {}
        for name in ("free-old", "full-old", "free-new", "full-new", "free-here", "full-here"):
            made[name] = host_seated(client, name)
            if name.startswith("full"):
                fill_bots(client, made[name][0], made[name][2])
        # Someone is at the two last: first within their group.
        with (
            client.websocket_connect(f"/ws/tables/{made['free-here'][0]}") as rin,
            client.websocket_connect(f"/ws/tables/{made['full-here'][0]}") as kit,
        ):
            hello(rin, made["free-here"][1])
            hello(kit, made["full-here"][1])
            listed: list[Summary] = client.get("/api/tables").json()["open"]
        names = {table_id: name for name, (table_id, _, _) in made.items()}
        assert [names[t["id"]] for t in listed] == [
            "free-here",
            "free-new",
            "free-old",
            "full-here",
            "full-new",
            "full-old",
        ]


def host_seated(client: TestClient, name: str) -> tuple[str, str, str]:
    """An open Mole Hill table where ``name`` took seat 0 as its host: its id, their seat
    token and the host token."""
    created = client.post("/api/tables", json={"game": "mole-hill", "sit": {"name": name}})
    assert created.status_code == 201, created.text
    body = created.json()
    return body["table"]["id"], body["seat"]["token"], body["host_token"]
