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


def test_mole_hill_tells_the_jump_and_the_end_of_each_round() -> None:
    """MH-16, MH-18: landing on e4 gives the jump (a start there too, by default), told with
    no decision id; MH-19, MH-20, MH-22: the action that ends a round says why, the score,
    and who digs next (a reviewer saw the board wiped into round 2 with nothing said)."""
    import random

    game = molehaven.make("mole-hill")
    names = ["Ann", "Bob"]
    start = game.initial_state()
    placed = name_seats(start.describe_action(0, game.parse_action("place e4"), None), names)
    assert placed == "Ann set the mole down on e4 and may jump next"
    no_jump = molehaven.make("mole-hill", centre_start_jump=False).initial_state()
    said = no_jump.describe_action(0, game.parse_action("place e4"), None)
    assert name_seats(said, names) == "Ann set the mole down on e4"
    told: list[str] = []
    state, rng = game.initial_state(), random.Random(2)
    while not state.is_terminal():
        seat = state.to_move()[0]
        action = rng.choice(state.legal_actions(seat))
        told.append(name_seats(state.describe_action(seat, action, None), names))
        state.apply(seat, action)
    assert not any("MH-" in line for line in told)
    ends = [line for line in told if " is over" in line]
    assert len(ends) == 2
    first, second = state.observation(None)["round_scores"]  # type: ignore[misc]
    assert f"round 1 is over, Ann scores {first}; the roles swap: Bob digs in round 2" in ends[0]
    assert ends[1].endswith(f"round 2 is over, Bob scores {second}")
    assert told[-1] == ends[1]


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
