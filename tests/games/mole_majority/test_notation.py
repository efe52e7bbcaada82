"""The notation of rules section 8: every form prints and parses back; bad text is refused
with a message that says what was expected."""

from __future__ import annotations

import pytest

import molehaven
from molehaven.core import NotationError

GAME = molehaven.make("mole-majority", 2)

CANONICAL = [
    "base b",
    "place s",
    "hex 5",
    "token 2",
    "card twoplus",
    "play three",
    "play convert",
    "play keeper2 four",
    "play keeper1 twoplus",
    "discard",
    "pass",
    "stack twoplus",
    "stack keeper1",
    "stack keeper2",
    "stack convert step",
    "stack convert roll",
    "stack convert repeat",
    "move b1 e2",
    "breed b1",
    "convert f3",
    "roll b3 cw",
    "roll b3 ccw",
    "cave b-e b-f",
    "home a",
    "end",
]


@pytest.mark.parametrize("text", CANONICAL)
def test_canonical_texts_round_trip(text: str) -> None:
    assert str(GAME.parse_action(text)) == text


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("CAVE  f-b e-b", "cave b-e b-f"),
        ("cave b-f b-e", "cave b-e b-f"),
        ("  Play   KEEPER1 Two ", "play keeper1 two"),
        ("MOVE a1 S3", "move a1 s3"),
        ("breed k6", "breed k6"),
    ],
)
def test_case_spaces_and_edge_order_are_normalized(text: str, canonical: str) -> None:
    """Section 8: any case, any run of spaces; edges and the two edges of ``cave`` sorted;
    ``move a1 s3`` and ``breed k6`` parse even if rarely legal."""
    assert str(GAME.parse_action(text)) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("dig b1", "unknown action"),
        ("base t", "not a hex label"),
        ("breed k0", "not a space"),
        ("breed k7", "not a space"),
        ("convert kk", "not a space"),
        ("cave b-b b-e", "two different labels"),
        ("cave b-e e-b", "two different edges"),
        ("cave b-e", "takes 2"),
        ("cave be b-f", "not an edge"),
        ("roll b3 up", "'cw' or 'ccw'"),
        ("play keeper1", "played with a Number card"),
        ("play keeper1 convert", "not a Number card"),
        ("play keeper3 four", "not a Groundskeeper"),
        ("stack three", "only twoplus, keeper1, keeper2 and convert"),
        ("stack convert twice", "step|roll|repeat"),
        ("hex 7", "3, 4, 5 or 6"),
        ("token 4", "1, 2 or 3"),
        ("card joker", "not a card"),
        ("end now", "takes 0"),
    ],
)
def test_bad_text_is_refused_saying_what_was_expected(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        GAME.parse_action(text)


def test_interned_actions_are_shared() -> None:
    """Parsing gives the same instance each time, so listings allocate nothing new."""
    assert GAME.parse_action("move b1 e2") is GAME.parse_action("MOVE b1  e2")
    assert GAME.parse_action("cave b-e b-f") is GAME.parse_action("cave e-b f-b")
