"""MM-28: Make A Home takes a face-down Home Token, whose value its taker then sees, so it is
the one seat action that reveals something (the server does not preview it); with
``reveal_home_tokens`` (MM-45) so does an action that places a hex's first claim."""

from __future__ import annotations

import random

import pytest

import molehaven
from molehaven.core import CHANCE, State
from molehaven.core.conformance import check_reveals
from molehaven.games.mole_majority.notation import Home
from molehaven.games.mole_majority.state import MoleMajorityState
from tests.games.mole_majority.helpers import TOKENS_A, apply_all, s2_with_tokens


def state_with_a_home_action() -> tuple[State, int]:
    for seed in range(40):
        state = molehaven.make("mole-majority", 2).initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance():
                outcomes = state.chance_outcomes()
                state.apply(CHANCE, rng.choices(*zip(*outcomes, strict=True))[0])
                continue
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            if any(isinstance(action, Home) for action in legal):
                return state, seat
            state.apply(seat, rng.choice(legal))
    raise AssertionError("no Make A Home in 40 seeded games")


def test_make_a_home_reveals_and_nothing_else_does() -> None:
    state, seat = state_with_a_home_action()
    legal = state.legal_actions(seat)
    assert [a for a in legal if state.action_reveals(seat, a)] == [
        a for a in legal if isinstance(a, Home)
    ]
    assert check_reveals(state, random.Random(1), "MM-28", max_actions=len(legal)) > 0


def test_the_check_catches_a_home_said_to_reveal_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    state, _seat = state_with_a_home_action()
    monkeypatch.setattr(MoleMajorityState, "action_reveals", lambda self, seat, action: False)

    def check_many() -> None:
        # Each try redraws the face-down tokens: soon one differs from the real value.
        for attempt in range(30):
            check_reveals(state, random.Random(attempt), "MM-28", max_actions=99)

    with pytest.raises(AssertionError, match="showed it something hidden"):
        check_many()


@pytest.mark.parametrize("reveal_home_tokens", [True, False])
def test_mm_45_a_move_that_claims_a_hex_first_reveals_its_token(reveal_home_tokens: bool) -> None:
    """MM-45: the third mole onto a claims it, and with ``reveal_home_tokens`` its face-down
    token turns face up: that move reveals (the server would have previewed it, showing the
    token's value before the seat chose to move). The moves before it claim nothing; without
    the option no move reveals anything."""
    state = s2_with_tokens(TOKENS_A, reveal_home_tokens=reveal_home_tokens)
    apply_all(state, "0: play three")
    for move in ("move b1 a1", "move b2 a2"):
        assert not state.action_reveals(0, state.game.parse_action(move))
        state.apply(0, move)
    claiming = state.game.parse_action("move b3 a3")
    assert state.action_reveals(0, claiming) is reveal_home_tokens
    assert check_reveals(state, random.Random(3), "MM-45", max_actions=99) > 0
