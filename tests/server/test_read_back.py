"""Finished games read back from the database are paced per client (found in a security
review: only the last ``FINISHED_CACHED`` stay in memory, and a client cycling through old
games' ids made the server replay whole logs for free), and read once when asked twice."""

from __future__ import annotations

import asyncio

import pytest
from starlette.websockets import WebSocketDisconnect

from molehaven.server.matches import authority as authority_module
from molehaven.server.matches.authority import Authority
from tests.server.helpers import finished_table, running_app


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
