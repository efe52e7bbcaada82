"""Mole Park's rules as queries over ``MoleParkState``: who acts, what is legal, what chance
may do, and the star arithmetic (rules sections 4 and 9).

Each function that carries out a decision cites its id (MP-n). What an action changes is in
``flow`` (steps A–F) and ``winning`` (steps G, H and the Showdown).
"""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING, Final

from molehaven.core import Action
from molehaven.games.mole_park.data import (
    CROWN_STARS,
    FACE_ODDS,
    MAX_MOLE_STARS,
    NO_DIE,
    PRIZE,
    PRIZE_DIE_MAX,
    STAND_VALUES,
    STANDS,
    pile_odds,
    pile_size,
)
from molehaven.games.mole_park.notation import (
    CHOICES,
    CROWNS,
    DEALS,
    DECLARE_ACTION,
    DISCARDS,
    DRAWS,
    KINGS,
    PASS_ACTION,
    ROLLS,
    TAKES,
    Choose,
    Crown,
    Discard,
    Order,
    Take,
)

if TYPE_CHECKING:
    from molehaven.games.mole_park.state import MoleParkState

# The phases a state rests in between actions: chance nodes and seat decisions.
KING, DEAL, DECLARE, CHOOSE, ROLL, DRAW, DISCARD, ORDER, TAKE, CROWN, OVER = range(11)
PHASE_NAMES: Final = (
    "setup",
    "deal",
    "declare",
    "choose",
    "roll",
    "whack",
    "discard",
    "order",
    "take",
    "crown",
    "over",
)
CHANCE_PHASES: Final = frozenset({KING, DEAL, ROLL, DRAW})

# Automatic steps, which ``flow.advance`` runs until the state rests again (MP-37).
(
    START_ROUND,
    DEAL_CHECK,
    DECLARE_START,
    CHOOSE_START,
    ROLL_START,
    WHACK_CHECK,
    HAND_LIMIT,
    CASH_IN,
    DRAFT,
    PICK_CHECK,
    PREPARE,
    SHOWDOWN,
    SHOWDOWN_RESULT,
) = range(11, 24)
FIRST_AUTOMATIC: Final = START_ROUND

WHACK_CHOICES: Final = CHOICES[:PRIZE]
_DECLARATIONS: Final = (DECLARE_ACTION, PASS_ACTION)


def note(state: MoleParkState, event: str) -> None:
    """Log a public fact of this round; never a hidden value (MP-40)."""
    state.events = (*state.events, event)


# ------------------------------------------------------------------------ star arithmetic


def hand_size(state: MoleParkState, seat: int) -> int:
    return pile_size(state.hands[seat])


def prize_stars(state: MoleParkState, seat: int) -> int:
    """What a seat's won prizes add to a total (MP-8): their sum, or only the highest."""
    values = [STAND_VALUES[stand] for stand in state.prizes[seat]]
    if state.highest_only:
        return max(values, default=0)
    return sum(values)


def scores(state: MoleParkState) -> list[int]:
    """``prize_stars`` of every seat, the Crown counting as a 40-star prize (MP-36)."""
    result = []
    for seat in range(state.players):
        values = [STAND_VALUES[stand] for stand in state.prizes[seat]]
        if seat == state.crowned:
            values.append(CROWN_STARS)
        result.append(max(values, default=0) if state.highest_only else sum(values))
    return result


def may_declare(state: MoleParkState, seat: int) -> bool:
    """MP-13: a mole in hand and a public best case of at least 40 stars."""
    size = hand_size(state, seat)
    best_case = prize_stars(state, seat) + MAX_MOLE_STARS * size + PRIZE_DIE_MAX
    return size >= 1 and best_case >= CROWN_STARS


def open_stands(state: MoleParkState, total: int) -> list[int]:
    """Stands whose face-up prize a total may take (MP-7, MP-25)."""
    face_up = state.face_up
    return [stand for stand in range(STANDS) if face_up[stand] and STAND_VALUES[stand] <= total]


def over_limit(state: MoleParkState) -> list[int]:
    """Seats holding more moles than the hand limit (MP-20)."""
    limit = state.hand_limit
    return [seat for seat in range(state.players) if pile_size(state.hands[seat]) > limit]


def die_choices(state: MoleParkState, seat: int) -> tuple[Choose, ...]:
    """MP-16: any whacking die; the prize die only with a mole in hand."""
    return CHOICES if hand_size(state, seat) else WHACK_CHOICES


# ------------------------------------------------------------------------ who acts, and how


def to_move(state: MoleParkState) -> list[int]:
    phase = state.phase
    if phase == DECLARE:
        return [state.asked[0]]  # MP-14: one seat at a time
    if phase == CHOOSE:  # MP-16: everyone who has not chosen; declarers hold PRIZE already
        return [seat for seat, die in enumerate(state.dice) if die == NO_DIE]
    if phase == DISCARD:
        return over_limit(state)
    if phase in (ORDER, CROWN):  # MP-24, MP-33
        return [state.king]
    if phase == TAKE:
        return [state.pickers[0]]
    return []


def legal_actions(state: MoleParkState, seat: int) -> list[Action]:
    """The legal actions of a seat in ``to_move()`` (MP-38: nobody else has any)."""
    phase = state.phase
    if phase == DECLARE:
        return list(_DECLARATIONS)
    if phase == CHOOSE:
        return list(die_choices(state, seat))
    if phase == DISCARD:
        return [DISCARDS[index] for index, count in enumerate(state.hands[seat]) if count]
    if phase == ORDER:
        return [Order(seats) for seats in permutations(state.pickers)]
    if phase == TAKE:
        return [TAKES[stand] for stand in open_stands(state, state.pick_total)]
    if phase == CROWN:
        return [CROWNS[finalist] for finalist in state.finalists]
    return []


def is_legal(state: MoleParkState, seat: int, action: Action) -> bool:
    """The same test as membership in ``legal_actions``, without building the list."""
    phase = state.phase
    if phase == DECLARE:
        return action in _DECLARATIONS
    if phase == CHOOSE:
        return isinstance(action, Choose) and (action.die != PRIZE or hand_size(state, seat) > 0)
    if phase == DISCARD:
        return isinstance(action, Discard) and state.hands[seat][action.value - 1] > 0
    if phase == ORDER:
        return isinstance(action, Order) and tuple(sorted(action.seats)) == state.pickers
    if phase == TAKE:
        return (
            isinstance(action, Take)
            and state.face_up[action.stand]
            and STAND_VALUES[action.stand] <= state.pick_total
        )
    if phase == CROWN:
        return isinstance(action, Crown) and action.seat in state.finalists
    return False


def chance_outcomes(state: MoleParkState) -> list[tuple[Action, float]]:
    phase = state.phase
    if phase == KING:  # MP-9
        share = 1.0 / state.players
        return [(KINGS[seat], share) for seat in range(state.players)]
    if phase == DEAL:  # MP-11: one node per card, over the values left in the deck
        return [(DEALS[value - 1], odds) for value, odds in pile_odds(state.deck)]
    if phase == ROLL:  # MP-17, MP-30
        _, die = state.roll_queue[0]
        return [(ROLLS[face], odds) for face, odds in FACE_ODDS[die]]
    if phase == DRAW:  # MP-19: a face-down pick from the shared hole
        return [(DRAWS[value - 1], odds) for value, odds in pile_odds(state.holes[state.hole])]
    return []
