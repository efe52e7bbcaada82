"""The board rules of Mole Majority: Tunnel Networks, reach, majority, claims and the
Groundskeeper's roll (MM-14 … MM-21, MM-31, MM-32), as functions over the state."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from molehaven.games.mole_majority.data import (
    EMPTY,
    NEIGHBOUR_EDGES,
    NEIGHBOURS,
    NO_TOKEN,
    NOBODY,
    POSITIONS,
    SLOTS,
)

if TYPE_CHECKING:
    from molehaven.games.mole_majority.state import MoleMajorityState

T = TypeVar("T")


def replaced(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """A copy of ``values`` with one entry changed."""
    return (*values[:index], value, *values[index + 1 :])


def hex_owners(state: MoleMajorityState, position: int) -> tuple[int, ...]:
    """The owner of each space of a hex (``EMPTY`` for an empty space), space 1 first."""
    start = position * SLOTS
    return state.spaces[start : start + state.values[position]]


def board_mask(state: MoleMajorityState) -> int:
    values = state.values
    return sum(1 << p for p in range(POSITIONS) if values[p])


def is_full(state: MoleMajorityState, position: int) -> bool:
    return EMPTY not in hex_owners(state, position)


def has_moles(state: MoleMajorityState, position: int) -> bool:
    owners = hex_owners(state, position)
    return any(owner != EMPTY for owner in owners)


def empty_spaces(state: MoleMajorityState, position: int) -> list[int]:
    start = position * SLOTS
    spaces = state.spaces
    return [s for s in range(start, start + state.values[position]) if spaces[s] == EMPTY]


def core_mask(state: MoleMajorityState, seat: int) -> int:
    """Core(s): the hexes s has claimed or occupies (MM-14)."""
    mask = 0
    claims = state.claims
    spaces = state.spaces
    values = state.values
    for position in range(POSITIONS):
        start = position * SLOTS  # hex_owners, inlined: move listing calls this often
        if claims[position] == seat or seat in spaces[start : start + values[position]]:
            mask |= 1 << position
    return mask


def convert_network(state: MoleMajorityState, seat: int) -> int:
    """Core(s) and every board hex next to it, Cave-Ins ignored (MM-14, MM-29)."""
    core = core_mask(state, seat)
    network = core
    for position in range(POSITIONS):
        if core >> position & 1:
            network |= NEIGHBOURS[position]
    return network & board_mask(state)


def reach(state: MoleMajorityState, core: int, source: int) -> int:
    """The hexes a mole of the seat whose Core is ``core`` may move to from ``source``:
    flood from the source through Core hexes over edges without a Cave-In (MM-15)."""
    values = state.values
    cave_ins = state.cave_ins
    seen = 1 << source
    frontier = [source]
    while frontier:
        position = frontier.pop()
        for other, edge in NEIGHBOUR_EDGES[position]:
            if seen >> other & 1 or not values[other] or cave_ins >> edge & 1:
                continue
            seen |= 1 << other
            if core >> other & 1:
                frontier.append(other)
    return seen & ~(1 << source)


def claimed_points(state: MoleMajorityState, seat: int) -> int:
    """The values of the hexes holding the seat's Claim Tokens (MM-41)."""
    values = state.values
    claims = state.claims
    return sum(values[p] for p in range(POSITIONS) if claims[p] == seat)


def return_claim_if_empty(state: MoleMajorityState, position: int) -> None:
    """A claim on a hex without moles goes back to its owner's supply (MM-21, MM-32)."""
    owner = state.claims[position]
    if owner != NOBODY and not has_moles(state, position):
        state.claims = replaced(state.claims, position, NOBODY)
        state.claim_supply = replaced(state.claim_supply, owner, state.claim_supply[owner] + 1)


def majority_winner(state: MoleMajorityState, position: int) -> int:
    """Who has Majority in a full hex (MM-19)."""
    counts = [0] * state.players
    for owner in hex_owners(state, position):
        counts[owner] += 1
    most = max(counts)
    tied = [seat for seat in range(state.players) if counts[seat] == most]
    if len(tied) == 1:
        return tied[0]
    entrant = state.last_entrant[position]
    if entrant in tied:
        return entrant
    # The tied seat that most recently had a turn: count back from the active seat.
    for back in range(1, state.players + 1):
        seat = (state.active - back) % state.players
        if seat in tied:
            return seat
    raise AssertionError("a tie always has a tied seat")  # pragma: no cover


def assess_majority(state: MoleMajorityState, position: int) -> None:
    """Place the claim of the seat with Majority in a full hex (MM-19, MM-20, MM-45)."""
    winner = majority_winner(state, position)
    holder = state.claims[position]
    if holder == winner:
        return
    supply = list(state.claim_supply)
    claim = NOBODY
    if holder != NOBODY:
        supply[holder] += 1
    if supply[winner] > 0:
        supply[winner] -= 1
        claim = winner
        if state.reveal_home_tokens and state.tokens[position] != NO_TOKEN:
            state.revealed |= 1 << position
    state.claims = replaced(state.claims, position, claim)
    state.claim_supply = tuple(supply)


def rolled_spaces(state: MoleMajorityState, space: int, clockwise: bool) -> list[int]:
    """The spaces a Groundskeeper starting on ``space`` clears: the chosen mole, then each
    next one in the direction, until the ROLL NUMBER or an empty space (MM-11, MM-31)."""
    position, index = divmod(space, SLOTS)
    size = state.values[position]
    start = position * SLOTS
    spaces = state.spaces
    step = 1 if clockwise else -1
    cleared: list[int] = []
    while len(cleared) < state.roll_number:
        current = start + index
        if spaces[current] == EMPTY or current in cleared:
            break
        cleared.append(current)
        index = (index + step) % size
    return cleared
