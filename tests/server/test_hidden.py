"""Hidden information: each client gets exactly its seat's observation and its own legal
actions, spectators the public view, bots their ``SeatView``; who may act stays secret where
the engine keeps it secret (TM-25); the clock fires ``time-up`` on the server."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

import molehaven
from molehaven.agents import RandomAgent, SeatView
from molehaven.core import Action, State, address_seat, name_seats
from molehaven.core.registry import Registry
from molehaven.games import REGISTRY
from tests.server.fake_games import WhisperGame
from tests.server.helpers import (
    Message,
    fill_bots,
    hello,
    is_over,
    new_table,
    running_app,
    sit,
    start,
)

HIDDEN_GAMES = [s for s in molehaven.list_games() if not REGISTRY.info(s).perfect_information]
WITH_WHISPER = Registry([*(REGISTRY.game_class(s) for s in molehaven.list_games()), WhisperGame])


def states_by_version(client: TestClient, table_id: str) -> list[State]:
    """The true state after each number of events, from the finished game's record."""
    record = client.get(f"/api/tables/{table_id}/record").json()
    game = WITH_WHISPER.make(record["game"], record["players"], **record["options"])
    state = game.initial_state()
    states = [state.clone()]
    for entry in record["actions"]:
        state.apply(entry["seat"], entry["action"])
        states.append(state.clone())
    return states


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def play_as_seat_zero(
    ws: WebSocketTestSession, watcher: WebSocketTestSession, first: Message
) -> tuple[list[Message], list[Message]]:
    """Seat 0 plays its first legal action whenever it has one, until the game is over."""
    seen = [first]
    message = first
    while not is_over(message):
        if message["type"] != "error" and message["data"]["legal"]:
            ws.send_json(
                {
                    "type": "act",
                    "version": message["version"],
                    "data": {"action": message["data"]["legal"][0]},
                }
            )
        message = ws.receive_json()
        if message["type"] != "error":
            seen.append(message)
        else:
            assert message["data"]["code"] == "stale", message  # a bot was faster: try again
    watched = []
    while not watched or not is_over(watched[-1]):
        watched.append(watcher.receive_json())
    return seen, watched


def check_views(states: list[State], seen: list[Message], seat: int | None) -> None:
    history = states[-1].history()
    for message in seen:
        state = states[message["version"]]
        data = message["data"]
        assert canonical(data["observation"]) == canonical(state.observation(seat))
        expected = [str(a) for a in state.legal_actions(seat)] if seat is not None else []
        if data["table"]["status"] == "running":
            assert data["legal"] == expected
        visible_to_all = data["table"]["status"] == "over"
        seats = data["table"]["seats"]
        plain = [slot["name"] or f"seat {n + 1}" for n, slot in enumerate(seats)]
        # a name several seats share reads with the seat's number from 1 ("random bot 3")
        names = [
            f"{name} {n + 1}" if plain.count(name) > 1 else name for n, name in enumerate(plain)
        ]
        for entry in data["log"]:
            if not visible_to_all and entry["seat"] != seat and entry["seat"] != -2:
                assert entry["text"] is None, entry  # others' actions and chance stay hidden
                # the words are exactly the engine's for this viewer, nothing more (its own
                # seat read as "you")
                before = states[entry["n"]]
                action = history[entry["n"]][1]
                words = before.describe_action(entry["seat"], action, seat)
                assert entry["describe"] == name_seats(address_seat(words, seat), names), entry


# Random games of Die Maulwurf Company run to thousands of actions, and where seat 0 always
# plays its first legal action a Mole Majority game ran to hundreds of turns now and then
# (0.5-19 s alone, 46 s in a whole run): a turn limit keeps each to a second or two.
SHORTER = {"mole-majority": {"turn_limit": 40}, "maulwurf-company": {"max_turns": 150}}


@pytest.mark.parametrize("slug", [*HIDDEN_GAMES, "whisper"])
def test_each_client_sees_exactly_its_seats_observation(sqlite_url: str, slug: str) -> None:
    with running_app(sqlite_url, registry=WITH_WHISPER, rate_burst=100_000) as client:
        table_id, host = new_table(client, slug, **SHORTER.get(slug, {}))
        token = sit(client, table_id, 0, "Ann")
        fill_bots(client, table_id, host)
        with (
            client.websocket_connect(f"/ws/tables/{table_id}") as ann,
            client.websocket_connect(f"/ws/tables/{table_id}") as watcher,
        ):
            first = hello(ann, token)
            hello(watcher, None)
            start(client, table_id, host)
            seen, watched = play_as_seat_zero(ann, watcher, first)
        states = states_by_version(client, table_id)
        check_views(states, seen[1:], 0)
        check_views(states, watched, None)
        final = seen[-1]["data"]
        assert len(final["log"]) == len(states) - 1
        assert all(entry["text"] is not None for entry in final["log"])  # over: all is public


