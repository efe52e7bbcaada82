"""Finished games read back from the database are paced per client (found in a security
review: only the last ``FINISHED_CACHED`` stay in memory, and a client cycling through old
games' ids made the server replay whole logs for free), and read once when asked twice; a
game in memory keeps its replay book."""

from __future__ import annotations

import asyncio
import random

import pytest
from starlette.websockets import WebSocketDisconnect

import molehaven
from molehaven.core import State
from molehaven.core.play import random_playout
from molehaven.server.matches import authority as authority_module
from molehaven.server.matches import replay as replay_module
from molehaven.server.matches.authority import Authority
from molehaven.server.matches.replay import ReplayBook, ReplayLibrary
from molehaven.server.matches.table import BOT, LiveTable, SeatSlot
from tests.server.helpers import finished_table, run_apart, running_app


def forget_finished(authority: Authority, monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on every look at a finished game reads it back."""
    monkeypatch.setattr(authority_module, "FINISHED_CACHED", 0)
    authority._finished.clear()


def test_a_client_reading_old_games_back_is_refused_past_its_rate(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running_app(sqlite_url, replay_rate_burst=3, replay_rate_per_second=0.001) as client:
        table_id, _ = finished_table(client)
        forget_finished(client.app.state.authority, monkeypatch)  # type: ignore[attr-defined]
        answers = [client.get(f"/api/tables/{table_id}") for _ in range(4)]
        assert [answer.status_code for answer in answers] == [200, 200, 200, 429]
        assert answers[-1].json()["code"] == "rate-limited"
        assert answers[-1].headers["retry-after"]
        page = client.get(f"/tables/{table_id}")
        assert page.status_code == 429
        assert "Wait a few seconds, then reload the page." in page.text
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            client.websocket_connect(f"/ws/tables/{table_id}") as socket,
        ):
            socket.receive_json()
        assert closed.value.code == 4430


def test_a_finished_game_asked_for_twice_at_once_is_read_once(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with running_app(sqlite_url) as client:
        table_id, _ = finished_table(client)
        authority: Authority = client.app.state.authority  # type: ignore[attr-defined]
        forget_finished(authority, monkeypatch)
        monkeypatch.setattr(authority_module, "FINISHED_CACHED", 128)
        built = []
        build = authority._build

        def counted_build(*args: object) -> object:
            built.append(args)
            return build(*args)  # type: ignore[arg-type]

        monkeypatch.setattr(authority, "_build", counted_build)

        async def twice() -> list[object]:
            return list(await asyncio.gather(authority.get(table_id), authority.get(table_id)))

        first, second = client.portal.call(twice)  # type: ignore[union-attr]
        assert first is not None
        assert first is second
        assert len(built) == 1


def test_stepping_through_more_finished_games_than_books_were_kept_builds_each_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Found in a security review: only the 32 books used last were kept, so a client
    # stepping through the replays of 33 long games made the server replay a whole log for
    # every request. A book now stays with its table.
    game = molehaven.make("mole-hill")
    tables = []
    for number in range(40):
        seats = [SeatSlot(BOT, "random bot", "random") for _ in range(game.players)]
        table = LiveTable(f"t{number}", game, seats, host_token_hash="", created_at=0.0)
        random_playout(game, random.Random(number), state=table.state)
        tables.append(table)
    built: list[LiveTable] = []

    class CountedBook(ReplayBook):
        def __init__(self, table: LiveTable, every: int) -> None:
            built.append(table)
            super().__init__(table, every)

    monkeypatch.setattr(replay_module, "ReplayBook", CountedBook)
    library = ReplayLibrary(every=4)

    async def step_through() -> list[State]:
        return [
            await library.state_at(table, table.version // 2) for _ in range(3) for table in tables
        ]

    states = run_apart(step_through())
    assert [table.id for table in built] == [table.id for table in tables]
    for table, state in zip(tables * 3, states, strict=True):
        halfway = game.initial_state()
        for seat, action in table.state.history()[: table.version // 2]:
            halfway.apply(seat, action)
        assert state.observation(None) == halfway.observation(None)


def test_reading_a_long_game_back_costs_its_length(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A token a read, whatever the game's length, let a client cycling through 129 games of
    1,100 actions (0.2 s each to read back) keep most of a core busy. A read costs one token
    and one for each ``READ_BACK_ACTIONS`` actions: a game that costs more than the whole
    burst is still read from a full bucket, which it leaves in debt."""
    with running_app(sqlite_url, replay_rate_burst=3, replay_rate_per_second=0.001) as client:
        table_id, _ = finished_table(client)
        actions = client.get(f"/api/tables/{table_id}").json()["version"]  # in memory: free
        assert actions >= 6
        monkeypatch.setattr(authority_module, "READ_BACK_ACTIONS", 2, raising=False)
        forget_finished(client.app.state.authority, monkeypatch)  # type: ignore[attr-defined]
        answers = [client.get(f"/api/tables/{table_id}") for _ in range(3)]
        assert [answer.status_code for answer in answers] == [200, 429, 429]
        assert answers[1].json()["code"] == "rate-limited"
        assert client.get("/api/tables/nosuchtable").status_code == 429  # in debt for a while
