"""A hard time budget per decision, checked inside playouts: proved with an injected clock
that advances a millisecond every time it is read, so no test depends on real time."""

from __future__ import annotations

import random

import molehaven
from molehaven.agents import GreedyAgent, MCTSAgent, SeatView
from molehaven.core import State
from molehaven.core.play import step_random

TICK = 0.001


class TickingClock:
    """Each reading is one tick later than the one before."""

    def __init__(self) -> None:
        self.now = 0.0
        self.readings = 0

    def __call__(self) -> float:
        self.now += TICK
        self.readings += 1
        return self.now


def position(slug: str, steps: int, seed: int = 2) -> State:
    """A position after ``steps`` random actions where someone has a real choice."""
    state = molehaven.make(slug).initial_state()
    rng = random.Random(seed)
    while state.num_actions < steps or not state.to_move() or state.is_chance():
        step_random(state, rng)
    while len(state.legal_actions(state.to_move()[0])) < 2:
        step_random(state, rng)
    return state


def test_mcts_stops_within_a_few_ticks_of_its_budget_even_inside_a_long_playout() -> None:
    """Random playouts of Die Maulwurf Company run to hundreds of moves; with a budget of 20
    ticks the search must stop in the middle of one, a tick or two after the deadline."""
    state = position("maulwurf-company", 40)
    seat = state.to_move()[0]
    clock = TickingClock()
    agent = MCTSAgent(1, iterations=None, seconds=20 * TICK, clock=clock)
    action = agent.act(SeatView.of(state, seat))
    assert action in state.legal_actions(seat)
    assert clock.now <= 20 * TICK + 3 * TICK
    assert agent.last_iterations < 20  # the budget, not an iteration count, ended the search


def test_informed_mcts_keeps_its_budget_and_completes_iterations() -> None:
    state = position("mole-majority", 60)
    seat = state.to_move()[0]
    clock = TickingClock()
    agent = MCTSAgent(
        3,
        iterations=None,
        seconds=100 * TICK,
        epsilon=0.5,
        rollout_depth=6,
        prior_visits=2,
        clock=clock,
    )
    action = agent.act(SeatView.of(state, seat))
    assert action in state.legal_actions(seat)
    assert clock.now <= 100 * TICK + 3 * TICK
    assert agent.last_iterations > 0


def test_greedy_keeps_a_budget_too() -> None:
    state = position("mole-park", 30)
    seat = state.to_move()[0]
    clock = TickingClock()
    action = GreedyAgent(1, seconds=2 * TICK, clock=clock).act(SeatView.of(state, seat))
    assert action in state.legal_actions(seat)
    assert clock.now <= 2 * TICK + 3 * TICK


def test_flat_weighs_worlds_until_its_budget() -> None:
    """``flat`` samples worlds until the deadline (more than greedy's six in Mole Park) and
    stops within a few ticks of it."""
    state = position("mole-park", 30)
    seat = state.to_move()[0]
    view = SeatView.of(state, seat)
    sampled: list[int] = []
    sample_state = view.sample_state
    assert sample_state is not None

    def counting(rng: random.Random) -> State:
        sampled.append(1)
        return sample_state(rng)

    counted = SeatView(view.game, seat, view.observation, view.legal_actions, counting)
    clock = TickingClock()
    agent = GreedyAgent(1, seconds=400 * TICK, clock=clock, samples=100_000)
    assert agent.act(counted) in state.legal_actions(seat)
    assert 400 * TICK <= clock.now <= 400 * TICK + 3 * TICK
    assert len(sampled) > 6