def test_secret_turns_are_never_sent(sqlite_url: str) -> None:
    """TM-25: where the engine keeps ``to_move()`` out of the observation, so does the server."""
    with running_app(sqlite_url, registry=WITH_WHISPER) as client:
        for _ in range(30):  # until someone holds an odd number (else it ends at once)
            table_id, host = new_table(client, "whisper", 3)
            tokens = [sit(client, table_id, seat, f"P{seat}") for seat in range(3)]
            start(client, table_id, host)
            if client.get(f"/api/tables/{table_id}").json()["status"] == "running":
                break
        for seat, token in enumerate(tokens):
            with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
                data = hello(ws, token)["data"]
                assert data["waiting"]["seats"] is None
                assert data["waiting"]["you"] == bool(data["legal"])
                assert "to_move" not in canonical(data)
                assert data["observation"]["secret"] in (0, 1, 2)
                assert data["legal"] in ([], [f"say {data['observation']['secret']}", "skip"])
                assert data["you"] == seat


def test_the_server_clock_applies_time_up(sqlite_url: str) -> None:
    with running_app(sqlite_url, registry=WITH_WHISPER) as client:
        # Two seconds: a loaded machine used up a 0.3 s round before the first update was
        # built (remaining 0.0 in a whole run, 2026-11-28).
        table_id, host = new_table(client, "whisper", 4, round_seconds=2.0)
        tokens = [sit(client, table_id, seat, f"P{seat}") for seat in range(4)]
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            hello(ws, tokens[0])
            start(client, table_id, host)
            message = ws.receive_json()
            if not is_over(message):  # someone holds an odd number: only the clock ends it
                assert 0 < message["data"]["clock"]["remaining"] <= 2.0
                assert message["data"]["clock"]["seconds"] == 2.0
                message = ws.receive_json()
                assert is_over(message)
                assert message["data"]["log"][-1] == {
                    "n": 4,
                    "seat": -2,
                    "text": "time-up",
                    "describe": "clock: time-up",
                }


class SpyAgent:
    """Writes down every view it is given (bots think in worker processes, so to a file),
    then plays like the random agent."""

    name = "spy"

    def __init__(self, seed: int | None = None, *, spy_file: str = "") -> None:
        self._random = RandomAgent(seed)
        self.spy_file = spy_file

    def act(self, view: SeatView) -> Action:
        seen = {
            "is_seat_view": isinstance(view, SeatView),
            "seat": view.seat,
            "observation": view.observation,
            "legal": [str(a) for a in view.legal_actions],
        }
        with open(self.spy_file, "a", encoding="utf-8") as spy:
            spy.write(json.dumps(seen) + "\n")
        return self._random.act(view)


def test_bots_get_only_their_seat_view_and_finish_alone(sqlite_url: str, tmp_path: Path) -> None:
    slug = HIDDEN_GAMES[0] if HIDDEN_GAMES else "whisper"
    spy_file = tmp_path / "views.jsonl"
    agents = {"random": RandomAgent, "spy": partial(SpyAgent, spy_file=str(spy_file))}
    with running_app(sqlite_url, registry=WITH_WHISPER, agents=agents) as client:
        table_id, host = new_table(client, slug, **SHORTER.get(slug, {}))
        fill_bots(client, table_id, host, agent="spy")
        with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
            hello(watcher, None)
            start(client, table_id, host)
            while not is_over(watcher.receive_json()):
                pass
        states = states_by_version(client, table_id)
    views = [json.loads(line) for line in spy_file.read_text().splitlines()]
    assert views
    possible = {
        (
            seat,
            canonical(state.observation(seat)),
            canonical([str(a) for a in state.legal_actions(seat)]),
        )
        for state in states
        for seat in state.to_move()
    }
    for view in views:
        assert view["is_seat_view"]
        key = (view["seat"], canonical(view["observation"]), canonical(view["legal"]))
        assert key in possible
