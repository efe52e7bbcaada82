"""How Mole Park moves on: each action's effect, and the automatic steps of a round up to the
hand limit (rules section 4, steps A–F); ``winning`` has steps G, H and the Showdown.

An action sets ``state.phase``; ``advance`` then runs automatic steps until the state rests at
a chance node, a seat decision or the end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from molehaven.core import Action, counted
from molehaven.games.mole_park import rules, winning
from molehaven.games.mole_park.data import (
    EMPTY_PILE,
    HOLES,
    NO_DIE,
    NOT_ROLLED,
    PRIZE,
    WHACKING_DICE,
    moles_per_hole,
    pile_add,
    pile_merge,
    pile_size,
    pile_values,
    replaced,
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
from molehaven.games.mole_park.rules import note

if TYPE_CHECKING:
    from molehaven.games.mole_park.state import MoleParkState


def apply_action(state: MoleParkState, seat: int, action: Action) -> None:
    """Carry out an action already known to be legal, then run the automatic steps."""
    match action:
        case King(seat=king):  # MP-9
            state.king = king
            state.phase = rules.START_ROUND
        case Deal(value=value):
            _deal(state, value)
        case Declare():
            _declare(state, seat)
        case Pass():
            state.asked = state.asked[1:]
            note(state, f"seat {seat} does not go for the Crown")
            state.phase = rules.DECLARE if state.asked else rules.CHOOSE_START
        case Choose(die=die):  # MP-16: kept private until the last choice arrives
            state.dice = replaced(state.dice, seat, die)
            if NO_DIE not in state.dice:
                state.phase = rules.ROLL_START
        case Roll(face=face):
            _roll(state, face)
        case Draw(value=value):
            _draw(state, value)
        case Discard(value=value):  # MP-20: the value is seen by its owner only
            state.hands = replaced(state.hands, seat, pile_add(state.hands[seat], value, -1))
            state.discard = pile_add(state.discard, value)
            note(state, f"seat {seat} discarded a mole")
            if not rules.over_limit(state):
                state.phase = rules.CASH_IN
        case Order(seats=seats):  # MP-24: King Mole, if tied, picks after the others
            king_last = (state.king,) if state.king_picks_last else ()
            state.pickers = seats + king_last
            state.king_picks_last = False
            note(state, "King Mole sets the pick order " + ", ".join(map(str, seats)))
            state.phase = rules.PICK_CHECK
        case Take(stand=stand):
            winning.take_prize(state, seat, stand)
        case Crown(seat=winner):  # MP-33
            winning.king_picks(state, winner)
        case _:
            raise AssertionError(f"unexpected action {action!r}")
    advance(state)


def advance(state: MoleParkState) -> None:
    """Run automatic steps until the state rests (chance node, decision or end)."""
    while state.phase >= rules.FIRST_AUTOMATIC:
        AUTOMATIC_STEPS[state.phase](state)


# ------------------------------------------------------------------------------ A: deal


def _start_round(state: MoleParkState) -> None:
    """A new round: every per-round fact cleared, then the deal (MP-11, MP-37)."""
    n = state.players
    state.round += 1
    state.last_events = state.events
    state.events = ()
    state.last_dice, state.last_rolls = state.dice, state.rolls  # kept for the table's reveal
    state.eligible = state.declared = state.asked = ()
    state.responding = False
    state.dice = (NO_DIE,) * n
    state.rolls = ((NOT_ROLLED,) * 4,) * n
    state.totals = (-1,) * n
    state.laid_down = (EMPTY_PILE,) * n
    state.per_hole = moles_per_hole(n)
    state.dealt = 0
    state.phase = rules.DEAL_CHECK


def _deal_check(state: MoleParkState) -> None:
    """Deal the next card, refill the deck from the discard pile, or end the deal (MP-12)."""
    total = HOLES * state.per_hole
    if state.dealt < total and not pile_size(state.deck):
        refill = pile_size(state.discard)
        if refill:
            state.deck, state.discard = state.discard, EMPTY_PILE
            note(
                state,
                f"the deck ran out: the discard pile ({counted(refill, 'mole')}) became the deck",
            )
        else:
            missing = counted(total - state.dealt, "mole")
            note(state, f"deck and discard pile are empty: {missing} not dealt")
            state.dealt = total
    if state.dealt < total:
        state.phase = rules.DEAL
    elif state.competitors:
        state.phase = rules.ROLL_START  # S2 → S3
    else:
        state.phase = rules.DECLARE_START


def _deal(state: MoleParkState, value: int) -> None:
    hole = state.dealt // state.per_hole  # holes 1 → 5, per_hole cards each
    state.holes = replaced(state.holes, hole, pile_add(state.holes[hole], value))
    state.deck = pile_add(state.deck, value, -1)
    state.dealt += 1
    state.phase = rules.DEAL_CHECK


# ---------------------------------------------------------------------- B: declarations


def _declare_start(state: MoleParkState) -> None:
    """MP-13, MP-14: eligibility fixed now; the opening pass starts at King Mole's seat."""
    n, king = state.players, state.king
    state.eligible = tuple(seat for seat in range(n) if rules.may_declare(state, seat))
    state.asked = tuple(sorted(state.eligible, key=lambda seat: (seat - king) % n))
    state.phase = rules.DECLARE if state.asked else rules.CHOOSE_START


