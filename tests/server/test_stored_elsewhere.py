"""A table whose stored log moved on without this process (in a cluster, another process that
held its lease for a while stored a move) is read again, and the game goes on from there.

Run 60 of the whole suite (2026-11-28): under load the three processes of a cluster test lost
and took back leases; one took a table back holding it a move behind the database, and its
bots failed at the same version for the 90 s the test waited ("table … is not at version 2;
refusing", over and over). The process stood still instead of reading the table again."""

from __future__ import annotations

from typing import Any

import pytest

import molehaven
from molehaven.server.db import Database
from molehaven.server.matches import service as event_store
from molehaven.server.matches.service import Append, NewEvent
from tests.server.helpers import (
    fill_bots,
    hello,
    new_table,
    receive_until,
    run_apart,
    running_app,
    sit,
    start,
)
from tests.server.test_persistence import stored_events


async def store_elsewhere(
    database_url: str, table_id: str, number: int, seat: int, text: str
) -> None:
    """What another process of the cluster does when it stores a move."""
    db = Database(database_url)
    try:
        change = Append(table_id, number, [NewEvent(seat, text, "seat")], "running", None, None)
        await event_store.EventWriter(db).append(change)
    finally:
        await db.dispose()


def running(message: dict[str, Any]) -> bool:
    return (
        message["type"] in ("snapshot", "update")
        and message["data"]["table"]["status"] == "running"
    )


def test_a_move_stored_by_another_process_is_caught_up_and_play_goes_on(sqlite_url: str) -> None:
    game = molehaven.make("mole-hill")
    first_moves = [str(action) for action in game.initial_state().legal_actions(0)]
    with running_app(sqlite_url) as client:
        table_id, host = new_table(client, "mole-hill")
        ann = sit(client, table_id, 0, "Ann")
        bob = sit(client, table_id, 1, "Bob")
        with (
            client.websocket_connect(f"/ws/tables/{table_id}") as ann_ws,
            client.websocket_connect(f"/ws/tables/{table_id}") as bob_ws,
        ):
            hello(ann_ws, ann)
            hello(bob_ws, bob)
            start(client, table_id, host)
            started = receive_until(ann_ws, lambda m: running(m) and m["version"] == 0)
            assert started["data"]["legal"] == first_moves
            # Ann's first move, stored by another process: this one has not heard of it.
            run_apart(store_elsewhere(sqlite_url, table_id, 0, 0, first_moves[0]))
            ann_ws.send_json({"type": "act", "version": 0, "data": {"action": first_moves[1]}})
            refused = receive_until(ann_ws, lambda m: m["type"] == "error")
            assert refused["data"]["code"] == "stale", refused
            # The table is read again, and everyone sees the move the database holds.
            caught_up = receive_until(bob_ws, lambda m: running(m) and m["version"] == 1)
            assert [entry["text"] for entry in caught_up["data"]["log"]][-1:] == [first_moves[0]]
            bobs = caught_up["data"]["legal"]
            assert bobs, caught_up
            bob_ws.send_json({"type": "act", "version": 1, "data": {"action": bobs[0]}})
            moved = receive_until(ann_ws, lambda m: running(m) and m["version"] == 2)
            assert moved["data"]["table"]["status"] == "running"
    assert stored_events(sqlite_url, table_id) == [
        (0, 0, first_moves[0], "seat"),
        (1, 1, bobs[0], "seat"),
    ]


@pytest.mark.timeout(60)
def test_a_bot_whose_move_was_stored_elsewhere_lets_the_game_go_on(sqlite_url: str) -> None:
    """The case of run 60: the bot's own seat moved elsewhere while it thought (the bots
    wait a second here, as a table's pace does): its move is refused, the table read again,
    and the person's turn comes as the database has it."""
    game = molehaven.make("mole-hill")
    with running_app(sqlite_url, bot_delay=1.0) as client:
        table_id, host = new_table(client, "mole-hill")
        ann = sit(client, table_id, 0, "Ann")
        fill_bots(client, table_id, host)
        with client.websocket_connect(f"/ws/tables/{table_id}") as ann_ws:
            hello(ann_ws, ann)
            start(client, table_id, host)
            first = receive_until(ann_ws, lambda m: running(m) and m["version"] == 0)
            ann_ws.send_json(
                {"type": "act", "version": 0, "data": {"action": first["data"]["legal"][0]}}
            )
            state = game.initial_state()
            state.apply(0, game.parse_action(first["data"]["legal"][0]))
            elsewhere = str(state.legal_actions(1)[-1])
            receive_until(ann_ws, lambda m: running(m) and m["version"] == 1)
            run_apart(store_elsewhere(sqlite_url, table_id, 1, 1, elsewhere))
            mine = receive_until(ann_ws, lambda m: running(m) and m["version"] == 2)
            assert mine["data"]["log"][-1]["text"] == elsewhere
            assert mine["data"]["legal"], mine
    assert [event[2] for event in stored_events(sqlite_url, table_id)][1:] == [elsewhere]
