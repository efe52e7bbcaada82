"""Setup of a Mole Majority game (rules section 3, MM-6 … MM-10): the Center Hex and ring,
Home Bases, extra hexes, Home Tokens and the deal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from molehaven.core import Action
from molehaven.games.mole_majority import phases
from molehaven.games.mole_majority.board import board_mask, replaced
from molehaven.games.mole_majority.data import (
    CORE_ORDER,
    HAND_SIZE,
    HEX_VALUES,
    HOME_BASE_VALUE,
    KINDS,
    MID_MASK,
    NEIGHBOURS,
    NO_TOKEN,
    NOBODY,
    OUTER_MASK,
    POSITIONS,
    RING_MASK,
    SLOTS,
    TOKEN_VALUES,
    pile_add,
)
from molehaven.games.mole_majority.notation import (
    BASES,
    CARD_DRAWS,
    HEX_DRAWS,
    PLACES,
    TOKEN_DRAWS,
    Base,
    CardDraw,
    HexDraw,
    Place,
    TokenDraw,
)

if TYPE_CHECKING:
    from molehaven.games.mole_majority.state import MoleMajorityState


def placing_seat(state: MoleMajorityState) -> int:
    """Home Bases go n−1 … 0 (MM-8); extra hexes n−1 … 0, n−1 … 0 (MM-7)."""
    return state.players - 1 - state.cursor % state.players


def base_positions(state: MoleMajorityState) -> list[int]:
    """Empty mid positions (MM-6)."""
    values = state.values
    return [p for p in range(POSITIONS) if MID_MASK >> p & 1 and not values[p]]


def extra_positions(state: MoleMajorityState) -> list[int]:
    """Empty outer positions touching two board hexes, one of them a ring hex (MM-7)."""
    board = board_mask(state)
    legal = []
    for position in range(POSITIONS):
        if not OUTER_MASK >> position & 1 or board >> position & 1:
            continue
        touching = NEIGHBOURS[position] & board
        if touching & RING_MASK and touching.bit_count() >= 2:
            legal.append(position)
    return legal


def legal_actions(state: MoleMajorityState) -> list[Action]:
    if state.phase == phases.BASE:
        return [BASES[p] for p in base_positions(state)]
    if state.phase == phases.PLACE:
        return [PLACES[p] for p in extra_positions(state)]
    return []


def is_legal(state: MoleMajorityState, action: Action) -> bool:
    if state.phase == phases.BASE:
        return type(action) is Base and action.position in base_positions(state)
    if state.phase == phases.PLACE:
        return type(action) is Place and action.position in extra_positions(state)
    return False


def token_target(state: MoleMajorityState) -> int:
    """The next board hex to receive a face-down Home Token, alphabetically (MM-9), or
    ``NOBODY`` once every hex but the Home Bases has one."""
    for position in range(POSITIONS):
        if (
            state.values[position]
            and state.tokens[position] == NO_TOKEN
            and position not in state.home_bases
        ):
            return position
    return NOBODY


def chance_outcomes(state: MoleMajorityState) -> list[tuple[Action, float]]:
    phase = state.phase
    if phase in (phases.SETUP_HEX, phases.EXTRA_HEX):
        pile = state.hex_pile
        total = sum(pile)
        return [
            (HEX_DRAWS[value], count / total)
            for value, count in zip(HEX_VALUES, pile, strict=True)
            if count
        ]
    if phase == phases.SETUP_TOKEN:
        return token_outcomes(state.pool)
    deck = state.decks[state.cursor % state.players]
    total = sum(deck)
    return [(CARD_DRAWS[kind], deck[kind] / total) for kind in range(KINDS) if deck[kind]]


def token_outcomes(pool: tuple[int, ...]) -> list[tuple[Action, float]]:
    total = sum(pool)
    return [
        (TOKEN_DRAWS[value], count / total)
        for value, count in zip(TOKEN_VALUES, pool, strict=True)
        if count
    ]


def apply_action(state: MoleMajorityState, action: Action) -> None:
    """Carry out a legal setup action and move to the next setup step."""
    if type(action) is HexDraw:
        _take_tile(state, action.value)
        if state.phase == phases.EXTRA_HEX:
            state.pending_hex = action.value
            state.phase = phases.PLACE
            return
        position = CORE_ORDER[state.cursor]
        state.values = replaced(state.values, position, action.value)
        state.cursor += 1
        if state.cursor == len(CORE_ORDER):
            state.phase, state.cursor = phases.BASE, 0
    elif type(action) is Base:
        _place_home_base(state, placing_seat(state), action.position)
        state.cursor += 1
        if state.cursor == state.players:
            state.phase, state.cursor = phases.EXTRA_HEX, 0
    elif type(action) is Place:
        state.values = replaced(state.values, action.position, state.pending_hex)
        state.pending_hex = 0
        state.cursor += 1
        extras = 2 * state.players
        state.phase = phases.EXTRA_HEX if state.cursor < extras else phases.SETUP_TOKEN
        if state.cursor == extras:
            state.cursor = 0
    elif type(action) is TokenDraw:
        index = TOKEN_VALUES.index(action.value)
        state.pool = replaced(state.pool, index, state.pool[index] - 1)
        state.tokens = replaced(state.tokens, token_target(state), action.value)
        if token_target(state) == NOBODY:
            state.phase = phases.DEAL
    else:
        assert type(action) is CardDraw
        seat = state.cursor % state.players
        state.hands = replaced(state.hands, seat, pile_add(state.hands[seat], action.kind))
        state.decks = replaced(state.decks, seat, pile_add(state.decks[seat], action.kind, -1))
        state.cursor += 1
        if state.cursor == HAND_SIZE * state.players:
            state.phase, state.cursor, state.active = phases.START, 0, 0  # MM-1


def _take_tile(state: MoleMajorityState, value: int) -> None:
    index = HEX_VALUES.index(value)
    state.hex_pile = replaced(state.hex_pile, index, state.hex_pile[index] - 1)


def _place_home_base(state: MoleMajorityState, seat: int, position: int) -> None:
    """A 6-tile with the seat's Claim Token and six of its moles (setup step 4)."""
    state.values = replaced(state.values, position, HOME_BASE_VALUE)
    start = position * SLOTS
    spaces = state.spaces
    state.spaces = (*spaces[:start], *(seat,) * HOME_BASE_VALUE, *spaces[start + SLOTS :])
    state.claims = replaced(state.claims, position, seat)
    state.last_entrant = replaced(state.last_entrant, position, seat)
    state.home_bases = replaced(state.home_bases, seat, position)
    state.moles = replaced(state.moles, seat, state.moles[seat] - HOME_BASE_VALUE)
    state.claim_supply = replaced(state.claim_supply, seat, state.claim_supply[seat] - 1)
