"""A Mole Majority turn (rules 4.2 … 4.5): the Action card, stacks, moves, breeds,
conversions, the Groundskeeper's roll, Cave-In / Make A Home, and the chance nodes of a turn
(the Cave-In's Home Token, end-of-turn draws)."""

from __future__ import annotations

from bisect import bisect_left
from itertools import combinations
from typing import TYPE_CHECKING, Final

from molehaven.core import Action
from molehaven.games.mole_majority import ending, phases
from molehaven.games.mole_majority.board import (
    assess_majority,
    board_mask,
    convert_network,
    core_mask,
    empty_spaces,
    is_full,
    reach,
    replaced,
    return_claim_if_empty,
    rolled_spaces,
)
from molehaven.games.mole_majority.data import (
    ACTION_BONUS,
    ACTION_STEPS,
    CAVEIN,
    CONVERT,
    EDGE_IS_ADJACENT,
    EDGES,
    EMPTY,
    KEEPERS,
    KINDS,
    NO_CARDS,
    NO_TOKEN,
    NUMBER_CARDS,
    NUMBER_VALUE,
    POSITIONS,
    SIMPLE_ACTIONS,
    SLOTS,
    SPACE_COUNT,
    STACK_BONUS,
    TOKEN_VALUES,
    pile_add,
    pile_plus,
)
from molehaven.games.mole_majority.notation import (
    BREEDS,
    CARD_DRAWS,
    CONVERT_STACKS,
    CONVERTS,
    DISCARD,
    END,
    HOMES,
    KEEPER_PLAYS,
    MOVES,
    NO_CARD,
    PASS,
    PLAYS,
    REPEAT,
    ROLL,
    ROLLS,
    STACKS,
    STEP,
    Breed,
    CardDraw,
    Cave,
    Convert,
    Discard,
    End,
    Home,
    Move,
    Pass,
    Play,
    Roll,
    Stack,
    TokenDraw,
    cave,
)
from molehaven.games.mole_majority.setup import token_outcomes

if TYPE_CHECKING:
    from molehaven.games.mole_majority.state import MoleMajorityState


# ---------------------------------------------------------------------- what is legal


def any_mole_on_board(state: MoleMajorityState) -> bool:
    return any(owner != EMPTY for owner in state.spaces)


def convert_targets(state: MoleMajorityState, seat: int) -> list[int]:
    """Spaces holding another seat's mole in the seat's CONVERT network (MM-14, MM-29)."""
    network = convert_network(state, seat)
    spaces = state.spaces
    targets = []
    for position in range(POSITIONS):
        if network >> position & 1:
            start = position * SLOTS
            for space in range(start, start + state.values[position]):
                if spaces[space] not in (EMPTY, seat):
                    targets.append(space)
    return targets


def can_convert(state: MoleMajorityState, seat: int, space: int) -> bool:
    owner = state.spaces[space]
    position = space // SLOTS
    return (
        state.moles[seat] > 0
        and owner not in (EMPTY, seat)
        and space % SLOTS < state.values[position]
        and bool(convert_network(state, seat) >> position & 1)
    )


def start_actions(state: MoleMajorityState) -> list[Action]:
    """The choices of phase START (4.2, MM-12, MM-13, MM-46)."""
    seat = state.active
    hand = state.hands[seat]
    actions: list[Action] = [PLAYS[kind] for kind in SIMPLE_ACTIONS if hand[kind]]
    if hand[CONVERT] and state.moles[seat] and convert_targets(state, seat):
        actions.append(PLAYS[CONVERT])
    if (hand[KEEPERS[0]] or hand[KEEPERS[1]]) and any_mole_on_board(state):
        for keeper in KEEPERS:
            if hand[keeper]:
                actions += [KEEPER_PLAYS[(keeper, n)] for n in NUMBER_CARDS if hand[n]]
    if actions:
        actions.append(DISCARD)
        return actions
    return [DISCARD, PASS]  # MM-12: pass only when nothing can be played


def stack_actions(state: MoleMajorityState) -> list[Action]:
    """The stacks the hand allows on this turn's Action (MM-22, MM-23)."""
    hand = state.hands[state.active]
    actions: list[Action] = [STACKS[kind] for kind in STACKS if hand[kind]]
    if hand[CONVERT]:
        actions.append(CONVERT_STACKS[STEP])
        if state.action in KEEPERS and not state.roll_done:
            actions.append(CONVERT_STACKS[ROLL])
        if state.action == CONVERT:
            actions.append(CONVERT_STACKS[REPEAT])
    return actions


