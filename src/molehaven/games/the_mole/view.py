"""What each seat of The Mole may see (decisions section 7), and a plain-text summary.

``observation`` is the only place secrets are filtered. It never holds ``to_move()`` or any
seat's legal actions (TM-25): the Mole's extra option (the guess) is the Mole's secret.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from molehaven.core import JSONValue, Observation, Seat
from molehaven.games.the_mole.data import (
    ANSWER_TEXTS,
    LOCATION_IDS,
    ROLE_IDS_BY_LOCATION,
    card_count,
    cards,
    question_id,
)
from molehaven.games.the_mole.flow import Exchange, RoundResult, VoteResult
from molehaven.games.the_mole.notation import Answer, FreeAnswer
from molehaven.games.the_mole.rules import (
    CLOCK_PHASES,
    DRAW,
    FINAL,
    NOBODY,
    OVER,
    PHASE_NAMES,
    SETUP_LOCATION,
    SETUP_MOLE,
    SETUP_ROLE,
    VOTE,
    WAITING,
)

CARD_DEALING_PHASES = frozenset({SETUP_LOCATION, SETUP_MOLE, SETUP_ROLE})

if TYPE_CHECKING:
    from molehaven.games.the_mole.state import TheMoleState


def _seat_or_none(seat: int) -> int | None:
    return None if seat == NOBODY else seat


def location_is_hidden(state: TheMoleState) -> bool:
    """The round's location is drawn but not yet revealed to everyone (TM-22, TM-32)."""
    return state.location != NOBODY and state.phase != OVER


def own_card(state: TheMoleState, seat: Seat | None) -> JSONValue:
    """The observing seat's card, or None for a spectator or before the deal is complete.

    Every card shows at the same moment, once the last ``role`` node is applied: a spy whose
    card appeared right after its own node would learn from the timing how many spies sit
    before it, and so who the Mole is (TM-32).
    """
    if seat is None or state.mole == NOBODY or state.phase in CARD_DEALING_PHASES:
        return None
    if seat == state.mole:
        return {"mole": True}
    role = state.roles[seat]
    if role == NOBODY:
        return None
    return {
        "mole": False,
        "location": LOCATION_IDS[state.location],
        "role": ROLE_IDS_BY_LOCATION[state.location][role],
    }


def answer_text(answer: object, question: int) -> str:
    """The words of an answer, as the other players hear them."""
    if isinstance(answer, Answer):
        return ANSWER_TEXTS[question][answer.number - 1]
    assert isinstance(answer, FreeAnswer)
    return answer.text


def _exchange(exchange: Exchange) -> JSONValue:
    return {
        "asker": exchange.asker,
        "answerer": exchange.answerer,
        "question": question_id(exchange.question),
        "answer": str(exchange.answer),
        "text": answer_text(exchange.answer, exchange.question),
    }


def _ballot(ballot: int) -> str:
    return "yes" if ballot == 1 else "no"


def _completed_vote(vote: VoteResult) -> JSONValue:
    return {
        "nominator": vote.nominator,
        "nominee": vote.nominee,
        "ballots": [None if s == vote.nominee else _ballot(b) for s, b in enumerate(vote.ballots)],
        "passed": vote.passed,
    }


def open_vote(state: TheMoleState, viewer: Seat | None) -> JSONValue:
    """The vote under way: others' ballots only as ``cast`` or ``waiting`` (TM-15)."""
    if state.phase != VOTE:
        return None
    ballots: list[JSONValue] = []
    for s, ballot in enumerate(state.ballots):
        if s == state.nominee:
            ballots.append(None)
        elif ballot == WAITING:
            ballots.append("waiting")
        else:
            ballots.append(_ballot(ballot) if s == viewer else "cast")
    return {"nominator": state.nominator, "nominee": state.nominee, "ballots": ballots}


def open_pointing(state: TheMoleState, viewer: Seat | None) -> JSONValue:
    """The final vote under way: others' pointings only as ``cast`` or ``waiting`` (TM-21)."""
    if state.phase != FINAL:
        return None
    return [
        "waiting" if target == WAITING else target if s == viewer else "cast"
        for s, target in enumerate(state.pointing)
    ]


def _past_round(result: RoundResult) -> JSONValue:
    roles = ROLE_IDS_BY_LOCATION[result.location]
    return {
        "round": result.round,
        "dealer": result.dealer,
        "location": LOCATION_IDS[result.location],
        "mole": result.mole,
        "roles": [None if role == NOBODY else roles[role] for role in result.roles],
        "end": result.end,
        "accused": _seat_or_none(result.accused),
        "guess": None if result.guess == NOBODY else LOCATION_IDS[result.guess],
        "pointing": list(result.pointing) if result.pointing else None,
        "points": list(result.points),
    }


def observation(state: TheMoleState, seat: Seat | None) -> Observation:
    """Public information plus ``seat``'s own card, hand, ballot and pointing."""
    used = state.used[:-1] if location_is_hidden(state) else state.used
    return {
        "game": "the-mole",
        "players": state.players,
        "seat": seat,
        "round": state.round,
        "dealer": state.dealer,
        "phase": PHASE_NAMES[state.phase],
        "scores": list(state.points),
        "timer": {
            # TM-8: from the end of setup to time-up or the round's end; the draw node
            # after an ask does not stop it.
            "running": (state.phase in CLOCK_PHASES or state.phase == DRAW) and not state.time_up,
            "round": state.round,
            "seconds": state.round_seconds,
            "time_up": state.time_up,
        },
        "card": own_card(state, seat),
        "hand": None if seat is None else [question_id(q) for q in cards(state.hands[seat])],
        "hand_sizes": [card_count(hand) for hand in state.hands],
        "draw_pile_size": card_count(state.draw),
        "discard": [question_id(q) for q in state.discard],
        "asker": _seat_or_none(state.asker),
        "answerer": _seat_or_none(state.answerer),
        "question": question_id(state.question) if state.question else None,
        "answers_given": state.answers_given,
        "question_limit": state.question_limit,
        "exchanges": [_exchange(exchange) for exchange in state.exchanges],
        "nominated": [bool(state.nominated >> s & 1) for s in range(state.players)],
        "vote": open_vote(state, seat),
        "votes": [_completed_vote(vote) for vote in state.votes],
        "pointing": open_pointing(state, seat),
        "locations_used": [LOCATION_IDS[location] for location in used],
        "history": [_past_round(result) for result in state.past_rounds],
    }


def describe(state: TheMoleState) -> str:
    """A short public summary for logs and debugging (no secrets)."""
    scores = " ".join(str(score) for score in state.points)
    parts = [f"The Mole, round {state.round}, dealer {state.dealer}"]
    parts.append(f"phase {PHASE_NAMES[state.phase]}, scores {scores}")
    if state.asker != NOBODY:
        parts.append(f"asker {state.asker}")
    if state.question:
        parts.append(f"seat {state.answerer} answers {question_id(state.question)}")
    parts.append(f"{state.answers_given} answers")
    if state.time_up:
        parts.append("time is up")
    return "; ".join(parts)
