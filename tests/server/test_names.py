"""Seat names in the move log and the result: a name several seats share says which seat."""

from __future__ import annotations

import molehaven
from molehaven.core import name_seats
from molehaven.server.matches.table import BOT, EMPTY, HUMAN, LiveTable, SeatSlot


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
