"""Helpers for whoever drives a game: sampling chance outcomes and random playouts."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from molehaven.core.game import CHANCE, Action, Game, Seat, State


def sample_outcome(outcomes: Sequence[tuple[Action, float]], rng: random.Random) -> Action:
    """Pick one chance outcome with its listed probability."""
    if len(outcomes) == 1:
        return outcomes[0][0]
    point = rng.random()
    cumulative = 0.0
    for action, probability in outcomes:
        cumulative += probability
        if point < cumulative:
            return action
    return outcomes[-1][0]  # rounding left a sliver at the top: it belongs to the last outcome


def step_random(state: State, rng: random.Random) -> tuple[Seat, Action]:
    """Apply one random step: a chance outcome at a chance node, else a random seat in
    ``to_move()`` plays a uniformly random legal action. Returns what was applied."""
    if state.is_chance():
        action = sample_outcome(state.chance_outcomes(), rng)
        state.apply(CHANCE, action)
        return CHANCE, action
    seat = rng.choice(state.to_move())
    action = rng.choice(state.legal_actions(seat))
    state.apply(seat, action)
    return seat, action


def random_playout(
    game: Game[object],
    rng: random.Random,
    *,
    state: State | None = None,
    on_step: Callable[[State, Seat, Action], None] | None = None,
) -> State:
    """Play random actions from ``state`` (or the start) to the end of the game.

    Raises:
        RuntimeError: the game ran past its declared ``max_length``.
    """
    state = game.initial_state() if state is None else state
    bound = game.max_length()
    while not state.is_terminal():
        if state.num_actions >= bound:
            raise RuntimeError(f"{game!r} passed its length bound of {bound} actions")
        seat, action = step_random(state, rng)
        if on_step is not None:
            on_step(state, seat, action)
    return state
