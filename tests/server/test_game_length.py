"""A table's game ends, abandoned, at the server's ``max_game_length``: options near their
maxima allowed games of about 230,000 actions (Mole Majority), some 16 MB of memory per 10,000
actions, held for as long as the game ran (a security review)."""

from __future__ import annotations

import time

import pytest

import molehaven
from molehaven.server.settings import Settings
from tests.server.helpers import fill_bots, new_table, running_app, start


def test_a_game_that_reaches_the_length_cap_ends_abandoned_with_its_record(
    sqlite_url: str,
) -> None:
    with running_app(sqlite_url, max_game_length=10) as client:
        table_id, host = new_table(client, "mole-hill")
        fill_bots(client, table_id, host)
        start(client, table_id, host)
        deadline = time.monotonic() + 30
        while (table := client.get(f"/api/tables/{table_id}").json())["status"] == "running":
            assert time.monotonic() < deadline, "the bots did not reach the cap"
            time.sleep(0.05)
        assert table["status"] == "abandoned"
        assert table["result"]["winners"] == []
        assert "reached 10 actions" in table["result"]["summary"]
        record = client.get(f"/api/tables/{table_id}/record").json()
        assert len(record["actions"]) == 10
        # The game stays as it was: replayed from its record, it is not over.
        assert not molehaven.replay(record).is_terminal()


@pytest.mark.parametrize("slug", molehaven.list_games())
def test_every_game_with_its_default_options_ends_before_the_cap(slug: str) -> None:
    """The cap ends only games whose options were raised: with the defaults every game's
    longest is shorter (Die Maulwurf Company's MC-25 at 25,029 actions)."""
    most = molehaven.make(slug).info.max_players
    assert molehaven.make(slug, most).max_length() < Settings(database_url="").max_game_length


def test_a_table_whose_options_allow_a_longer_game_says_the_cap(sqlite_url: str) -> None:
    """Options are not refused for allowing a longer game (The Mole's clock-bounded rounds,
    TM-20, have no bound at all), but the table says the cap, before and after a restart."""
    with running_app(sqlite_url) as client:
        usual, _ = new_table(client, "mole-majority")
        long, _ = new_table(client, "mole-majority", turn_limit=10_000)
        unbounded, _ = new_table(client, "the-mole", question_limit=0)
        for table_id, cap in ((usual, None), (long, 30_000), (unbounded, 30_000)):
            assert client.get(f"/api/tables/{table_id}").json()["length_cap"] == cap
    assert molehaven.make("mole-majority").max_length() > 9_000
    with running_app(sqlite_url, max_game_length=9_000) as client:  # loaded from the database
        assert client.get(f"/api/tables/{usual}").json()["length_cap"] == 9_000
        assert client.get(f"/api/tables/{long}").json()["length_cap"] == 9_000
