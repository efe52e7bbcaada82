"""The Mole's rules as queries over ``TheMoleState``: who may act, what is legal, what chance
may do (decisions section 4). What an action changes is in ``flow``.

Each function that carries out a decision cites its id (TM-n).
"""

from __future__ import annotations

from functools import cache, lru_cache
from operator import itemgetter
from typing import TYPE_CHECKING, Final

from molehaven.core import Action
from molehaven.games.the_mole.data import (
    ALL_LOCATIONS,
    ANSWER_COUNTS,
    LOCATION_COUNT,
    ROLES_PER_LOCATION,
    cards,
)
from molehaven.games.the_mole.notation import (
    ANSWERS,
    ASKS,
    CARD_OUTCOMES,
    GUESSES,
    LOCATION_OUTCOMES,
    MOLE_OUTCOMES,
    NOMINATIONS,
    POINTINGS,
    ROLE_OUTCOMES,
    TIME_UP,
    VOTE_NO,
    VOTE_YES,
    Answer,
    Ask,
    CardOutcome,
    FreeAnswer,
    Guess,
    Nominate,
    Point,
    Vote,
)

if TYPE_CHECKING:
    from molehaven.games.the_mole.state import TheMoleState

# The phases a state rests in between actions (section 4's summary table).
SETUP_LOCATION, SETUP_MOLE, SETUP_ROLE, SETUP_CARD, ASK, DRAW, ANSWER, VOTE, FINAL, OVER = range(10)
SETUP_PHASES: Final = frozenset({SETUP_LOCATION, SETUP_MOLE, SETUP_ROLE, SETUP_CARD})
CHANCE_PHASES: Final = SETUP_PHASES | {DRAW}
CARD_PHASES: Final = frozenset({SETUP_CARD, DRAW})  # chance draws a question card (TM-6, TM-11)
OPEN_PHASES: Final = frozenset({ASK, ANSWER})  # "open play"
CLOCK_PHASES: Final = frozenset({ASK, ANSWER, VOTE})  # TM-19
PHASE_NAMES: Final = (
    "setup",
    "setup",
    "setup",
    "setup",
    "ask",
    "answer",  # the draw node after an ask counts as "answer" (section 7)
    "answer",
    "vote",
    "final-vote",
    "over",
)
NOBODY: Final = -1
WAITING: Final = -1  # a ballot or pointing not cast yet


def vote_passes(ballots: tuple[int, ...], nominee: int) -> bool:
    """TM-16: a vote convicts only when everyone but the nominee voted yes (1)."""
    return all(ballot == 1 for seat, ballot in enumerate(ballots) if seat != nominee)


def possible_locations(used: tuple[int, ...]) -> tuple[int, ...]:
    """The locations a round's ``location`` node may draw, given this cycle's used ones (TM-5:
    without replacement; all 16 again once every one has been used)."""
    if len(used) >= LOCATION_COUNT:
        return ALL_LOCATIONS
    taken = set(used)
    return tuple(location for location in ALL_LOCATIONS if location not in taken)


def role_seat(mole: int, dealt: int) -> int:
    """The seat served by the ``dealt``-th role node (0-based): seats in order, the Mole
    skipped (TM-7)."""
    return dealt if dealt < mole else dealt + 1


def deal_seat(state: TheMoleState) -> int:
    """The seat the next setup ``card`` node deals to: five passes in seat order (TM-6)."""
    return state.cards_dealt % state.players


def chance_outcomes(state: TheMoleState) -> list[tuple[Action, float]]:
    phase = state.phase
    if phase == SETUP_LOCATION:
        locations = possible_locations(state.used)
        share = 1.0 / len(locations)
        return [(LOCATION_OUTCOMES[location], share) for location in locations]
    if phase == SETUP_MOLE:
        share = 1.0 / state.players
        return [(MOLE_OUTCOMES[seat], share) for seat in range(state.players)]
    if phase == SETUP_ROLE:  # TM-4: the location's role cards not dealt yet, in card order
        dealt = set(state.roles)
        left = [role for role in range(ROLES_PER_LOCATION) if role not in dealt]
        share = 1.0 / len(left)
        outcomes = ROLE_OUTCOMES[state.location]
        return [(outcomes[role], share) for role in left]
    if phase in CARD_PHASES:  # TM-6, TM-11: one node per card, uniform over the pile
        return list(card_outcomes(state.draw))
    return []


@lru_cache(maxsize=4096)
def card_outcomes(pile: int) -> tuple[tuple[Action, float], ...]:
    """Each card of the draw pile ``pile`` (a bitmask) with its chance, in card order. Kept
    per pile: the bots' look-ahead draws from the same pile thousands of times a move."""
    numbers = cards(pile)
    row = _card_chances(len(numbers))
    if len(numbers) == 1:
        return (row[numbers[0]],)
    return itemgetter(*numbers)(row)  # type: ignore[no-any-return]  # picked in C, not a loop


