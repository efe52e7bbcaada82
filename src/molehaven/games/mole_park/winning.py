"""Winning in Mole Park: cash-in, the crown check, the prize draft, preparing the next round
and the Showdown for the Crown (rules section 4, steps G, H, S and End)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from molehaven.core import and_list, counted
from molehaven.games.mole_park import rules
from molehaven.games.mole_park.data import (
    CROWN_STARS,
    EMPTY_PILE,
    HOLES,
    NOT_ROLLED,
    PRIZE,
    STAND_NAMES,
    STAND_VALUES,
    STANDS,
    pile_merge,
    pile_size,
    pile_stars,
    pile_values,
    replaced,
)
from molehaven.games.mole_park.rules import note

if TYPE_CHECKING:
    from molehaven.games.mole_park.state import MoleParkState

FLEE_PLAYERS = 3  # MP-28: moles flee only in 2- and 3-player games
FLEE_SIZE = 5


# -------------------------------------------------------------------- G1, G2: cash-in


def cash_in(state: MoleParkState) -> None:
    """MP-21: every prize roller lays down all its moles; MP-22: then the crown check."""
    totals = list(state.totals)
    hands = list(state.hands)
    laid_down = list(state.laid_down)
    for seat, die in enumerate(state.dice):
        if die != PRIZE:
            continue
        hand = hands[seat]
        roll = state.rolls[seat][PRIZE]
        stars = rules.prize_stars(state, seat)
        totals[seat] = pile_stars(hand) + roll + stars
        shown = " ".join(map(str, pile_values(hand)))
        note(
            state,
            f"seat {seat} cashes in {shown} + die {roll} + prizes {stars} = {totals[seat]}",
        )
        laid_down[seat] = hand
        state.discard = pile_merge(state.discard, hand)
        hands[seat] = EMPTY_PILE
    state.totals, state.hands, state.laid_down = tuple(totals), tuple(hands), tuple(laid_down)
    if state.declared:
        reached = tuple(seat for seat in sorted(state.declared) if totals[seat] >= CROWN_STARS)
        for seat in sorted(state.declared):
            verdict = "reaches" if seat in reached else "misses"
            note(state, f"seat {seat} {verdict} {CROWN_STARS} with {totals[seat]}")
        if len(reached) == 1:
            crown(state, reached[0])  # no prizes are taken this round
            return
        if reached:
            state.competitors = reached
            state.phase = rules.SHOWDOWN
            return
    # MP-22: declarers, failed or not, take no part in the draft.
    pickers = [seat for seat in range(state.players) if totals[seat] >= 0]
    pickers = [seat for seat in pickers if seat not in state.declared]
    by_total = sorted({totals[seat] for seat in pickers}, reverse=True)  # MP-23
    state.groups = tuple(
        (total, tuple(seat for seat in pickers if totals[seat] == total)) for total in by_total
    )
    state.phase = rules.DRAFT


# --------------------------------------------------------------------- G3: the draft


def draft(state: MoleParkState) -> None:
    """Serve the next group of equal totals, highest first (MP-23, MP-24)."""
    king = state.king
    while state.groups:
        total, seats = state.groups[0]
        state.groups = state.groups[1:]
        if not rules.open_stands(state, total):
            continue  # MP-25: nothing within reach, no decision
        others = tuple(seat for seat in seats if seat != king)
        state.pick_total = total
        if len(others) >= 2:  # MP-24: King Mole orders the others; if tied himself, he is last
            state.pickers = others
            state.king_picks_last = king in seats
            state.phase = rules.ORDER
            return
        state.pickers = others + ((king,) if king in seats else ())
        state.phase = rules.PICK_CHECK
        return
    state.phase = rules.PREPARE


def pick_check(state: MoleParkState) -> None:
    """The next picker of the group takes a prize; with nothing left in reach the rest of the
    group is skipped (MP-25)."""
    if state.pickers and rules.open_stands(state, state.pick_total):
        state.phase = rules.TAKE
    else:
        state.pickers = ()
        state.phase = rules.DRAFT


def take_prize(state: MoleParkState, seat: int, stand: int) -> None:
    """MP-25: the face-up card only; the next card stays face down until step H."""
    state.face_up = replaced(state.face_up, stand, False)
    state.prizes = replaced(state.prizes, seat, (*state.prizes[seat], stand))
    state.pickers = state.pickers[1:]
    note(state, f"seat {seat} wins a prize from {STAND_NAMES[stand]} ({STAND_VALUES[stand]})")
    if not state.face_down[stand]:  # MP-27: no refill
        note(state, f"{STAND_NAMES[stand]} is now empty for the rest of the game")
    state.phase = rules.PICK_CHECK


# --------------------------------------------------------------- H: prepare the next round


def prepare(state: MoleParkState) -> None:
    """MP-26, MP-27: restock; MP-28: moles flee; MP-35: the round limit."""
    face_up, face_down = list(state.face_up), list(state.face_down)
    for stand in range(STANDS):
        if not face_up[stand] and face_down[stand]:
            face_up[stand] = True
            face_down[stand] -= 1
    state.face_up, state.face_down = tuple(face_up), tuple(face_down)
    if state.players <= FLEE_PLAYERS:
        holes = list(state.holes)
        for hole, pile in enumerate(holes):
            if pile_size(pile) >= FLEE_SIZE:
                state.discard = pile_merge(state.discard, pile)
                holes[hole] = EMPTY_PILE
                note(state, f"the {pile_size(pile)} moles of hole {hole + 1} flee")
        state.holes = tuple(holes)
    if state.round >= state.round_limit:
        best = max(rules.scores(state))
        state.winners = tuple(
            seat for seat, score in enumerate(rules.scores(state)) if score == best
        )
        note(state, f"round limit reached: best score {best}")
        state.phase = rules.OVER
        return
    state.phase = rules.START_ROUND


# ------------------------------------------------------------- S: Showdown for the Crown


def showdown(state: MoleParkState) -> None:
    """MP-29: clear the holes, competitors return their prizes, deal c moles per hole."""
    cleared = 0
    for pile in state.holes:
        cleared += pile_size(pile)
        state.discard = pile_merge(state.discard, pile)
    state.holes = (EMPTY_PILE,) * HOLES
    prizes = list(state.prizes)
    for seat in state.competitors:
        prizes[seat] = ()
    state.prizes = tuple(prizes)
    state.rolls = ((NOT_ROLLED,) * 4,) * state.players
    who = ", ".join(f"seat {seat}" for seat in state.competitors)
    cleared_moles = counted(cleared, "mole")
    note(state, f"Showdown for the Crown: {who}; {cleared_moles} cleared, prizes returned")
    state.per_hole = len(state.competitors)
    state.dealt = 0
    state.phase = rules.DEAL_CHECK


def showdown_result(state: MoleParkState) -> None:
    """MP-32: moles whacked in the Showdown + prize die; MP-33: ties."""
    totals = list(state.showdown_totals)
    for seat in state.competitors:
        totals[seat] = pile_stars(state.showdown_moles[seat]) + state.rolls[seat][PRIZE]
        note(state, f"seat {seat} scores {totals[seat]} in the Showdown")
    state.showdown_totals = tuple(totals)
    best = max(totals[seat] for seat in state.competitors)
    tied = tuple(seat for seat in state.competitors if totals[seat] == best)
    if len(tied) > 1:
        # Kept to the end: once crowned, the winner is King Mole, and a page opened then must
        # still be able to tell who settled the tie and how.
        state.tied, state.tie_king = tied, state.king
        if state.king in tied:
            tied = tuple(seat for seat in tied if seat != state.king)
            note(
                state,
                f"seat {state.king} ties for the best score ({best})"
                " but, as King Mole, loses the tie",
            )
    if len(tied) == 1:
        crown(state, tied[0])
    else:
        state.finalists = tied
        note(
            state,
            f"{_seats_and(tied)} tie for the best score ({best}):"
            f" seat {state.king}, King Mole, picks the winner",
        )
        state.phase = rules.CROWN


def king_picks(state: MoleParkState, seat: int) -> None:
    """MP-33: King Mole's ``crown s`` settles the tie among the finalists."""
    note(
        state,
        f"seat {state.king}, King Mole, picks seat {seat}"
        f" from the tie between {_seats_and(state.finalists)}",
    )
    crown(state, seat)


def _seats_and(seats: tuple[int, ...]) -> str:
    """Seats as the lines name them, "seat 0, seat 1 and seat 3": each seat written on its
    own, so that a page can put each player's name in its place."""
    return and_list([f"seat {seat}" for seat in seats])


def crown(state: MoleParkState, seat: int) -> None:
    """The game ends; the winner holds the Crown and becomes King Mole (MP-34)."""
    state.crowned = seat
    state.winners = (seat,)
    state.king = seat
    note(state, f"seat {seat} wins King Mole's Crown!")
    state.phase = rules.OVER
