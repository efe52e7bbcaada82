"""The table chat: seated people talk, everyone watching reads, nothing said is lost."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

import molehaven
from molehaven.server.matches import chat as chat_module
from molehaven.server.matches.chat import CHAT_BURST, CHAT_KEPT, keep
from molehaven.server.matches.table import ChatLine, LiveTable
from tests.server.helpers import (
    Message,
    finished_table,
    hello,
    new_table,
    receive_until,
    running_app,
    sit,
    start,
)


def say(ws: object, text: str, ref: str = "r") -> None:
    ws.send_json({"type": "say", "data": {"text": text}, "ref": ref})  # type: ignore[attr-defined]


def is_chat(message: Message) -> bool:
    return bool(message["type"] == "chat")


def is_error(message: Message) -> bool:
    return bool(message["type"] == "error")


def seated_table(client: TestClient) -> tuple[str, str, str]:
    """A running Mole Hill table: Ann at seat 0, Bob at seat 1."""
    table_id, host = new_table(client, "mole-hill")
    ann, bob = sit(client, table_id, 0, "Ann"), sit(client, table_id, 1, "Bob")
    start(client, table_id, host)
    return table_id, ann, bob


def test_a_seated_person_talks_and_everyone_watching_reads(database_url: str) -> None:
    with running_app(database_url) as client:
        table_id, ann, bob = seated_table(client)
        url = f"/ws/tables/{table_id}"
        with (
            client.websocket_connect(url) as ann_ws,
            client.websocket_connect(url) as bob_ws,
            client.websocket_connect(url) as watcher,
        ):
            hello(ann_ws, ann)
            hello(bob_ws, bob)
            assert hello(watcher, None)["data"]["chat"] == []
            say(ann_ws, "  good   luck,\tBob!  ")
            for ws in (ann_ws, bob_ws, watcher):
                line = receive_until(ws, is_chat)["data"]
                # One line, spaces made plain; said under the seat's own name.
                assert (line["number"], line["seat"], line["name"], line["text"]) == (
                    0,
                    0,
                    "Ann",
                    "good luck, Bob!",
                )
            say(bob_ws, "thanks")
            assert receive_until(watcher, is_chat)["data"]["number"] == 1
            # A spectator has no name to speak under: they read only.
            say(watcher, "hello from the rail", ref="w")
            refused = receive_until(watcher, is_error)["data"]
            assert (refused["code"], refused["ref"]) == ("spectator", "w")

    # Stored before anyone heard it: a restarted server still has it.
    with (
        running_app(database_url) as client,
        client.websocket_connect(f"/ws/tables/{table_id}") as late,
    ):
        chat = hello(late, None)["data"]["chat"]
        assert [(c["name"], c["text"]) for c in chat] == [
            ("Ann", "good luck, Bob!"),
            ("Bob", "thanks"),
        ]


def test_lines_that_show_nothing_or_run_long_are_refused(sqlite_url: str) -> None:
    with running_app(sqlite_url) as client:
        table_id, ann, _ = seated_table(client)
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            hello(ws, ann)
            for text in ("   ", "\u3164\u3164", "a\u202eb", "x" * 301):
                say(ws, text)
                refused = receive_until(ws, is_error)["data"]
                assert refused["code"] == "bad-chat", (text, refused)
            say(ws, "x" * 300)
            assert len(receive_until(ws, is_chat)["data"]["text"]) == 300


def test_players_keep_talking_after_the_end(sqlite_url: str) -> None:
    """'Good game' comes after the last move: a finished table's chat stays open to the
    people who sat at it."""
    with running_app(sqlite_url) as client:
        table_id, ann = finished_table(client)
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            assert hello(ws, ann)["data"]["you"] == 0
            say(ws, "gg")
            assert receive_until(ws, is_chat)["data"]["text"] == "gg"


def test_the_chat_closes_an_hour_after_the_end_and_at_its_most_lines(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A finished table is no chat room for ever, nor an endless store (security review)."""
    with running_app(sqlite_url) as client:
        table_id, ann = finished_table(client)
        authority = client.app.state.authority  # type: ignore[attr-defined]
        table = authority._finished[table_id]
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            hello(ws, ann)
            monkeypatch.setattr(chat_module, "CHAT_MOST", 2)
            say(ws, "gg")
            say(ws, "again?")
            assert receive_until(ws, is_chat)["data"]["number"] == 0
            assert receive_until(ws, is_chat)["data"]["number"] == 1
            say(ws, "hello?")
            refused = receive_until(ws, is_error)["data"]
            assert (refused["code"], refused["message"]) == (
                "chat-closed",
                "a table's chat holds at most 2 lines",
            )
            monkeypatch.setattr(chat_module, "CHAT_MOST", 100)
            table.touched_at -= chat_module.CHAT_AFTER_THE_END + 1
            say(ws, "anyone?")
            refused = receive_until(ws, is_error)["data"]
            assert refused["code"] == "chat-closed"
            assert "an hour after the game ends" in refused["message"]
            table.touched_at = time.time() - chat_module.CHAT_AFTER_THE_END + 60  # open
            say(ws, "last word")
            assert receive_until(ws, is_chat)["data"]["text"] == "last word"


def test_one_player_cannot_bury_the_others_lines(sqlite_url: str) -> None:
    with running_app(sqlite_url) as client:
        table_id, ann, bob = seated_table(client)
        url = f"/ws/tables/{table_id}"
        with client.websocket_connect(url) as ann_ws, client.websocket_connect(url) as bob_ws:
            hello(ann_ws, ann)
            hello(bob_ws, bob)
            for number in range(CHAT_BURST):
                say(ann_ws, f"spam {number}")
                assert receive_until(ann_ws, is_chat)["data"]["number"] == number
            say(ann_ws, "one too many")
            assert receive_until(ann_ws, is_error)["data"]["code"] == "chat-too-fast"
            say(bob_ws, "may I?")  # each seat has its own pace
            heard = receive_until(bob_ws, lambda m: is_chat(m) and m["data"]["seat"] == 1)
            assert heard["data"]["text"] == "may I?"


def test_lines_heard_out_of_order_are_kept_in_order() -> None:
    """Two processes storing lines of one table at once may hear each other's crossed
    (``chat.keep``): the table's memory keeps them by number, each once."""
    table = LiveTable(
        id="t", game=molehaven.make("mole-hill"), seats=[], host_token_hash="", created_at=0
    )
    for number in (0, 2, 1, 2, 3):
        keep(table, ChatLine(number, 0, "Ann", f"line {number}", 0.0))
    assert [line.number for line in table.chat] == [0, 1, 2, 3]
    for number in range(4, CHAT_KEPT + 10):
        keep(table, ChatLine(number, 0, "Ann", "more", 0.0))
    assert len(table.chat) == CHAT_KEPT and table.chat[-1].number == CHAT_KEPT + 9
