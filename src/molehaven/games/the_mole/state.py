"""The Mole's state: ints, bitmasks and tuples, shared (never mutated) between copies."""

from __future__ import annotations

import random
from dataclasses import dataclass, fields

from molehaven.core import Action, Observation, Seat, State, winners_returns
from molehaven.games.the_mole import rules
from molehaven.games.the_mole.data import ALL_QUESTIONS
from molehaven.games.the_mole.describe import describe_action
from molehaven.games.the_mole.flow import Exchange, RoundResult, VoteResult, apply_action
from molehaven.games.the_mole.hidden import resample_hidden
from molehaven.games.the_mole.view import describe, observation


@dataclass(slots=True, eq=True)
class TheMoleState(State):
    """One game in progress (decisions section 4).

    Per-seat fields are tuples indexed by seat. A hand and the draw pile are bitmasks of
    question numbers (bit ``q`` for ``q<q>``); every card is distinct, so a set is the whole
    story and drawing is a chance node over it. ``-1`` stands for "nobody" or "not yet".
    """

    players: int
    target_score: int
    question_limit: int
    round_seconds: int
    free_text: bool
    phase: int = rules.SETUP_LOCATION
    round: int = 1
    dealer: int = 0  # TM-3
    points: tuple[int, ...] = ()  # each seat's score
    used: tuple[int, ...] = ()  # locations drawn in this cycle of 16, the current one last
    location: int = rules.NOBODY
    mole: int = rules.NOBODY
    roles: tuple[int, ...] = ()  # each spy's role index at ``location``; -1 for the Mole
    roles_dealt: int = 0
    hands: tuple[int, ...] = ()
    draw: int = ALL_QUESTIONS
    discard: tuple[int, ...] = ()  # oldest first
    cards_dealt: int = 0  # setup ``card`` nodes applied this round
    asker: int = rules.NOBODY
    answerer: int = rules.NOBODY
    question: int = 0  # the question waiting for its answer, 0 for none
    answers_given: int = 0
    exchanges: tuple[Exchange, ...] = ()
    nominated: int = 0  # bit s: seat s has called its vote this round
    nominator: int = rules.NOBODY
    nominee: int = rules.NOBODY
    ballots: tuple[int, ...] = ()  # open vote: -1 waiting, 0 no, 1 yes
    resume: int = rules.ASK  # the phase a failed vote returns to
    votes: tuple[VoteResult, ...] = ()
    time_up: bool = False
    pointing: tuple[int, ...] = ()  # final vote: -1 waiting, else the seat pointed at
    past_rounds: tuple[RoundResult, ...] = ()
    winners: tuple[int, ...] = ()

    # ------------------------------------------------------------------ the State interface

    def is_terminal(self) -> bool:
        return self.phase == rules.OVER

    def is_chance(self) -> bool:
        return self.phase in rules.CHANCE_PHASES

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return rules.chance_outcomes(self)

    def to_move(self) -> list[Seat]:
        return rules.to_move(self)

    def awaited(self) -> list[Seat]:
        return rules.awaited(self)

    def _seat_actions(self, seat: Seat) -> list[Action]:
        return rules.legal_actions(self, seat)

    def _is_legal(self, seat: Seat, action: Action) -> bool:
        return rules.is_legal(self, seat, action)

    def _is_chance_outcome(self, action: Action) -> bool:
        # A card is checked against the pile without listing it (bots' look-ahead draws
        # millions); the other chance nodes list their few outcomes. (The base class named,
        # not ``super()``: a slotted dataclass's methods have no ``__class__`` cell.)
        if self.phase in rules.CARD_PHASES:
            return rules.draws_card(self, action)
        return State._is_chance_outcome(self, action)

    def _clock_actions(self) -> list[Action]:
        return rules.clock_actions(self)

    def _apply(self, seat: Seat, action: Action) -> None:
        apply_action(self, seat, action)

    def _copy(self) -> TheMoleState:
        # Every field is an int, a bool or a tuple of immutable values: sharing them is safe.
        copy = object.__new__(TheMoleState)
        for name in _FIELD_NAMES:
            setattr(copy, name, getattr(self, name))
        return copy

    def scores(self) -> list[float]:
        return [float(score) for score in self.points]

    def returns(self) -> list[float]:
        if self.phase != rules.OVER:
            return [0.0] * self.players
        return winners_returns(self.players, self.winners)

    def _observe(self, viewer: Seat | None) -> Observation:
        return observation(self, viewer)

    def resample_hidden(self, seat: Seat | None, rng: random.Random) -> TheMoleState:
        """Redraw what ``seat`` cannot see: the Mole's seat and the location where they are
        hidden from it, the other spies' roles, the other hands and the draw pile, and the
        other seats' open ballots and pointings (section 7)."""
        return resample_hidden(self, seat, rng)

    def _describe(self, seat: Seat, action: Action, viewer: Seat | None) -> str:
        return describe_action(self, seat, action, viewer)

    def __str__(self) -> str:
        return describe(self)


_FIELD_NAMES = tuple(field.name for field in fields(TheMoleState))


def new_state(
    players: int, *, target_score: int, question_limit: int, round_seconds: int, free_text: bool
) -> TheMoleState:
    """The state before the first round's ``location`` node (section 3)."""
    return TheMoleState(
        players,
        target_score,
        question_limit,
        round_seconds,
        free_text,
        points=(0,) * players,
        roles=(rules.NOBODY,) * players,
        hands=(0,) * players,
    )
