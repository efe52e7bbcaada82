"""Live play over WebSockets: the server is the only authority, every refusal is an error to
that client alone, and nothing a client sends acts for another seat."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

import molehaven
from molehaven.core import Action, State, address_seat, name_seats
from molehaven.server.matches.table import SeatSlot
from tests.server.helpers import (
    Message,
    hello,
    is_over,
    new_table,
    nothing_pending,
    receive_until,
    running_app,
    sit,
    start,
)


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    with running_app(sqlite_url, rate_burst=1000, rate_per_second=1000.0) as client:
        yield client


def two_players(client: TestClient, **options: object) -> tuple[str, list[str]]:
    table_id, host = new_table(client, "mole-hill", **options)
    tokens = [sit(client, table_id, 0, "Ann"), sit(client, table_id, 1, "Bob")]
    start(client, table_id, host)
    return table_id, tokens


def bob_connected(message: Message) -> bool:
    return bool(message["data"]["table"]["seats"][1]["connected"])


def error_of(message: Message) -> tuple[str, str]:
    assert message["type"] == "error", message
    return message["data"]["code"], message["data"]["message"]


def test_two_people_play_a_whole_match_and_see_the_same_game(client: TestClient) -> None:
    table_id, tokens = two_players(client)
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as ann,
        client.websocket_connect(f"/ws/tables/{table_id}") as bob,
    ):
        sockets = [ann, bob]
        latest = [hello(ann, tokens[0]), hello(bob, tokens[1])]
        receive_until(ann, bob_connected)
        assert latest[0]["data"]["you"] == 0 and latest[1]["data"]["you"] == 1
        state = molehaven.make("mole-hill").initial_state()
        while not state.is_terminal():
            mover = state.to_move()[0]
            assert latest[mover]["data"]["legal"] == [str(a) for a in state.legal_actions(mover)]
            assert latest[1 - mover]["data"]["legal"] == []
            action = latest[mover]["data"]["legal"][-1]
            sockets[mover].send_json(
                {"type": "act", "version": latest[mover]["version"], "data": {"action": action}}
            )
            words = state.describe_action(mover, action_of(state, action), None)
            state.apply(mover, action)
            latest = [ws.receive_json() for ws in sockets]
            for seat, message in enumerate(latest):
                assert message["version"] == state.num_actions
                assert message["data"]["observation"] == state.observation(None)
                assert message["data"]["log"][-1] == {
                    "n": state.num_actions - 1,
                    "seat": mover,
                    "text": action,
                    # the engine's words, Mole Hill hiding nothing; the mover reads "You …"
                    "describe": name_seats(address_seat(words, seat), NAMES),
                }
                assert message["data"]["log"][-1]["describe"].startswith(
                    "You " if seat == mover else NAMES[mover]
                )
        for message in latest:
            assert is_over(message)
            result = message["data"]["result"]
            assert result["returns"] == state.returns()
            assert result["scores"] == state.scores()
            assert "Final scores: Ann" in result["summary"]
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert record == json.loads(json.dumps(state.record()))


NAMES = ["Ann", "Bob"]


def action_of(state: State, text: str) -> Action:
    return state.game.parse_action(text)


def test_bad_messages_get_an_error_to_that_client_only(client: TestClient) -> None:
    table_id, tokens = two_players(client)
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as ann,
        client.websocket_connect(f"/ws/tables/{table_id}") as bob,
    ):
        hello(ann, tokens[0])
        hello(bob, tokens[1])
        receive_until(ann, bob_connected)
        bad_messages: list[tuple[str, str]] = [
            ("{not json", "malformed"),
            ("[1, 2]", "malformed"),
            (json.dumps({"type": "shout"}), "malformed"),
            (json.dumps({"type": "act", "data": {}}), "malformed"),
            (json.dumps({"type": "act", "data": {"action": "fly e4"}}), "notation"),
            (json.dumps({"type": "act", "data": {"action": "move e4"}}), "illegal"),
            (json.dumps({"type": "act", "version": 7, "data": {"action": "place e4"}}), "stale"),
            (json.dumps({"type": "hello", "data": {"token": tokens[1]}}), "greeted"),
        ]
        for text, code in bad_messages:
            ann.send_text(text)
            assert error_of(ann.receive_json())[0] == code, text
        nothing_pending(bob)  # Bob heard nothing of it
        ann.send_json({"type": "act", "version": 0, "data": {"action": "place e4"}})
        assert ann.receive_json()["version"] == 1  # the connection and the game carry on
        assert bob.receive_json()["data"]["observation"]["stack"] == "e4"


def test_no_client_can_act_for_another_seat(client: TestClient) -> None:
    table_id, tokens = two_players(client)
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as ann,
        client.websocket_connect(f"/ws/tables/{table_id}") as watcher,
        client.websocket_connect(f"/ws/tables/{table_id}") as stranger,
    ):
        hello(ann, tokens[0])
        hello(watcher, None)
        stranger.send_json({"type": "hello", "data": {"token": "made-up-token"}})
        assert error_of(stranger.receive_json())[0] == "unknown-token"
        assert stranger.receive_json()["data"]["you"] is None
        ann.send_json({"type": "act", "data": {"action": "place e4"}})
        for ws in (ann, watcher, stranger):
            receive_until(ws, lambda m: m.get("version") == 1)
        # Now it is Bob's (seat 1) turn. Ann tries his move, with and without naming his seat.
        ann.send_json({"type": "act", "data": {"action": "rod e4 e5"}})
        code, message = error_of(ann.receive_json())
        assert code == "illegal"
        assert message.endswith("no action is legal for seat 0")  # Bob's options go unnamed
        ann.send_json({"type": "act", "seat": 1, "data": {"action": "rod e4 e5"}})
        assert error_of(ann.receive_json())[0] == "malformed"
        for ws in (watcher, stranger):
            ws.send_json({"type": "act", "data": {"action": "rod e4 e5"}})
            assert error_of(ws.receive_json())[0] == "spectator"
            nothing_pending(ws)
        nothing_pending(ann)
    assert client.get(f"/api/tables/{table_id}").json()["version"] == 1


def test_a_client_must_say_hello_before_acting(client: TestClient) -> None:
    table_id, _tokens = two_players(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        ws.send_json({"type": "act", "data": {"action": "place e4"}})
        assert error_of(ws.receive_json())[0] == "hello-first"


def test_unknown_tables_close_the_socket(client: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect("/ws/tables/nothing") as ws,
    ):
        ws.receive_json()
    assert closed.value.code == 4404


def test_oversized_messages_are_refused_and_the_connection_carries_on(sqlite_url: str) -> None:
    with running_app(sqlite_url, max_message_bytes=512) as client:
        table_id, tokens = two_players(client)
        with client.websocket_connect(f"/ws/tables/{table_id}") as ann:
            hello(ann, tokens[0])
            ann.send_json({"type": "act", "data": {"action": "place e4" + " " * 600}})
            code, message = error_of(ann.receive_json())
            assert code == "too-large" and "512" in message
            ann.send_json({"type": "act", "data": {"action": "place e4"}})
            assert ann.receive_json()["version"] == 1


def flood(ws: WebSocketTestSession, count: int) -> list[str]:
    for _ in range(count):
        ws.send_json({"type": "act", "data": {"action": "move e4"}})
    return [ws.receive_json()["data"]["code"] for _ in range(count)]


def test_floods_are_refused_by_the_rate_limit(sqlite_url: str) -> None:
    with running_app(sqlite_url, rate_burst=5, rate_per_second=0.001, rate_strikes=20) as client:
        table_id, tokens = two_players(client)
        with client.websocket_connect(f"/ws/tables/{table_id}") as ann:
            hello(ann, tokens[0])  # the hello used one of the 5
            codes = flood(ann, 10)
            assert codes == ["illegal"] * 4 + ["rate-limited"] * 6
            assert client.get(f"/api/tables/{table_id}").json()["version"] == 0
            from starlette.websockets import WebSocketDisconnect

            with pytest.raises(WebSocketDisconnect) as closed:
                flood(ann, 20)  # past the strikes, the server hangs up
            assert closed.value.code == 1008


def test_a_spectators_refused_messages_cost_it_no_snapshot(client: TestClient) -> None:
    """A spectator's act or chat line is refused, and that is all: it used to be sent a whole
    snapshot (the chat's last 100 lines with it) after each one while the table's version was
    0 (an open table, a Mole Hill game before its first move), 8 a second per socket, and a
    client that did not read them piled them up in the server's memory (a security review)."""
    table_id, _host = new_table(client, "mole-hill")
    sit(client, table_id, 0, "Ann")
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        assert hello(watcher, None)["version"] == 0
        for message in (
            {"type": "act", "data": {"action": "place e4"}},
            {"type": "say", "data": {"text": "hi"}},
            {"type": "act", "data": {"action": "place e4"}},
        ):
            watcher.send_json(message)
            assert error_of(watcher.receive_json())[0] == "spectator"
            nothing_pending(watcher)


def test_a_connection_demoted_when_it_acts_gets_a_spectators_snapshot(client: TestClient) -> None:
    """A seat lost without this process publishing it yet (another process's notice on its
    way): the connection's next act demotes it, and it is sent a spectator's view then."""
    table_id, tokens = two_players(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as bob:
        assert hello(bob, tokens[1])["data"]["you"] == 1
        table = client.app.state.authority.live[table_id]  # type: ignore[attr-defined]
        table.seats[1] = SeatSlot()  # quietly, as a replica that missed a notice would be
        bob.send_json({"type": "act", "data": {"action": "place e4"}})
        assert error_of(bob.receive_json())[0] == "seat-revoked"
        assert error_of(bob.receive_json())[0] == "spectator"
        demoted = bob.receive_json()
        assert demoted["type"] == "snapshot" and demoted["data"]["you"] is None
        nothing_pending(bob)
