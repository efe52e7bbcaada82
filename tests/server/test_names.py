"""Seat names in the move log and the result: a name several seats share says which seat."""

from __future__ import annotations

import molehaven
from molehaven.core import name_seats
from molehaven.server.matches.table import BOT, EMPTY, HUMAN, LiveTable, SeatSlot
from tests.server.helpers import fill_bots, new_table, running_app, sit


def _table(*seats: SeatSlot) -> LiveTable:
    game = molehaven.make("the-mole", len(seats))
    return LiveTable("t", game, list(seats), host_token_hash="h", created_at=0.0)


def test_bots_of_one_agent_are_told_apart_by_their_seat_number() -> None:
    table = _table(
        SeatSlot(HUMAN, "Ann"),
        SeatSlot(BOT, "hard bot", "hard"),
        SeatSlot(BOT, "hard bot", "hard"),
        SeatSlot(BOT, "random bot", "random"),
    )
    names = table.names()
    assert names == ["Ann", "hard bot 1", "hard bot 2", "random bot"]
    assert name_seats("{s1} asked {s2}", names) == "hard bot 1 asked hard bot 2"


def test_people_with_the_same_name_and_empty_seats_too() -> None:
    table = _table(SeatSlot(HUMAN, "Bo"), SeatSlot(HUMAN, "Bo"), SeatSlot(EMPTY))
    assert table.names() == ["Bo 0", "Bo 1", "seat 2"]


def test_the_table_and_the_lobby_give_pages_each_seats_label(sqlite_url: str) -> None:
    # The page names a seat by its label everywhere (seats list, board, log, scores), so
    # three "random bot"s read alike in each place.
    with running_app(sqlite_url) as client:
        table_id, host = new_table(client, "the-mole", 4)
        sit(client, table_id, 0, "Ann")
        fill_bots(client, table_id, host)
        seats = client.get(f"/api/tables/{table_id}").json()["seats"]
        labels = ["Ann", "random bot 1", "random bot 2", "random bot 3"]
        assert [seat["label"] for seat in seats] == labels
        assert [seat["name"] for seat in seats] == ["Ann"] + ["random bot"] * 3
        (listed,) = client.get("/api/tables").json()["open"]
        assert [seat["label"] for seat in listed["seats"]] == labels
