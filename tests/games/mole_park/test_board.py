"""The terminal board draws every observation of random games, and only from what the
viewer may see."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from molehaven.boards import render
from molehaven.core.conformance import playout_states
from molehaven.games.mole_park import GAME
from tests.games.mole_park.helpers import deal, new_game, play_round
from tests.games.mole_park.test_examples import lee_and_sam, showdown_all_miss


def drawn(observation: object, viewer: int | None) -> str:
    console = Console(file=io.StringIO(), width=80, color_system=None)
    console.print(render("mole-park", observation, viewer))  # type: ignore[arg-type]
    output = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(output, str)
    return output


@pytest.mark.parametrize("players", [2, 8])
def test_board_draws_a_whole_random_game(players: int) -> None:
    seen_steps = set()
    for state in playout_states(GAME(players), seed=3):
        seen_steps.add(str(state.observation(None)["step"]))
        if state.num_actions % 4 and not state.is_terminal():
            continue  # every fourth position is plenty
        viewer = state.num_actions % players
        text = drawn(state.observation(viewer), viewer)
        assert "Mole holes" in text and "Prize stands" in text
    assert {"choose", "over"} <= seen_steps


def test_board_shows_the_own_die_and_hides_the_others() -> None:
    """MP-16 on screen: seat 1 sees its pan; seat 0 sees only that seat 1 has chosen."""
    state = new_game(3)
    deal(state, 1, 1, 1, 1, 1)
    state.apply(1, "pan")
    assert " pan " in drawn(state.observation(1), 1)
    for viewer in (0, None):
        text = drawn(state.observation(viewer), viewer)
        assert "chosen" in text and " pan " not in text


def test_board_counts_one_mole_in_the_singular() -> None:
    """Seat 0 took hole 1's single 1-star mole: "1 mole, 1 star", not "1 moles, 1 stars"."""
    state = new_game(3)
    play_round(state, [1, 1, 1, 1, 1], "1 x x")
    assert "(1 mole, 1 star; limit 5)" in drawn(state.observation(0), 0)


def test_board_tells_how_a_tied_showdown_ended() -> None:
    """MP-33 in the terminal: after King Mole's pick the game-over line says the Crown was his
    pick from a tied Showdown, not only who won it."""
    state = showdown_all_miss(lee_and_sam(king=2, players=3))
    state.apply(2, "crown 1")
    text = " ".join(drawn(state.observation(None), None).split())
    assert (
        "Game over — winner: seat 1 (King Mole's Crown was won: King Mole picked the winner"
        " from a tied Showdown)"
    ) in text
