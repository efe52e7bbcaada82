"""The terminal board draws every observation of random games, and only what the viewer may
see (TM-25: no seat's options; the Mole's identity only to the Mole)."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from molehaven.boards import render
from molehaven.core import Observation
from molehaven.core.conformance import playout_states
from molehaven.games.the_mole import GAME
from tests.games.the_mole.helpers import apply_all, p3, p4


def drawn(observation: Observation, viewer: int | None) -> str:
    console = Console(file=io.StringIO(), width=100, color_system=None)
    console.print(render("the-mole", observation, viewer))
    output = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(output, str)
    return output


@pytest.mark.parametrize("players", [3, 8])
def test_board_draws_a_whole_random_game(players: int) -> None:
    phases = set()
    for state in playout_states(GAME(players), seed=5):
        phases.add(str(state.observation(None)["phase"]))
        if state.num_actions % 5 and not state.is_terminal():
            continue
        for viewer in (state.num_actions % players, None):
            text = drawn(state.observation(viewer), viewer)
            assert "The Mole" in text and "Players" in text
    assert {"setup", "ask", "answer", "over"} <= phases


def test_board_shows_the_viewers_card_only() -> None:
    """A spy sees the location and role; the Mole sees that it is the Mole; a spectator and
    the Mole see neither the location nor who the Mole is."""
    state = p3()
    spy = drawn(state.observation(0), 0)
    assert "You are a spy. Location: Airport" in spy and "Pilot" in spy
    assert "You are the Mole" in drawn(state.observation(2), 2)
    for viewer in (None, 2):
        text = drawn(state.observation(viewer), viewer)
        assert "Location: Airport" not in text and "Pilot" not in text
    assert "Mole" not in drawn(state.observation(0), 0).replace("The Mole", "").replace(
        "Mole was", ""
    )


def test_board_shows_the_question_answers_votes_and_hand() -> None:
    state = apply_all(p4(), "1: ask 2 q2, -1: card q21, 2: answer a2, 0: nominate 3, 0: vote yes")
    text = drawn(state.observation(1), 1)
    assert "What can you hear right now?" in text  # the exchange
    assert "Waves and seagulls." in text  # the answer's words
    assert "VOTE: seat 0 accuses seat 3" in text and "0: cast" in text
    assert "q21" in text  # seat 1's hand, with the card drawn
    assert "q21" not in drawn(state.observation(0), 0)
    assert "0: yes" in drawn(state.observation(0), 0)
