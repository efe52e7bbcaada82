"""Mole Hill's rules as functions over ``MoleHillState`` (rules section 4).

Each function that carries out a decision cites its id (MH-n).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from molehaven.core import Action, Seat
from molehaven.games.mole_hill.data import (
    CENTRE,
    FLOWER_POINTS,
    LIGHT_PIECES,
    PIECES,
    SQUARE_COUNT,
    STEPS,
    Step,
)
from molehaven.games.mole_hill.notation import MOVES, RODS_BY_EDGE, Move, Place, Rod

if TYPE_CHECKING:
    from molehaven.games.mole_hill.state import MoleHillState

PLACE, ROD, MOVE, OVER = range(4)
PHASE_NAMES = ("place", "rod", "move", "over")

ALL_SQUARES = (1 << SQUARE_COUNT) - 1


def mole_seat(round_number: int) -> int:
    """In round r the mole is seat (r − 1) mod 2 (MH-1)."""
    return (round_number - 1) % 2


# Per square, each step of ``STEPS`` as (target bit, path A, path B): what the step test reads.
_STEP_PATHS: Final = tuple(
    tuple((step.target_bit, step.path_a, step.path_b) for step in steps) for steps in STEPS
)


def _edges_of(steps: tuple[Step, ...]) -> int:
    mask = 0
    for step in steps:
        mask |= step.path_a | step.path_b
    return mask


# Per square, every edge on any path of its steps: a rod elsewhere cannot close one of them.
_STEP_EDGES: Final = tuple(_edges_of(steps) for steps in STEPS)

# Per square, the squares its open steps reach, keyed by the rods on its step edges. The mole's
# moves are worked out about twenty times a round, and a lookup costs a fraction of the scan.
# Only patterns that occur are stored; a square's table is emptied when it grows past the
# limit, so a long-running process keeps it small (there are at most 4096 per square).
_REACH_BY_RODS: Final[tuple[dict[int, int], ...]] = tuple({} for _ in range(SQUARE_COUNT))
_REACH_TABLE_LIMIT: Final = 1024

# The ``move`` actions onto a set of squares (a bitmask), in MH-33 order, shared by every state
# that needs them. The sets are parts of one square's neighbourhood (centre jumps list their
# moves without it), so there are at most 63 × 256 of them and the table needs no limit.
_MOVES_ONTO: Final[dict[int, tuple[Move, ...]]] = {}


def _scan_reach(square: int, rods: int) -> int:
    """The squares one step from ``square`` that the rods leave open, visited or not: a
    straight step needs its edge free (MH-11), a diagonal either dodging path (MH-12, MH-13)."""
    squares = 0
    for bit, path_a, path_b in _STEP_PATHS[square]:
        if not rods & path_a or not rods & path_b:
            squares |= bit
    return squares


def step_reach(square: int, rods: int) -> int:
    """The squares one step from ``square`` that the rods leave open, as a bitmask (memoised)."""
    near_rods = rods & _STEP_EDGES[square]
    table = _REACH_BY_RODS[square]
    squares = table.get(near_rods)
    if squares is None:
        if len(table) >= _REACH_TABLE_LIMIT:
            table.clear()
        squares = table[near_rods] = _scan_reach(square, near_rods)
    return squares


def moves_onto(squares: int) -> tuple[Move, ...]:
    """The ``move`` actions onto the squares of a bitmask, in MH-33 order (shared tuples).

    For squares next to one square only: every other set would stay in the table for good.
    """
    moves = _MOVES_ONTO.get(squares)
    if moves is None:
        moves = _MOVES_ONTO[squares] = tuple(
            MOVES[s] for s in range(SQUARE_COUNT) if squares >> s & 1
        )
    return moves


def open_steps(square: int, visited: int, rods: int) -> tuple[list[Move], int]:
    """The steps from ``square`` to unvisited squares that the rods leave open, in MH-33
    order, as ``move`` actions and as a bitmask of their squares.

    A straight step needs its edge free (MH-11), a diagonal either dodging path (MH-12,
    MH-13); a visited square is never entered (MH-14). Search evaluations flood-fill with it.
    """
    squares = step_reach(square, rods) & ~visited
    return list(moves_onto(squares)), squares


def open_moves(state: MoleHillState) -> tuple[list[Move], int]:
    """The mole's moves now (``moves()`` of section 4), as actions and a bitmask of squares."""
    visited = state.visited
    if state.jump:  # MH-16, MH-17: any unvisited square, rods ignored
        free = ALL_SQUARES & ~visited
        return [MOVES[s] for s in range(SQUARE_COUNT) if free >> s & 1], free
    return open_steps(state.path[-1], visited, state.rods)


