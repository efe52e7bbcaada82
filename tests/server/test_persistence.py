"""Persistence on SQLite and PostgreSQL: the event log is the record, restarts (clean or by
SIGKILL) resume every table exactly, seats keep their tokens, the clock keeps its time."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine, select
from websockets.sync.client import ClientConnection, connect

import molehaven
from molehaven.server import migrate
from molehaven.server.db import Base, backend_urls
from molehaven.server.lobby.models import TableRow
from molehaven.server.matches.models import EventRow
from tests.server.fake_games import WhisperGame
from tests.server.helpers import fill_bots, hello, is_over, new_table, running_app, sit, start
from tests.server.live_server import LiveServer
from tests.server.test_hidden import WITH_WHISPER

pytestmark = pytest.mark.timeout(120)


def stored_events(database_url: str, table_id: str) -> list[tuple[int, int, str, str]]:
    engine = create_engine(backend_urls(database_url)[1])
    try:
        with engine.connect() as connection:
            rows = connection.execute(
                select(EventRow.number, EventRow.seat, EventRow.action, EventRow.source)
                .where(EventRow.table_id == table_id)
                .order_by(EventRow.number)
            )
            return [tuple(row) for row in rows]  # type: ignore[misc]
    finally:
        engine.dispose()


def test_migrations_are_idempotent_and_match_the_models(database_url: str) -> None:
    migrate.upgrade(database_url)
    migrate.upgrade(database_url)
    engine = create_engine(backend_urls(database_url)[1])
    try:
        with engine.connect() as connection:
            differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    finally:
        engine.dispose()
    assert differences == []


def test_the_event_log_is_the_game_record(database_url: str) -> None:
    # A game with chance, bots and people's seats: Mole Park's random games are a few hundred
    # events (Die Maulwurf Company's, the first game with chance, one to three thousand: up to
    # 29 s on PostgreSQL in a whole run).
    slug = "mole-park"
    assert molehaven.make(slug).info.has_chance
    with running_app(database_url) as client:
        table_id, host = new_table(client, slug)
        fill_bots(client, table_id, host)
        with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
            hello(watcher, None)
            start(client, table_id, host)
            while not is_over(watcher.receive_json()):
                pass
        record = client.get(f"/api/tables/{table_id}/record").json()
    events = stored_events(database_url, table_id)
    assert [number for number, *_ in events] == list(range(len(record["actions"])))
    assert [{"seat": seat, "action": action} for _, seat, action, _ in events] == record["actions"]
    sources = {source for *_, source in events}
    assert "bot" in sources
    assert "chance" in sources
    assert all((seat == -1) == (source == "chance") for _, seat, _, source in events)


def test_a_restart_resumes_every_table_exactly(database_url: str) -> None:
    with running_app(database_url) as client:
        duel, duel_host = new_table(client, "mole-hill")
        tokens = [sit(client, duel, 0, "Ann"), sit(client, duel, 1, "Bob")]
        start(client, duel, duel_host)
        waiting, _ = new_table(client, "mole-hill")
        sit(client, waiting, 1, "Cid")
        with client.websocket_connect(f"/ws/tables/{duel}") as ann:
            message = hello(ann, tokens[0])
            ann.send_json({"type": "act", "data": {"action": "place e4"}})
            message = ann.receive_json()
            assert message["version"] == 1
        before = message["data"]
    with running_app(database_url) as client:
        assert client.get(f"/api/tables/{waiting}").json()["seats"][1]["name"] == "Cid"
        assert client.get(f"/api/tables/{waiting}").json()["status"] == "open"
        with client.websocket_connect(f"/ws/tables/{duel}") as ann:
            after = hello(ann, tokens[0])
            assert after["version"] == 1
            assert after["data"]["you"] == 0
            assert after["data"]["observation"] == before["observation"]
            assert after["data"]["log"] == before["log"]
        with client.websocket_connect(f"/ws/tables/{duel}") as bob:
            resumed = hello(bob, tokens[1])
            assert resumed["data"]["you"] == 1
            bob.send_json({"type": "act", "data": {"action": resumed["data"]["legal"][0]}})
            assert bob.receive_json()["version"] == 2


def stored_deadline(database_url: str, table_id: str) -> float | None:
    engine = create_engine(backend_urls(database_url)[1])
    try:
        with engine.connect() as connection:
            query = select(TableRow.clock_deadline).where(TableRow.id == table_id)
            deadline: float | None = connection.execute(query).scalar_one()
            return deadline
    finally:
        engine.dispose()


def test_the_clock_keeps_its_deadline_across_a_restart(database_url: str) -> None:
    with running_app(database_url, registry=WITH_WHISPER) as client:
        for _ in range(20):  # until someone holds an odd number (else the game ends at once)
            table_id, host = new_table(client, "whisper", 4, round_seconds=1.0)
            for seat in range(4):
                sit(client, table_id, seat, f"P{seat}")
            start(client, table_id, host)
            if client.get(f"/api/tables/{table_id}").json()["status"] == "running":
                break
    deadline = stored_deadline(database_url, table_id)
    assert deadline is not None
    assert WhisperGame.info.has_clock
    with running_app(database_url, registry=WITH_WHISPER) as client:
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            message = hello(ws, None)
            if not is_over(message):  # (the deadline may pass while the app restarts)
                # Not restarted: the same deadline, or none if the clock has fired since the
                # hello (its time is checked below).
                assert stored_deadline(database_url, table_id) in (deadline, None)
            while not is_over(message):
                message = ws.receive_json()
        assert message["data"]["log"][-1]["text"] == "time-up"
    events = stored_events(database_url, table_id)
    assert [source for *_, source in events].count("clock") == 1
    assert stored_fired_at(database_url, table_id) >= deadline - 0.05  # not fired early


def stored_fired_at(database_url: str, table_id: str) -> float:
    engine = create_engine(backend_urls(database_url)[1])
    try:
        with engine.connect() as connection:
            query = select(EventRow.at).where(
                EventRow.table_id == table_id, EventRow.source == "clock"
            )
            fired: float = connection.execute(query).scalar_one()
            return fired
    finally:
        engine.dispose()


@pytest.fixture
def live_server(database_url: str, tmp_path: Path) -> Iterator[LiveServer]:
    server = LiveServer(database_url, tmp_path / "server.log")
    server.start()
    yield server
    server.stop()


def ws_hello(
    server: LiveServer, table_id: str, token: str, stack: ExitStack
) -> tuple[ClientConnection, dict[str, Any]]:
    url = f"ws://127.0.0.1:{server.port}/ws/tables/{table_id}"
    ws = stack.enter_context(connect(url, open_timeout=10))
    ws.send(json.dumps({"type": "hello", "data": {"token": token}}))
    return ws, json.loads(ws.recv(timeout=10))


def test_sigkill_mid_game_and_restart_resume_exactly(live_server: LiveServer) -> None:
    with httpx.Client(base_url=live_server.url, timeout=10) as api:
        created = api.post("/api/tables", json={"game": "mole-hill"}).json()
        table_id, host = created["table"]["id"], created["host_token"]
        tokens = [
            api.post(f"/api/tables/{table_id}/seats/{seat}", json={"name": name}).json()["token"]
            for seat, name in enumerate(("Ann", "Bob"))
        ]
        api.post(f"/api/tables/{table_id}/start", headers={"X-Host-Token": host})
    state = molehaven.make("mole-hill").initial_state()
    stack = ExitStack()
    sockets = [ws_hello(live_server, table_id, token, stack)[0] for token in tokens]
    for _ in range(7):
        mover = state.to_move()[0]
        action = str(state.legal_actions(mover)[-1])
        sockets[mover].send(json.dumps({"type": "act", "data": {"action": action}}))
        state.apply(mover, action)
        while json.loads(sockets[mover].recv(timeout=10)).get("version") != state.num_actions:
            pass  # the answer comes after the action is stored
    live_server.kill()
    live_server.start()
    stack.close()
    mover = state.to_move()[0]
    with ExitStack() as again:
        ws, snapshot = ws_hello(live_server, table_id, tokens[mover], again)
        assert snapshot["version"] == state.num_actions == 7
        assert snapshot["data"]["observation"] == json.loads(json.dumps(state.observation(mover)))
        assert snapshot["data"]["legal"] == [str(a) for a in state.legal_actions(mover)]
        ws.send(
            json.dumps(
                {"type": "act", "version": 7, "data": {"action": snapshot["data"]["legal"][0]}}
            )
        )
        assert json.loads(ws.recv(timeout=10))["version"] == 8
