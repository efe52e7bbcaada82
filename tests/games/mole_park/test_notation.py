"""Rules section 8: every action prints and parses back; bad text names what was expected."""

from __future__ import annotations

import pytest

from molehaven.core import NotationError
from molehaven.games.mole_park import GAME

EXAMPLES = [
    "king 2", "deal 4", "declare", "pass", "glove", "pan", "mallet", "prize", "roll x",
    "roll 6", "draw 3", "discard 1", "order 2 0 3", "take treasures", "crown 1",
]  # fmt: skip


@pytest.mark.parametrize("text", EXAMPLES)
def test_section_8_examples_round_trip(text: str) -> None:
    """Section 8: the table's examples parse (for 4 players) and print back unchanged."""
    assert str(GAME(4).parse_action(text)) == text


def test_section_8_any_case_any_spaces() -> None:
    game = GAME(4)
    assert str(game.parse_action("  TAKE   Treasures ")) == "take treasures"
    assert str(game.parse_action("Order 3  1")) == "order 3 1"
    assert game.parse_action("ROLL X") == game.parse_action("roll x")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action"),
        ("jump", "unknown action 'jump'"),
        ("declare now", "takes nothing after it"),
        ("deal 0", "one mole value 1-5"),
        ("deal 6", "one mole value 1-5"),
        ("draw", "one mole value 1-5"),
        ("discard 1 2", "one mole value 1-5"),
        ("roll 7", "a face 1-6 or x"),
        ("roll 0", "a face 1-6 or x"),
        ("roll 06", "a face 1-6 or x"),
        ("king 4", "seats are 0-3"),
        ("crown 01", "seats are 0-3"),
        ("order 1", "two or more seats"),
        ("order 1 1", "each seat once"),
        ("order 0 9", "seats are 0-3"),
        ("take crown", "candy, treasures, inflation, plushie, dugout, stash"),
    ],
)
def test_section_8_bad_text_says_what_was_expected(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        GAME(4).parse_action(text)


def test_section_8_seats_depend_on_the_player_count() -> None:
    assert str(GAME(8).parse_action("king 7")) == "king 7"
    with pytest.raises(NotationError, match="seats are 0-1"):
        GAME(2).parse_action("king 2")
