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
        "chance: the blue layer is laid in orientation 3"
    }
