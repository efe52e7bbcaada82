"""Die Maulwurf Company's move log: everything is public (MC-31), so every viewer reads the
same words, and they say what happened on the board."""

from __future__ import annotations

from molehaven.core import CHANCE, State, name_seats
from tests.games.maulwurf_company.helpers import new_game, position

NAMES = ["Ann", "Bob"]
VIEWERS = (0, 1, None)


def told(state: State, seat: int, text: str) -> set[str]:
    """The words every viewer reads (one element when they all read the same)."""
    action = state.game.parse_action(text)
    return {name_seats(state.describe_action(seat, action, v), NAMES) for v in VIEWERS}


def test_mc_31_discs_and_moves_read_in_full_to_everyone() -> None:
    """MC-31, MC-7, MC-3: the disc turned and the move made, with where the mole landed."""
    state = position({0: "-5+0", 1: "+5+0"}, face_down={0: "2"})
    assert told(state, CHANCE, "flip 2") == {"chance: Ann turns over a 2"}
    state.apply(CHANCE, "flip 2")
    assert told(state, 0, "move -5+0 e") == {"Ann moved a mole 2 steps east, from -5+0 to -3+0"}


def test_mc_5_setup_chance_reads_in_full() -> None:
    state = new_game(2)
    assert told(state, CHANCE, "rotate blue 3") == {
        "chance: the blue layer is laid into the box, turned 180°"
        " (its holes fall where chance puts them)"
    }


def test_mc_13_a_disc_without_a_move_says_so() -> None:
    """MC-13: a reviewer saw turns pass with only "turns over a 4" in the log. A disc no
    mole can use is spent, and the log says so; a usable one says nothing more."""
    state = position({0: "+1+0", 1: "+0-2 -2+2"}, layer="blue", face_down={0: "4"})
    assert told(state, CHANCE, "flip 4") == {
        "chance: Ann turns over a 4: no mole can move 4 steps, so the disc is spent"
        " and the turn passes"
    }
    usable = position({0: "+1+0", 1: "+0-2 -2+2"}, layer="blue", face_down={0: "1"})
    assert told(usable, CHANCE, "flip 1") == {"chance: Ann turns over a 1"}


def test_mc_15_to_mc_17_a_lifted_layer_is_told_with_the_move_that_filled_it() -> None:
    """MC-15, MC-16, MC-17: the move that fills brown's last hole says the layer went, how
    many moles dropped, whose moles left the game, and who is out."""
    moles = {0: "+2+0 +0+0", 1: "-2+2 +3-3", 2: "-3+0 +1+1"}
    state = position(moles, players=3, layer="brown", face_down={0: "2"})
    state.apply(CHANCE, "flip 2")
    names = ["Ann", "Bob", "Cy"]
    action = state.game.parse_action("move +0+0 nw")
    assert name_seats(state.describe_action(0, action, None), names) == (
        "Ann moved a mole 2 steps north-west, from +0+0 to +0-2 into a hole; the brown layer"
        " is full and lifted away: 3 moles in holes drop to blue; the moles outside holes"
        " leave the game: Bob loses 1 mole (1 left), Cy loses 2 moles (0 left); Cy is out"
    )


def test_mc_22_the_golden_shovel_is_named() -> None:
    moles = {1: "+0+1", 0: "-2+0 +2-2"}
    state = position(moles, layer="blue", current=1, face_down={1: "1"})
    state.apply(CHANCE, "flip 1")
    assert told(state, 1, "move +0+1 nw") == {
        "Bob moved a mole 1 step north-west, from +0+1 to +0+0, into the golden shovel, and wins"
    }


def test_mc_23_the_last_player_with_moles_is_named_the_winner() -> None:
    """MC-23, with example 6's position: red is cleared and only Ann has moles."""
    moles = {0: "-3+0 -3+3 -2-1 -1+1 +0-3 +0+3 +0+4 +3-3 +3+0 +4-2", 1: "-2-2 -1+0 +1+3"}
    state = position(moles, layer="red", face_down={0: "2 2 3 4"})
    state.apply(CHANCE, "flip 3")
    (words,) = told(state, 0, "move -2-1 e")
    assert words.endswith("; Bob is out; Ann is the last player with moles and wins")
