"""MC-31: nothing is private; every seat sees exactly what a spectator sees."""

from __future__ import annotations

import json

import pytest

from molehaven.core.conformance import playout_states
from molehaven.games.maulwurf_company import GAME
from tests.games.maulwurf_company.helpers import apply_all, position

REQUIRED_KEYS = {
    "layer", "rotations", "holes", "specials", "moles", "face_up", "face_down", "out", "start",
    "current", "phase", "value", "pending", "bonus_move", "turns", "to_move", "scores",
}  # fmt: skip


@pytest.mark.parametrize("players", [2, 3, 4])
def test_mc_31_every_seat_sees_the_spectator_view(players: int) -> None:
    """MC-31, section 7: in a whole random game (tournament rule on, so pending pairs occur)
    every seat's observation equals the spectator's and carries the keys of section 7."""
    game = GAME(players, tournament=True)
    phases = set()
    for state in playout_states(game, seed=11 * players):
        public = state.observation(None)
        assert set(public) >= REQUIRED_KEYS
        phases.add(public["phase"])
        text = json.dumps(public, sort_keys=True)
        for seat in range(players):
            assert json.dumps(state.observation(seat), sort_keys=True) == text
    assert {"orient", "start", "place", "flip", "flip2", "keep", "move", "over"} <= phases


def test_mc_31_face_down_discs_show_as_counts_only() -> None:
    """MC-31: the face-down discs are public as counts; their order is not modelled at all,
    so two seats' histories that leave the same counts look the same."""
    first = position({0: "-5+0", 1: "+5+0"}, face_down={0: "1 2 4"})
    second = position({0: "-5+0", 1: "+5+0"}, face_down={0: "4 2 1"})
    assert first == second
    assert first.observation(0)["face_down"] == [
        {"1": 1, "2": 1, "3": 0, "4": 1},
        {"1": 1, "2": 2, "3": 2, "4": 1},
    ]
    apply_all(first, "c flip 2")
    observation = first.observation(1)
    assert observation["face_up"] == [[2, 3, 3, 2], []]
    assert observation["value"] == 2
