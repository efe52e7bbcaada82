"""Drive one game to the end with agents in the seats and a seeded generator for chance."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from molehaven.agents import Agent, SeatView
from molehaven.agents.base import interjectors
from molehaven.core import CHANCE, CLOCK, Action, Game, Seat, State
from molehaven.core.clock import RoundClock
from molehaven.core.play import sample_outcome

SECONDS_PER_ACTION = 15.0
"""Simulated time: each seat action takes this many seconds of a real-time game's clock.

So The Mole's default ten-minute round (``round_seconds`` 600) runs out after 40 seat actions
in the round (chance's draws and the clock's own events take no time), the same rule for
``molehaven simulate``, the lab and the arena.
"""


def check_budget(budget: float | None) -> None:
    """A time budget per decision (``--budget`` of the arena and the lab) is a positive
    number of seconds, or ``None`` for each agent's own.

    Raises:
        ValueError: saying so, with the value given.
    """
    if budget is not None and not budget > 0:  # ``not >`` also refuses NaN
        raise ValueError(f"budget must be a positive number of seconds, got {budget}")


def play_game(
    game: Game[object],
    agents: Sequence[Agent],
    rng: random.Random,
    observer: Callable[[State], None] | None = None,
    *,
    seconds_per_action: float | None = SECONDS_PER_ACTION,
    order: random.Random | None = None,
) -> State:
    """Play one game: chance from ``rng``; when several seats may act, ``rng`` picks which.

    ``order`` (default: ``rng``) picks which seat acts where several may and in which order
    interjections are offered: the arena keeps it apart from chance so that every lineup
    meets the same chance. ``observer`` (the lab's metrics) sees the state before every
    action and at the end. A
    game with a clock gets its clock event (``time-up``) once the round's seconds have passed,
    counting ``seconds_per_action`` for every seat action (``None``: the clock never runs).

    Raises:
        RuntimeError: the game ran past its declared length bound.
    """
    if len(agents) != game.players:
        raise ValueError(f"{game.players} seats need {game.players} agents, got {len(agents)}")
    picker = rng if order is None else order
    state = game.initial_state()
    bound = game.max_length()
    seat_actions = 0
    clock = None
    if game.info.has_clock and seconds_per_action is not None:
        per_action = seconds_per_action
        clock = RoundClock(game, now=lambda: seat_actions * per_action)
    while not state.is_terminal():
        if observer is not None:
            observer(state)
        if state.num_actions >= bound:
            raise RuntimeError(f"{game!r} passed its length bound of {bound} actions")
        if state.is_chance():
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
            continue
        event = clock.due_event(state) if clock is not None else None
        if event is not None:
            state.apply(CLOCK, event)
            continue
        interjected = _interjection(state, agents, picker)
        if interjected is not None:
            state.apply(*interjected)
            seat_actions += 1
            continue
        to_move = _obliged(state, agents)
        seat = to_move[0] if len(to_move) == 1 else picker.choice(to_move)
        state.apply(seat, agents[seat].act(SeatView.of(state, seat)))
        seat_actions += 1
    if observer is not None:
        observer(state)
    return state


def _optional_interjectors(state: State, agents: Sequence[Agent]) -> list[Seat]:
    """Seats that may act without being awaited and whose agents choose when to (TM-26)."""
    return interjectors(state, dict(enumerate(agents)))


def _interjection(
    state: State, agents: Sequence[Agent], rng: random.Random
) -> tuple[Seat, Action] | None:
    """Offer each such seat, in random order, the chance to act now; the first taker acts."""
    optional = _optional_interjectors(state, agents)
    if not optional:
        return None
    rng.shuffle(optional)
    for seat in optional:
        offer = getattr(agents[seat], "interjection")  # noqa: B009 (checked by interjects)
        action: Action | None = offer(SeatView.of(state, seat))
        if action is not None:
            return seat, action
    return None


def _obliged(state: State, agents: Sequence[Agent]) -> list[Seat]:
    """The seats one of which acts now: everyone in ``to_move()`` except agents that just
    declined to interject (agents without ``interjection`` may be picked as before)."""
    to_move = state.to_move()
    declined = set(_optional_interjectors(state, agents))
    left = [seat for seat in to_move if seat not in declined]
    return left or to_move
