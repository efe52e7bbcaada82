"""The terminal board draws every position of a random game from the observation alone."""

from __future__ import annotations

import io

from rich.console import Console

from molehaven.boards import render
from molehaven.core import Observation
from molehaven.core.conformance import playout_states
from molehaven.games.maulwurf_company import GAME
from tests.games.maulwurf_company.helpers import position


def drawn(observation: Observation, viewer: int | None) -> str:
    console = Console(file=io.StringIO(), width=120, color_system=None)
    console.print(render("maulwurf-company", observation, viewer))
    output = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(output, str)
    return output


def test_board_draws_a_whole_random_game() -> None:
    layers = set()
    for state in playout_states(GAME(4), seed=8):
        if state.num_actions % 25 and not state.is_terminal():
            continue
        observation = state.observation(None)
        text = drawn(observation, state.num_actions % 4)
        layers.add(observation["layer"])
        assert f"layer {observation['layer']}" in text and "Players" in text
        assert "3 yellow" in text
    assert layers == {"green", "red", "brown", "blue"}
    assert "winner" in text


def test_board_shows_holes_specials_moles_and_discs() -> None:
    """Brown: holes as ( ), specials as ✦, a mole in a hole as (seat), discs left per seat."""
    state = position({0: "+2+0 -3+3", 1: "+0+0"}, layer="brown", face_down={0: "1 4"})
    text = drawn(state.observation(None), None)
    lines = text.splitlines()
    row_zero = next(line for line in lines if line.startswith(" +0 "))
    assert row_zero.split() == ["+0", "·", "·", "·", "1", "·", "(0)", "·", "-3+0", "…", "+3+0"]
    row_one = next(line for line in lines if line.startswith(" +1 "))
    assert row_one.split() == ["+1", "✦", "·", "·", "·", "·", "✦", "-3+1", "…", "+2+1"]
    assert "below: blue" in text
    seat_zero = next(line for line in lines if "0 red" in line)
    assert seat_zero.split()[2:7] == ["2", "1", "1", "4", "2"]  # moles, in holes, discs 1 4
    assert "( )" in text  # the empty holes -2+2 and +0-2