def seat_to_move(state: MoleHillState) -> int:
    """The one seat that may act (the gardener in phase ``rod``, else the mole), or -1 at the
    end (section 4)."""
    phase = state.phase
    if phase == OVER:
        return -1
    mole = mole_seat(state.round)
    return 1 - mole if phase == ROD else mole


def is_legal(state: MoleHillState, action: Action) -> bool:
    """Whether the seat to move may play ``action`` (MH-30, MH-31)."""
    phase = state.phase
    if phase == ROD:
        return type(action) is Rod and not state.rods >> action.edge & 1
    if phase == MOVE:
        return type(action) is Move and bool(state.move_squares >> action.square & 1)
    return phase == PLACE and type(action) is Place


def apply_action(state: MoleHillState, seat: Seat, action: Action) -> None:
    """Carry out a legal action by ``seat``, then the end check of section 4.

    ``seat`` is not read (only the seat to move may act, MH-31); it is there so that
    ``MoleHillState`` can take this function as its ``_apply`` without a call in between.
    The mole's open moves are worked out after its own move (the MH-20 check needs them) and
    kept; a rod then changes them only if it lies on a path of one of the stack's steps.
    """
    if type(action) is Rod:
        edge = action.edge
        rods = state.rods
        # The rod's place among the free rods: its edge number less the rods already below it.
        at = edge - (rods & ((1 << edge) - 1)).bit_count()
        # A fresh list, never changed once stored, so clones may share it (half the cost of
        # joining two slices of a tuple).
        free = list(state.free_rods)
        del free[at]
        state.free_rods = free
        rods = state.rods = rods | 1 << edge
        state.rod_order = (*state.rod_order, edge)
        state.phase = MOVE  # MH-10
        state.mover = 1 - state.mover
        if state.jump:
            listed, squares = open_moves(state)
            moves: Sequence[Move] = listed
        elif _STEP_EDGES[state.path[-1]] >> edge & 1:
            squares = step_reach(state.path[-1], rods) & ~state.visited
            moves = moves_onto(squares)
        else:
            return  # the moves kept from the mole's last move still stand
        if not squares:
            _end_round(state)  # MH-20
            return
        state.move_actions = moves
        state.move_squares = squares
        return
    # A Place or a Move: the legality check let nothing else through (no cast: this runs
    # millions of times).
    square: int = action.square  # type: ignore[attr-defined]
    visited = state.visited = state.visited | 1 << square
    path = state.path = (*state.path, square)
    scores = state.round_scores
    # MH-22: a visit to a dark piece scores 1, a flower 2 or 1 more.
    score = scores[-1] + (len(path) > LIGHT_PIECES) + FLOWER_POINTS[square]
    state.round_scores = (*scores[:-1], score)
    if type(action) is Place:  # MH-18
        jump = state.jump = square == CENTRE and state.centre_start_jump
    else:  # MH-16, MH-17: arriving on e4 grants the jump; any other move uses it up
        jump = state.jump = square == CENTRE
    state.phase = ROD
    state.mover = 1 - state.mover
    if len(path) == PIECES:
        _end_round(state)  # MH-19
        return
    if jump:  # the moves are every unvisited square, listed once the rod is down
        state.move_actions = ()
        state.move_squares = 0
        if visited == ALL_SQUARES:
            _end_round(state)  # MH-20 (cannot happen with 22 pieces on 63 squares)
        return
    squares = step_reach(square, state.rods) & ~visited
    if not squares:
        _end_round(state)  # MH-20: boxed in by its own move, no rod follows
        return
    state.move_actions = moves_onto(squares)
    state.move_squares = squares


def _end_round(state: MoleHillState) -> None:
    """The round's score is final; the match ends or the roles swap (MH-26)."""
    state.move_actions = ()
    state.move_squares = 0
    if state.round == state.rounds:
        state.phase = OVER
        state.mover = -1
        return
    state.round += 1
    state.phase = PLACE
    state.visited = 0
    state.path = ()
    state.rods = 0
    state.rod_order = ()
    state.free_rods = RODS_BY_EDGE
    state.jump = False
    state.round_scores = (*state.round_scores, 0)
    state.mover = seat_to_move(state)


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
