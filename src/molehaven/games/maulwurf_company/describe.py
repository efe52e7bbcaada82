"""What a move log says about each Die Maulwurf Company action (everything is public, MC-31)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from molehaven.core import CHANCE, Action, Seat, seat_ref
from molehaven.games.maulwurf_company import rules
from molehaven.games.maulwurf_company.data import (
    LAYER_NAMES,
    POINT_INDEX,
    POINT_NAMES,
    SEAT_COLOURS,
    landing,
)
from molehaven.games.maulwurf_company.notation import (
    Bonus,
    Decline,
    Flip,
    Keep,
    Move,
    Place,
    Rotate,
    Start,
)

if TYPE_CHECKING:
    from molehaven.games.maulwurf_company.state import MaulwurfCompanyState

# The directions of ``data.DIRECTION_NAMES`` in words, in the same order.
_WAYS: Final = ("east", "north-east", "north-west", "west", "south-west", "south-east")


def describe_action(
    state: MaulwurfCompanyState, seat: Seat, action: Action, viewer: Seat | None
) -> str:
    """The same words for every viewer: discs, moves and the board are public."""
    who = seat_ref(seat)
    current = seat_ref(state.current)
    match action:
        case Rotate(layer=layer, k=k):  # MC-4
            return f"chance: the {LAYER_NAMES[layer]} layer is laid in orientation {k}"
        case Start(seat=first):  # MC-5, MC-29
            colour = SEAT_COLOURS[first]
            return f"chance: {seat_ref(first)} ({colour}) places the first mole and plays first"
        case Place(q=q, r=r):
            return f"{who} placed a mole on {POINT_NAMES[POINT_INDEX[(q, r)]]}"
        case Flip(value=value):  # MC-7, MC-24
            extra = " for the bonus move" if state.bonus_move else ""
            return f"chance: {current} turns over a {value}{extra}"
        case Keep(value=value):  # MC-24
            return f"{who} kept the {value} and put the other disc back"
        case Move(q=q, r=r, direction=direction):  # MC-3
            start = POINT_INDEX[(q, r)]
            target = landing(start, direction, state.value)
            into = " into a hole" if rules.holes(state) >> target & 1 else ""
            steps = f"{state.value} step{'s' if state.value > 1 else ''} {_WAYS[direction]}"
            return (
                f"{who} moved a mole {steps}, from {POINT_NAMES[start]}"
                f" to {POINT_NAMES[target]}{into}"
            )
        case Bonus():  # MC-20
            return f"{who} took the bonus move"
        case Decline():
            return f"{who} declined the bonus move"
    who = "chance" if seat == CHANCE else who
    return f"{who}: {action}"
