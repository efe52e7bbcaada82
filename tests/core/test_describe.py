"""Action descriptions: seat placeholders, quoting of player-written text, checked arguments."""

from __future__ import annotations

import pytest

import molehaven
from molehaven.core import CHANCE, CLOCK, State, name_seats, quote, seat_ref


def test_name_seats_fills_placeholders_and_undoubles_braces() -> None:
    text = f"{seat_ref(0)} asked {seat_ref(1)}: {quote('why {s1}?')}"
    assert name_seats(text, ["Ann", "Bob"]) == "Ann asked Bob: why {s1}?"


def test_name_seats_names_an_unknown_seat_by_number() -> None:
    assert name_seats("{s3} acted", ["Ann"]) == "seat 3 acted"


def test_default_description_shows_the_whole_action_in_a_perfect_information_game() -> None:
    game = molehaven.make("mole-hill")
    state = game.initial_state()
    action = game.parse_action("place e4")
    described = State._describe(state, 0, action, 1)  # the base class's words, not Mole Hill's
    assert name_seats(described, ["Ann", "Bob"]) == "Ann: place e4"


def test_mole_hill_reads_like_a_move_log() -> None:
    """MH-28: everything is public; the words name the square and its flower."""
    game = molehaven.make("mole-hill")
    state = game.initial_state()
    first = state.describe_action(0, game.parse_action("place e7"), None)
    assert name_seats(first, ["Ann", "Bob"]) == "Ann set the mole down on e7 (a red flower)"
    state.apply(0, "place e7")
    rod = state.describe_action(1, game.parse_action("rod e6 e7"), 0)
    assert name_seats(rod, ["Ann", "Bob"]) == "Bob put a rod between e6 and e7"


@pytest.mark.parametrize("viewer", [CHANCE, CLOCK, -3, 2, True, "0"])
def test_describe_action_refuses_a_viewer_that_is_not_none_or_a_seat(viewer: object) -> None:
    game = molehaven.make("mole-hill")
    state = game.initial_state()
    with pytest.raises(ValueError, match=r"None \(a spectator\) and the seats 0-1"):
        state.describe_action(0, game.parse_action("place e4"), viewer)  # type: ignore[arg-type]


@pytest.mark.parametrize("seat", [-3, 2, True, None])
def test_describe_action_refuses_an_acting_seat_that_does_not_exist(seat: object) -> None:
    game = molehaven.make("mole-hill")
    state = game.initial_state()
    with pytest.raises(ValueError, match=r"CHANCE .*CLOCK .*0-1"):
        state.describe_action(seat, game.parse_action("place e4"), None)  # type: ignore[arg-type]
