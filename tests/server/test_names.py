"""Seat names in the move log and the result: a name several seats share says which seat;
a person's name never reads as a bot's."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

import molehaven
from molehaven.core import name_seats
from molehaven.server.lobby.schemas import SeatJoin
from molehaven.server.matches.table import BOT, EMPTY, HUMAN, LiveTable, SeatSlot
from tests.server.helpers import fill_bots, new_table, running_app, sit


def _table(*seats: SeatSlot) -> LiveTable:
    game = molehaven.make("the-mole", len(seats))
    return LiveTable("t", game, list(seats), host_token_hash="h", created_at=0.0)


def test_bots_of_one_agent_are_told_apart_by_their_seat_number_counted_from_1() -> None:
    table = _table(
        SeatSlot(HUMAN, "Ann"),
        SeatSlot(BOT, "hard bot", "hard"),
        SeatSlot(BOT, "hard bot", "hard"),
        SeatSlot(BOT, "random bot", "random"),
    )
    names = table.names()
    # People count seats from 1, as the Seats list does: the third seat's bot is "hard bot 3".
    assert names == ["Ann", "hard bot 2", "hard bot 3", "random bot"]
    assert name_seats("{s1} asked {s2}", names) == "hard bot 2 asked hard bot 3"


def test_people_with_the_same_name_and_empty_seats_too() -> None:
    table = _table(SeatSlot(HUMAN, "Bo"), SeatSlot(HUMAN, "Bo"), SeatSlot(EMPTY))
    assert table.names() == ["Bo 1", "Bo 2", "seat 3"]


def test_the_table_and_the_lobby_give_pages_each_seats_label(sqlite_url: str) -> None:
    # The page names a seat by its label everywhere (seats list, board, log, scores), so
    # three "random bot"s read alike in each place.
    with running_app(sqlite_url) as client:
        table_id, host = new_table(client, "the-mole", 4)
        sit(client, table_id, 0, "Ann")
        fill_bots(client, table_id, host)
        seats = client.get(f"/api/tables/{table_id}").json()["seats"]
        labels = ["Ann", "random bot 2", "random bot 3", "random bot 4"]
        assert [seat["label"] for seat in seats] == labels
        assert [seat["name"] for seat in seats] == ["Ann"] + ["random bot"] * 3
        (listed,) = client.get("/api/tables").json()["open"]
        assert [seat["label"] for seat in listed["seats"]] == labels


@pytest.mark.parametrize(
    "name",
    [
        "hard bot",  # a bot's own name
        "Random Bot 2",  # as a page labels the second of two
        "Ann (bot)",  # as the page marks a bot whose name does not say it
        "bot",
        "hard_bot",
        "bot1",
        "\uff42\uff4f\uff54",  # full-width letters
        "\U0001d41b\U0001d428\U0001d42d",  # mathematical bold letters
        "b\u200dot",  # a joiner between letters draws nothing
        "B\u0336o\u0336t\u0336",  # struck through, still read
        "b\u043et",  # a Cyrillic o among Latin letters
        "Ann (b\u03bf\u03c4)",  # Greek omicron and tau
        "\u0299\u1d0f\u1d1b",  # small capitals
        "\u0432\u043e\u0442",  # Cyrillic letters drawn as small capitals
    ],
)
def test_a_person_may_not_take_a_name_that_reads_as_a_bots(name: str) -> None:
    with pytest.raises(ValidationError, match='may not hold the word "bot"'):
        SeatJoin(name=name)


def test_the_server_refuses_a_bots_name_for_a_seat_and_keeps_names_that_only_hold_the_letters(
    sqlite_url: str,
) -> None:
    with running_app(sqlite_url) as client:
        table_id, _ = new_table(client, "mole-hill")
        refused = client.post(f"/api/tables/{table_id}/seats/0", json={"name": "Easy Bot"})
        assert refused.status_code == 422
        assert refused.json()["code"] == "invalid"
        assert 'may not hold the word "bot"' in refused.json()["detail"]
        created = client.post(
            "/api/tables", json={"game": "mole-hill", "sit": {"name": "hard bot 1"}}
        )
        assert created.status_code == 422
        assert sit(client, table_id, 0, "Robot")
    for name in ["Talbot", "Abbott", "Botond", "Bo T", "Nguy\u1ec5n", "Олег", "Талбот", "Ελένη"]:
        assert SeatJoin(name=name).name == name