def move_actions(state: MoleMajorityState) -> list[Action]:
    """Every ``move`` of the active seat (MM-15, MM-16)."""
    seat = state.active
    spaces = state.spaces
    values = state.values
    core = core_mask(state, seat)
    # Core hexes joined by open edges reach the same hexes (MM-15 floods through the Core),
    # so one flood serves every source hex of its part of the Core: each flood with the empty
    # spaces of its hexes, ascending.
    floods: list[tuple[int, list[int]]] = []
    actions: list[Action] = []
    for source_hex in range(POSITIONS):
        if not core >> source_hex & 1:
            continue
        start = source_hex * SLOTS
        end = start + values[source_hex]
        sources = [s for s in range(start, end) if spaces[s] == seat]
        if not sources:
            continue
        bit = 1 << source_hex
        open_spaces = next((empty for flood, empty in floods if flood & bit), None)
        if open_spaces is None:
            flood = reach(state, core, source_hex) | bit
            open_spaces = [
                s
                for p in range(POSITIONS)
                if flood >> p & 1
                for s in range(p * SLOTS, p * SLOTS + values[p])
                if spaces[s] == EMPTY
            ]
            floods.append((flood, open_spaces))
        # The targets: the flood's empty spaces but the source hex's own, a run of the list.
        low = bisect_left(open_spaces, start)
        high = bisect_left(open_spaces, end, low)
        targets = open_spaces[:low] + open_spaces[high:] if high > low else open_spaces
        for source in sources:
            # ``notation.move(source, target)`` looked up in C: this loop lists most of a
            # game's actions.
            actions.extend(map(_MOVE_ROWS[source].__getitem__, targets))
    return actions


# ``notation.MOVES`` by source: ``_MOVE_ROWS[source][target]`` is ``move(source, target)``.
_MOVE_ROWS: Final = tuple(
    MOVES[source * SPACE_COUNT : (source + 1) * SPACE_COUNT] for source in range(SPACE_COUNT)
)


def breed_spaces(state: MoleMajorityState) -> list[int]:
    """Empty spaces of the active seat's claimed hexes, if it has a mole in supply (MM-17)."""
    seat = state.active
    if not state.moles[seat]:
        return []
    claims = state.claims
    return [s for p in range(POSITIONS) if claims[p] == seat for s in empty_spaces(state, p)]


def cave_edges(state: MoleMajorityState) -> list[int]:
    """Edges a Cave-In may go on: between two board hexes, one of them claimed by the active
    seat, not caved in yet (MM-27)."""
    board = board_mask(state)
    claims = state.claims
    seat = state.active
    return [
        edge
        for edge, (a, b) in enumerate(EDGES)
        if EDGE_IS_ADJACENT[edge]
        and board >> a & 1
        and board >> b & 1
        and seat in (claims[a], claims[b])
        and not state.cave_ins >> edge & 1
    ]


def home_positions(state: MoleMajorityState) -> list[int]:
    """Own claimed hexes that still hold a Home Token (MM-28)."""
    seat = state.active
    return [p for p in range(POSITIONS) if state.claims[p] == seat and state.tokens[p] != NO_TOKEN]


def main_actions(state: MoleMajorityState) -> list[Action]:
    """The choices of phase MAIN (4.3), in a fixed order."""
    actions = stack_actions(state)
    if state.steps:
        actions += move_actions(state)
    if state.steps or state.bonus:
        actions += [BREEDS[s] for s in breed_spaces(state)]
    if state.converts and state.moles[state.active]:
        actions += [CONVERTS[s] for s in convert_targets(state, state.active)]
    if state.action in KEEPERS and not state.roll_done:
        spaces = state.spaces
        for space in range(SPACE_COUNT):
            if spaces[space] != EMPTY:
                actions += ROLLS[space]
    if state.action == CAVEIN and state.effect == phases.EFFECT_AVAILABLE:
        if state.cave_in_supply[state.active] >= 2:
            actions += [cave(a, b) for a, b in combinations(cave_edges(state), 2)]
        actions += [HOMES[p] for p in home_positions(state)]
    actions.append(END)
    return actions


def legal_actions(state: MoleMajorityState) -> list[Action]:
    phase = state.phase
    if phase == phases.START:
        return start_actions(state)
    if phase == phases.MAIN:
        return main_actions(state)
    if phase == phases.BONUS:
        actions: list[Action] = [BREEDS[s] for s in breed_spaces(state)] if state.bonus else []
        actions.append(END)
        return actions
    return []


