"""The lobby tells which tables are alive: who of their people is here now, when a running
game last moved, and which open tables nobody has been at for a few minutes; a finished table
tells who of its players went on to the rematch."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from molehaven.server import hub as hub_module
from molehaven.server.matches import authority as authority_module
from tests.server.helpers import hello, receive_until, running_app, sit, start
from tests.server.test_rematch import ask, two_people_playing, wait_until_over

Summary = dict[str, Any]


def seated(client: TestClient, name: str) -> tuple[str, str]:
    """An open Mole Hill table where ``name`` took seat 0 as its host: its id and their token."""
    created = client.post("/api/tables", json={"game": "mole-hill", "sit": {"name": name}})
    assert created.status_code == 201, created.text
    return created.json()["table"]["id"], created.json()["seat"]["token"]


def wait_away(client: TestClient, table_id: str, seat: int) -> None:
    """Until the server counts the seat's socket closed (it hears of it a moment later)."""
    deadline = time.monotonic() + 10
    while client.get(f"/api/tables/{table_id}").json()["seats"][seat]["connected"]:
        assert time.monotonic() < deadline, "the socket's close was not heard"
        time.sleep(0.02)


def test_open_tables_say_who_is_here_and_list_those_with_someone_here_first(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ann is at her table, Bob left his a moment ago, Cy sat down and went away longer ago
    than ``deserted_seconds``: listed in that order (the newest-changed first before), with
    Cy's marked deserted. Bob's table is not: he was here until a moment ago, though his seat
    was taken as long ago as Cy's.

    The server's clock is moved on a minute instead of sleeping past ``deserted_seconds``: a
    short real margin flaked on a loaded machine (Bob's close and the list two seconds
    apart, so his table counted as deserted too)."""
    real_time = time.time
    ahead = [0.0]
    monkeypatch.setattr(time, "time", lambda: real_time() + ahead[0])
    with running_app(sqlite_url, deserted_seconds=60.0) as client:
        ann_table, ann = seated(client, "Ann")
        bob_table, bob = seated(client, "Bob")
        cy_table, _ = seated(client, "Cy")
        with client.websocket_connect(f"/ws/tables/{ann_table}") as ann_ws:
            hello(ann_ws, ann)
            ahead[0] = 61.0
            with client.websocket_connect(f"/ws/tables/{bob_table}") as bob_ws:
                hello(bob_ws, bob)
            wait_away(client, bob_table, 0)
            listed: list[Summary] = client.get("/api/tables").json()["open"]

        assert [t["id"] for t in listed] == [ann_table, bob_table, cy_table]
        here, left, gone = listed
        assert here["seats"][0]["connected"] and here["present"] == 1
        assert here["seen_ago"] == 0 and not here["deserted"]
        assert not left["seats"][0]["connected"] and left["present"] == 0
        assert left["seen_ago"] < 60.0 and not left["deserted"]
        assert gone["present"] == 0 and gone["seen_ago"] >= 61.0 and gone["deserted"]
        assert all(t["moved_ago"] is None for t in listed)  # no game yet


def test_a_running_game_says_when_it_last_moved_and_a_finished_one_nothing_live(
    sqlite_url: str,
) -> None:
    with running_app(sqlite_url) as client:
        table_id, ann, _ = two_people_playing(client)  # nobody connected: bots stand in
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            hello(ws, ann)
            (running,) = client.get("/api/tables").json()["running"]
            assert running["id"] == table_id
            assert running["present"] == 1 and running["seats"][0]["connected"]
            assert not running["seats"][1]["connected"]
            assert running["moved_ago"] is not None and 0 <= running["moved_ago"] < 10
            assert not running["deserted"]  # open tables only
        wait_until_over(client, table_id)
        (over,) = client.get("/api/tables").json()["over"]
        assert over["moved_ago"] is None and over["seen_ago"] is None and over["present"] == 0


def test_a_game_nobody_has_moved_in_says_since_when_it_waits(sqlite_url: str) -> None:
    """A game stuck at its start (its people gone, a long away time: no bot stands in) is
    one to leave alone: the lobby says how long it has waited."""
    with running_app(sqlite_url) as client:
        created = client.post("/api/tables", json={"game": "mole-hill", "away_seconds": 86400})
        table_id, host = created.json()["table"]["id"], created.json()["host_token"]
        sit(client, table_id, 0, "Ann")
        sit(client, table_id, 1, "Bob")
        start(client, table_id, host)  # Mole Hill's start draws nothing: no event yet
        time.sleep(1.2)
        (before,) = client.get("/api/tables").json()["running"]
        assert before["version"] == 0 and before["moved_ago"] >= 1.2  # since the start
        assert before["present"] == 0 and before["seen_ago"] >= 1.2


def rematch_seen(message: dict[str, Any]) -> bool:
    return message["type"] in ("snapshot", "update") and message["data"]["table"]["rematch"]


def seat_at_rematch(message: dict[str, Any], seat: int) -> bool | None:
    if message["type"] not in ("snapshot", "update"):
        return None
    at: bool = message["data"]["table"]["seats"][seat]["at_rematch"]
    return at


def test_a_player_who_asks_to_play_again_is_at_the_rematch_not_away(sqlite_url: str) -> None:
    """Bob presses "Play again": Ann, still at the finished table, reads that he is at the
    rematch at once (his page is on its way there), not that he is away."""
    with running_app(sqlite_url) as client:
        table_id, ann, bob = two_people_playing(client)
        wait_until_over(client, table_id)
        with client.websocket_connect(f"/ws/tables/{table_id}") as ann_ws:
            first = hello(ann_ws, ann)
            assert first["data"]["table"]["seats"][1]["at_rematch"] is False
            assert ask(client, table_id, bob).status_code == 200
            told = receive_until(ann_ws, rematch_seen)
            assert told["data"]["table"]["seats"][1]["at_rematch"] is True
            assert told["data"]["table"]["seats"][0]["at_rematch"] is False  # Ann is here
        seats = client.get(f"/api/tables/{table_id}").json()["seats"]
        assert [seat["at_rematch"] for seat in seats] == [False, True]


def test_the_finished_table_follows_its_players_coming_and_going_at_the_rematch(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past the moment a page takes to get there, "at the rematch" is whether the player is
    connected there: Ann's page hears it when Bob arrives there and when he leaves."""
    monkeypatch.setattr(hub_module, "ON_THE_WAY_SECONDS", 0.0)
    monkeypatch.setattr(authority_module, "ON_THE_WAY_SECONDS", 0.0)
    with running_app(sqlite_url) as client:
        table_id, ann, bob = two_people_playing(client)
        wait_until_over(client, table_id)
        with client.websocket_connect(f"/ws/tables/{table_id}") as ann_ws:
            hello(ann_ws, ann)
            asked = ask(client, table_id, bob).json()
            told = receive_until(ann_ws, rematch_seen)
            assert told["data"]["table"]["seats"][1]["at_rematch"] is False  # not there yet
            with client.websocket_connect(f"/ws/tables/{asked['table_id']}") as bob_ws:
                hello(bob_ws, bob)
                receive_until(ann_ws, lambda message: seat_at_rematch(message, 1) is True)
                seats = client.get(f"/api/tables/{table_id}").json()["seats"]
                assert [seat["at_rematch"] for seat in seats] == [False, True]
            receive_until(ann_ws, lambda message: seat_at_rematch(message, 1) is False)
