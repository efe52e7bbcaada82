"""What people type for others to read (names, chat lines, The Mole's free answers):
``server.text.readable``."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from molehaven.server.text import readable
from tests.server.helpers import Message, hello, new_table, receive_until, running_app, sit, start


@pytest.mark.parametrize(
    "text",
    [
        "gg \U0001f3f3\ufe0f\u200d\U0001f308",  # an emoji sequence joined by a zero-width joiner
        "\U0001f469\u200d\U0001f4bb brb",
        "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",  # Persian: a zero-width non-joiner
        "Nguy\u1ec5n",
    ],
)
def test_what_writing_needs_passes(text: str) -> None:
    assert readable(text, "a line") == text


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("a\u202eb", "control characters"),  # a bidirectional override turns the page around
        ("a\u2066b", "control characters"),  # an isolate
        ("tab\x07bell", "control characters"),
        ("\u200d\u200c", "visible character"),  # joiners alone show nothing
        ("\u3164", "visible character"),
        ("e" + "\u0301" * 5, "marks on one character"),
    ],
)
def test_tricks_are_refused_with_the_reason(text: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        readable(text, "a line")


def test_whitespace_runs_become_one_space() -> None:
    assert readable("  good \t\n luck  ", "a line") == "good luck"


def _offers(prefix: str) -> Callable[[Message], bool]:
    """Whether a message shows its seat an action starting with ``prefix``."""

    def offered(message: Message) -> bool:
        return message["type"] in ("snapshot", "update") and any(
            action.startswith(prefix) for action in message["data"]["legal"]
        )

    return offered


def test_a_free_answer_piling_marks_is_refused_and_a_readable_one_is_not(
    sqlite_url: str,
) -> None:
    # The Mole's grammar (TM-13) takes any marks; the server shows the answer to everyone,
    # so it holds it to the chat's rule. The marks arrive as JSON escapes inside the
    # notation: what counts is the text as decoded.
    with running_app(sqlite_url) as client:
        table_id, host = new_table(client, "the-mole", 3)
        tokens = [sit(client, table_id, seat, name) for seat, name in enumerate("ABC")]
        start(client, table_id, host)
        url = f"/ws/tables/{table_id}"
        with (
            client.websocket_connect(url) as zero,
            client.websocket_connect(url) as one,
            client.websocket_connect(url) as two,
        ):
            sockets = [zero, one, two]
            views = [hello(ws, token) for ws, token in zip(sockets, tokens, strict=True)]
            asker, ask = next(
                (seat, action)
                for seat, view in enumerate(views)
                for action in view["data"]["legal"]
                if action.startswith("ask ")
            )
            answerer = int(ask.split()[1])
            sockets[asker].send_json({"type": "act", "data": {"action": ask}})
            answering = sockets[answerer]
            receive_until(answering, _offers("answer a"))
            piled = "answer " + json.dumps("Z" + "\u0301" * 5)
            answering.send_json({"type": "act", "data": {"action": piled}, "ref": "z"})
            refused = answering.receive_json()  # nothing else happens at the table meanwhile
            assert refused["type"] == "error", refused["data"].get("log")
            assert (refused["data"]["code"], refused["data"]["ref"]) == ("bad-text", "z")
            assert "at most 4 marks on one character" in refused["data"]["message"]
            kept = "answer " + json.dumps("Z" + "\u0301" * 4 + " Nguy\u1ec5n")
            answering.send_json({"type": "act", "data": {"action": kept}})
            answered = receive_until(answering, _offers("ask "))
            assert answered["data"]["log"][-1]["text"] == (
                'answer "Z' + "\u0301" * 4 + ' Nguy\u1ec5n"'
            )
