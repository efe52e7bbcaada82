"""What a move log says about each Mole Park action, to each viewer (rules section 7, MP-40).

Public facts read in full for everyone: King Mole, declarations, rolls, the pick order, prizes,
the crown. Secrets read in full only to their owner, and to the others only as the fact that
they happened: a seat's die before the last choice arrives (MP-16), the value of a mole dealt
into a hole (nobody), drawn from a shared hole (MP-19) or discarded (MP-20). Showdown draws are
public (MP-31).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from molehaven.core import CHANCE, Action, Seat, counted, seat_ref
from molehaven.games.mole_park.data import (
    DIE_TITLES,
    MISS,
    NO_DIE,
    PRIZE,
    STAND_NAMES,
    STAND_VALUES,
)
from molehaven.games.mole_park.notation import (
    Choose,
    Crown,
    Deal,
    Declare,
    Discard,
    Draw,
    King,
    Order,
    Pass,
    Roll,
    Take,
)

if TYPE_CHECKING:
    from molehaven.games.mole_park.state import MoleParkState


def describe_action(state: MoleParkState, seat: Seat, action: Action, viewer: Seat | None) -> str:
    who = seat_ref(seat)
    match action:
        case King(seat=king):  # MP-9
            return f"chance: {seat_ref(king)} is King Mole"
        case Deal():  # MP-11: face down, its value seen by nobody
            hole = state.dealt // state.per_hole + 1
            return f"chance: a mole is dealt face down into hole {hole}"
        case Declare():  # MP-14
            return f"{who} went for the Crown!"
        case Pass():
            return f"{who} did not go for the Crown"
        case Choose(die=die):
            return _choice(state, seat, die, viewer)
        case Roll(face=face):  # MP-17, MP-30: every roll is public
            return _roll(state, face)
        case Draw(value=value):
            return _draw(state, value, viewer)
        case Discard(value=value):  # MP-20
            if viewer == seat:
                return f"{who} discarded a {_stars(value)} mole"
            return f"{who} discarded a mole"
        case Order(seats=seats):  # MP-24
            order = ", ".join(seat_ref(other) for other in seats)
            last = ", then King Mole" if state.king_picks_last else ""
            return f"{who} (King Mole) set the pick order: {order}{last}"
        case Take(stand=stand):  # MP-25
            return f"{who} took a prize from {STAND_NAMES[stand]} ({STAND_VALUES[stand]} stars)"
        case Crown(seat=winner):  # MP-33
            return f"{who} (King Mole) crowned {seat_ref(winner)} winner of the Showdown"
    who = "chance" if seat == CHANCE else who
    return f"{who}: {action}"


def _stars(value: int) -> str:
    return f"{value}-star" if value > 1 else "1-star"


def _choice(state: MoleParkState, seat: Seat, die: int, viewer: Seat | None) -> str:
    """MP-16: secret until the last choice arrives, which reveals every die at once."""
    who = seat_ref(seat)
    last = state.dice.count(NO_DIE) == 1
    if last:
        return f"{who} chose the {DIE_TITLES[die]}; every die is revealed"
    if viewer == seat:
        return f"{who} chose the {DIE_TITLES[die]} (secret until every die is chosen)"
    return f"{who} chose a die"


def _roll(state: MoleParkState, face: int) -> str:
    owner, die = state.roll_queue[0]
    who = seat_ref(owner)
    if face == MISS:
        return f"chance: {who} misses with the {DIE_TITLES[die]}"
    if die == PRIZE:
        return f"chance: {who} rolls {counted(face, 'star')} with the {DIE_TITLES[die]}"
    return f"chance: {who} rolls {face} with the {DIE_TITLES[die]} (hole {face})"


def _draw(state: MoleParkState, value: int, viewer: Seat | None) -> str:
    """MP-19: a face-down pick seen by its receiver; in the Showdown by everyone (MP-31)."""
    receiver = state.claimants[state.given // state.share]
    who = seat_ref(receiver)
    hole = state.hole + 1
    if state.competitors or viewer == receiver:
        return f"chance: {who} draws a {_stars(value)} mole from hole {hole}"
    return f"chance: {who} draws a mole from hole {hole}"
