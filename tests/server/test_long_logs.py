"""A long move log is built once per viewer, not at every socket's hello: each hello built
the whole log (0.2-0.45 s for a 25,000-action game, on the event loop), and one address may
open two sockets a second. Checked on a short finished game, with the length from which logs
are kept lowered to fit it."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from molehaven.core import CHANCE, name_seats
from molehaven.core.play import sample_outcome
from molehaven.games import REGISTRY
from molehaven.server.hub import envelope
from molehaven.server.lobby.models import OVER, RUNNING
from molehaven.server.matches import views
from molehaven.server.matches.story import describe, result_of
from molehaven.server.matches.table import HUMAN, LiveTable, SeatSlot
from tests.server.helpers import finished_table, hello, receive_until, running_app, sit, start


def test_a_long_log_is_built_once_for_each_viewer_and_reads_as_built_each_time(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(views, "LOG_KEPT_FROM", 5, raising=False)
    built: list[str] = []

    def counted(description: str, names: Any) -> str:
        built.append(description)
        return name_seats(description, names)

    monkeypatch.setattr(views, "name_seats", counted)
    with running_app(sqlite_url) as client:
        table_id, ann = finished_table(client)
        table = client.app.state.authority.in_memory(table_id)
        history = table.state.history()
        assert len(history) >= 5
        whole = {
            None: views.log_entries(table, None, history),
            0: views.log_entries(table, 0, history),
        }
        for token, seat in ((None, None), (ann, 0)):  # a spectator, then Ann
            sent = []
            for hellos in range(3):
                built.clear()
                with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
                    sent.append(hello(ws, token)["data"])
                if hellos:
                    assert built == [], f"hello {hellos + 1} built the log again"
            for view in sent:
                assert view["you"] == seat and view["table"]["status"] == "over"
                assert view["log"] == whole[seat] and view["log_from"] == 0


def test_a_kept_log_grows_with_the_game_and_reads_anew_once_it_is_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every view, sent as kept text or built whole, is the same message: while the game runs
    (each viewer reading its own words, the kept entries extended as the log grows) and once
    it is over (every action public: the texts kept while it ran are let go)."""
    monkeypatch.setattr(views, "LOG_KEPT_FROM", 3, raising=False)
    game = REGISTRY.make("mole-park", 3)
    seats = [SeatSlot(HUMAN, name, None, "hash") for name in ("Ann", "Bob", "Cy")]
    table = LiveTable(id="t", game=game, seats=seats, host_token_hash="h", created_at=0.0)
    table.status = RUNNING
    rng = random.Random(7)
    viewers: list[int | None] = [None, 0, 1, 2]

    def same_views() -> None:
        history = table.state.history()
        for viewer in viewers:
            sent = views.viewer_message("snapshot", table, viewer, history=history)
            built = envelope(
                "snapshot", table.version, views.viewer_payload(table, viewer, history=history)
            )
            assert json.loads(sent) == json.loads(built), (viewer, table.version)

    while not table.state.is_terminal():
        state = table.state
        if state.is_chance():
            seat, action = CHANCE, sample_outcome(state.chance_outcomes(), rng)
        else:
            seat = rng.choice(state.to_move())
            action = rng.choice(state.legal_actions(seat))
        table.entries.append(describe(state, seat, action))
        state.apply(seat, action)
        if table.version % 17 == 0:
            same_views()
    assert table.log_texts, "the log was never kept"
    table.status = OVER
    table.final = result_of(table.state, table.names())
    same_views()
    assert {key[1] for key in table.log_texts} == {True}  # the running words let go


def test_a_record_is_built_once_for_each_version_however_often_it_is_downloaded(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Reads are not rate limited, and every download built the record anew (tens of
    milliseconds for a long game). It is built once for each version of the game: once for a
    finished one, and again after each move of a running perfect-information one."""
    with running_app(sqlite_url) as client:
        table_id, _ = finished_table(client)
        table = client.app.state.authority.in_memory(table_id)
        expected = table.state.record()
        built: list[int] = []
        record = type(table.state).record

        def counted(state: Any) -> Any:
            built.append(state.num_actions)
            return record(state)

        monkeypatch.setattr(type(table.state), "record", counted)
        answers = [client.get(f"/api/tables/{table_id}/record") for _ in range(3)]
        assert [answer.json() for answer in answers] == [expected] * 3
        assert answers[0].headers["content-disposition"] == (
            f'attachment; filename="mole-hill-{table_id}.json"'
        )
        assert len(built) == 1

        created = client.post("/api/tables", json={"game": "mole-hill", "sit": {"name": "Ann"}})
        running, host = created.json()["table"]["id"], created.json()["host_token"]
        ann = created.json()["seat"]["token"]
        sit(client, running, 1, "Bob")
        start(client, running, host)
        before = client.get(f"/api/tables/{running}/record").json()["actions"]
        with client.websocket_connect(f"/ws/tables/{running}") as ws:
            view = hello(ws, ann)["data"]
            ws.send_json({"type": "act", "data": {"action": view["legal"][0]}})
            receive_until(ws, lambda message: message["version"] == view["table"]["version"] + 1)
        after = client.get(f"/api/tables/{running}/record").json()["actions"]
        assert after[: len(before)] == before and len(after) == len(before) + 1
        assert after[-1] == {"seat": 0, "action": view["legal"][0]}