@cache
def _card_chances(pile_size: int) -> tuple[tuple[Action, float], ...]:
    """Each card's outcome with the chance of drawing it from a pile of ``pile_size``."""
    share = 1.0 / pile_size
    return tuple((outcome, share) for outcome in CARD_OUTCOMES)


def draws_card(state: TheMoleState, action: Action) -> bool:
    """Whether chance may draw ``action`` now: a card of the draw pile, at a card node (the
    same answer as looking for it among ``chance_outcomes``, without listing the pile)."""
    return (
        state.phase in CARD_PHASES
        and type(action) is CardOutcome
        and type(action.question) is int
        and action.question > 0
        and bool(state.draw >> action.question & 1)
    )


def to_move(state: TheMoleState) -> list[int]:
    """Every seat with a legal action, ascending (TM-25)."""
    phase = state.phase
    if phase in OPEN_PHASES:
        movers = {state.asker if phase == ASK else state.answerer, state.mole}
        movers.update(s for s in range(state.players) if not state.nominated >> s & 1)  # TM-14
        return sorted(movers)
    if phase == VOTE:  # TM-15: voters without a ballot; the nominee does not vote
        return [
            s for s, ballot in enumerate(state.ballots) if ballot == WAITING and s != state.nominee
        ]
    if phase == FINAL:  # TM-21: every seat points once
        return [s for s, target in enumerate(state.pointing) if target == WAITING]
    return []


def awaited(state: TheMoleState) -> list[int]:
    """The seat open play waits for: the asker (TM-10) or the answerer (TM-12); everyone
    else may nominate (TM-14) or, the Mole, guess (TM-18) at any moment, but need not."""
    if state.phase in OPEN_PHASES:
        return [state.asker if state.phase == ASK else state.answerer]
    return to_move(state)


def legal_actions(state: TheMoleState, seat: int) -> list[Action]:
    """A seat's legal actions in section 8's order: asks, answers, nominations, ballots,
    pointings, guesses. Free text is legal but never listed (TM-12, TM-13)."""
    phase = state.phase
    players = state.players
    actions: list[Action] = []
    if phase in OPEN_PHASES:
        if phase == ASK and seat == state.asker:  # TM-10: any other seat, a card in hand
            hand = cards(state.hands[seat])
            for target in range(players):
                if target != seat:
                    row = ASKS[target]
                    actions.extend(row[q] for q in hand)
        elif phase == ANSWER and seat == state.answerer:  # TM-12: same list for everyone
            actions.extend(ANSWERS[1 : ANSWER_COUNTS[state.question] + 1])
        if not state.nominated >> seat & 1:  # TM-14
            actions.extend(NOMINATIONS[t] for t in range(players) if t != seat)
        if seat == state.mole:  # TM-18: all 16 locations, used ones included
            actions.extend(GUESSES)
    elif phase == VOTE:
        if seat != state.nominee and state.ballots[seat] == WAITING:
            actions += (VOTE_YES, VOTE_NO)
    elif phase == FINAL and state.pointing[seat] == WAITING:
        actions.extend(POINTINGS[t] for t in range(players) if t != seat)  # TM-21
    return actions


def is_legal(state: TheMoleState, seat: int, action: Action) -> bool:
    """A direct check of one action by a seat in ``to_move()`` (TM-29)."""
    phase = state.phase
    if isinstance(action, Vote):
        return phase == VOTE and seat != state.nominee and state.ballots[seat] == WAITING
    if isinstance(action, Point):
        return (
            phase == FINAL
            and state.pointing[seat] == WAITING
            and action.seat != seat
            and action.seat < state.players
        )
    if phase not in OPEN_PHASES:
        return False
    if isinstance(action, Nominate):
        return (
            not state.nominated >> seat & 1 and action.seat != seat and action.seat < state.players
        )
    if isinstance(action, Guess):
        return seat == state.mole
    if isinstance(action, Ask):
        return (
            phase == ASK
            and seat == state.asker
            and action.target != seat
            and action.target < state.players
            and bool(state.hands[seat] >> action.question & 1)
        )
    if isinstance(action, Answer):
        return (
            phase == ANSWER
            and seat == state.answerer
            and 1 <= action.number <= ANSWER_COUNTS[state.question]
        )
    if isinstance(action, FreeAnswer):  # TM-13: option free_text
        return phase == ANSWER and seat == state.answerer and state.free_text
    return False


def clock_actions(state: TheMoleState) -> list[Action]:
    """``time-up`` while the round's time runs: open play and votes (TM-19)."""
    if state.phase in CLOCK_PHASES and not state.time_up:
        return [TIME_UP]
    return []