def _declare(state: MoleParkState, seat: int) -> None:
    """MP-14, MP-15: public and final; the declarer is committed to the prize die."""
    n = state.players
    state.declared = (*state.declared, seat)
    state.dice = replaced(state.dice, seat, PRIZE)
    note(state, f"seat {seat} goes for the Crown!")
    if state.responding:
        state.asked = state.asked[1:]
    else:  # the first declaration: every other eligible seat answers, from its left
        state.responding = True
        others = [other for other in state.eligible if other != seat]
        state.asked = tuple(sorted(others, key=lambda other: (other - seat) % n))
    state.phase = rules.DECLARE if state.asked else rules.CHOOSE_START


def _choose_start(state: MoleParkState) -> None:
    """Step C, skipped when every seat declared (MP-16)."""
    state.phase = rules.CHOOSE if NO_DIE in state.dice else rules.ROLL_START


# ----------------------------------------------------------------------- D: rolls


def _roll_start(state: MoleParkState) -> None:
    """MP-17: each seat's die in seat order; MP-30: in the Showdown all four dice of each
    competitor, glove, pan, mallet, prize."""
    if state.competitors:
        state.roll_queue = tuple((seat, die) for seat in state.competitors for die in range(4))
    else:
        state.roll_queue = tuple(enumerate(state.dice))
    state.phase = rules.ROLL


def _roll(state: MoleParkState, face: int) -> None:
    seat, die = state.roll_queue[0]
    state.rolls = replaced(state.rolls, seat, replaced(state.rolls[seat], die, face))
    state.roll_queue = state.roll_queue[1:]
    if not state.roll_queue:
        state.hole = 0
        state.claimants = ()
        state.phase = rules.WHACK_CHECK


# ---------------------------------------------------------------------- E: whacking


def _whack_check(state: MoleParkState) -> None:
    """Resolve holes 1 → 5 until a shared hole needs a face-down pick (MP-18, MP-19, MP-31)."""
    while state.hole < HOLES:
        if state.claimants:  # a split under way
            if state.given < state.share * len(state.claimants):
                state.phase = rules.DRAW
                return
            state.claimants = ()
            state.hole += 1
            continue
        number = state.hole + 1
        claimants = tuple(
            seat
            for seat, faces in enumerate(state.rolls)
            for die in WHACKING_DICE
            if faces[die] == number
        )
        moles = pile_size(state.holes[state.hole])
        if len(claimants) == 1 and moles:
            _take_hole(state, claimants[0])
        elif len(claimants) >= 2:
            share = moles // len(claimants)
            who = ", ".join(f"seat {seat}" for seat in claimants)
            left = moles - share * len(claimants)
            note(
                state,
                f"hole {number}: {who} share {counted(moles, 'mole')}: {share} each,"
                f" {left} {'stays' if left == 1 else 'stay'}",
            )
            if share:
                state.claimants, state.share, state.given = claimants, share, 0
                state.phase = rules.DRAW
                return
        state.hole += 1
    state.phase = rules.SHOWDOWN_RESULT if state.competitors else rules.HAND_LIMIT


def _take_hole(state: MoleParkState, seat: int) -> None:
    """A lone claimant takes the whole hole (MP-18); no chance node, the pile moves as is."""
    hole = state.hole
    pile = state.holes[hole]
    state.holes = replaced(state.holes, hole, EMPTY_PILE)
    if state.competitors:  # MP-31: Showdown moles are public
        state.showdown_moles = replaced(
            state.showdown_moles, seat, pile_merge(state.showdown_moles[seat], pile)
        )
        shown = ", ".join(map(str, pile_values(pile)))
        note(state, f"seat {seat} took {shown} from hole {hole + 1}")
    else:
        state.hands = replaced(state.hands, seat, pile_merge(state.hands[seat], pile))
        size = pile_size(pile)
        taken = f"all {size} moles" if size > 1 else "1 mole"
        note(state, f"seat {seat} took {taken} from hole {hole + 1}")


def _draw(state: MoleParkState, value: int) -> None:
    """One face-down mole from the shared hole to the current claimant (MP-19)."""
    hole = state.hole
    seat = state.claimants[state.given // state.share]
    state.holes = replaced(state.holes, hole, pile_add(state.holes[hole], value, -1))
    if state.competitors:
        state.showdown_moles = replaced(
            state.showdown_moles, seat, pile_add(state.showdown_moles[seat], value)
        )
        note(state, f"seat {seat} drew a {value} from hole {hole + 1}")
    else:
        state.hands = replaced(state.hands, seat, pile_add(state.hands[seat], value))
    state.given += 1
    state.phase = rules.WHACK_CHECK


# ---------------------------------------------------------------------- F: hand limit


def _hand_limit(state: MoleParkState) -> None:
    """MP-20: checked once, after every hole is resolved."""
    state.phase = rules.DISCARD if rules.over_limit(state) else rules.CASH_IN


AUTOMATIC_STEPS: Final[dict[int, Callable[[MoleParkState], None]]] = {
    rules.START_ROUND: _start_round,
    rules.DEAL_CHECK: _deal_check,
    rules.DECLARE_START: _declare_start,
    rules.CHOOSE_START: _choose_start,
    rules.ROLL_START: _roll_start,
    rules.WHACK_CHECK: _whack_check,
    rules.HAND_LIMIT: _hand_limit,
    rules.CASH_IN: winning.cash_in,
    rules.DRAFT: winning.draft,
    rules.PICK_CHECK: winning.pick_check,
    rules.PREPARE: winning.prepare,
    rules.SHOWDOWN: winning.showdown,
    rules.SHOWDOWN_RESULT: winning.showdown_result,
}