def is_legal(state: MoleMajorityState, action: Action) -> bool:
    """A direct check of one action in a turn phase, without listing them all."""
    phase = state.phase
    if phase == phases.START:
        if type(action) is Discard:
            return True
        return isinstance(action, Play | Pass) and action in start_actions(state)
    if type(action) is End:
        return True
    if isinstance(action, Breed):
        allowed = state.bonus > 0 or (phase == phases.MAIN and state.steps > 0)
        return allowed and action.space in breed_spaces(state)
    if phase != phases.MAIN:
        return False
    seat = state.active
    match action:
        case Move(source, target):
            return state.steps > 0 and _can_move(state, seat, source, target)
        case Convert(space):
            return state.converts > 0 and can_convert(state, seat, space)
        case Roll(space):
            return state.action in KEEPERS and not state.roll_done and state.spaces[space] != EMPTY
        case Stack():
            return action in stack_actions(state)
        case Cave(first, second):
            if state.action != CAVEIN or state.effect != phases.EFFECT_AVAILABLE:
                return False
            edges = cave_edges(state)
            return state.cave_in_supply[seat] >= 2 and first in edges and second in edges
        case Home(position):
            return (
                state.action == CAVEIN
                and state.effect == phases.EFFECT_AVAILABLE
                and position in home_positions(state)
            )
    return False


def _can_move(state: MoleMajorityState, seat: int, source: int, target: int) -> bool:
    spaces = state.spaces
    values = state.values
    source_hex, target_hex = source // SLOTS, target // SLOTS
    return (
        spaces[source] == seat
        and source % SLOTS < values[source_hex]
        and target % SLOTS < values[target_hex]
        and spaces[target] == EMPTY
        and source_hex != target_hex
        and bool(reach(state, core_mask(state, seat), source_hex) >> target_hex & 1)
    )


# ---------------------------------------------------------------------------- chance


def chance_outcomes(state: MoleMajorityState) -> list[tuple[Action, float]]:
    if state.phase == phases.CAVE_TOKEN:
        return token_outcomes(state.pool)
    deck = state.decks[state.active]
    total = sum(deck)
    return [(CARD_DRAWS[kind], deck[kind] / total) for kind in range(KINDS) if deck[kind]]


# ------------------------------------------------------------------------ applying


def apply_action(state: MoleMajorityState, action: Action) -> None:
    """Carry out a legal action of a turn, then its resolution (4.5)."""
    # Exact type tests (no action class of this game has subclasses): a class pattern such
    # as ``case Move(...)`` goes through the ABC's ``__instancecheck__``, which took about six
    # calls per action.
    if type(action) is Move:
        _move(state, action.source, action.target)
    elif type(action) is Breed:
        _breed(state, action.space)
    elif type(action) is Convert:
        _convert(state, action.space)
    elif type(action) is Roll:
        _roll(state, action.space, action.clockwise)
    elif type(action) is Stack:
        _stack(state, action)
    elif type(action) is Play:
        _play(state, action)
    elif type(action) is Cave:
        _cave(state, action)
    elif type(action) is Home:
        _home(state, action.position)
    elif type(action) is TokenDraw:
        _collect_token(state, action.value)
    elif type(action) is CardDraw:
        ending.draw_card(state, action.kind)
    elif type(action) is Discard:
        seat = state.active
        state.discards = replaced(
            state.discards, seat, pile_plus(state.discards[seat], state.hands[seat])
        )
        state.hands = replaced(state.hands, seat, NO_CARDS)  # MM-34, MM-47
        ending.end_turn(state)
    else:
        assert type(action) is End or type(action) is Pass
        ending.end_turn(state)  # MM-12, MM-13


def _discard_card(state: MoleMajorityState, kind: int) -> None:
    seat = state.active
    state.hands = replaced(state.hands, seat, pile_add(state.hands[seat], kind, -1))
    state.discards = replaced(state.discards, seat, pile_add(state.discards[seat], kind))


def _play(state: MoleMajorityState, action: Play) -> None:
    """The Action card and its counters (4.2); played cards are discarded at once."""
    card = action.kind
    _discard_card(state, card)
    state.action = card
    state.steps = ACTION_STEPS[card]
    state.bonus = ACTION_BONUS[card]
    state.converts = 1 if card == CONVERT else 0
    if action.number != NO_CARD:  # MM-31: the Number card only gives its value
        _discard_card(state, action.number)
        state.number = action.number
        state.roll_number = NUMBER_VALUE[action.number]
    state.effect = phases.EFFECT_AVAILABLE if card == CAVEIN else phases.NO_EFFECT
    state.phase = phases.MAIN


