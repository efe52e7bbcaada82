"""Playing again: a finished table's players go on to a new table with the same game, options
and seats, each person holding their seat there with the token they already have."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from tests.server.helpers import (
    fill_bots,
    finished_table,
    hello,
    receive_until,
    resign,
    running_app,
    sit,
    start,
)


def ask(client: TestClient, table_id: str, token: str | None) -> Any:
    headers = {"X-Seat-Token": token} if token is not None else {}
    return client.post(f"/api/tables/{table_id}/rematch", headers=headers)


def two_people_playing(client: TestClient) -> tuple[str, str, str]:
    """A started one-round Mole Hill table of Ann (seat 0) and Bob (seat 1), who are away
    unless they connect (a bot stands in after a second); its id and their seat tokens."""
    created = client.post(
        "/api/tables",
        json={"game": "mole-hill", "options": {"rounds": 1}, "away_seconds": 1},
    ).json()
    table_id, host = created["table"]["id"], created["host_token"]
    ann, bob = sit(client, table_id, 0, "Ann"), sit(client, table_id, 1, "Bob")
    start(client, table_id, host)
    return table_id, ann, bob


def wait_until_over(client: TestClient, table_id: str) -> None:
    deadline = time.monotonic() + 30
    while client.get(f"/api/tables/{table_id}").json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.05)


def test_the_players_of_a_finished_table_play_again_in_the_same_seats(database_url: str) -> None:
    with running_app(database_url) as client:
        old_id, ann = finished_table(client)
        old = client.get(f"/api/tables/{old_id}").json()
        assert old["seats"][0]["stand_in"] and old["rematch"] is None

        asked = ask(client, old_id, ann)
        assert asked.status_code == 200, asked.text
        answer = asked.json()
        new_id, host = answer["table_id"], answer["host_token"]
        assert new_id != old_id and answer["seat"] == 0 and host
        assert answer["join_url"].endswith(f"/tables/{new_id}")
        assert client.get(f"/api/tables/{old_id}").json()["rematch"] == new_id

        new = client.get(f"/api/tables/{new_id}").json()
        assert new["status"] == "open"
        assert (new["game"], new["options"], new["away_seconds"]) == (
            old["game"],
            old["options"],
            old["away_seconds"],
        )
        # Ann is herself again (no stand-in), the bot keeps its agent.
        assert [(s["kind"], s["name"], s["agent"], s["stand_in"]) for s in new["seats"]] == [
            ("human", "Ann", None, False),
            ("bot", old["seats"][1]["name"], "random", False),
        ]
        # Listed as its table was: its spectators are told where it is anyway.
        assert new_id in [t["id"] for t in client.get("/api/tables").json()["open"]]

        # Ann's token holds her seat at the new table; asking again (her first answer lost
        # on the way) leads to the same table and gives her its host token again.
        with client.websocket_connect(f"/ws/tables/{new_id}") as ws:
            assert hello(ws, ann)["data"]["you"] == 0
        again = ask(client, old_id, ann).json()
        assert (again["table_id"], again["seat"], again["host_token"]) == (new_id, 0, host)
        start(client, new_id, host)
        assert client.get(f"/api/tables/{new_id}").json()["status"] == "running"

    with running_app(database_url) as client:  # the link between the two is stored
        assert client.get(f"/api/tables/{old_id}").json()["rematch"] == new_id


def test_an_unlisted_tables_rematch_is_unlisted_too(sqlite_url: str) -> None:
    with running_app(sqlite_url) as client:
        old_id, ann = finished_table(client, listed=False)
        new_id = ask(client, old_id, ann).json()["table_id"]
        listed = client.get("/api/tables").json()
        assert new_id not in [t["id"] for status in listed.values() for t in status]
        # reached by its link, as its table was
        assert client.get(f"/api/tables/{new_id}").json()["status"] == "open"


def test_only_a_player_asks_and_only_once_the_game_is_over(sqlite_url: str) -> None:
    with running_app(sqlite_url) as client:
        old_id, ann = finished_table(client)
        assert ask(client, old_id, None).status_code == 403  # a spectator
        assert ask(client, old_id, "not-a-seat-token").status_code == 403
        assert client.get(f"/api/tables/{old_id}").json()["rematch"] is None
        assert ask(client, old_id, ann).status_code == 200  # the seat's own token

        created = client.post(
            "/api/tables", json={"game": "mole-hill", "sit": {"name": "Bob"}}
        ).json()
        table_id, bob = created["table"]["id"], created["seat"]["token"]
        assert ask(client, table_id, bob).json()["code"] == "not-over"  # open
        fill_bots(client, table_id, created["host_token"])
        start(client, table_id, created["host_token"])
        refused = ask(client, table_id, bob)  # running
        assert refused.status_code == 409
        assert refused.json()["code"] == "not-over"


def test_everyone_at_the_finished_table_is_told_where_the_rematch_is(sqlite_url: str) -> None:
    with running_app(sqlite_url) as client:
        old_id, ann = finished_table(client)
        with client.websocket_connect(f"/ws/tables/{old_id}") as watcher:
            assert hello(watcher, None)["data"]["table"]["rematch"] is None
            new_id = ask(client, old_id, ann).json()["table_id"]
            told = receive_until(
                watcher,
                lambda message: (
                    message["type"] in ("snapshot", "update")
                    and message["data"]["table"].get("rematch") is not None
                ),
            )
            assert told["data"]["table"]["rematch"] == new_id


def test_only_the_rematchs_creator_hosts_it_and_an_expired_one_is_made_again(
    sqlite_url: str,
) -> None:
    """Two people, both away so bots finish their game; Bob asks first and hosts the rematch,
    Ann is only sent there. Nobody starts it, it expires, and Ann's next ask makes a new one
    that she hosts."""
    with running_app(sqlite_url, open_table_seconds=1.0, sweep_seconds=0.2) as client:
        old_id, ann, bob = two_people_playing(client)
        wait_until_over(client, old_id)
        bobs = ask(client, old_id, bob).json()
        anns = ask(client, old_id, ann).json()
        assert bobs["host_token"] and anns["host_token"] is None
        assert (anns["table_id"], anns["seat"]) == (bobs["table_id"], 0)
        deadline = time.monotonic() + 30
        while client.get(f"/api/tables/{bobs['table_id']}").status_code != 404:
            assert time.monotonic() < deadline, "the unstarted rematch did not expire"
            time.sleep(0.1)
        remade = ask(client, old_id, ann).json()
        assert remade["table_id"] != bobs["table_id"] and remade["host_token"]
        assert client.get(f"/api/tables/{old_id}").json()["rematch"] == remade["table_id"]
        start(client, remade["table_id"], remade["host_token"])


def test_a_player_who_resigned_may_play_again_in_their_seat(database_url: str) -> None:
    """Bob resigns, so a bot plays his seat to the end. His token holds nothing there any
    more, but it is no stranger's either: he may ask to play again, and the rematch gives
    him his seat back rather than to the bot for good. The mark survives a restart."""
    with running_app(database_url) as client:
        old_id, ann, bob = two_people_playing(client)
        with client.websocket_connect(f"/ws/tables/{old_id}") as bobs_tab:
            hello(bobs_tab, bob)
            resign(bobs_tab)
        with client.websocket_connect(f"/ws/tables/{old_id}") as bobs_tab:
            bobs_tab.send_json({"type": "hello", "data": {"token": bob}})
            back = bobs_tab.receive_json()  # a snapshot, not "unknown-token": his page keeps it
            assert back["type"] == "snapshot" and back["data"]["you"] is None
            assert "bot" in {s["kind"] for s in back["data"]["table"]["seats"]}
        wait_until_over(client, old_id)
        seats = client.get(f"/api/tables/{old_id}").json()["seats"]
        assert [(s["kind"], s["name"], s["resigned"]) for s in seats] == [
            ("human", "Ann", False),
            ("bot", "Bob", True),
        ]
        # A table of people has no bot of its own: the easy level played Bob's seat, not
        # the random agent (which, in The Mole, calls votes and guesses whenever it may).
        assert seats[1]["agent"] == "easy"
        assert ask(client, old_id, "not-a-seat-token").status_code == 403
        bobs = ask(client, old_id, bob)
        assert bobs.status_code == 200, bobs.text
        new_id = bobs.json()["table_id"]
        assert bobs.json()["seat"] == 1 and bobs.json()["host_token"]
        assert ask(client, old_id, ann).json()["table_id"] == new_id
        new = client.get(f"/api/tables/{new_id}").json()
        assert [(s["kind"], s["name"], s["resigned"]) for s in new["seats"]] == [
            ("human", "Ann", False),
            ("human", "Bob", False),
        ]
        with client.websocket_connect(f"/ws/tables/{new_id}") as bobs_tab:
            assert hello(bobs_tab, bob)["data"]["you"] == 1

    with running_app(database_url) as client:
        seats = client.get(f"/api/tables/{old_id}").json()["seats"]
        assert [s["resigned"] for s in seats] == [False, True]


def test_the_first_to_ask_may_pass_the_first_seat_on(sqlite_url: str) -> None:
    """Ann asks to play again with the first seat passed on: everyone moves one seat down,
    so Bob (seat 1) begins and Ann sits last. Bob, asking later, is told his new seat; his
    own wish is moot once the rematch exists."""
    with running_app(sqlite_url) as client:
        old_id, ann, bob = two_people_playing(client)
        wait_until_over(client, old_id)
        unknown = client.post(
            f"/api/tables/{old_id}/rematch", json={"rotate": True}, headers={"X-Seat-Token": ann}
        )
        assert unknown.status_code == 422  # a misspelt wish is not silently ignored
        anns = client.post(
            f"/api/tables/{old_id}/rematch",
            json={"pass_first_seat": True},
            headers={"X-Seat-Token": ann},
        ).json()
        assert anns["seat"] == 1 and anns["host_token"]
        bobs = client.post(
            f"/api/tables/{old_id}/rematch",
            json={"pass_first_seat": False},
            headers={"X-Seat-Token": bob},
        ).json()
        assert (bobs["table_id"], bobs["seat"]) == (anns["table_id"], 0)
        new = client.get(f"/api/tables/{anns['table_id']}").json()
        assert [s["name"] for s in new["seats"]] == ["Bob", "Ann"]
        with client.websocket_connect(f"/ws/tables/{anns['table_id']}") as anns_tab:
            assert hello(anns_tab, ann)["data"]["you"] == 1
        assert ask(client, old_id, ann).json()["seat"] == 1  # asking again: the same answer


def test_passing_the_first_seat_moves_three_people_one_seat_down(sqlite_url: str) -> None:
    """With three people the direction shows: Bob (seat 1) sits first, Cat second, Ann last;
    each asker is told their own new seat. An asker whom the rematch's host removed holds
    no seat there, and is told so rather than given someone else's number."""
    with running_app(sqlite_url, unattended_seconds=0.5, sweep_seconds=0.1) as client:
        created = client.post(
            "/api/tables", json={"game": "mole-park", "players": 3, "away_seconds": 3600}
        ).json()
        old_id, host = created["table"]["id"], created["host_token"]
        ann, bob, cat = (sit(client, old_id, seat, name) for seat, name in enumerate("ABC"))
        start(client, old_id, host)
        deadline = time.monotonic() + 30
        while client.get(f"/api/tables/{old_id}").json()["status"] != "abandoned":
            assert time.monotonic() < deadline, "the unattended game was not abandoned"
            time.sleep(0.05)
        cats = client.post(
            f"/api/tables/{old_id}/rematch",
            json={"pass_first_seat": True},
            headers={"X-Seat-Token": cat},
        ).json()
        new_id = cats["table_id"]
        assert cats["seat"] == 1
        assert [s["name"] for s in client.get(f"/api/tables/{new_id}").json()["seats"]] == [
            "B",
            "C",
            "A",
        ]
        assert ask(client, old_id, bob).json()["seat"] == 0
        removed = client.delete(
            f"/api/tables/{new_id}/seats/2", headers={"X-Host-Token": cats["host_token"]}
        )
        assert removed.status_code == 204
        anns = ask(client, old_id, ann).json()
        assert (anns["table_id"], anns["seat"]) == (new_id, None)
