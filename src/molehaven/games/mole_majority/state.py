"""Mole Majority's state: ints, bitmasks and tuples, shared (never mutated) between copies."""

from __future__ import annotations

import random
from dataclasses import dataclass, fields

from molehaven.core import Action, MolehavenError, Observation, Seat, State, winners_returns
from molehaven.games.mole_majority import ending, phases, sampler, setup, turn
from molehaven.games.mole_majority.data import (
    CAVE_IN_TOKENS,
    DECK,
    EMPTY,
    NO_CARDS,
    NO_TOKEN,
    NOBODY,
    POSITIONS,
    SPACE_COUNT,
    TOKEN_POOL,
    Pile,
    hex_pile,
)
from molehaven.games.mole_majority.describe import describe_action
from molehaven.games.mole_majority.notation import NO_CARD, Home
from molehaven.games.mole_majority.view import describe, observation


@dataclass(slots=True, eq=True)
class MoleMajorityState(State):
    """One game in progress (rules sections 3 and 4).

    Board fields are indexed by position (``values``, ``claims``, ``tokens``,
    ``last_entrant``) or by space (``spaces``, the owner of each mole or ``EMPTY``); per-seat
    fields are tuples indexed by seat; card piles are tuples of counts per kind
    (``data.Pile``). ``phase`` says what the next action is (``phases``); the turn fields
    (``action`` … ``stacked``) are the table of rules 4.1.
    """

    players: int
    turn_limit: int
    end_on_empty_supply: bool
    reveal_home_tokens: bool
    phase: int = phases.SETUP_HEX
    cursor: int = 0  # setup progress within the current setup phase
    pending_hex: int = 0  # value of the extra hex drawn and waiting to be placed
    hex_pile: tuple[int, ...] = ()  # tiles of value 3, 4, 5, 6 left (public)
    pool: tuple[int, ...] = TOKEN_POOL  # Home Tokens of value 1, 2, 3 left (hidden)
    values: tuple[int, ...] = (0,) * POSITIONS  # hex value per position, 0 off the board
    spaces: tuple[int, ...] = (EMPTY,) * SPACE_COUNT
    claims: tuple[int, ...] = (NOBODY,) * POSITIONS
    tokens: tuple[int, ...] = (NO_TOKEN,) * POSITIONS  # face-down Home Token values
    revealed: int = 0  # positions whose token lies face up (MM-45)
    last_entrant: tuple[int, ...] = (NOBODY,) * POSITIONS  # MM-19
    home_bases: tuple[int, ...] = ()  # position per seat, NOBODY before it is placed
    cave_ins: int = 0  # bitmask over data.EDGES
    moles: tuple[int, ...] = ()  # mole supply per seat
    claim_supply: tuple[int, ...] = ()
    cave_in_supply: tuple[int, ...] = ()
    hands: tuple[Pile, ...] = ()
    decks: tuple[Pile, ...] = ()
    discards: tuple[Pile, ...] = ()
    secret_tokens: tuple[tuple[int, ...], ...] = ()  # collected values only the owner sees
    shown_tokens: tuple[tuple[int, ...], ...] = ()  # collected values taken face up (MM-45)
    eliminated: tuple[bool, ...] = ()
    active: int = 0
    turn: int = 0  # turns finished (MM-40)
    action: int = NO_CARD  # the turn's Action card
    number: int = NO_CARD  # a Groundskeeper's Number card
    steps: int = 0
    bonus: int = 0
    converts: int = 0
    roll_number: int = 0
    roll_done: bool = False
    effect: int = phases.NO_EFFECT
    stacked: tuple[Action, ...] = ()  # the stacks played this turn, in order
    draws_left: int = 0  # cards still to draw at the end of the turn
    end_reason: str = ""
    winners: tuple[int, ...] = ()

    # ------------------------------------------------------------------ the State interface

    def is_terminal(self) -> bool:
        return self.phase == phases.OVER

    def is_chance(self) -> bool:
        return self.phase in phases.CHANCE_PHASES

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.phase
        if phase in phases.SETUP_CHANCE_PHASES:
            return setup.chance_outcomes(self)
        if phase in (phases.CAVE_TOKEN, phases.DRAW):
            return turn.chance_outcomes(self)
        return []

    def to_move(self) -> list[Seat]:
        phase = self.phase
        if phase == phases.BASE or phase == phases.PLACE:
            return [setup.placing_seat(self)]
        if phase in phases.TURN_PHASES:
            return [self.active]
        return []

    def _seat_actions(self, seat: Seat) -> list[Action]:
        if self.phase in phases.TURN_PHASES:
            return turn.legal_actions(self)
        return setup.legal_actions(self)

    def _is_legal(self, seat: Seat, action: Action) -> bool:
        if self.phase in phases.TURN_PHASES:
            return turn.is_legal(self, action)
        return setup.is_legal(self, action)

    def _apply(self, seat: Seat, action: Action) -> None:
        if self.phase in phases.TURN_PHASES or self.phase in (phases.CAVE_TOKEN, phases.DRAW):
            turn.apply_action(self, action)
        else:
            setup.apply_action(self, action)

    def _copy(self) -> MoleMajorityState:
        # Every field is an int, a bool, a string or a tuple, so sharing them is safe.
        copy = object.__new__(MoleMajorityState)
        for name in _FIELD_NAMES:
            setattr(copy, name, getattr(self, name))
        return copy

    def scores(self) -> list[float]:
        return [float(points) for points in ending.scores(self)]

    def returns(self) -> list[float]:
        if self.phase != phases.OVER:
            return [0.0] * self.players
        return winners_returns(self.players, self.winners)

    def _observe(self, viewer: Seat | None) -> Observation:
        return observation(self, viewer)

    def resample_hidden(self, seat: Seat | None, rng: random.Random) -> MoleMajorityState:
        """Redraw what ``seat`` cannot see (rules section 7): the unknown part of other seats'
        hands (what ``seat`` has seen of them is kept, ``sampler``) and every face-down Home
        Token value it has not seen (on the board, in the pool, collected by others)."""
        return sampler.resample_hidden(self, seat, rng)

    def action_reveals(self, seat: Seat, action: Action) -> bool:
        """Make A Home does: the face-down token taken shows its value to its taker (MM-28).
        With ``reveal_home_tokens`` so does any action that places a hex's first claim, whose
        token then turns face up for everyone (MM-45): the action is tried on a clone. Every
        other seat action moves moles or cards the seat already knows."""
        if isinstance(action, Home):
            return True
        if not self.reveal_home_tokens:
            return False
        trial = self.clone()
        try:
            trial.apply(seat, action)
        except MolehavenError:
            return False  # not legal now: applying it refuses it
        return bool(trial.revealed & ~self.revealed)

    def _describe(self, seat: Seat, action: Action, viewer: Seat | None) -> str:
        return describe_action(self, seat, action, viewer)

    def __str__(self) -> str:
        return describe(self)


_FIELD_NAMES = tuple(field.name for field in fields(MoleMajorityState))


def new_state(
    players: int,
    *,
    turn_limit: int,
    end_on_empty_supply: bool,
    reveal_home_tokens: bool,
    claim_tokens: int,
    mole_tokens: int,
) -> MoleMajorityState:
    """The state before the first chance node, after setup step 1."""
    return MoleMajorityState(
        players,
        turn_limit,
        end_on_empty_supply,
        reveal_home_tokens,
        hex_pile=hex_pile(players),
        home_bases=(NOBODY,) * players,
        moles=(mole_tokens,) * players,
        claim_supply=(claim_tokens,) * players,
        cave_in_supply=(CAVE_IN_TOKENS,) * players,
        hands=(NO_CARDS,) * players,
        decks=(DECK,) * players,
        discards=(NO_CARDS,) * players,
        secret_tokens=((),) * players,
        shown_tokens=((),) * players,
        eliminated=(False,) * players,
    )
