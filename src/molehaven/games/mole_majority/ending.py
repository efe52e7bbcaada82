"""The end of a Mole Majority turn (rules 4.6): elimination, the end conditions, draws and
the next seat; and the scoring of section 9 (MM-34 … MM-43)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from molehaven.core import and_list, counted
from molehaven.games.mole_majority import phases
from molehaven.games.mole_majority.board import claimed_points, replaced, return_claim_if_empty
from molehaven.games.mole_majority.data import (
    EMPTY,
    HAND_SIZE,
    NO_CARDS,
    NOBODY,
    NUMBER_VALUE,
    POSITIONS,
    pile_add,
)
from molehaven.games.mole_majority.notation import NO_CARD

if TYPE_CHECKING:
    from molehaven.games.mole_majority.state import MoleMajorityState

# End conditions (4.6 step 3, MM-36 … MM-40), in the order they are checked. Players read
# them at the end of the game ("Why: …"), so they speak of players and tiles, as the rules
# page does, not of seats and hexes.
DECISIVE = "decisive victory: every other player is out"  # D
LAST_CLAIM = "a player has placed their last Claim Token"  # A
EMPTY_SUPPLY = "the player whose turn it was has no moles left in supply"  # B
ALL_CLAIMED = "every tile is claimed"  # C
WIPE_OUT = "every remaining player lost their last claim at once"  # E
TURN_LIMIT = "the turn limit was reached"  # L


def end_turn(state: MoleMajorityState) -> None:
    """4.6: count the turn, eliminate, check the end, then draw or pass play on."""
    state.turn += 1
    active = state.active
    wiped_out = _sweep(state)
    reason = _end_reason(state, wiped_out)
    if reason:
        _finish(state, reason)  # MM-43, MM-48: nothing is drawn
        return
    if state.eliminated[active]:
        _next_seat(state)  # MM-38: an eliminated seat draws nothing
        return
    in_hand = sum(state.hands[active])
    state.draws_left = HAND_SIZE if in_hand == 0 else 1 if in_hand < HAND_SIZE else 0  # MM-34
    if state.draws_left:
        state.phase = phases.DRAW
        _refill_if_empty(state)
    else:
        _next_seat(state)


def draw_card(state: MoleMajorityState, kind: int) -> None:
    """One end-of-turn card for the active seat; the next seat starts after the last."""
    seat = state.active
    state.hands = replaced(state.hands, seat, pile_add(state.hands[seat], kind))
    state.decks = replaced(state.decks, seat, pile_add(state.decks[seat], kind, -1))
    state.draws_left -= 1
    if state.draws_left:
        _refill_if_empty(state)
    else:
        _next_seat(state)


def _refill_if_empty(state: MoleMajorityState) -> None:
    """MM-35: an empty deck takes the whole discard pile before a card is drawn."""
    seat = state.active
    if not sum(state.decks[seat]):
        state.decks = replaced(state.decks, seat, state.discards[seat])
        state.discards = replaced(state.discards, seat, NO_CARDS)


def _next_seat(state: MoleMajorityState) -> None:
    """The next seat to the left that is still in the game starts its turn (4.6 step 5)."""
    seat = state.active
    while True:
        seat = (seat + 1) % state.players
        if not state.eliminated[seat]:
            break
    state.active = seat
    state.phase = phases.START
    state.action = state.number = NO_CARD
    state.steps = state.bonus = state.converts = state.roll_number = 0
    state.roll_done = False
    state.effect = phases.NO_EFFECT
    state.stacked = ()
    state.draws_left = 0


def _sweep(state: MoleMajorityState) -> bool:
    """MM-38, MM-39: eliminate seats without a claim on the board, repeatedly. Returns True
    when the next pass would have eliminated every remaining seat (condition E)."""
    while True:
        remaining = [s for s in range(state.players) if not state.eliminated[s]]
        out = [s for s in remaining if s not in state.claims]
        if not out:
            return False
        if len(out) == len(remaining):
            return True
        eliminated = list(state.eliminated)
        moles = list(state.moles)
        spaces = list(state.spaces)
        for seat in out:
            eliminated[seat] = True
        for space, owner in enumerate(spaces):
            if owner != EMPTY and eliminated[owner]:
                moles[owner] += 1
                spaces[space] = EMPTY
        state.eliminated = tuple(eliminated)
        state.moles = tuple(moles)
        state.spaces = tuple(spaces)
        for position in range(POSITIONS):
            return_claim_if_empty(state, position)


def _end_reason(state: MoleMajorityState, wiped_out: bool) -> str:
    remaining = state.eliminated.count(False)
    if remaining == 1:
        return DECISIVE
    if 0 in state.claim_supply:
        return LAST_CLAIM
    if state.end_on_empty_supply and state.moles[state.active] == 0:
        return EMPTY_SUPPLY
    values = state.values
    if all(state.claims[p] != NOBODY for p in range(POSITIONS) if values[p]):
        return ALL_CLAIMED
    if wiped_out:
        return WIPE_OUT
    if state.turn >= state.turn_limit:
        return TURN_LIMIT
    return ""


def _finish(state: MoleMajorityState, reason: str) -> None:
    state.phase = phases.OVER
    winners, tie_break = _winners(state, reason)
    state.winners = tuple(winners)
    # MM-42: when the Domain Points were tied, the reason says what broke the tie, after a
    # colon (the end condition stays the words before it).
    state.end_reason = f"{reason}: {tie_break}" if tie_break else reason


def domain_points(state: MoleMajorityState, seat: int) -> int:
    """MM-41: claimed hexes plus every collected Home Token."""
    tokens = sum(state.secret_tokens[seat]) + sum(state.shown_tokens[seat])
    return claimed_points(state, seat) + tokens


def moles_on_board(state: MoleMajorityState, seat: int) -> int:
    return state.spaces.count(seat)


def hand_sum(state: MoleMajorityState, seat: int) -> int:
    """MM-42, MM-44: the Number card values in hand (other cards count 0)."""
    hand = state.hands[seat]
    return sum(count * value for count, value in zip(hand, NUMBER_VALUE, strict=True))


def _moles_shared(moles: int) -> str:
    return f"{counted(moles, 'mole')} on the board"


def _hand_shared(total: int) -> str:
    return f"a hand total of {total}"


# MM-42's tie-breaks after the Domain Points, in order: what each compares, its words once it
# set some of the tied players ahead, and what the tied players share when it did not. Short:
# the result box says them on one line beside the end condition.
_TIE_BREAKS = (
    (moles_on_board, "more moles on the board", _moles_shared),
    (hand_sum, "a higher hand total", _hand_shared),
)


def _winners(state: MoleMajorityState, reason: str) -> tuple[list[int], str]:
    """MM-39, MM-42: the decisive victor, or the best of the remaining seats by points, then
    moles on the board, then the hand sum; whoever is still tied shares the win. With the
    winners, how a tie on points was broken, in words ("" when the points decided): "tied on
    6 points; more moles on the board (7 to 6)", "tied on 6 points and 6 moles on the board;
    a higher hand total (9 to 7)", "tied on 6 points; 2 with more moles on the board (6 to 3);
    a higher hand total (13 to 7)", "tied on 6 points, 6 moles on the board and a hand total
    of 9: a shared win"."""
    remaining = [s for s in range(state.players) if not state.eliminated[s]]
    if reason == DECISIVE:
        return remaining, ""
    points = {seat: domain_points(state, seat) for seat in remaining}
    best = max(points.values())
    tied = [seat for seat in remaining if points[seat] == best]
    if len(tied) == 1:
        return tied, ""
    steps: list[str] = []
    shared = [counted(best, "point")]  # what the tied players have alike
    for key, ahead, alike in _TIE_BREAKS:
        values = {seat: key(state, seat) for seat in tied}
        top = max(values.values())
        behind = [value for value in values.values() if value < top]
        tied = [seat for seat in tied if values[seat] == top]
        if not behind:
            shared.append(alike(top))
            continue
        if shared:
            steps.append(f"tied on {and_list(shared)}")
            shared = []
        compared = f"({top} to {max(behind)})"
        if len(tied) == 1:
            steps.append(f"{ahead} {compared}")
            return tied, "; ".join(steps)
        steps.append(f"{len(tied)} with {ahead} {compared}")
    if shared:
        steps.append(f"tied on {and_list(shared)}")
    return tied, "; ".join(steps) + ": a shared win"


def scores(state: MoleMajorityState) -> list[int]:
    """MM-41: claimed-hex points during the game, full Domain Points at the end."""
    if state.phase == phases.OVER:
        return [domain_points(state, seat) for seat in range(state.players)]
    points = [0] * state.players
    for value, claim in zip(state.values, state.claims, strict=True):
        if claim != NOBODY:
            points[claim] += value
    return points
