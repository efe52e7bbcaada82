"""What a move log says about each Mole Hill action (everything is public, MH-28)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from molehaven.core import Action, Seat, seat_ref
from molehaven.games.mole_hill.data import (
    CENTRE,
    EDGES,
    FLOWER_POINTS,
    PIECES,
    SQUARE_NAMES,
    STEPS,
)
from molehaven.games.mole_hill.notation import Move, Place, Rod

if TYPE_CHECKING:
    from molehaven.games.mole_hill.state import MoleHillState

_FLOWERS: Final = {2: " (a red flower)", 1: " (a white flower)", 0: ""}


def describe_action(state: MoleHillState, seat: Seat, action: Action, viewer: Seat | None) -> str:
    """The same words for every viewer: nothing in Mole Hill is hidden."""
    who = seat_ref(seat)
    if isinstance(action, Rod):
        first, second = EDGES[action.edge]
        rod = f"{who} put a rod between {SQUARE_NAMES[first]} and {SQUARE_NAMES[second]}"
        return f"{rod}{_round_over(state, seat, action)}"
    assert isinstance(action, Place | Move)
    square = action.square
    where = SQUARE_NAMES[square] + _FLOWERS[FLOWER_POINTS[square]]
    jumps = square == CENTRE and (isinstance(action, Move) or state.centre_start_jump)
    arrival = " and may jump next" if jumps else ""  # MH-16, MH-18
    if isinstance(action, Place):
        return f"{who} set the mole down on {where}{arrival}{_round_over(state, seat, action)}"
    if state.jump and all(step.target != square for step in STEPS[state.path[-1]]):
        return f"{who} jumped from the centre to {where}{_round_over(state, seat, action)}"
    return f"{who} dug on to {where}{arrival}{_round_over(state, seat, action)}"


def _round_over(state: MoleHillState, seat: Seat, action: Action) -> str:
    """The words for an action that ends a round: why (all pieces down, MH-19, or the mole
    blocked, MH-20, which a rod can do too), its score (MH-22), and who digs next, since the
    roles swap."""
    after = state.clone()
    after.apply(seat, action)
    if after.round == state.round and not after.is_terminal():
        return ""
    pieces = not isinstance(action, Rod) and len(state.path) + 1 == PIECES
    why = f"all {PIECES} pieces are down" if pieces else "the mole is blocked"
    mole, points = seat_ref(state.mole), after.round_scores[state.round - 1]
    words = f"; {why}: round {state.round} is over, {mole} scores {points}"
    if after.is_terminal():
        return words
    return f"{words}; the roles swap: {seat_ref(after.mole)} digs in round {after.round}"
