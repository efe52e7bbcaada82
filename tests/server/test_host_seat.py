"""Where the host sits: the table names the seat its host token's holder took (``host_seat``),
so that everyone at it knows who fills seats and starts, until the host leaves that seat.
The rematch's host is the player whose request made it, at their seat there."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from molehaven.server import migrate
from molehaven.server.db import backend_urls
from tests.server.helpers import fill_bots, hello, running_app, sit
from tests.server.test_rematch import two_people_playing, wait_until_over


def host_seat(client: TestClient, table_id: str) -> Any:
    return client.get(f"/api/tables/{table_id}").json()["host_seat"]


def sit_as(client: TestClient, table_id: str, seat: int, name: str, host: str) -> str:
    response = client.post(
        f"/api/tables/{table_id}/seats/{seat}", json={"name": name}, headers={"X-Host-Token": host}
    )
    assert response.status_code == 200, response.text
    token: str = response.json()["token"]
    return token


def leave(client: TestClient, table_id: str, seat: int, **headers: str) -> None:
    response = client.delete(f"/api/tables/{table_id}/seats/{seat}", headers=headers)
    assert response.status_code == 204, response.text


def test_the_host_is_named_at_the_seat_they_take_until_they_leave_it(database_url: str) -> None:
    with running_app(database_url) as client:
        created = client.post("/api/tables", json={"game": "mole-park", "players": 3}).json()
        table_id, host = created["table"]["id"], created["host_token"]
        assert created["table"]["host_seat"] is None  # the host sits nowhere yet
        sit(client, table_id, 0, "Bob")  # no host token: Bob is not the host
        assert host_seat(client, table_id) is None
        refused = client.post(
            f"/api/tables/{table_id}/seats/1", json={"name": "Cat"}, headers={"X-Host-Token": "x"}
        )
        assert refused.status_code == 200  # a wrong host token does not keep Cat from sitting
        assert host_seat(client, table_id) is None  # but she is not the host
        ann = sit_as(client, table_id, 2, "Ann", host)
        assert host_seat(client, table_id) == 2
        with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
            assert hello(watcher, None)["data"]["table"]["host_seat"] == 2

        # The host removing someone else stays the host at their seat.
        leave(client, table_id, 0, **{"X-Host-Token": host})
        assert host_seat(client, table_id) == 2
    with running_app(database_url) as client:  # stored: a restart names the same seat
        assert host_seat(client, table_id) == 2
        # Once the host has left their seat, it is no longer called the host's: whoever sits
        # there next is not the host.
        leave(client, table_id, 2, **{"X-Seat-Token": ann})
        assert host_seat(client, table_id) is None
        sit(client, table_id, 2, "Dan")
        assert host_seat(client, table_id) is None
        # Sitting down again (at another seat) makes it the host's seat again.
        sit_as(client, table_id, 0, "Ann", host)
        assert host_seat(client, table_id) == 0


def test_a_host_removing_themself_is_no_longer_named(sqlite_url: str) -> None:
    """The host who sat down with the table ("sit") holds seat 0; removed by the host
    token alone (the page's "Leave" sends both), the seat is no longer theirs."""
    with running_app(sqlite_url) as client:
        created = client.post(
            "/api/tables", json={"game": "mole-hill", "sit": {"name": "Ann"}}
        ).json()
        table_id, host = created["table"]["id"], created["host_token"]
        assert created["table"]["host_seat"] == 0
        fill_bots(client, table_id, host)  # bots at the other seats change nothing
        assert host_seat(client, table_id) == 0
        leave(client, table_id, 0, **{"X-Host-Token": host})
        assert host_seat(client, table_id) is None


def test_the_rematch_is_hosted_from_its_creators_seat(sqlite_url: str) -> None:
    """Bob (seat 1) asks first: the rematch names his seat, not the finished table's host's
    (who sat nowhere) nor the first seat."""
    with running_app(sqlite_url) as client:
        old_id, ann, bob = two_people_playing(client)
        assert host_seat(client, old_id) is None
        wait_until_over(client, old_id)
        bobs = client.post(f"/api/tables/{old_id}/rematch", headers={"X-Seat-Token": bob}).json()
        assert bobs["host_token"] and bobs["seat"] == 1
        assert host_seat(client, bobs["table_id"]) == 1
        anns = client.post(f"/api/tables/{old_id}/rematch", headers={"X-Seat-Token": ann}).json()
        assert anns["table_id"] == bobs["table_id"]
        assert host_seat(client, bobs["table_id"]) == 1  # asking later hosts nothing


def test_a_rematch_passing_the_first_seat_names_its_creators_new_seat(sqlite_url: str) -> None:
    """Ann (seat 0) asks with the first seat passed on: she sits last there, and that seat is
    the host's."""
    with running_app(sqlite_url) as client:
        old_id, ann, _bob = two_people_playing(client)
        wait_until_over(client, old_id)
        anns = client.post(
            f"/api/tables/{old_id}/rematch",
            json={"pass_first_seat": True},
            headers={"X-Seat-Token": ann},
        ).json()
        assert anns["seat"] == 1
        assert host_seat(client, anns["table_id"]) == 1
        # The rematch's host leaving their seat there is no longer named either.
        leave(client, anns["table_id"], 1, **{"X-Seat-Token": ann})
        assert host_seat(client, anns["table_id"]) is None


def test_tables_stored_before_the_host_seat_was_kept_name_no_host_seat(
    database_url: str,
) -> None:
    """Migration 0007 adds the column empty: a table stored before it loads, its host seated
    nowhere (nothing recorded where they sat)."""
    migrate.upgrade(database_url, "0006")
    engine = create_engine(backend_urls(database_url)[1])
    try:
        with engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO tables (id, game, players, options, status, host_token_hash,"
                    " created_at, updated_at, version, away_seconds, listed)"
                    " VALUES ('old', 'mole-hill', 2, '{}', 'open', :hash, :now, :now, 0, 180,"
                    " :listed)"
                ),
                {"hash": "0" * 64, "now": 4_000_000_000.0, "listed": True},
            )
            for seat in range(2):
                connection.execute(
                    text(
                        "INSERT INTO seats (table_id, seat, kind, name, stand_in, resigned)"
                        " VALUES ('old', :seat, 'empty', '', :no, :no)"
                    ),
                    {"seat": seat, "no": False},
                )
    finally:
        engine.dispose()
    migrate.upgrade(database_url)
    with running_app(database_url) as client:
        table = client.get("/api/tables/old").json()
        assert table["status"] == "open" and table["host_seat"] is None
        sit(client, "old", 0, "Ann")
        assert host_seat(client, "old") is None


def listed(client: TestClient, table_id: str) -> dict[str, Any]:
    """The lobby's summary of ``table_id`` among its open tables."""
    summaries: list[dict[str, Any]] = client.get("/api/tables").json()["open"]
    return next(summary for summary in summaries if summary["id"] == table_id)


def test_the_lobby_names_where_the_host_sits(sqlite_url: str) -> None:
    """The lobby read "all seated, waiting for the host to start" at a full table without
    saying who that is: its summaries did not carry ``host_seat``. They carry it as the
    table does, and none once the host has left their seat."""
    with running_app(sqlite_url) as client:
        created = client.post(
            "/api/tables", json={"game": "mole-park", "players": 3, "sit": {"name": "Ann"}}
        ).json()
        table_id, host = created["table"]["id"], created["host_token"]
        nowhere = client.post("/api/tables", json={"game": "mole-hill"}).json()["table"]["id"]
        fill_bots(client, table_id, host)
        assert listed(client, table_id)["host_seat"] == 0
        assert listed(client, nowhere)["host_seat"] is None  # its host sits nowhere
        leave(client, table_id, 0, **{"X-Host-Token": host})
        assert listed(client, table_id)["host_seat"] is None
