"""Redrawing what one seat of The Mole cannot see (``State.resample_hidden``, section 7).

Hidden from a seat, and so redrawn: the other hands and the draw pile (one pool, every hand
keeping its size); the round's location unless the seat holds a location card; the Mole's seat
unless the seat is the Mole, among the seats that agree with what the seat has been dealt so
far; the other spies' roles; the other seats' open ballots and pointings.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from molehaven.core import Seat
from molehaven.games.the_mole.data import ROLES_PER_LOCATION, cards, mask_of
from molehaven.games.the_mole.rules import (
    FINAL,
    NOBODY,
    OVER,
    VOTE,
    WAITING,
    possible_locations,
    role_seat,
)

if TYPE_CHECKING:
    from molehaven.games.the_mole.state import TheMoleState


def resample_hidden(state: TheMoleState, viewer: Seat | None, rng: random.Random) -> TheMoleState:
    copy = state.clone()
    others = [seat for seat in range(state.players) if seat != viewer]
    _redeal_cards(copy, others, rng)
    if state.location != NOBODY and state.phase != OVER:  # at the end every card is shown
        _redeal_round(copy, viewer, rng)
    if state.phase == VOTE:  # TM-15: others' ballots are only "cast"
        ballots = list(state.ballots)
        for seat in others:
            if ballots[seat] != WAITING and seat != state.nominee:
                ballots[seat] = rng.randrange(2)
        copy.ballots = tuple(ballots)
    if state.phase == FINAL:  # TM-21: others' pointings are only "cast"
        pointing = list(state.pointing)
        for seat in others:
            if pointing[seat] != WAITING:
                pointing[seat] = rng.choice([t for t in range(state.players) if t != seat])
        copy.pointing = tuple(pointing)
    return copy


def _redeal_cards(state: TheMoleState, others: list[int], rng: random.Random) -> None:
    """Other hands and the draw pile, as one pool; sizes are public, the discard pile too."""
    pool_mask = state.draw
    for seat in others:
        pool_mask |= state.hands[seat]
    pool = cards(pool_mask)  # a new list: shuffled here
    rng.shuffle(pool)
    hands = list(state.hands)
    for seat in others:
        size = hands[seat].bit_count()
        hands[seat] = mask_of(pool[:size])
        del pool[:size]
    state.hands = tuple(hands)
    state.draw = mask_of(pool)


def _holds_location_card(state: TheMoleState, seat: Seat | None) -> bool:
    return (
        seat is not None
        and state.mole != NOBODY
        and seat != state.mole
        and state.roles[seat] != NOBODY
    )


def _could_be_mole(state: TheMoleState, viewer: Seat | None, mole: int) -> bool:
    """Whether ``mole`` agrees with the viewer's own card: not the viewer, and the role nodes
    applied so far (which serve seats in order, the Mole skipped) reached the viewer exactly
    when the viewer holds a role (TM-7, TM-32)."""
    if viewer is None:
        return True
    if mole == viewer:
        return False
    position = viewer if viewer < mole else viewer - 1
    return (position < state.roles_dealt) == (state.roles[viewer] != NOBODY)


def _redeal_round(state: TheMoleState, viewer: Seat | None, rng: random.Random) -> None:
    """The location, the Mole's seat and the spies' roles, as far as hidden from ``viewer``."""
    known_role = NOBODY
    if viewer is not None and _holds_location_card(state, viewer):
        known_role = state.roles[viewer]
    if known_role == NOBODY:
        earlier = state.used[:-1]
        location = rng.choice(possible_locations(earlier))
        state.used = (*earlier, location)
        state.location = location
    if state.mole == NOBODY:
        return
    if viewer != state.mole:
        candidates = [m for m in range(state.players) if _could_be_mole(state, viewer, m)]
        state.mole = rng.choice(candidates)
    free_roles = [role for role in range(ROLES_PER_LOCATION) if role != known_role]
    rng.shuffle(free_roles)
    roles = [NOBODY] * state.players
    for dealt in range(state.roles_dealt):
        seat = role_seat(state.mole, dealt)
        roles[seat] = known_role if seat == viewer else free_roles.pop()
    state.roles = tuple(roles)
