"""Action descriptions: seat placeholders and quoting of player-written text."""

from __future__ import annotations

import molehaven
from molehaven.core import name_seats, quote, seat_ref


def test_name_seats_fills_placeholders_and_undoubles_braces() -> None:
    text = f"{seat_ref(0)} asked {seat_ref(1)}: {quote('why {s1}?')}"
    assert name_seats(text, ["Ann", "Bob"]) == "Ann asked Bob: why {s1}?"


def test_name_seats_names_an_unknown_seat_by_number() -> None:
    assert name_seats("{s3} acted", ["Ann"]) == "seat 3 acted"


def test_default_description_shows_the_whole_action_in_a_perfect_information_game() -> None:
    game = molehaven.make("mole-hill")
    state = game.initial_state()
    action = game.parse_action("place e4")
    assert name_seats(state.describe_action(0, action, 1), ["Ann", "Bob"]) == "Ann: place e4"
