"""Node counts from fixed positions (perft), to catch any drift in move generation.

The depth-3 counts are derived by hand: a single rod never blocks a diagonal (MH-12) and blocks
exactly one straight step when it lies on one of the mole's own edges (MH-11). A square with k
neighbours and s interior edges then has 110·k − s moves summed over the 110 first rods:
4 corners × (330 − 2) + 24 border squares × (550 − 3) + 34 inner squares × (880 − 4) = 44,224,
plus e4: 110 × 62 with the centre jump (MH-16, MH-18) or 880 − 4 without.
"""

from __future__ import annotations

import pytest

import molehaven
from molehaven.core import State


def perft(state: State, depth: int) -> int:
    if depth == 0 or state.is_terminal():
        return 1
    seat = state.to_move()[0]
    total = 0
    for action in state.legal_actions(seat):
        child = state.clone()
        child.apply(seat, action)
        total += perft(child, depth - 1)
    return total


@pytest.mark.parametrize(
    ("centre_start_jump", "counts"),
    [(True, [1, 63, 63 * 110, 44_224 + 110 * 62]), (False, [1, 63, 63 * 110, 44_224 + 876])],
)
def test_perft_from_the_start(centre_start_jump: bool, counts: list[int]) -> None:
    state = molehaven.make("mole-hill", centre_start_jump=centre_start_jump).initial_state()
    assert [perft(state, depth) for depth in range(4)] == counts


def test_perft_from_an_inner_square() -> None:
    game = molehaven.make("mole-hill")
    state = game.initial_state()
    state.apply(0, game.parse_action("place c3"))
    assert perft(state, 1) == 110
    assert perft(state, 2) == 880 - 4
    assert perft(state, 3) == 95_484
