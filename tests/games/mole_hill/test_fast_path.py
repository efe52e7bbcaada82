"""The fast paths agree with the rules they stand for, on many random states.

``MoleHillState`` keeps the free rods and the mole's open moves up to date as it goes, and checks
a legal action without building ``to_move()`` (MH-8, MH-11 … MH-17, MH-31). Here every listed
action is compared with a scan from first principles, and every conceivable action is checked
against the listed ones.
"""

from __future__ import annotations

import random

import pytest

import molehaven
from molehaven.core import Action, IllegalActionError, State
from molehaven.games.mole_hill import rules
from molehaven.games.mole_hill.data import EDGE_COUNT, SQUARE_COUNT, STEPS
from molehaven.games.mole_hill.notation import MOVES, PLACES, RODS_BY_EDGE, Move
from molehaven.games.mole_hill.state import MoleHillState

EVERY_ACTION: tuple[Action, ...] = (*PLACES, *MOVES, *RODS_BY_EDGE)


def scanned_legal(state: MoleHillState) -> list[Action]:
    """The legal actions found by scanning every square and edge (rules section 4)."""
    if state.phase == rules.ROD:
        return [RODS_BY_EDGE[e] for e in range(EDGE_COUNT) if not state.rods >> e & 1]
    if state.phase == rules.PLACE:
        return list(PLACES)
    if state.phase == rules.OVER:
        return []
    if state.jump:
        return [MOVES[s] for s in range(SQUARE_COUNT) if not state.visited >> s & 1]
    return [
        MOVES[step.target]
        for step in STEPS[state.path[-1]]
        if not state.visited >> step.target & 1
        and (not state.rods & step.path_a or not state.rods & step.path_b)
    ]


def random_states(count: int, seed: int) -> list[MoleHillState]:
    rng = random.Random(seed)
    game = molehaven.make("mole-hill", centre_start_jump=rng.random() < 0.8)
    states = []
    while len(states) < count:
        state = game.initial_state()
        assert isinstance(state, MoleHillState)
        while not state.is_terminal():
            states.append(state.clone())
            seat = state.to_move()[0]
            # Start on the centre now and then, so centre jumps (MH-16 … MH-18) are covered.
            legal = state.legal_actions(seat)
            action = PLACES[31] if state.phase == rules.PLACE and rng.random() < 0.3 else None
            state.apply(seat, action or rng.choice(legal))
        states.append(state)
    return states


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_listed_actions_match_a_full_scan(seed: int) -> None:
    """MH-8, MH-11 … MH-17, MH-33: the kept lists equal a scan, in the same order."""
    for state in random_states(300, seed):
        mover = rules.seat_to_move(state)
        assert state.to_move() == ([mover] if mover >= 0 else [])
        assert mover == (
            -1 if state.phase == rules.OVER else (state.round - 1) % 2 ^ (state.phase == rules.ROD)
        )
        for seat in (0, 1):
            expected = scanned_legal(state) if seat == rules.seat_to_move(state) else []
            assert state.legal_actions(seat) == expected, str(state)


def test_check_accepts_exactly_the_listed_actions() -> None:
    """MH-31: the quick check passes a legal action by the seat to move and nothing else."""
    for state in random_states(120, 4):
        for seat in (0, 1):
            legal = set(state.legal_actions(seat))
            for action in EVERY_ACTION:
                try:
                    state.check(seat, action)
                except IllegalActionError:
                    assert action not in legal, (str(state), seat, str(action))
                else:
                    assert action in legal, (str(state), seat, str(action))


def test_a_rejected_action_leaves_the_state_unchanged() -> None:
    """MH-31: an illegal action raises and changes nothing, the kept lists included."""
    for state in random_states(60, 5):
        before = state.clone()
        for action in (MOVES[0], RODS_BY_EDGE[0], PLACES[0], Move(62)):
            seat = rules.seat_to_move(state)
            if seat >= 0 and action in state.legal_actions(seat):
                continue
            with pytest.raises(IllegalActionError):
                state.apply(max(seat, 0), action)
        assert state == before
        assert state.free_rods == before.free_rods
        assert state.move_actions == before.move_actions
        assert state.legal_actions(0) == before.legal_actions(0)
        assert state.legal_actions(1) == before.legal_actions(1)


@pytest.mark.parametrize("square", [0, 31, 44])
def test_step_reach_matches_a_scan_for_every_rod_pattern(square: int) -> None:
    """MH-11 … MH-13: the memoised reach of a square equals a scan of its steps for every
    pattern of rods on its step edges (more patterns than its table holds, so it is also
    emptied and refilled on the way)."""
    edges = [e for e in range(EDGE_COUNT) if rules._STEP_EDGES[square] >> e & 1]
    for pattern in range(1 << len(edges)):
        rods = sum(1 << edge for bit, edge in enumerate(edges) if pattern >> bit & 1)
        rods |= 1 << 109  # the rod h7 i7 is far from the three squares and changes nothing
        expected = sum(
            step.target_bit
            for step in STEPS[square]
            if not rods & step.path_a or not rods & step.path_b
        )
        assert rules.step_reach(square, rods) == expected, (square, bin(rods))
        moves = [MOVES[step.target] for step in STEPS[square] if expected & step.target_bit]
        assert list(rules.moves_onto(expected)) == moves


def test_apply_accepts_exactly_the_listed_actions() -> None:
    """MH-31: ``apply`` checks legality on its own quick path as well; it applies a listed
    action by the seat to move like the base class does and rejects everything else."""
    for state in random_states(80, 6):
        for seat in (0, 1):
            legal = set(state.legal_actions(seat))
            for action in EVERY_ACTION:
                fast = state.clone()
                try:
                    fast.apply(seat, action)
                except IllegalActionError:
                    assert action not in legal, (str(state), seat, str(action))
                    assert fast == state
                    continue
                assert action in legal, (str(state), seat, str(action))
                checked = state.clone()
                State.apply(checked, seat, action)
                assert fast == checked
                assert fast.history() == checked.history()
                assert fast.legal_actions(fast.mover) == checked.legal_actions(checked.mover)
