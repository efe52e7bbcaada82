"""What a move log says about each action of The Mole, to each viewer (decisions section 7).

Public and read in full by everyone: the question asked with its words (TM-31), every answer,
who called a vote against whom, a guess, the last ballot and the last pointing (which reveal
them all) and the clock. Secret: the location, the Mole card and the role cards dealt at setup
(nobody learns from the log which seat a card went to, TM-32), the question card a seat is dealt
or draws (its owner reads the question), a ballot or a pointing before the last one (its owner
reads it, the others that it was cast, TM-15, TM-21). No description says who may act (TM-25).
Question and answer texts come from the game's content; free text goes through ``quote``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from molehaven.core import CLOCK, Action, Seat, quote, seat_ref
from molehaven.games.the_mole.content import QUESTIONS
from molehaven.games.the_mole.data import ANSWER_TEXTS, LOCATION_NAMES
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
from molehaven.games.the_mole.rules import DRAW, WAITING, deal_seat, vote_passes

if TYPE_CHECKING:
    from molehaven.games.the_mole.state import TheMoleState

# Indexed by question number, like ``data.ANSWER_TEXTS``.
QUESTION_TEXTS: Final[tuple[str, ...]] = ("", *(question.text for question in QUESTIONS))


def _quoted(text: str) -> str:
    return f"\u201c{quote(text)}\u201d"


def describe_action(state: TheMoleState, seat: Seat, action: Action, viewer: Seat | None) -> str:
    who = seat_ref(seat)
    match action:
        case LocationOutcome():  # TM-5: nobody reads it in the log
            return f"chance: the location of round {state.round} is drawn in secret"
        case MoleOutcome():  # TM-4
            return "chance: the Mole card is dealt in secret"
        case RoleOutcome():  # TM-32: not even which seat it went to
            return "chance: a location card is dealt face down"
        case CardOutcome(question=question):
            return _card(state, question, viewer)
        case Ask(target=target, question=question):  # TM-10, TM-31
            return f"{who} asked {seat_ref(target)}: {_quoted(QUESTION_TEXTS[question])}"
        case Answer(number=number):  # TM-12
            return f"{who} answered: {_quoted(ANSWER_TEXTS[state.question][number - 1])}"
        case FreeAnswer(text=text):  # TM-13
            return f"{who} answered in their own words: {_quoted(text)}"
        case Nominate(seat=nominee):  # TM-14
            return f"{who} called a vote against {seat_ref(nominee)}"
        case Vote(yes=yes):
            return _vote(state, seat, yes, viewer)
        case Point(seat=target):
            return _point(state, seat, target, viewer)
        case Guess(location=location):  # TM-18
            return (
                f"{who} revealed being the Mole and guessed the location:"
                f" {LOCATION_NAMES[location]}"
            )
        case TimeUp():  # TM-19
            return "clock: time is up"
    who = "clock" if seat == CLOCK else "chance" if seat < 0 else who
    return f"{who}: {action}"


def _card(state: TheMoleState, question: int, viewer: Seat | None) -> str:
    """TM-6, TM-11: the card's question is read by its receiver only."""
    if state.phase == DRAW:
        receiver, verb = state.asker, "draws"
    else:
        receiver, verb = deal_seat(state), "is dealt"
    who = seat_ref(receiver)
    if viewer == receiver:
        # The words, not the card's id: a person reads the question (as Mole Majority's log
        # names a dealt card); the id is notation, for whoever types moves.
        return f"chance: {who} {verb} the question {_quoted(QUESTION_TEXTS[question])}"
    return f"chance: {who} {verb} a question card"


def _is_last(marks: tuple[int, ...], skipped: int | None = None) -> bool:
    """Whether exactly one seat (other than ``skipped``) has still to cast its mark."""
    return sum(1 for s, mark in enumerate(marks) if mark == WAITING and s != skipped) == 1


def _vote(state: TheMoleState, seat: Seat, yes: bool, viewer: Seat | None) -> str:
    """TM-15: a ballot is secret until the last one, which reveals them all."""
    who = seat_ref(seat)
    ballot = "yes" if yes else "no"
    if _is_last(state.ballots, state.nominee):
        cast = (*state.ballots[:seat], int(yes), *state.ballots[seat + 1 :])
        # TM-16: only a unanimous yes convicts; the card it turns over is told next.
        outcome = (
            f"everyone voted yes, so {seat_ref(state.nominee)} shows their card"
            if vote_passes(cast, state.nominee)
            else "not everyone voted yes, so play goes on"
        )
        return f"{who} voted {ballot}, the last ballot: the vote is complete, and {outcome}"
    if viewer == seat:  # words that still read right after the end, when the log is public
        return f"{who} voted {ballot} (a secret ballot)"
    return f"{who} cast a ballot"


def _point(state: TheMoleState, seat: Seat, target: Seat, viewer: Seat | None) -> str:
    """TM-21: a pointing is secret until the last one, which reveals them all."""
    who = seat_ref(seat)
    if _is_last(state.pointing):
        return f"{who} pointed at {seat_ref(target)}, the last to point: the final vote is complete"
    if viewer == seat:  # as for a ballot: true during play and after the end
        return f"{who} pointed at {seat_ref(target)} (in secret)"
    return f"{who} pointed at someone"
