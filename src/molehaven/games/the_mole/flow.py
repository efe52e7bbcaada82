"""What each action of The Mole changes (decisions section 4): setup nodes, asking and drawing,
answering, votes, guesses, time-up, the final vote and the end of a round.

``apply_action`` may assume the action is legal (``State.apply`` checked it) and only replaces
fields with new immutable values, so copies that share them stay independent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from molehaven.core import Action
from molehaven.games.the_mole.data import (
    ALL_QUESTIONS,
    LOCATION_COUNT,
    MOLE_POINTS,
    ROLE_INDEX,
    SPY_POINTS,
    mask_of,
)
from molehaven.games.the_mole.notation import (
    Answer,
    Ask,
    CardOutcome,
    FreeAnswer,
    Guess,
    LocationOutcome,
    MoleOutcome,
    Nominate,
    Point,
    RoleOutcome,
    TimeUp,
    Vote,
)
from molehaven.games.the_mole.rules import (
    ANSWER,
    ASK,
    DRAW,
    FINAL,
    NOBODY,
    OPEN_PHASES,
    OVER,
    SETUP_CARD,
    SETUP_LOCATION,
    SETUP_MOLE,
    SETUP_ROLE,
    VOTE,
    WAITING,
    deal_seat,
    role_seat,
    vote_passes,
)

if TYPE_CHECKING:
    from molehaven.games.the_mole.state import TheMoleState

HAND_DEAL_PASSES = 5  # TM-6


@dataclass(frozen=True, slots=True)
class Exchange:
    """One answered question of the round (public)."""

    asker: int
    answerer: int
    question: int
    answer: Action  # an ``Answer`` or a ``FreeAnswer``


@dataclass(frozen=True, slots=True)
class VoteResult:
    """A completed vote of the round; ``ballots[s]`` is 1 (yes), 0 (no) or -1 (the nominee)."""

    nominator: int
    nominee: int
    ballots: tuple[int, ...]
    passed: bool


@dataclass(frozen=True, slots=True)
class RoundResult:
    """A finished round, every card revealed (TM-22). ``end`` is ``vote``, ``guess`` or
    ``final-vote``; ``roles[s]`` is a role index of ``location``, -1 for the Mole."""

    round: int
    dealer: int
    location: int
    mole: int
    roles: tuple[int, ...]
    end: str
    accused: int  # NOBODY when nobody was accused
    guess: int  # the guessed location, or -1
    pointing: tuple[int, ...]  # the final vote's pointings, () when there was none
    points: tuple[int, ...]


def apply_action(state: TheMoleState, seat: int, action: Action) -> None:
    if isinstance(action, CardOutcome):
        _card(state, action.question)
    elif isinstance(action, Nominate):
        _nominate(state, seat, action.seat)
    elif isinstance(action, Vote):
        _vote(state, seat, action.yes)
    elif isinstance(action, Ask):
        _ask(state, action.target, action.question)
    elif isinstance(action, Answer | FreeAnswer):
        _answer(state, action)
    elif isinstance(action, Point):
        _point(state, seat, action.seat)
    elif isinstance(action, Guess):
        _guess(state, action.location)
    elif isinstance(action, TimeUp):
        _time_up(state)
    elif isinstance(action, LocationOutcome):
        _location(state, action.location)
    elif isinstance(action, MoleOutcome):
        _mole(state, action.seat)
    elif isinstance(action, RoleOutcome):
        _role(state, action.role)
    else:  # pragma: no cover - State.apply only lets legal actions through
        raise TypeError(f"not an action of The Mole: {action!r}")


# ----------------------------------------------------------------------------- setup (TM-7)


def _location(state: TheMoleState, location: int) -> None:
    used = state.used if len(state.used) < LOCATION_COUNT else ()  # TM-5: a new cycle
    state.used = (*used, location)
    state.location = location
    state.phase = SETUP_MOLE


def _mole(state: TheMoleState, seat: int) -> None:
    state.mole = seat  # TM-4
    state.roles = (NOBODY,) * state.players
    state.roles_dealt = 0
    state.phase = SETUP_ROLE


def _role(state: TheMoleState, role_id: str) -> None:
    roles = list(state.roles)
    roles[role_seat(state.mole, state.roles_dealt)] = ROLE_INDEX[state.location][role_id]
    state.roles = tuple(roles)
    state.roles_dealt += 1
    if state.roles_dealt == state.players - 1:
        # Step 4 (TM-6): all 80 cards are gathered before the hands are dealt.
        state.hands = (0,) * state.players
        state.draw = ALL_QUESTIONS
        state.discard = ()
        state.cards_dealt = 0
        state.phase = SETUP_CARD


def _card(state: TheMoleState, question: int) -> None:
    bit = 1 << question
    hands = list(state.hands)
    if state.phase == DRAW:  # TM-11: the asker's hand is back to 5
        hands[state.asker] |= bit
        state.phase = ANSWER
    else:
        hands[deal_seat(state)] |= bit
        state.cards_dealt += 1
        if state.cards_dealt == HAND_DEAL_PASSES * state.players:
            state.asker = (state.dealer + 1) % state.players  # TM-9
            state.phase = ASK  # TM-8: the round's timer starts now
    state.hands = tuple(hands)
    state.draw &= ~bit


# ------------------------------------------------------------------------------ open play


def _ask(state: TheMoleState, target: int, question: int) -> None:
    hands = list(state.hands)
    hands[state.asker] &= ~(1 << question)
    state.hands = tuple(hands)
    state.discard = (*state.discard, question)  # TM-31: the card is read aloud, face up
    state.question = question
    state.answerer = target
    if state.draw == 0:  # TM-11: the discard pile becomes the draw pile
        state.draw = mask_of(state.discard)
        state.discard = ()
    state.phase = DRAW


def _answer(state: TheMoleState, answer: Action) -> None:
    exchange = Exchange(state.asker, state.answerer, state.question, answer)
    state.exchanges = (*state.exchanges, exchange)
    state.answers_given += 1
    state.asker = state.answerer
    state.answerer = NOBODY
    state.question = 0
    if state.question_limit > 0 and state.answers_given == state.question_limit:
        state.time_up = True  # TM-20: the limit acts as time-up
        _start_final_vote(state)
    else:
        state.phase = ASK


def _nominate(state: TheMoleState, seat: int, nominee: int) -> None:
    state.nominated |= 1 << seat  # TM-14: spent whatever the outcome
    state.nominator = seat
    state.nominee = nominee
    state.ballots = (WAITING,) * state.players
    state.resume = state.phase
    state.phase = VOTE


def _vote(state: TheMoleState, seat: int, yes: bool) -> None:
    ballots = list(state.ballots)
    ballots[seat] = int(yes)
    state.ballots = tuple(ballots)
    nominee = state.nominee
    if any(b == WAITING for s, b in enumerate(ballots) if s != nominee):
        return  # TM-15: the vote stays secret until the last ballot
    passed = vote_passes(state.ballots, nominee)
    result = VoteResult(state.nominator, nominee, state.ballots, passed)
    state.votes = (*state.votes, result)
    state.nominator = state.nominee = NOBODY
    state.ballots = ()
    if passed:
        _accuse(state, nominee, "vote")
    elif state.time_up:  # TM-19: the time ran out during the vote
        _start_final_vote(state)
    else:
        state.phase = state.resume  # TM-16: same asker, or same answerer and question


def _guess(state: TheMoleState, location: int) -> None:
    players = state.players
    if location == state.location:  # TM-18
        points = tuple(MOLE_POINTS if s == state.mole else 0 for s in range(players))
    else:
        points = tuple(0 if s == state.mole else SPY_POINTS for s in range(players))
    _end_round(state, "guess", accused=NOBODY, guess=location, points=points)


def _time_up(state: TheMoleState) -> None:
    state.time_up = True
    if state.phase in OPEN_PHASES:  # TM-19: a pending question is dropped
        _start_final_vote(state)


# ----------------------------------------------------------------------------- the end


def _start_final_vote(state: TheMoleState) -> None:
    state.asker = state.answerer = NOBODY
    state.question = 0
    state.pointing = (WAITING,) * state.players
    state.phase = FINAL


def _point(state: TheMoleState, seat: int, target: int) -> None:
    pointing = list(state.pointing)
    pointing[seat] = target
    state.pointing = tuple(pointing)
    if WAITING in pointing:
        return
    players = state.players
    for candidate in range(players):  # TM-21: pointed at by every other seat
        if pointing.count(candidate) == players - 1:
            _accuse(state, candidate, "final-vote")
            return
    points = tuple(MOLE_POINTS if s == state.mole else 0 for s in range(players))
    _end_round(state, "final-vote", accused=NOBODY, guess=-1, points=points)


def _accuse(state: TheMoleState, accused: int, end: str) -> None:
    players = state.players
    if accused == state.mole:  # TM-17: every spy scores, the nominator gets no bonus
        points = tuple(0 if s == state.mole else SPY_POINTS for s in range(players))
    else:
        points = tuple(MOLE_POINTS if s == state.mole else 0 for s in range(players))
    _end_round(state, end, accused=accused, guess=-1, points=points)


def _end_round(
    state: TheMoleState, end: str, *, accused: int, guess: int, points: tuple[int, ...]
) -> None:
    """Score the round, reveal every card (TM-22), then end the game or set up the next
    round with the dealer passing left (TM-9, TM-23)."""
    state.points = tuple(score + gained for score, gained in zip(state.points, points, strict=True))
    result = RoundResult(
        round=state.round,
        dealer=state.dealer,
        location=state.location,
        mole=state.mole,
        roles=state.roles,
        end=end,
        accused=accused,
        guess=guess,
        pointing=state.pointing if state.phase == FINAL else (),
        points=points,
    )
    state.past_rounds = (*state.past_rounds, result)
    if max(state.points) >= state.target_score:
        state.winners = tuple(
            s for s, score in enumerate(state.points) if score >= state.target_score
        )
        state.phase = OVER
        return
    state.dealer = (state.dealer + 1) % state.players
    state.round += 1
    state.location = state.mole = NOBODY
    state.roles = (NOBODY,) * state.players
    state.roles_dealt = 0
    state.asker = state.answerer = NOBODY
    state.question = 0
    state.answers_given = 0
    state.exchanges = ()
    state.nominated = 0
    state.votes = ()
    state.time_up = False
    state.pointing = ()
    state.phase = SETUP_LOCATION
