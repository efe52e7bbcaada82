"""What a move log says about each Mole Hill action (everything is public, MH-28)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from molehaven.core import Action, Seat, seat_ref
from molehaven.games.mole_hill.data import CENTRE, EDGES, FLOWER_POINTS, SQUARE_NAMES, STEPS
from molehaven.games.mole_hill.notation import Move, Place, Rod

if TYPE_CHECKING:
    from molehaven.games.mole_hill.state import MoleHillState

_FLOWERS: Final = {2: " (a red flower)", 1: " (a white flower)", 0: ""}


def describe_action(state: MoleHillState, seat: Seat, action: Action, viewer: Seat | None) -> str:
    """The same words for every viewer: nothing in Mole Hill is hidden."""
    who = seat_ref(seat)
    if isinstance(action, Rod):
        first, second = EDGES[action.edge]
        return f"{who} put a rod between {SQUARE_NAMES[first]} and {SQUARE_NAMES[second]}"
    assert isinstance(action, Place | Move)
    square = action.square
    where = SQUARE_NAMES[square] + _FLOWERS[FLOWER_POINTS[square]]
    if isinstance(action, Place):
        return f"{who} set the mole down on {where}"
    if state.jump and all(step.target != square for step in STEPS[state.path[-1]]):
        return f"{who} jumped from the centre to {where} (MH-16)"
    arrival = " and may jump next" if square == CENTRE else ""
    return f"{who} dug on to {where}{arrival}"
