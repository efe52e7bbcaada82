"""Mole Hill's rules as functions over ``MoleHillState`` (rules section 4).

Each function that carries out a decision cites its id (MH-n).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from molehaven.core import Action
from molehaven.games.mole_hill.data import (
    CENTRE,
    FLOWER_POINTS,
    LIGHT_PIECES,
    PIECES,
    SQUARE_COUNT,
    STEPS,
)
from molehaven.games.mole_hill.notation import MOVES, PLACES, RODS_BY_EDGE, Move, Place, Rod

if TYPE_CHECKING:
    from molehaven.games.mole_hill.state import MoleHillState

PLACE, ROD, MOVE, OVER = range(4)
PHASE_NAMES = ("place", "rod", "move", "over")

ALL_SQUARES = (1 << SQUARE_COUNT) - 1


def mole_seat(round_number: int) -> int:
    """In round r the mole is seat (r − 1) mod 2 (MH-1)."""
    return (round_number - 1) % 2


def open_moves(state: MoleHillState) -> list[int]:
    """The squares the mole may move to now (``moves()`` of section 4)."""
    visited = state.visited
    if state.jump:  # MH-16, MH-17: any unvisited square, rods ignored
        free = ALL_SQUARES & ~visited
        return [s for s in range(SQUARE_COUNT) if free >> s & 1]
    rods = state.rods
    return [
        step.target
        for step in STEPS[state.path[-1]]
        if not visited & step.target_bit  # MH-14: never a visited square
        and (not rods & step.path_a or not rods & step.path_b)  # MH-11, MH-12, MH-13
    ]


def has_move(state: MoleHillState) -> bool:
    """Whether the mole can move at all (MH-20, MH-21)."""
    visited = state.visited
    if state.jump:
        return visited != ALL_SQUARES
    rods = state.rods
    return any(
        not visited & step.target_bit and (not rods & step.path_a or not rods & step.path_b)
        for step in STEPS[state.path[-1]]
    )


def can_move_to(state: MoleHillState, square: int) -> bool:
    visited = state.visited
    if visited >> square & 1:
        return False
    if state.jump:
        return True
    rods = state.rods
    return any(
        step.target == square and (not rods & step.path_a or not rods & step.path_b)
        for step in STEPS[state.path[-1]]
    )


def legal_actions(state: MoleHillState) -> list[Action]:
    """The legal actions of the seat to move, in MH-33 order."""
    phase = state.phase
    if phase == ROD:  # MH-8, MH-9: any interior edge without a rod
        rods = state.rods
        return [rod for rod in RODS_BY_EDGE if not rods >> rod.edge & 1]
    if phase == MOVE:
        return [MOVES[s] for s in open_moves(state)]
    if phase == PLACE:  # MH-6: any square
        return list(PLACES)
    return []


def is_legal(state: MoleHillState, action: Action) -> bool:
    """Whether the seat to move may play ``action`` (MH-30, MH-31)."""
    phase = state.phase
    if phase == ROD:
        return type(action) is Rod and not state.rods >> action.edge & 1
    if phase == MOVE:
        return type(action) is Move and can_move_to(state, action.square)
    return phase == PLACE and type(action) is Place


def round_score_after_visit(score: int, visits: int, square: int) -> int:
    """Add one visit to a round score (MH-22): a dark piece scores 1, flowers 2 or 1."""
    return score + (visits > LIGHT_PIECES) + FLOWER_POINTS[square]


def apply_action(state: MoleHillState, action: Action) -> None:
    """Carry out a legal action, then the end check of section 4."""
    if type(action) is Rod:
        state.rods |= 1 << action.edge
        state.rod_order = (*state.rod_order, action.edge)
        state.phase = MOVE  # MH-10
    else:
        assert isinstance(action, Place | Move)
        square = action.square
        state.visited |= 1 << square
        state.path = (*state.path, square)
        scores = state.round_scores
        state.round_scores = (
            *scores[:-1],
            round_score_after_visit(scores[-1], len(state.path), square),
        )
        if type(action) is Place:  # MH-18
            state.jump = square == CENTRE and state.centre_start_jump
        else:  # MH-16, MH-17: arriving on e4 grants the jump; any other move uses it up
            state.jump = square == CENTRE
        state.phase = ROD
    if len(state.path) == PIECES or (state.phase == MOVE and not has_move(state)):
        _end_round(state)  # MH-19, MH-20
    elif state.phase == ROD and not has_move(state):
        _end_round(state)  # MH-20: boxed in by its own move, no rod follows


def _end_round(state: MoleHillState) -> None:
    """The round's score is final; the match ends or the roles swap (MH-26)."""
    if state.round == state.rounds:
        state.phase = OVER
        return
    state.round += 1
    state.phase = PLACE
    state.visited = 0
    state.path = ()
    state.rods = 0
    state.rod_order = ()
    state.jump = False
    state.round_scores = (*state.round_scores, 0)


def scores(state: MoleHillState) -> list[float]:
    """Each seat's points as mole, the running round included (MH-22, MH-23)."""
    totals = [0.0, 0.0]
    for index, score in enumerate(state.round_scores):
        totals[mole_seat(index + 1)] += score
    return totals


def winners(state: MoleHillState) -> list[int]:
    """The higher total wins; equal totals are a draw (MH-24, MH-25)."""
    first, second = scores(state)
    if first == second:
        return [0, 1]
    return [0] if first > second else [1]
