"""Section 8: every action's text, its parsing and the listing order."""

from __future__ import annotations

import pytest

from molehaven.core import NotationError
from molehaven.games.maulwurf_company.notation import Move, Place, parse_action
from tests.games.maulwurf_company.helpers import apply_all, legal, position

EXAMPLES = [
    "rotate blue 0", "rotate red 2", "start 1", "place -5+0", "flip 3", "move -5+0 e",
    "move +0-5 se", "bonus", "decline", "keep 2", "move +2+0 w",
]  # fmt: skip


@pytest.mark.parametrize("text", EXAMPLES)
def test_section_8_examples_round_trip(text: str) -> None:
    assert str(parse_action(text)) == text


def test_any_case_and_any_run_of_spaces() -> None:
    """Section 8 example 12."""
    assert str(parse_action("MOVE  +2-1   NE")) == "move +2-1 ne"
    assert str(parse_action("  Rotate   GREEN 5 ")) == "rotate green 5"


def test_points_off_the_board_parse_and_compare_equal() -> None:
    """``place +9+9`` parses (apply refuses it); equal texts are equal actions."""
    assert parse_action("place +9+9") == Place(9, 9)
    assert str(parse_action("move -9+9 sw")) == "move -9+9 sw"
    assert parse_action("move +1+0 w") == Move(1, 0, 3)
    assert hash(parse_action("place +1-1")) == hash(Place(1, -1))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action"),
        ("pass", "unknown action 'pass'"),
        ("place -0+1", "not a point"),
        ("place +1-0", "not a point"),
        ("place 1+1", "not a point"),
        ("place +10+1", "not a point"),
        ("move +1+1", "takes two words"),
        ("move +1+1 north", "not a direction"),
        ("flip 0", "disc value"),
        ("flip 5", "disc value"),
        ("keep x", "disc value"),
        ("rotate purple 1", "not a layer"),
        ("rotate red 6", "rotation"),
        ("start 4", "seat"),
        ("bonus now", "takes no words"),
        ("decline 1", "takes no words"),
    ],
)
def test_bad_text_is_refused_saying_what_was_expected(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_action(text)
    assert issubclass(NotationError, ValueError)


def test_legal_moves_are_listed_by_q_then_r_then_direction() -> None:
    """Section 8: moves sorted by the point's q, then r, then e ne nw w sw se."""
    state = position({0: "+5-5 -5+5 +0+1", 1: "+2+3"}, face_down={0: "1"})
    apply_all(state, "c flip 1")
    assert legal(state, 0) == [
        "move -5+5 e", "move -5+5 ne", "move -5+5 nw",
        "move +0+1 e", "move +0+1 ne", "move +0+1 nw", "move +0+1 w", "move +0+1 sw",
        "move +0+1 se",
        "move +5-5 w", "move +5-5 sw", "move +5-5 se",
    ]  # fmt: skip
