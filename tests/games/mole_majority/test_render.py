"""The terminal board draws from the observation only: labels, coordinates, spaces, claims,
Cave-Ins and the viewer's hand, never another seat's hand."""

from __future__ import annotations

from rich.console import Console

from molehaven.boards import render
from molehaven.core import State
from tests.games.mole_majority.helpers import apply_all, s2


def drawn(state: State, viewer: int | None) -> str:
    console = Console(width=100, record=True, color_system=None)
    console.print(render("mole-majority", state.observation(viewer), viewer))
    return console.export_text()


def test_the_board_shows_hexes_claims_cave_ins_and_only_the_viewers_hand() -> None:
    state = s2()
    apply_all(state, "0: play cavein, 0: move b1 a1, 0: cave b-e b-f, C: token 3, 0: end")
    apply_all(state, "C: card two, 1: play four, 1: move r1 o1")
    text = drawn(state, 1)
    assert "r 6 ⚑1 ⌂" in text and "b 6 ⚑0 ⌂" in text
    assert " 0 · ·" in text  # a1 holds seat 0's mole
    assert "0,-2" in text and "-1,2" in text  # axial coordinates of a and r
    assert "Cave-Ins: b-e, b-f" in text
    assert "Your hand: [three] [two] [twoplus] [keeper1]" in text
    assert "[cavein]" not in text  # seat 0's hand is not seat 1's business
    assert "Your hand" not in drawn(state, None)


def test_the_end_shows_the_result_and_every_hand() -> None:
    state = s2(turn_limit=2)
    apply_all(state, "0: play two, 0: end, C: card keeper2, 1: play two, 1: end")
    text = drawn(state, None)
    assert "Game over (the turn limit was reached: tied on 6 points and 6 moles" in text
    assert "— winner: seat 1" in text
    assert "seat 0: hand four three cavein convert keeper2" in text
