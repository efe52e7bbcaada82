"""Drive one game to the end with agents in the seats and a seeded generator for chance."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from molehaven.agents import Agent, SeatView
from molehaven.core import CHANCE, Game, State
from molehaven.core.play import sample_outcome


def play_game(
    game: Game[object],
    agents: Sequence[Agent],
    rng: random.Random,
    observer: Callable[[State], None] | None = None,
) -> State:
    """Play one game: chance from ``rng``; when several seats may act, ``rng`` picks which.

    ``observer`` (the lab's metrics) sees the state before every action and at the end.

    Raises:
        RuntimeError: the game ran past its declared length bound.
    """
    if len(agents) != game.players:
        raise ValueError(f"{game.players} seats need {game.players} agents, got {len(agents)}")
    state = game.initial_state()
    bound = game.max_length()
    while not state.is_terminal():
        if observer is not None:
            observer(state)
        if state.num_actions >= bound:
            raise RuntimeError(f"{game!r} passed its length bound of {bound} actions")
        if state.is_chance():
            state.apply(CHANCE, sample_outcome(state.chance_outcomes(), rng))
            continue
        to_move = state.to_move()
        seat = to_move[0] if len(to_move) == 1 else rng.choice(to_move)
        state.apply(seat, agents[seat].act(SeatView.of(state, seat)))
    if observer is not None:
        observer(state)
    return state
