"""Mole Park's state: ints and tuples of ints, shared (never mutated) between copies."""

from __future__ import annotations

import random
from dataclasses import dataclass, fields

from molehaven.core import Action, Observation, Seat, State, winners_returns
from molehaven.games.mole_park import rules
from molehaven.games.mole_park.data import (
    CARDS_PER_STAND,
    EMPTY_PILE,
    FULL_DECK,
    HOLES,
    NO_DIE,
    NOT_ROLLED,
    STANDS,
    Pile,
    pile_from_values,
    pile_size,
    pile_values,
)
from molehaven.games.mole_park.describe import describe_action
from molehaven.games.mole_park.flow import apply_action
from molehaven.games.mole_park.view import describe, observation


@dataclass(slots=True, eq=True)
class MoleParkState(State):
    """One game in progress (rules section 4).

    ``phase`` is one of the decision or chance phases of ``rules`` between actions; the
    automatic steps run inside ``flow.advance``. Per seat, ``hands``, ``dice``, ``rolls`` …
    are tuples indexed by seat; piles are tuples of five counts (``data.Pile``).
    """

    players: int
    highest_only: bool  # MP-8: prize_value == "highest"
    round_limit: int
    hand_limit: int
    phase: int = rules.KING
    king: int = -1
    round: int = 0
    deck: Pile = FULL_DECK
    discard: Pile = EMPTY_PILE
    holes: tuple[Pile, ...] = (EMPTY_PILE,) * HOLES
    hands: tuple[Pile, ...] = ()
    prizes: tuple[tuple[int, ...], ...] = ()  # stands won, in the order taken
    face_up: tuple[bool, ...] = (True,) * STANDS
    face_down: tuple[int, ...] = (CARDS_PER_STAND - 1,) * STANDS
    per_hole: int = 1  # moles each hole receives in the deal under way
    dealt: int = 0  # cards of that deal dealt (or skipped) so far
    eligible: tuple[int, ...] = ()  # seats that may declare this round (MP-13)
    declared: tuple[int, ...] = ()  # declarers, in the order they declared
    asked: tuple[int, ...] = ()  # seats still to answer in the declaration pass under way
    responding: bool = False  # the response pass has begun (MP-14)
    dice: tuple[int, ...] = ()  # each seat's die this round, NO_DIE until chosen
    rolls: tuple[tuple[int, ...], ...] = ()  # per seat, per die: the face, NOT_ROLLED before
    roll_queue: tuple[tuple[int, int], ...] = ()  # (seat, die) still to roll, in order
    hole: int = 0  # hole being resolved in step E / S4 (0-based)
    claimants: tuple[int, ...] = ()  # owners of the dice sharing that hole, in receiving order
    share: int = 0  # moles each claimant receives in that split
    given: int = 0  # moles handed out in that split so far
    totals: tuple[int, ...] = ()  # cash-in totals this round, -1 for seats not cashing in
    laid_down: tuple[Pile, ...] = ()  # the moles each seat cashed in this round (public)
    groups: tuple[tuple[int, tuple[int, ...]], ...] = ()  # draft groups still to come
    pick_total: int = 0  # total of the draft group being served
    pickers: tuple[int, ...] = ()  # seats to order (ORDER) or still to pick (TAKE)
    king_picks_last: bool = False  # King Mole is in the group being ordered (MP-24)
    competitors: tuple[int, ...] = ()  # Showdown seats, empty outside a Showdown
    showdown_moles: tuple[Pile, ...] = ()  # moles whacked in the Showdown (public, MP-31)
    showdown_totals: tuple[int, ...] = ()
    finalists: tuple[int, ...] = ()  # seats among which King Mole crowns the winner (MP-33)
    tied: tuple[int, ...] = ()  # every seat sharing the best Showdown score, when more than one
    tie_king: int = -1  # King Mole when the Showdown was tied (the Crown makes a new one)
    winners: tuple[int, ...] = ()
    crowned: int = -1  # the seat that won the Crown
    events: tuple[str, ...] = ()  # this round, public facts only
    last_events: tuple[str, ...] = ()  # the previous round's
    last_dice: tuple[int, ...] = ()  # the previous round's die choices (public once revealed)
    last_rolls: tuple[tuple[int, ...], ...] = ()  # and its rolls, as ``rolls``

    # ------------------------------------------------------------------ the State interface

    def is_terminal(self) -> bool:
        return self.phase == rules.OVER

    def is_chance(self) -> bool:
        return self.phase in rules.CHANCE_PHASES

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return rules.chance_outcomes(self)

    def to_move(self) -> list[Seat]:
        return rules.to_move(self)

    def _seat_actions(self, seat: Seat) -> list[Action]:
        return rules.legal_actions(self, seat)

    def _is_legal(self, seat: Seat, action: Action) -> bool:
        return rules.is_legal(self, seat, action)

    def _apply(self, seat: Seat, action: Action) -> None:
        apply_action(self, seat, action)

    def _copy(self) -> MoleParkState:
        # Every field is an int, a bool or a tuple, so sharing them is safe.
        copy = object.__new__(MoleParkState)
        for name in _FIELD_NAMES:
            setattr(copy, name, getattr(self, name))
        return copy

    def scores(self) -> list[float]:
        return [float(score) for score in rules.scores(self)]

    def returns(self) -> list[float]:
        if self.phase != rules.OVER:
            return [0.0] * self.players
        return winners_returns(self.players, self.winners)

    def _observe(self, viewer: Seat | None) -> Observation:
        return observation(self, viewer)

    def resample_hidden(self, seat: Seat | None, rng: random.Random) -> MoleParkState:
        """Redraw what ``seat`` cannot see (MP-40): the values of the moles in other hands,
        in the holes, the deck and the discard pile (every pile keeps its size), and, during
        the secret choice, the die each other seat has already chosen (MP-16)."""
        state = self.clone()
        others = [other for other in range(self.players) if other != seat]
        piles: list[Pile] = [self.deck, self.discard, *self.holes]
        piles += [self.hands[other] for other in others]
        pool = [value for pile in piles for value in pile_values(pile)]
        rng.shuffle(pool)
        cursor = 0
        redrawn: list[Pile] = []
        for pile in piles:
            size = pile_size(pile)
            redrawn.append(pile_from_values(pool[cursor : cursor + size]))
            cursor += size
        state.deck, state.discard = redrawn[0], redrawn[1]
        state.holes = tuple(redrawn[2 : 2 + HOLES])
        hands = list(self.hands)
        for other, pile in zip(others, redrawn[2 + HOLES :], strict=True):
            hands[other] = pile
        state.hands = tuple(hands)
        if self.phase == rules.CHOOSE:
            dice = list(self.dice)
            for other in others:
                if dice[other] != NO_DIE and other not in self.declared:
                    dice[other] = rng.choice(rules.die_choices(self, other)).die
            state.dice = tuple(dice)
        return state

    def _describe(self, seat: Seat, action: Action, viewer: Seat | None) -> str:
        return describe_action(self, seat, action, viewer)

    def __str__(self) -> str:
        return describe(self)


_FIELD_NAMES = tuple(field.name for field in fields(MoleParkState))


def new_state(
    players: int, *, highest_only: bool, round_limit: int, hand_limit: int
) -> MoleParkState:
    """The state before the King Mole chance node (rules section 3)."""
    return MoleParkState(
        players,
        highest_only,
        round_limit,
        hand_limit,
        hands=(EMPTY_PILE,) * players,
        prizes=((),) * players,
        dice=(NO_DIE,) * players,
        rolls=((NOT_ROLLED,) * 4,) * players,
        totals=(-1,) * players,
        laid_down=(EMPTY_PILE,) * players,
        showdown_moles=(EMPTY_PILE,) * players,
        showdown_totals=(-1,) * players,
    )