def _stack(state: MoleMajorityState, action: Stack) -> None:
    """MM-22, MM-23, MM-25: a stacked card's bonus."""
    _discard_card(state, action.kind)
    state.stacked = (*state.stacked, action)
    if action.kind != CONVERT:
        state.bonus += STACK_BONUS[action.kind]
    elif action.mode == STEP:
        state.steps += 1
    elif action.mode == ROLL:
        state.roll_number += 1
    else:
        state.converts += 1


def _set_space(state: MoleMajorityState, space: int, owner: int) -> None:
    state.spaces = replaced(state.spaces, space, owner)


def _enter(state: MoleMajorityState, space: int) -> int:
    """The active seat's mole lands on ``space``: it is the hex's last entrant (MM-19)."""
    seat = state.active
    position = space // SLOTS
    _set_space(state, space, seat)
    state.last_entrant = replaced(state.last_entrant, position, seat)
    return position


def _move(state: MoleMajorityState, source: int, target: int) -> None:
    state.steps -= 1
    _set_space(state, source, EMPTY)
    position = _enter(state, target)
    return_claim_if_empty(state, source // SLOTS)  # 4.5 step 1 before step 2
    if is_full(state, position):
        assess_majority(state, position)  # MM-18


def _breed(state: MoleMajorityState, space: int) -> None:
    seat = state.active
    if state.steps:
        state.steps -= 1
    else:  # MM-24: a bonus breed; only more bonus breeds may follow
        state.bonus -= 1
        _enter_bonus(state)
    state.moles = replaced(state.moles, seat, state.moles[seat] - 1)
    position = _enter(state, space)
    if is_full(state, position):
        assess_majority(state, position)  # MM-18


def _convert(state: MoleMajorityState, space: int) -> None:
    """MM-29, MM-30: swap the mole, then re-assess a full hex."""
    seat = state.active
    other = state.spaces[space]
    moles = list(state.moles)
    moles[other] += 1
    moles[seat] -= 1
    state.moles = tuple(moles)
    state.converts -= 1
    position = _enter(state, space)
    if is_full(state, position):
        assess_majority(state, position)


def _roll(state: MoleMajorityState, space: int, clockwise: bool) -> None:
    """MM-31, MM-32: clear the rolled moles; no majority check, an emptied hex's claim
    returns."""
    moles = list(state.moles)
    spaces = list(state.spaces)
    for cleared in rolled_spaces(state, space, clockwise):
        moles[spaces[cleared]] += 1
        spaces[cleared] = EMPTY
    state.moles = tuple(moles)
    state.spaces = tuple(spaces)
    state.roll_done = True
    return_claim_if_empty(state, space // SLOTS)


def _enter_bonus(state: MoleMajorityState) -> None:
    """Phase BONUS: unused steps and conversions are lost (MM-24, MM-26)."""
    state.phase = phases.BONUS
    state.steps = 0
    state.converts = 0


def _cave(state: MoleMajorityState, action: Cave) -> None:
    """MM-27: two Cave-Ins, then a Home Token from the pool (a chance node)."""
    seat = state.active
    state.cave_ins |= 1 << action.first | 1 << action.second
    state.cave_in_supply = replaced(state.cave_in_supply, seat, state.cave_in_supply[seat] - 2)
    state.effect = phases.EFFECT_DONE
    _enter_bonus(state)
    state.phase = phases.CAVE_TOKEN


def _collect_token(state: MoleMajorityState, value: int) -> None:
    seat = state.active
    index = TOKEN_VALUES.index(value)
    state.pool = replaced(state.pool, index, state.pool[index] - 1)
    state.secret_tokens = replaced(state.secret_tokens, seat, (*state.secret_tokens[seat], value))
    state.phase = phases.BONUS


def _home(state: MoleMajorityState, position: int) -> None:
    """MM-28: take the hex's token; a face-up one stays public (MM-45)."""
    seat = state.active
    value = state.tokens[position]
    bit = 1 << position
    if state.revealed & bit:
        state.shown_tokens = replaced(state.shown_tokens, seat, (*state.shown_tokens[seat], value))
        state.revealed &= ~bit
    else:
        state.secret_tokens = replaced(
            state.secret_tokens, seat, (*state.secret_tokens[seat], value)
        )
    state.tokens = replaced(state.tokens, position, NO_TOKEN)
    state.effect = phases.EFFECT_DONE
    _enter_bonus(state)
